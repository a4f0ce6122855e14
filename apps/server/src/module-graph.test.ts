import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { handedIn, layers, moduleGraph, type ModuleNode } from './module-graph.ts';
import { serverModules, type ServerModule } from './table-owners.ts';

// Holds the real imports to module-graph.ts: every import of one module by another (a type import
// and a dynamic import() too) is one the graph lists, every listed use is one the code makes, no
// module uses a layer above its own, the graph has no circle, every call handed in is wired, and
// each index.ts exports only what is used outside its module. Test files are not read: a test may
// set up whatever it needs.

const sourceRoot = fileURLToPath(new URL('.', import.meta.url));
const modulesRoot = join(sourceRoot, 'modules');
const toPosix = (path: string) => path.split(sep).join('/');

type ModuleImport = { file: string; from: ServerModule; to: ServerModule; names: string[] };

function sourceFiles(directory: string, tests = false): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path, tests);
    return entry.name.endsWith('.ts') && (tests || !entry.name.endsWith('.test.ts')) ? [path] : [];
  });
}

// The module a path lies in, if any.
function moduleOf(path: string): ServerModule | null {
  const inside = toPosix(relative(modulesRoot, path));
  if (inside.startsWith('..')) return null;
  const name = inside.split('/')[0]!;
  return (serverModules as readonly string[]).includes(name) ? (name as ServerModule) : null;
}

// Every relative import of a file (import, export ... from, import()), resolved, with the names taken.
function importsOf(path: string, text: string): { target: string; names: string[] }[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: { target: string; names: string[] }[] = [];
  const add = (specifier: string, names: string[]) => {
    if (specifier.startsWith('.')) found.push({ target: resolve(dirname(path), specifier), names });
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
      const names =
        bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))
          ? bindings.elements.map((element) => (element.propertyName ?? element.name).text)
          : ['*'];
      add((node.moduleSpecifier as ts.StringLiteral).text, names);
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      add(node.arguments[0].text, ['*']);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// The imports between modules in these files (path -> text).
export function moduleImports(files: ReadonlyMap<string, string>): ModuleImport[] {
  const edges: ModuleImport[] = [];
  for (const [path, text] of files) {
    const from = moduleOf(path);
    if (!from) continue;
    for (const { target, names } of importsOf(path, text)) {
      const to = moduleOf(target);
      if (to && to !== from) edges.push({ file: toPosix(relative(sourceRoot, path)), from, to, names });
    }
  }
  return edges;
}

// A circle among the listed uses, as its modules in order, or null.
function circleIn(graph: Record<string, ModuleNode>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const walk = (module: string): string[] | null => {
    if (state.get(module) === 'done') return null;
    if (state.get(module) === 'open') return [...path.slice(path.indexOf(module)), module];
    state.set(module, 'open');
    path.push(module);
    for (const used of graph[module]?.uses ?? []) {
      const circle = walk(used);
      if (circle) return circle;
    }
    path.pop();
    state.set(module, 'done');
    return null;
  };
  for (const module of Object.keys(graph)) {
    const circle = walk(module);
    if (circle) return circle;
  }
  return null;
}

const createName = (module: string) =>
  `create${module
    .split('-')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('')}Module`;

// What is wrong with the graph and these imports, one sentence each, saying what to do.
export function graphProblems(edges: readonly ModuleImport[], graph: Record<string, ModuleNode>): string[] {
  const problems: string[] = [];
  const rank = (module: string) => layers.indexOf(graph[module]!.layer);
  for (const [module, node] of Object.entries(graph))
    for (const used of node.uses) {
      if (!graph[used]) problems.push(`${module} lists ${used}, which is not a module.`);
      else if (rank(used) > rank(module))
        problems.push(
          `${module} (${node.layer}) uses ${used} (${graph[used]!.layer}), a layer above its own: hand the call in ` +
            `as a typed function through ${createName(module)}'s deps (handedIn in module-graph.ts), or move it down.`,
        );
    }
  const circle = circleIn(graph);
  if (circle) problems.push(`The graph has a circle: ${circle.join(' -> ')}. Hand one of its calls in instead.`);
  for (const edge of edges) {
    const node = graph[edge.from];
    if (node && !node.uses.includes(edge.to))
      problems.push(
        `${edge.file} imports ${edge.to} (${edge.names.join(', ')}), which module-graph.ts does not let ` +
          `${edge.from} use. ${graph[edge.to] && rank(edge.to) > rank(edge.from) ? `${edge.to} is a layer above: hand the call in through ${createName(edge.from)}'s deps.` : `List it in ${edge.from}'s uses if it belongs there.`}`,
      );
  }
  for (const [module, node] of Object.entries(graph))
    for (const used of node.uses)
      if (!edges.some((edge) => edge.from === module && edge.to === used))
        problems.push(`${module} lists ${used} in module-graph.ts but imports nothing of it: remove it from its uses.`);
  return problems;
}

