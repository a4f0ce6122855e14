import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Each workspace package declares what it imports (issue 38): an npm package or a workspace package
// (@portal/*) imported by product code is in the package's dependencies; one imported only by its
// tests, test helpers, end-to-end specs, build scripts and config files may be in its devDependencies
// or be the root's shared tooling (vitest, typescript...). Workspace packages declare no package
// they do not import, and their declared graph has no circle. npm resolves a hoisted package for
// anyone, so only this check shows an import nobody declared.

const root = fileURLToPath(new URL('..', import.meta.url));

type Manifest = {
  name: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};
const manifestOf = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
const rootManifest = manifestOf(root);
const workspaces = (rootManifest.workspaces ?? []).map((dir) => ({ dir, manifest: manifestOf(join(root, dir)) }));

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', '.data', 'migrations']);
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // planted-<pid>/: lint-guards.test.ts's faults, written and removed while this may be reading.
    if (entry.isDirectory())
      return SKIPPED_DIRS.has(entry.name) || entry.name.startsWith('.') || entry.name.startsWith('planted-')
        ? []
        : sourceFiles(path);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

// Tests, their helpers and fixtures, end-to-end specs, build scripts and config files.
export function isDevFile(fileInPackage: string): boolean {
  return (
    /\.test\.tsx?$/.test(fileInPackage) ||
    /(^|\/)(testing|test|e2e|scripts)\//.test(fileInPackage) ||
    /^[^/]+\.config\.(ts|js|mjs)$/.test(fileInPackage)
  );
}

const builtins = new Set(builtinModules);
// The package a bare specifier names ('@scope/name/sub' -> '@scope/name'), or null for a relative
// path, a Node built-in or a bundler's virtual module.
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  if (specifier.startsWith('virtual:') || builtins.has(specifier.split('/')[0]!)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

// The specifiers a file imports: import and export ... from (type-only too), import(), and the
// module a test replaces with vi.mock().
export function specifiersOf(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      found.push(node.moduleSpecifier.text);
    if (ts.isCallExpression(node) && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || callee.getText() === 'vi.mock')
        found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

type Use = { file: string; pkg: string; dev: boolean };

function usesOf(dir: string, files: string[], allDev: boolean): Use[] {
  return files.flatMap((path) => {
    const inPackage = relative(join(root, dir), path).split('\\').join('/');
    const dev = allDev || isDevFile(inPackage);
    return specifiersOf(path, readFileSync(path, 'utf8')).flatMap((specifier) => {
      const pkg = packageOf(specifier);
      return pkg ? [{ file: relative(root, path), pkg, dev }] : [];
    });
  });
}

// What is wrong with one package's imports against its manifest: a sentence per package imported
// and not declared, naming the first file that imports it.
export function undeclaredImports(manifest: Manifest, uses: readonly Use[], shared: Manifest): string[] {
  const missing = new Map<string, { files: string[]; dev: boolean }>();
  const has = (record: Record<string, string> | undefined, pkg: string) => Boolean(record && pkg in record);
  for (const { file, pkg, dev } of uses) {
    if (pkg === manifest.name) continue;
    const declared =
      has(manifest.dependencies, pkg) ||
      has(manifest.peerDependencies, pkg) ||
      (dev && (has(manifest.devDependencies, pkg) || has(shared.devDependencies, pkg)));
    if (declared) continue;
    const entry = missing.get(pkg) ?? { files: [], dev: true };
    entry.files.push(file);
    entry.dev &&= dev;
    missing.set(pkg, entry);
  }
  return [...missing].map(([pkg, { files, dev }]) => {
    const where = files.length > 1 ? `${files[0]} and ${files.length - 1} more files import` : `${files[0]} imports`;
    return dev
      ? `${where} ${pkg}, which ${manifest.name} does not declare: add it to its devDependencies.`
      : `${where} ${pkg}, which ${manifest.name} does not declare in its dependencies: add it there.`;
  });
}

const usesByPackage = new Map(
  workspaces.map(({ dir, manifest }) => [manifest.name, usesOf(dir, sourceFiles(join(root, dir)), false)] as const),
);
const rootFiles = [
  ...sourceFiles(join(root, 'bench')),
  ...sourceFiles(join(root, 'scripts')),
  ...readdirSync(root)
    .filter((name) => /\.(ts|js|mjs)$/.test(name))
    .map((name) => join(root, name)),
];

// A circle among the workspace packages' declared @portal/* dependencies (dev ones too), or null.
function packageCircle(declared: ReadonlyMap<string, string[]>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const walk = (name: string): string[] | null => {
    if (path.includes(name)) return [...path.slice(path.indexOf(name)), name];
    if (done.has(name)) return null;
    path.push(name);
    for (const next of declared.get(name) ?? []) {
      const circle = walk(next);
      if (circle) return circle;
    }
    path.pop();
    done.add(name);
    return null;
  };
  for (const name of declared.keys()) {
    const circle = walk(name);
    if (circle) return circle;
  }
  return null;
}

const workspaceNames = new Set(workspaces.map(({ manifest }) => manifest.name));
const declaredWorkspaceDeps = new Map(
  workspaces.map(({ manifest }) => [
    manifest.name,
    Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) => workspaceNames.has(name)),
  ]),
);

