import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'drizzle/**', 'screenshots/**', 'coverage/**', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The server and the client meet only in src/shared.
    files: ['src/client/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'The client may import src/shared, never src/server.' }] }] },
  },
  {
    files: ['src/server/**', 'src/shared/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/client/**'], message: 'src/server and src/shared never import the client.' }] }] },
  },
  {
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
