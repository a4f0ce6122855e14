import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// The lint rules that guard the module graph fail when their fault is planted (issue 38): a cycle of
// two files (import-x/no-cycle, which reads .ts files only with import-x/extensions set), and an
// import the module graph does not allow (the zones eslint.config.js makes from module-graph.ts).
// The project's own eslint.config.js is used; only the type-aware rules are left off for the planted
// files, which no tsconfig lists.

const root = fileURLToPath(new URL('..', import.meta.url));
const plantedDir = join(root, 'scripts', `planted-cycle-${process.pid}`);
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    files: [`scripts/planted-cycle-*/**`, '**/planted.ts'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

const rulesBroken = (results: ESLint.LintResult[]) =>
  results.flatMap((result) => result.messages.map((message) => message.ruleId ?? message.message));

afterAll(() => rmSync(plantedDir, { recursive: true, force: true }));

describe('lint guards', () => {
  it('refuse a planted cycle of two files', async () => {
    mkdirSync(plantedDir, { recursive: true });
    writeFileSync(join(plantedDir, 'a.ts'), `import { b } from './b.ts';\nexport const a = () => b;\n`);
    writeFileSync(join(plantedDir, 'b.ts'), `import { a } from './a.ts';\nexport const b = () => a;\n`);
    const results = await eslint.lintFiles([join(plantedDir, 'a.ts'), join(plantedDir, 'b.ts')]);
    expect(rulesBroken(results)).toEqual(['import-x/no-cycle', 'import-x/no-cycle']);

    // Broken once, the circle is gone and so is the error.
    writeFileSync(join(plantedDir, 'b.ts'), `export const b = () => 'b';\n`);
    expect(rulesBroken(await eslint.lintFiles([join(plantedDir, 'a.ts')]))).toEqual([]);
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
