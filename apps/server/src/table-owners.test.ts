import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as database from '@portal/db';
import { serverModules, tableOwners, tableReaders, type TableName, type TableOwner } from './table-owners.ts';

// Checks table-owners.ts against the code: each table of @portal/db has one owner; only the owner
// writes it (.insert/.update/.delete, bulkInsert, a work queue over it, or SQL that inserts into,
// updates or deletes from it); and a file outside the owner imports it (a type import too) or names
// it in SQL after `from` or a `join` only when tableReaders lists the read. Test files and testing/
// (the tests' own set-up) are not read.

const sourceRoot = fileURLToPath(new URL('.', import.meta.url));

const tables = new Map<string, string>(); // export name -> SQL name
for (const [name, value] of Object.entries(database)) if (is(value, PgTable)) tables.set(name, getTableName(value));
const tableOfSqlName = new Map([...tables].map(([name, sqlName]) => [sqlName, name]));

// A use is a write (`write` says how), or a read: an import of the table, or its name in SQL (`inSql`).
type Use = { file: string; unit: string; table: string; write: string | null; inSql?: boolean };

// The unit a file belongs to: its module, platform, or app (app.ts, main.ts, plugins/, the CLIs).
function unitOf(file: string): { unit: string; key: string } {
  const parts = file.split('/');
  if (parts[0] === 'modules') return { unit: parts[1]!, key: parts.slice(1).join('/') };
  if (parts[0] === 'platform') return { unit: 'platform', key: file };
  return { unit: 'app', key: file };
}

const WRITE_SQL = /\b(insert\s+into|update|delete\s+from)\s+(?:\u27e8([\w$]+)\u27e9|"?([a-z_][a-z0-9_]*)"?)/gi;
// A table read in SQL: the name after `from` or any `join` (`delete from` is a write, above). A `from`
// inside extract(...), substring(...), trim(...), position(...) or overlay(...) names a value, not a table.
const READ_SQL = /\b(?<!\bdelete\s+)(from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi;
const VALUE_FROM = new Set(['extract', 'substring', 'trim', 'position', 'overlay']);

// The function whose parentheses enclose `index` in `sqlText`, if any.
function enclosingCall(sqlText: string, index: number): string | undefined {
  let depth = 0;
  for (let at = index - 1; at >= 0; at--) {
    if (sqlText[at] === ')') depth++;
    else if (sqlText[at] === '(' && depth-- === 0) return /(\w+)\s*$/.exec(sqlText.slice(0, at))?.[1]?.toLowerCase();
  }
  return undefined;
}

// The tables a source file imports from @portal/db, reads in SQL and writes. `file` is relative to src/.
function scanSource(file: string, text: string): { uses: Use[]; problems: string[] } {
  const { unit } = unitOf(file);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const local = new Map<string, string>(); // local name -> table
  const uses: Use[] = [];
  const problems: string[] = [];
  const use = (table: string, write: string | null) => uses.push({ file, unit, table, write });
  const readInSql = new Set<string>();
  const scanSql = (sqlText: string) => {
    for (const match of sqlText.matchAll(WRITE_SQL)) {
      const table = match[2] ? local.get(match[2]) : tableOfSqlName.get(match[3]!.toLowerCase());
      if (table) use(table, `SQL ${match[1]!.toLowerCase().replace(/\s+/, ' ')}`);
    }
    // ⟨table⟩ is not matched: the table is imported, and its import is already the read.
    for (const match of sqlText.matchAll(READ_SQL)) {
      const table = tableOfSqlName.get(match[2]!.toLowerCase());
      if (!table || readInSql.has(table) || VALUE_FROM.has(enclosingCall(sqlText, match.index) ?? '')) continue;
      readInSql.add(table);
      uses.push({ file, unit, table, write: null, inSql: true });
    }
  };
  const tableArgument = (node: ts.Expression | undefined) =>
    node && ts.isIdentifier(node) ? local.get(node.text) : undefined;

  function visit(node: ts.Node): void {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      node.moduleSpecifier.text === '@portal/db'
    ) {
      const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
      if (bindings && (ts.isNamespaceImport(bindings) || ts.isNamespaceExport(bindings)))
        problems.push(
          `${file}: imports @portal/db as a namespace; import its tables by name, so their owners can be checked.`,
        );
      if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings)))
        for (const element of bindings.elements) {
          const imported = (element.propertyName ?? element.name).text;
          if (!tables.has(imported)) continue;
          local.set(element.name.text, imported);
          use(imported, null);
        }
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isPropertyAccessExpression(callee) && ['insert', 'update', 'delete'].includes(callee.name.text)) {
        const table = tableArgument(node.arguments[0]);
        if (table) use(table, `.${callee.name.text}(${table})`);
      }
      if (ts.isIdentifier(callee) && callee.text === 'bulkInsert')
        for (const argument of node.arguments) {
          const table = tableArgument(argument);
          if (table) use(table, `bulkInsert(${table})`);
        }
      if (ts.isIdentifier(callee) && callee.text === 'createWorkQueue') {
        const [definition] = node.arguments;
        if (definition && ts.isObjectLiteralExpression(definition))
          for (const property of definition.properties)
            if (ts.isPropertyAssignment(property) && property.name.getText() === 'table') {
              const table = tableArgument(property.initializer);
              if (table) use(table, 'a work queue over it');
            }
      }
      // sql.raw('...')
      if (ts.isPropertyAccessExpression(callee) && callee.getText() === 'sql.raw') {
        const [argument] = node.arguments;
        if (argument && (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument)))
          scanSql(argument.text);
      }
    }
    // sql`...`, with each ${expression} kept as ⟨expression⟩
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === 'sql') {
      const template = node.template;
      const sqlText = ts.isNoSubstitutionTemplateLiteral(template)
        ? template.text
        : template.head.text +
          template.templateSpans.map((span) => `\u27e8${span.expression.getText()}\u27e9${span.literal.text}`).join('');
      scanSql(sqlText);
    }
    ts.forEachChild(node, visit);
  }
  visit(source);
  return { uses, problems };
}

