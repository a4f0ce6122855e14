import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

export type BundleFile = { file: string; bytes: number; gzip: number };

const webDir = new URL('../apps/web/', import.meta.url).pathname;

export function gzipSize(content: Buffer | string): number {
  return gzipSync(content).length;
}

// Builds the web app into a directory of the benchmark's own, so a server serving apps/web/dist (npm
// start, the end-to-end tests) is not disturbed and the figures are those of the code as it is.
export function buildWebApp(outDir: string): void {
  const vitePackage = createRequire(join(webDir, 'package.json')).resolve('vite/package.json');
  const vite = join(dirname(vitePackage), 'bin', 'vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: webDir,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error(`vite build exited with ${result.status}`);
}

// Static imports of a built chunk (import{a}from"./x.js", import"./y.js", export{b}from"./z.js"); a
// dynamic import("./w.js") is a lazy route or dialog, loaded later.
function staticImportsOf(code: string): string[] {
  const found = code.matchAll(/(?:^|[^.\w$])(?:import|export)\s*(?:[\w$*{},\s]*?from\s*)?["'](\.\.?\/[^"']+\.js)["']/g);
  return [...found].map((match) => match[1] ?? '');
}

// What the built index.html makes the browser fetch before the app can render: the entry script,
// every chunk it imports statically (Vite lists them as modulepreload links), and the stylesheets.
export function firstLoadOfBuild(distDir: string): { scripts: BundleFile[]; styles: BundleFile[] } {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  const roots = tags
    .filter((tag) => tag.startsWith('<script') || /rel="modulepreload"/.test(tag))
    .map((tag) => attribute(tag, 'src') ?? attribute(tag, 'href'))
    .filter((path): path is string => path !== undefined);
  const stylesheets = tags
    .filter((tag) => /rel="stylesheet"/.test(tag))
    .map((tag) => attribute(tag, 'href'))
    .filter((path): path is string => path !== undefined);

  const describe = (file: string) => describeFile(distDir, file);
  return {
    scripts: [
      ...staticClosure(
        distDir,
        roots.map((path) => path.replace(/^\//, '')),
      ),
    ]
      .map(describe)
      .sort((a, b) => b.gzip - a.gzip),
    styles: stylesheets.map((path) => describe(path.replace(/^\//, ''))),
  };
}

// The files (relative to distDir) and every chunk they import statically, transitively.
function staticClosure(distDir: string, files: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...files];
  while (pending.length > 0) {
    const file = pending.pop() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(distDir, file), 'utf8');
    const directory = file.slice(0, file.lastIndexOf('/') + 1);
    for (const imported of staticImportsOf(code))
      pending.push(new URL(imported, `file:///${directory}`).pathname.slice(1));
  }
  return seen;
}

export const kB = (bytes: number) => (bytes / 1000).toFixed(1);

// Targets (issue 28): the sign-in page at most 150 kB of gzipped JavaScript; every signed-in screen
// at most 300 kB in at most 40 files before it is usable (decision 040).
export const SIGN_IN_BUDGET = { gzip: 150_000 } as const;
export const SCREEN_BUDGET = { gzip: 300_000, files: 40 } as const;

export type ScreenLoad = { screen: string; files: BundleFile[]; gzip: number };

// The signed-in screens, as app/signed-in-screens.tsx loads them: the shell (layout/app-layout.tsx)
// and one module per screen (routes/*-route.tsx). Read from the source, so a new screen is measured
// without being listed here.
export function signedInScreenModules(): { shell: string; screens: string[] } {
  const source = readFileSync(join(webDir, 'src/app/signed-in-screens.tsx'), 'utf8');
  const modules = [...source.matchAll(/import\('\.\/(?:layout|routes)\/([\w-]+)\.tsx'\)/g)].map(
    (match) => match[1] ?? '',
  );
  const shell = modules.find((name) => name === 'app-layout');
  if (!shell) throw new Error('app/signed-in-screens.tsx no longer loads layout/app-layout.tsx.');
  return { shell, screens: modules.filter((name) => name !== shell) };
}

// The chunk Vite named after a lazily imported module: routes/fcra-route.tsx is assets/fcra-route-<hash>.js.
function chunkOf(distDir: string, module: string): string {
  const files = readdirSync(join(distDir, 'assets')).filter((file) =>
    new RegExp(`^${module}-[\\w-]{8}\\.js$`).test(file),
  );
  if (files.length !== 1) throw new Error(`Expected one chunk for ${module} in ${distDir}, found ${files.length}.`);
  return `assets/${files[0]}`;
}

function describeFile(distDir: string, file: string): BundleFile {
  const content = readFileSync(join(distDir, file));
  return { file, bytes: content.length, gzip: gzipSize(content) };
}

// What the browser must fetch before a signed-in screen renders, read from the build: index.html's
// scripts, the check of the stored session (main.tsx loads lib/restore-session.ts first), the
// shell's chunk and the screen's, each with everything it imports statically (Vite preloads them
// with it). What a screen imports dynamically (a dialog's form, a chart, the blog
// editor) comes after the screen is usable and is not counted.
export function firstLoadOfScreens(distDir: string): ScreenLoad[] {
  const entry = firstLoadOfBuild(distDir).scripts.map((file) => file.file);
  const { shell, screens } = signedInScreenModules();
  return screens.map((screen) => {
    const roots = [...entry, chunkOf(distDir, 'restore-session'), chunkOf(distDir, shell), chunkOf(distDir, screen)];
    const files = [...staticClosure(distDir, roots)]
      .map((file) => describeFile(distDir, file))
      .sort((a, b) => b.gzip - a.gzip);
    return { screen, files, gzip: files.reduce((sum, file) => sum + file.gzip, 0) };
  });
}

export const withinScreenBudget = (load: { files: number; gzip: number }) =>
  load.gzip <= SCREEN_BUDGET.gzip && load.files <= SCREEN_BUDGET.files;
