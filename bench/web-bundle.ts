import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

  const seen = new Set<string>();
  const pending = roots.map((path) => path.replace(/^\//, ''));
  while (pending.length > 0) {
    const file = pending.pop() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(distDir, file), 'utf8');
    const directory = file.slice(0, file.lastIndexOf('/') + 1);
    for (const imported of staticImportsOf(code))
      pending.push(new URL(imported, `file:///${directory}`).pathname.slice(1));
  }
  const describe = (file: string): BundleFile => {
    const content = readFileSync(join(distDir, file));
    return { file, bytes: content.length, gzip: gzipSize(content) };
  };
  return {
    scripts: [...seen].map(describe).sort((a, b) => b.gzip - a.gzip),
    styles: stylesheets.map((path) => describe(path.replace(/^\//, ''))),
  };
}

export const kB = (bytes: number) => (bytes / 1000).toFixed(1);
