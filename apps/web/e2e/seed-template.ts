import { join } from 'node:path';
import { freePort, startPortal } from './portal-server.ts';

// The demo seeded once for a run of the specs: a server started on an empty directory migrates and
// seeds it (as on any first start in dev), and is stopped; each worker's server starts on a copy of
// the directory (fixtures.ts). The seed needs no web app, so it does not wait for the build: npm test
// runs this beside `npm run build` (`node apps/web/e2e/seed-template.ts [DIR]`, DIR by default
// PORTAL_E2E_TEMPLATE, which the specs then start from); without one, global-setup.ts seeds here.
export async function seedTemplate(dataDir: string): Promise<void> {
  const server = await startPortal({
    port: await freePort(),
    dataDir,
    name: 'seed',
    // Not the build, which may be half written: the seed serves no page.
    env: { WEB_DIST_DIR: join(dataDir, 'no-web-app'), LOG_LEVEL: 'error' },
  });
  await server.stop();
}

if (import.meta.main) {
  const dataDir = process.argv[2] ?? process.env.PORTAL_E2E_TEMPLATE;
  if (!dataDir)
    throw new Error(
      'Usage: node apps/web/e2e/seed-template.ts DIR (an empty directory to seed; or PORTAL_E2E_TEMPLATE)',
    );
  const started = performance.now();
  await seedTemplate(dataDir);
  console.log(`Seeded the end-to-end specs' demo in ${Math.round((performance.now() - started) / 1000)} s: ${dataDir}`);
}
