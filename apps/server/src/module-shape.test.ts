import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serverModules } from './table-owners.ts';

// The one shape of a server module (decision 045), checked on every module: its index.ts exports
// create<Name>Module, app.ts makes it, and no file of it but deps.ts names the server context, so
// each module states once what it takes from the server and its functions take that, not all of it.
// (The lint zones in eslint.config.js keep everything outside a module to its index.ts.)

const modulesRoot = fileURLToPath(new URL('./modules/', import.meta.url));
const appSource = readFileSync(new URL('./app.ts', import.meta.url), 'utf8');
// Modules with no calls of their own: others use their commands through index.ts.
const modulesWithoutCalls = new Set(['bankruptcies', 'customer-documents']);

const pascal = (module: string) =>
  module
    .split('-')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

function sourceFiles(module: string): string[] {
  return readdirSync(`${modulesRoot}${module}`, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
}

describe('every server module has the one shape', () => {
  it('the modules on disk are those table-owners.ts names', () => {
    const onDisk = readdirSync(modulesRoot, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(onDisk.sort()).toEqual([...serverModules].sort());
  });

  for (const module of serverModules) {
    const create = `create${pascal(module)}Module`;
    it(`${module}: ${modulesWithoutCalls.has(module) ? 'has no calls' : `${create} makes it and app.ts registers it`}`, async () => {
      const exports = (await import(`./modules/${module}/index.ts`)) as Record<string, unknown>;
      if (modulesWithoutCalls.has(module)) {
        expect(exports[create]).toBeUndefined();
      } else {
        expect(typeof exports[create]).toBe('function');
        expect(appSource).toMatch(new RegExp(`\\b${create}\\(`));
      }
    });

    it(`${module}: only deps.ts names the server context`, () => {
      const naming = sourceFiles(module).filter(
        (file) =>
          file !== 'deps.ts' &&
          /\bServerContext\b|\/context\.ts'/.test(readFileSync(`${modulesRoot}${module}/${file}`, 'utf8')),
      );
      expect(naming).toEqual([]);
    });
  }
});