// Where the owner's commands and queries are: the module's index.ts, or the platform/ files that
// write the table.
function ownerIndex(owner: TableOwner, table: string): string {
  if (owner !== 'platform') return `modules/${owner}/index.ts`;
  const files = [
    ...new Set(
      uses.filter((use) => use.unit === 'platform' && use.table === table && use.write).map((use) => use.file),
    ),
  ];
  return files.length > 0 ? files.join(' or ') : 'the platform/ file that keeps it';
}

// What is wrong with these uses, one sentence each: file, table, owner and what to do.
function ownershipProblems(uses: readonly Use[], readers = tableReaders): string[] {
  const problems: string[] = [];
  for (const { file, unit, table, write, inSql } of uses) {
    const owner = (tableOwners as Record<string, TableOwner | undefined>)[table];
    if (!owner) {
      problems.push(`${file}: uses ${table}, which has no owner in table-owners.ts; give it one.`);
      continue;
    }
    if (owner === unit) continue;
    if (write !== null) {
      problems.push(
        `${file}: writes ${table} (${write}), which ${owner} owns. Call a command of ${ownerIndex(owner, table)} ` +
          `that does it in your transaction (add one there if none does).`,
      );
      continue;
    }
    const { key } = unitOf(file);
    const listed = readers.some(
      (entry) => (entry.reader === unit || entry.reader === key) && entry.tables.includes(table as TableName),
    );
    if (!listed)
      problems.push(
        `${file}: ${inSql ? 'reads' : 'imports'} ${table}${inSql ? ' in SQL' : ''}, which ${owner} owns. ` +
          `Call ${ownerIndex(owner, table)} (its predicates and queries; ` +
          `add one there), or, for a read model, list the read in tableReaders (table-owners.ts) with its reason.`,
      );
  }
  return problems;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const scanned = sourceFiles(sourceRoot)
  .map((path) => relative(sourceRoot, path).split(sep).join('/'))
  .filter((file) => file !== 'table-owners.ts')
  .map((file) => scanSource(file, readFileSync(join(sourceRoot, file), 'utf8')));
const uses = scanned.flatMap((result) => result.uses);

describe('table owners', () => {
  it('name one known owner for every table of @portal/db, and no table that is not one', () => {
    const modules = readdirSync(join(sourceRoot, 'modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect([...serverModules].sort()).toEqual(modules);
    expect(Object.keys(tableOwners).sort()).toEqual([...tables.keys()].sort());
    const known = new Set<string>([...serverModules, 'platform']);
    expect(Object.entries(tableOwners).filter(([, owner]) => !known.has(owner))).toEqual([]);
  });

  it('hold in the code: only the owner writes a table, and others read it through the owner', () => {
    const problems = [...scanned.flatMap((result) => result.problems), ...ownershipProblems(uses)];
    expect(problems).toEqual([]);
  });

  it('list readers that exist and still read what they are listed for', () => {
    const stale = tableReaders.flatMap((entry) =>
      entry.tables
        .filter(
          (table) =>
            !uses.some(
              (use) => use.table === table && (use.unit === entry.reader || unitOf(use.file).key === entry.reader),
            ),
        )
        .map(
          (table) =>
            `${entry.reader} is listed as reading ${table} but neither imports it nor reads it in SQL: remove the entry.`,
        ),
    );
    expect(stale).toEqual([]);
    expect(tableReaders.filter((entry) => entry.reason.trim().length < 20).map((entry) => entry.reader)).toEqual([]);
  });

  it('catch a module that writes or reads a table it does not own', () => {
    const fixture = scanSource(
      'modules/disputes/fixture.ts',
      [
        `import { sql } from 'drizzle-orm';`,
        `import { customers, disputes, loans as loanTable, type Executor } from '@portal/db';`,
        `export const bump = (tx: Executor) => tx.update(loanTable).set({ lockVersion: 2 });`,
        `export const close = (tx: Executor) => tx.execute(sql\`update tickets set state = 'closed'\`);`,
        `export const own = (tx: Executor) => tx.insert(disputes).values([]);`,
        `export const name = customers.firstName;`,
        `export const count = (tx: Executor) =>`,
        `  tx.execute(sql\`select count(*) from tickets t join customers c on c.id = t.customer_id\`);`,
      ].join('\n'),
    );
    expect(fixture.problems).toEqual([]);
    expect(ownershipProblems(fixture.uses, [])).toEqual([
      expect.stringMatching(
        /^modules\/disputes\/fixture\.ts: imports customers, which customers owns\. Call modules\/customers\/index\.ts/,
      ),
      expect.stringMatching(
        /^modules\/disputes\/fixture\.ts: imports loans, which loans owns\. Call modules\/loans\/index\.ts/,
      ),
      expect.stringMatching(
        /^modules\/disputes\/fixture\.ts: writes loans \(\.update\(loans\)\), which loans owns\. Call a command of modules\/loans\/index\.ts/,
      ),
      expect.stringMatching(
        /^modules\/disputes\/fixture\.ts: writes tickets \(SQL update\), which tickets owns\. Call a command of modules\/tickets\/index\.ts/,
      ),
      expect.stringMatching(
        /^modules\/disputes\/fixture\.ts: reads tickets in SQL, which tickets owns\. Call modules\/tickets\/index\.ts .*list the read in tableReaders/,
      ),
      expect.stringMatching(
        /^modules\/disputes\/fixture\.ts: reads customers in SQL, which customers owns\. Call modules\/customers\/index\.ts/,
      ),
    ]);
    // A listed reader may read, never write.
    const reader = [
      {
        reader: 'disputes/fixture.ts',
        tables: ['customers', 'loans'] as TableName[],
        reason: 'a fixture of this test',
      },
    ];
    // Left: the two writes and the SQL read of tickets.
    expect(ownershipProblems(fixture.uses, reader)).toHaveLength(3);
    // A `from` in extract(...) and the like takes a value, even a column qualified by a table's name.
    const values = scanSource(
      'modules/disputes/values.ts',
      [
        `import { sql } from 'drizzle-orm';`,
        'export const waits = (ids: number[]) =>',
        '  sql`select extract(epoch from tickets.first_response_at - tickets.created_at), extract(epoch from now())',
        '      from unnest(${ids}) as id`;',
      ].join('\n'),
    );
    expect(values.uses).toEqual([]);
    expect(scanSource('platform/fixture.ts', `import * as db from '@portal/db';`).problems).toHaveLength(1);
  });
});