describe('package dependencies', () => {
  it('every workspace package declares the packages it imports', () => {
    const problems = workspaces.flatMap(({ manifest }) =>
      undeclaredImports(manifest, usesByPackage.get(manifest.name)!, rootManifest),
    );
    expect(problems).toEqual([]);
  });

  it('the root (benchmarks, scripts, config) declares what it imports', () => {
    const uses = usesOf('.', rootFiles, true).filter((use) => !workspaceNames.has(use.pkg));
    // The root's tools may use a workspace package's own dependencies only through that package.
    expect(undeclaredImports(rootManifest, uses, rootManifest)).toEqual([]);
  });

  it('a workspace package declares no @portal package it does not import', () => {
    const stale = workspaces.flatMap(({ manifest }) =>
      declaredWorkspaceDeps
        .get(manifest.name)!
        .filter((name) => !usesByPackage.get(manifest.name)!.some((use) => use.pkg === name))
        .map((name) => `${manifest.name} declares ${name} but imports nothing of it.`),
    );
    expect(stale).toEqual([]);
  });

  it('the workspace packages depend on one another one way: no circle', () => {
    expect(packageCircle(declaredWorkspaceDeps)).toBeNull();
    expect(
      packageCircle(
        new Map([
          ['@portal/server', ['@portal/demo']],
          ['@portal/demo', ['@portal/server']],
        ]),
      ),
    ).toEqual(['@portal/server', '@portal/demo', '@portal/server']);
  });

  it('catches a planted import of a package nobody declared', () => {
    const manifest: Manifest = { name: '@portal/x', dependencies: { zod: '^4' }, devDependencies: { msw: '^2' } };
    const uses = usesOf('.', [], false);
    expect(uses).toEqual([]);
    const planted = (file: string, text: string) =>
      specifiersOf(file, text).flatMap((specifier) => {
        const pkg = packageOf(specifier);
        return pkg ? [{ file, pkg, dev: isDevFile(file) }] : [];
      });
    expect(
      undeclaredImports(
        manifest,
        [
          ...planted(
            'src/a.ts',
            `import { z } from 'zod';\nimport type { Pool } from 'pg';\nimport { x } from '@portal/contracts/sub';\nimport { join } from 'node:path';\nimport fs from 'fs';`,
          ),
          ...planted(
            'src/a.test.ts',
            `import { http } from 'msw';\nvi.mock('left-pad');\nimport { it } from 'vitest';`,
          ),
          ...planted('src/b.ts', `const later = () => import('@scope/lazy/deep');`),
        ],
        { name: 'root', devDependencies: { vitest: '^4' } },
      ),
    ).toEqual([
      'src/a.ts imports pg, which @portal/x does not declare in its dependencies: add it there.',
      'src/a.ts imports @portal/contracts, which @portal/x does not declare in its dependencies: add it there.',
      'src/a.test.ts imports left-pad, which @portal/x does not declare: add it to its devDependencies.',
      'src/b.ts imports @scope/lazy, which @portal/x does not declare in its dependencies: add it there.',
    ]);
  });
});
