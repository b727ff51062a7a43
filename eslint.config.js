// Lint: TypeScript rules, React hooks rules, and the layering of the web app: a feature imports only
// from shared/ and the contract, never from another feature; shared/ never imports features or app/.
import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const featuresDir = 'apps/web/src/features';
const features = readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

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
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
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
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
