import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedTemplate } from './seed-template.ts';

// Seeds the demo once per run (seed-template.ts), unless PORTAL_E2E_TEMPLATE names a directory
// seeded before the run (npm test seeds it beside the build). Each worker's server starts on a copy
// of it (fixtures.ts), so no worker waits for a seed of its own, nor sees another worker's changes.
export default async function globalSetup(): Promise<() => void> {
  if (process.env.PORTAL_E2E_TEMPLATE) return () => undefined;
  const template = mkdtempSync(join(tmpdir(), 'portal-e2e-seeded-'));
  await seedTemplate(template);
  process.env.PORTAL_E2E_TEMPLATE = template;
  return () => rmSync(template, { recursive: true, force: true });
}
