import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// The lint rules that guard the module graph and the promises fail when their fault is planted
// (issue 38, decision 054): with the project's own configurations, Oxlint refuses a cycle of two
// files (import/no-cycle) and a promise nobody handles (the type-aware rules, on TypeScript 7), and
// ESLint an import the module graph does not allow (the zones eslint.config.js makes from
// module-graph.ts).

const root = fileURLToPath(new URL('..', import.meta.url));
const plantedDir = join(root, 'scripts', `planted-${process.pid}`);
const eslint = new ESLint({ cwd: root });

const rulesBroken = (results: ESLint.LintResult[]) =>
  results.flatMap((result) => result.messages.map((message) => message.ruleId ?? message.message));

// Oxlint's verdict on some files, as "rule file:line" (its exit code is 1 when it finds any).
async function oxlint(files: string[]): Promise<string[]> {
  const run = promisify(execFile)(join(root, 'node_modules/.bin/oxlint'), ['--deny-warnings', '-f', 'json', ...files], {
    cwd: root,
  });
  const { stdout } = await run.catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const report = JSON.parse(stdout) as {
    diagnostics: { code: string; filename: string; labels: { span: { line: number } }[] }[];
  };
  return report.diagnostics
    .map((found) => `${found.code} ${found.filename.replace(/^.*\//, '')}:${found.labels[0]?.span.line}`)
    .sort();
}

afterAll(() => rmSync(plantedDir, { recursive: true, force: true }));

describe('lint guards', () => {
  it('refuse a planted cycle of two files, and a promise nobody handles', async () => {
    mkdirSync(plantedDir, { recursive: true });
    const [a, b] = [join(plantedDir, 'a.ts'), join(plantedDir, 'b.ts')];
    writeFileSync(a, `import { b } from './b.ts';\nexport const a = () => b;\n`);
    writeFileSync(b, `import { a } from './a.ts';\nexport const b = () => a;\n`);
    expect(await oxlint([a, b])).toEqual(['import(no-cycle) a.ts:1', 'import(no-cycle) b.ts:1']);

    // Broken once, the circle is gone and so is the error; a promise left floating is refused, as is
    // one handed where a plain callback is expected.
    writeFileSync(
      b,
      [
        `const save = async () => 'b';`,
        `export const b = () => save();`,
        `save();`,
        `[1].forEach(async () => save());`,
        `void save();`,
        '',
      ].join('\n'),
    );
    expect(await oxlint([a, b])).toEqual([
      'typescript(no-floating-promises) b.ts:3',
      'typescript(no-misused-promises) b.ts:4',
    ]);
  });

  it('refuse an import the module graph does not allow, and let one it allows through', async () => {
    const lint = async (text: string) =>
      rulesBroken(await eslint.lintText(text, { filePath: join(root, 'apps/server/src/modules/loans/planted.ts') }));
    expect(await lint(`export { createUserPageModule } from '../user-page/index.ts';\n`)).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await lint(`export { findCustomer } from '../customers/index.ts';\n`)).toEqual([]);
    // Another module's inside, even of an allowed one, is out of bounds.
    expect(await lint(`export { findCustomer } from '../customers/repository.ts';\n`)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });
});
