// The end-to-end tests drive Debian's Chromium (Playwright never downloads a browser here). On a
// fresh machine it is not there yet: as root with apt-get, this installs it; otherwise it says how.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from './chromium.ts';

const chromium = chromiumPath;

function hasCommand(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

if (!existsSync(chromium)) {
  if (process.getuid?.() === 0 && hasCommand('apt-get') && chromium === '/usr/bin/chromium') {
    console.log("Installing Debian's chromium for the end-to-end tests (apt-get install chromium)...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    // An earlier install cut off half-way leaves dpkg "interrupted", and apt-get then refuses every
    // install until it is finished; finishing it is what dpkg itself asks for (a no-op otherwise).
    execFileSync('dpkg', ['--configure', '-a'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  }
  if (!existsSync(chromium)) {
    console.error(
      `The end-to-end tests need Chromium at ${chromium}, and it is not there.\n` +
        'Install it (on Debian or Ubuntu: sudo apt-get install chromium), or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    );
    process.exit(1);
  }
}
