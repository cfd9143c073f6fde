import js from '@eslint/js';
import drizzle from 'eslint-plugin-drizzle';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { featureBoundaries } from './eslint/feature-boundaries.js';
import { layers } from './eslint/layers.js';

/** The project's own rules: features apart, layers one way (docs/decisions/0006-house-rules.md). */
const giornata = { rules: { 'feature-boundaries': featureBoundaries, layers } };

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'drizzle/', 'e2e/screenshots/', 'e2e/downloads/', 'bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['server/**/*.ts', 'common/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}', 'eslint/**/*.js', '*.ts', '*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['server/**/*.ts'],
    plugins: { drizzle },
    rules: {
      // A delete or update without where would empty a table of patients' data.
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // A feature folder never imports another: shared code lives in lib/, components/, db/ or common/.
    // Imports go one way: common imports neither side, the sides never each other, server db < lib < features.
    files: ['client/**/*.{ts,tsx}', 'server/**/*.ts', 'common/**/*.ts'],
    plugins: { giornata },
    rules: { 'giornata/feature-boundaries': 'error', 'giornata/layers': 'error' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
