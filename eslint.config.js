// Lint: TypeScript rules, React hooks rules, and the layering of both apps (docs/decisions/054-server-layers-and-module-plugins.md).
// Web: a feature imports only from shared/ and the contract, never from another feature; shared/ never imports
// features or app/. Server: lib/ is the bottom, then db/, then modules/, then http/ and app.ts; migrations are
// frozen (they import no live code); a module's routes never import another module's routes. Neither app has an import circle.
import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Paths are from the repository's root, whatever the working directory (the layering test lints from apps/server).
const root = import.meta.dirname;
const featuresDir = 'apps/web/src/features';
const features = readdirSync(path.join(root, featuresDir), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const server = './apps/server/src';
const serverModules = readdirSync(path.join(root, server, 'modules'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
// Type-only imports never make a circle at run time; maxDepth keeps the search (and lint) fast.
const noCycle = ['error', { ignoreExternal: true, maxDepth: 12 }];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/build/**', '**/dist/**', '**/.react-router/**', 'data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })], 'import-x/extensions': ['.ts', '.tsx', '.js'] },
    rules: {
      'import-x/no-cycle': noCycle,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The browser build edits React Router's fetchers (`router.fetch`, which these call to load or send
      // without navigating) out of every page (apps/web/vite.config.ts, reactRouterUnused).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['useFetcher', 'useSubmit', 'Form'],
              message: "React Router's fetchers are edited out of the browser build (reactRouterUnused in apps/web/vite.config.ts): take that edit off first.",
            },
          ],
        },
      ],
      // The browser build edits React DOM's fragment refs out (apps/web/vite.config.ts, reactDomUnused).
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='Fragment'] > JSXAttribute[name.name='ref'], JSXOpeningElement[name.property.name='Fragment'] > JSXAttribute[name.name='ref']",
          message: "React DOM's fragment refs are edited out of the browser build (reactDomUnused in apps/web/vite.config.ts): take that edit off first.",
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...features.map((f) => ({
              target: `./${featuresDir}/${f}`,
              from: `./${featuresDir}`,
              except: [`./${f}`],
              message: 'A feature imports only from shared/ and @lab/contract, never from another feature.',
            })),
            { target: './apps/web/src/shared', from: ['./apps/web/src/features', './apps/web/src/app'], message: 'shared/ is below features and app.' },
            { target: `./${featuresDir}`, from: './apps/web/src/app', message: 'features do not import from app/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })], 'import-x/extensions': ['.ts', '.js'] },
    rules: {
      'import-x/no-cycle': noCycle,
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: `${server}/lib`,
              from: [`${server}/db`, `${server}/modules`, `${server}/mail`, `${server}/documents`, `${server}/web`, `${server}/app.ts`, `${server}/main.ts`, `${server}/cluster.ts`, `${server}/cli`],
              message: 'lib/ is the bottom layer: it knows no database, module or HTTP app.',
            },
            {
              target: `${server}/db`,
              from: [`${server}/modules`, `${server}/mail`, `${server}/documents`, `${server}/web`, `${server}/app.ts`],
              message: 'db/ is below the modules.',
            },
            {
              target: [`${server}/modules`, `${server}/documents`, `${server}/web`],
              from: [`${server}/http`, `${server}/app.ts`, `${server}/main.ts`, `${server}/cluster.ts`, `${server}/cli`],
              message: 'Modules are below http/ and app.ts: they never import the app that registers them.',
            },
            ...serverModules.map((m) => ({
              target: `${server}/modules/${m}/**/*routes.ts`,
              from: [`${server}/modules/!(${m})/**/*routes.ts`],
              message: "A module's routes never import another module's routes: call its service.",
            })),
          ],
        },
      ],
    },
  },
  {
    // Migrations are frozen: a later change to live code must never change what an old migration does.
    files: ['apps/server/src/db/migrations/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./',
              allowTypeImports: true,
              message: 'A migration imports nothing outside db/migrations/ but types: copy what it needs into it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
