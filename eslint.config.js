import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The pure core (task, driver, scoring) must not reach into browser-facing layers;
// the injected agent may import only pure helpers. These rules keep the arrows one-way.
const browserLayers = ['**/sources/**', '**/sandbox/**', '**/run/**', '**/ui/**', '**/data/**', '**/api/**', '**/judge/**', '**/agent/**', '**/workers/**'];

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
    files: ['src/task/**', 'src/driver/**', 'src/scoring/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: browserLayers, message: 'The pure core imports only other pure modules (task, driver, scoring).' }] }],
    },
  },
  {
    files: ['src/agent/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/sources/**', '**/sandbox/**', '**/run/**', '**/ui/**', '**/data/**', '**/api/**', '**/judge/**', '**/workers/**', '**/scoring/**'], message: 'The injected agent may import only pure helpers (driver/, task/) and its own files.' }] }],
    },
  },
);
