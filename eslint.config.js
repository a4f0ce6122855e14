import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { moduleGraph } from './apps/server/src/module-graph.ts';

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

// Server modules use one another only through each one's index.ts, and only those the module graph
// lets them use (apps/server/src/module-graph.ts: layers, no circle); platform/ is below every module.
const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// A test may set a module's scene up with any other module, through its index.ts.
const testModuleZones = serverModules.map((module) => ({
  target: `./apps/server/src/modules/${module}`,
  from: './apps/server/src/modules',
  except: [`./${module}`, ...serverModules.filter((other) => other !== module).map((other) => `./${other}/index.ts`)],
  message: 'A server module imports another only through its index.ts.',
}));
const moduleZones = serverModules.map((module) => {
  const uses = moduleGraph[module]?.uses ?? [];
  return {
    target: `./apps/server/src/modules/${module}`,
    from: './apps/server/src/modules',
    except: [`./${module}`, ...uses.map((used) => `./${used}/index.ts`)],
    message:
      `module-graph.ts lets ${module} use ${uses.length > 0 ? uses.join(', ') : 'no other module'}, each through its index.ts. ` +
      'A call to a module above is handed in through create<Name>Module (decision 051).',
  };
});

// The layers of the tree: packages, apps, and within them.
const layerZones = [
  // contracts <- db <- server; contracts <- web
  {
    target: './packages/contracts',
    from: ['./packages/db', './packages/demo', './packages/demo-data', './apps'],
    message: 'contracts depends on nothing of ours.',
  },
  {
    target: './packages/db',
    from: ['./apps', './packages/demo', './packages/demo-data'],
    message: 'db may import contracts only.',
  },
  {
    target: './packages/demo-data',
    from: ['./apps', './packages/demo'],
    message: "The demo data uses contracts and db only, so the server's tests and the benchmarks can use it.",
  },
  { target: './apps/server', from: './apps/web', message: 'The server never imports the web app.' },
  {
    target: './apps/web',
    from: ['./packages/db', './apps/server'],
    message: 'The web app imports contracts only.',
  },
  // The end-to-end specs upload documents drawn by @portal/demo-data/samples; the app never.
  {
    target: './apps/web/src',
    from: ['./packages/demo', './packages/demo-data'],
    message: 'The web app imports contracts only.',
  },
  // The demo fills a database through the server's own paths, all of them in seeding.ts; its start
  // imports tracing.ts first, as main.ts does (traces patch pg and Fastify as they load).
  {
    target: './packages/demo',
    from: './apps/server/src',
    except: ['./seeding.ts', './tracing.ts'],
    message: 'The demo uses the server through @portal/server/seeding only (and @portal/server/tracing, first).',
  },
  { target: './packages/demo', from: './apps/web', message: 'The demo never imports the web app.' },
  ...featureZones,
  // app.ts, main.ts, the command lines and plugins/ use a module through its index.ts only.
  {
    target: ['./apps/server/src/*.ts', './apps/server/src/plugins/**', './apps/server/src/testing/**'],
    from: './apps/server/src/modules',
    except: serverModules.map((module) => `./${module}/index.ts`),
    message: 'Outside the modules, a module is used through its index.ts only (decision 045).',
  },
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
];

// Workspace packages are imported by their names, never by a path into them.
const workspaceByName = {
  group: ['@portal/*/src/*', '../../packages/*', '../../../packages/*'],
  message: 'Import a workspace package by its name.',
};
const notTheDemo =
  'The server never imports the demo (packages/demo): the demo starts the server (npm start runs packages/demo/src/start.ts).';
const notTheDemoData =
  "The product never imports the demo's data (@portal/demo-data): its accounts have a published password; tests may use it.";

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
      // Without it import-x reads no .ts file, and its zones have nothing to follow (issue 38).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
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
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...testModuleZones] }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [workspaceByName],
        },
      ],
    },
  },
  {
    // The product's modules: only the imports the module graph allows (module-graph.test.ts checks the same).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...moduleZones] }] },
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
          paths: ['@portal/db', '@portal/server', '@portal/demo'].map((name) => ({
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
          paths: ['@portal/server', '@portal/server/seeding', '@portal/web', '@portal/demo', '@portal/demo-data'].map(
            (name) => ({ name, message: 'db may import contracts only.' }),
          ),
          patterns: [{ group: ['@portal/demo-data/*'], message: 'db may import contracts only.' }, workspaceByName],
        },
      ],
    },
  },
  {
    // The package graph runs one way: the demo uses the server, never the reverse (tests included).
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@portal/demo', message: notTheDemo }], patterns: [workspaceByName] },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression[source.value=/^@portal\\/demo($|\\/)/]', message: notTheDemo },
      ],
    },
  },
  {
    // The product itself: not the demo's data either (tests and their helpers may use it).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@portal/demo', message: notTheDemo },
            { name: '@portal/demo-data', message: notTheDemoData },
          ],
          patterns: [{ group: ['@portal/demo-data/*'], message: notTheDemoData }, workspaceByName],
        },
      ],
    },
  },
);
