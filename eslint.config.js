import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

import { layersPlugin } from './scripts/layers.mjs';

export default tseslint.config(
  { ignores: ['scratch/**', 'dist/**', 'node_modules/**', 'public/**', 'test-artifacts/**', 'bench/out/**', 'models/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/ui/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Which layer may import which: the allow-lists in scripts/layers.mjs.
    files: ['src/**/*.{ts,tsx}', 'workers/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/imports': 'error' },
  },
);
