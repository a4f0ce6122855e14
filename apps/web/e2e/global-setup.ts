import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startPortal } from './portal-server.ts';

// Seeds the demo once per run: a server started on an empty directory migrates and seeds it (as
// on any first start in dev), and is stopped. Each worker's server starts on a copy of it
// (fixtures.ts), so no worker waits for a seed of its own, nor sees another worker's changes.
export default async function globalSetup(): Promise<() => void> {
  const template = mkdtempSync(join(tmpdir(), 'portal-e2e-seeded-'));
  const server = await startPortal({ port: await freePort(), dataDir: template, name: 'seed' });
  await server.stop();
  process.env.PORTAL_E2E_TEMPLATE = template;
  return () => rmSync(template, { recursive: true, force: true });
}
