import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

// The Portal's real server for the end-to-end specs: the built app (npm run build) served by
// apps/server on a PGlite database in a directory of its own. global-setup.ts starts it once on an
// empty directory, which it migrates and seeds (STAGE=dev), and keeps that directory as the
// template; each worker (fixtures.ts) starts one on a copy of it, so every worker has a freshly
// seeded database no other worker sees.

const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));
// The Node 24 binary of the repository, not the machine's Node.
const NODE = fileURLToPath(new URL('../../../node_modules/.bin/node', import.meta.url));
const START_TIMEOUT_MS = 180_000;

// The inbound email relay's secret: lets a spec deliver an inbound email (POST webhooks/email),
// e.g. from an unknown sender.
export const INBOUND_EMAIL_SECRET = 'e2e-inbound-secret-0123456789';

export type PortalServer = { url: string; stop: () => Promise<void> };

// The port asked for when it is free, else any free one (a server left over from a run cut off).
export async function freePort(preferred = 0): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(null));
      probe.listen(port, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : null));
      });
    });
  const port = (preferred > 0 ? await tryPort(preferred) : null) ?? (await tryPort(0));
  if (port === null) throw new Error('No free port for the Portal server.');
  return port;
}

// `env` adds to (or overrides) the server's environment: a spec's own settings (CONTACT_WINDOW, a
// stand-in Twilio).
export async function startPortal(options: {
  port: number;
  dataDir: string;
  name: string;
  env?: NodeJS.ProcessEnv;
}): Promise<PortalServer> {
  const { port, dataDir, name } = options;
  const url = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    STAGE: 'dev',
    LOG_LEVEL: 'warn',
    INBOUND_EMAIL_SECRET,
    // The database and the files in DATA_DIR, whatever the shell says: each server's are its own.
    DATABASE_URL: undefined,
    STORAGE_DIR: undefined,
    STORAGE_DRIVER: 'directory',
    ...options.env,
  };
  const child = spawn(NODE, ['../../packages/demo/src/start.ts'], {
    cwd: WEB_DIR,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderrTail = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-4_000);
    process.stderr.write(chunk.replace(/^(?=.)/gm, `[portal ${name}] `));
  });
  let running = true;
  void exited.then(() => (running = false));
  // A worker that ends without its teardown does not leave its server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (running) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    }
  };

  // Up once the health check answers (the first start migrates and seeds first).
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (!running)
      throw new Error(`The Portal server (${name}) exited with ${await exited} before answering:\n${stderrTail}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/internal/api/health`);
      if (response.ok) return { url, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `The Portal server (${name}) did not answer ${url} within ${START_TIMEOUT_MS / 1000} s:\n${stderrTail}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
