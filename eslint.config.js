import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import fs from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** DESIGN.md §2: a feature reaches another only through its public index.ts, in its tests too. */
const FEATURES = fs.readdirSync('src/client/features', { withFileTypes: true }).filter((entry) => entry.isDirectory());
const featureZones = FEATURES.map(({ name }) => ({
  target: `./src/client/features/${name}`,
  from: `./src/client/features/!(${name})/**`,
  except: ['**/src/client/features/*/index.ts'],
  message: `${name} may use another feature only through its index.ts; shared shells, hooks and formatters belong in components/ or lib/.`,
}));

export default tseslint.config(
  { ignores: ['**/dist/', 'node_modules/', 'data/', 'reports/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: { ...globals.node } } },
  { files: ['src/client/**'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/client/**'], message: 'server and shared code never import the client' }] },
      ],
    },
  },
  {
    // No import circle anywhere in src/ (type-only imports included: a circle of types is still two owners).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'tsconfig.client.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['src/client/features/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: featureZones }] },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/client/**'], message: 'shared code imports nothing from server or client' },
            { group: ['node:*'], message: 'shared code runs in the browser too' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'the client never imports the server' }] },
      ],
    },
  },
);
