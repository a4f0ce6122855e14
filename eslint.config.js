import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Web features may not import one another: screens that combine them are composed in app/.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = webFeatures.map((feature) => ({
  target: `./apps/web/src/features/${feature}`,
  from: './apps/web/src/features',
  except: [`./${feature}`],
  message: 'A feature never imports another feature; compose them in apps/web/src/app.',
}));

// Server modules use one another only through each one's index.ts; platform/ is below every module.
const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const moduleZones = serverModules.map((module) => ({
  target: `./apps/server/src/modules/${module}`,
  from: './apps/server/src/modules',
  except: [`./${module}`, ...serverModules.filter((other) => other !== module).map((other) => `./${other}/index.ts`)],
  message: 'A server module imports another only through its index.ts.',
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'packages/db/src/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // contracts <- db <- server; contracts <- web
            {
              target: './packages/contracts',
              from: ['./packages/db', './apps'],
              message: 'contracts depends on nothing of ours.',
            },
            { target: './packages/db', from: './apps', message: 'db may import contracts only.' },
            { target: './apps/server', from: './apps/web', message: 'The server never imports the web app.' },
            {
              target: './apps/web',
              from: './packages/db',
              message: 'The web app imports contracts only.',
            },
            {
              target: './apps/web',
              from: './apps/server',
              // The end-to-end specs upload PDFs drawn as the server's tests draw them.
              except: [
                './src/modules/bankruptcy-notices/sample-notices.ts',
                './src/modules/disputes/sample-dispute-letters.ts',
              ],
              message: 'The web app imports contracts only.',
            },
            ...featureZones,
            ...moduleZones,
            {
              target: './apps/server/src/platform',
              from: './apps/server/src/modules',
              message: 'platform/ serves every module and imports none.',
            },
            // The web app's layers (bulletproof-react): app composes features; features use lib and components; never back up.
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'A feature never imports app/; app/ composes features.',
            },
            {
              target: ['./apps/web/src/lib', './apps/web/src/components'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'lib/ and components/ are shared by every feature and import none.',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@portal/*/src/*', '../../packages/*', '../../../packages/*'],
              message: 'Import a workspace package by its name.',
            },
          ],
        },
      ],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits loses its error; one passed where a plain callback
    // is expected too (JSX event handlers excepted: React ignores what they return).
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: ['@portal/db', '@portal/server'].map((name) => ({
            name,
            message: 'The web app imports contracts only.',
          })),
        },
      ],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['@portal/db', '@portal/server', '@portal/web'].map((name) => ({
            name,
            message: 'contracts depends on nothing of ours.',
          })),
        },
      ],
    },
  },
  {
    files: ['packages/db/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['@portal/server', '@portal/web'].map((name) => ({ name, message: 'db may import contracts only.' })),
        },
      ],
    },
  },
);
