import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// A built web app in a directory of its own, as Vite writes it: each file at its path (index.html,
// assets/…). For tests that need the web app's routes: createTestApp({ webDistDir: writeWebBuild(…) }).
export function writeWebBuild(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-web-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}
