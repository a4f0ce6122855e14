import { fileURLToPath } from 'node:url';
import { SCREEN_BUDGET, SIGN_IN_BUDGET, firstLoadOfBuild, firstLoadOfScreens, kB } from '../../../bench/web-bundle.ts';
import { expect, test } from './fixtures.ts';

// The weight of each screen (issue 28), read from the build these specs run against (npm run build
// writes apps/web/dist): /login at most 150 kB of gzipped JavaScript; every signed-in screen at most
// 300 kB in at most 40 files before it renders (index.html's scripts, the stored-session check, the
// shell and the screen, with their static imports). npm run bench:first-load measures the same in
// Chromium.
const dist = fileURLToPath(new URL('../dist', import.meta.url));

test('the sign-in page loads at most 150 kB of JavaScript', () => {
  const { scripts } = firstLoadOfBuild(dist);
  const gzip = scripts.reduce((sum, file) => sum + file.gzip, 0);
  expect(gzip, `/login loads ${kB(gzip)} kB: ${scripts.map((file) => file.file).join(', ')}`).toBeLessThanOrEqual(
    SIGN_IN_BUDGET.gzip,
  );
});

test('every signed-in screen loads at most its budget of JavaScript (SCREEN_BUDGET) in at most 40 files', () => {
  const screens = firstLoadOfScreens(dist);
  // Every screen module of app/signed-in-screens.tsx, found in the build.
  expect(screens.length).toBeGreaterThanOrEqual(18);
  const over = screens
    // /graph_ql counts its query box: GraphiQL (Monaco, 1.6 MB) loads when the full explorer is opened.
    .filter((screen) => screen.gzip > SCREEN_BUDGET.gzip || screen.files.length > SCREEN_BUDGET.files)
    .map((screen) => `${screen.screen}: ${kB(screen.gzip)} kB in ${screen.files.length} files`);
  expect(over).toEqual([]);
});