const productFiles = new Map(sourceFiles(modulesRoot).map((path) => [path, readFileSync(path, 'utf8')] as const));
const edges = moduleImports(productFiles);

describe('the module graph', () => {
  it('places every module of table-owners.ts in a layer', () => {
    expect(Object.keys(moduleGraph).sort()).toEqual([...serverModules].sort());
    expect(Object.values(moduleGraph).filter((node) => !layers.includes(node.layer))).toEqual([]);
  });

  it('holds in the code: every import between modules is listed, upward of none, round no circle', () => {
    expect(graphProblems(edges, moduleGraph)).toEqual([]);
  });

  it('hands every upward call in through create<Name>Module, typed in the receiving deps.ts', () => {
    const appSource = readFileSync(join(sourceRoot, 'app.ts'), 'utf8');
    const problems = handedIn.flatMap(({ to, dep, from }) => {
      const deps = readFileSync(join(modulesRoot, to, 'deps.ts'), 'utf8');
      const wired = new RegExp(`${createName(to)}\\(\\{[^)]*\\b${dep}\\b`).test(appSource);
      return [
        ...(new RegExp(`\\b${dep}\\??:`).test(deps) ? [] : [`${to}/deps.ts does not type ${dep}.`]),
        ...(wired ? [] : [`app.ts does not hand ${dep} to ${createName(to)}.`]),
        ...(moduleGraph[to].uses.includes(from)
          ? [`${to} imports ${from} already: ${dep} need not be handed in.`]
          : []),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('keeps each index.ts to what is used outside its module', () => {
    // Everything that may import a module: the other modules, app.ts and the entry points, the
    // tests and their helpers, the demo and the benchmarks.
    const everyFile = [
      ...sourceFiles(sourceRoot, true),
      ...sourceFiles(join(sourceRoot, '../../../packages/demo/src'), true),
      ...sourceFiles(join(sourceRoot, '../../../bench'), true),
    ];
    const usedNames = new Map<string, Set<string>>();
    for (const path of everyFile) {
      const importer = moduleOf(path);
      for (const { target, names } of importsOf(path, readFileSync(path, 'utf8'))) {
        const module = moduleOf(target);
        if (!module || module === importer || !toPosix(target).endsWith(`/modules/${module}/index.ts`)) continue;
        const used = usedNames.get(module) ?? new Set();
        for (const name of names) used.add(name);
        usedNames.set(module, used);
      }
    }
    const unused = serverModules.flatMap((module) => {
      const path = join(modulesRoot, module, 'index.ts');
      const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
      const exported = source.statements.flatMap((statement) => {
        if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause))
          return statement.exportClause.elements.map((element) => element.name.text);
        const exportedDeclaration =
          (ts.isFunctionDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
          statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
        return exportedDeclaration && statement.name ? [statement.name.text] : [];
      });
      const used = usedNames.get(module) ?? new Set();
      return exported
        .filter((name) => !used.has(name))
        .map((name) => `${module}/index.ts exports ${name}, unused outside`);
    });
    expect(unused).toEqual([]);
  });

  it('catches a planted upward import, an unlisted one, a stale listing and a circle', () => {
    const planted = new Map([
      [join(modulesRoot, 'loans', 'planted.ts'), `import { findCustomerPage } from '../user-page/index.ts';`],
      [join(modulesRoot, 'loans', 'planted-type.ts'), `import type { DisputeRow } from '../disputes/index.ts';`],
      [join(modulesRoot, 'customers', 'planted.ts'), `const later = () => import('../macros/index.ts');`],
    ]);
    const plantedEdges = moduleImports(planted);
    expect(plantedEdges.map((edge) => `${edge.from} -> ${edge.to}`)).toEqual([
      'loans -> user-page',
      'loans -> disputes',
      'customers -> macros',
    ]);
    const problems = graphProblems(plantedEdges, {
      loans: { layer: 'servicing', uses: ['customers'] },
      customers: { layer: 'records', uses: ['loans'] },
      'user-page': { layer: 'read models', uses: [] },
      disputes: { layer: 'workflows', uses: [] },
      macros: { layer: 'records', uses: [] },
    });
    expect(problems).toEqual([
      expect.stringMatching(/^customers \(records\) uses loans \(servicing\), a layer above its own/),
      'The graph has a circle: loans -> customers -> loans. Hand one of its calls in instead.',
      expect.stringMatching(
        /^modules\/loans\/planted\.ts imports user-page \(findCustomerPage\), .* user-page is a layer above: hand the call in through createLoansModule's deps\.$/,
      ),
      expect.stringMatching(/^modules\/loans\/planted-type\.ts imports disputes \(DisputeRow\)/),
      expect.stringMatching(/^modules\/customers\/planted\.ts imports macros \(\*\).* List it in customers's uses/),
      'loans lists customers in module-graph.ts but imports nothing of it: remove it from its uses.',
      'customers lists loans in module-graph.ts but imports nothing of it: remove it from its uses.',
    ]);
  });
});
