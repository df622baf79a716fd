import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import noFeatureLoop from './eslint-rules/no-feature-loop.js';

/*
 * The direction of imports (bulletproof-react's import zones, with ESLint's own
 * no-restricted-imports): src/shared imports neither side; src/client never imports src/server;
 * the client's shared parts (components, lib, api) import no feature; and a feature
 * (src/client/features/<name>) imports no other feature: what two features share moves to
 * src/client/components, src/client/lib or src/client/api. Imports are relative, so the rules
 * read where a path climbs to; dynamic import() is not checked (only app/router.tsx uses it).
 */
const intoServer = { regex: '^(?:\\.\\./)+(?:src/)?server(?:/|$)', message: 'src/client and src/shared never import src/server: they meet in src/shared.' };
const intoClient = { regex: '^(?:\\.\\./)+(?:src/)?client(?:/|$)', message: 'src/shared is imported by the client and the server; it imports neither.' };
const intoFeatures = {
  regex: '^(?:\\.\\./)+features(?:/|$)',
  message: 'src/client/components, lib and api are shared by the features; they import none of them.',
};
/** From a file `depth` folders below src/client/features/<name>/: a path that climbs to features/ (or to src/client and back into features/). */
const intoAnotherFeature = (depth) => ({
  regex: `^(?:\\.\\./){${depth + 1}}(?!\\.\\./)|^(?:\\.\\./){${depth + 2}}features/`,
  message: 'A feature does not import another feature: move what they share to src/client/components, src/client/lib or src/client/api.',
});
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/*
 * The server's features (src/server/features/<name>) likewise: one reaches another only through
 * its index.ts, which exports what the others use; and no import loop: between any server modules
 * (import-x/no-cycle, which follows the index.ts files to what they export), and between features
 * whichever of their files closes it (eslint-rules/no-feature-loop.js: a routes.ts or a job, which no
 * index.ts exports, too).
 * What two features both need and neither owns goes to a leaf below both (features/decisions,
 * features/discord-roles, src/server/db, src/shared), or the dependency is turned around.
 */
/** From a file `depth` folders below src/server/features/<name>/: a path into another feature (or into features/ from above) that is not its index.ts. */
const pastAnotherFeatureIndex = (depth) => ({
  regex: `^(?:\\.\\./){${depth + 1}}(?!\\.\\./)[^/]+/(?!index\\.ts$)|^(?:\\.\\./){${depth + 2}}features/[^/]+/(?!index\\.ts$)`,
  message: "A server feature reaches another only through its index.ts: import from '../<feature>/index.ts' (and export there what is needed).",
});

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
  { files: ['src/shared/**'], rules: restrict(intoServer, intoClient) },
  { files: ['src/server/**'], rules: restrict(intoClient) },
  ...[0, 1, 2].map((depth) => ({
    files: [`src/server/features/*/${'*/'.repeat(depth)}*.ts`],
    rules: restrict(intoClient, pastAnotherFeatureIndex(depth)),
  })),
  {
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver()],
      // A loop is ours or none: packages are not parsed (PGlite's bundle overflows the parser's stack).
      'import-x/ignore': ['node_modules'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/server/features/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { features: { rules: { 'no-loop': noFeatureLoop } } },
    rules: { 'features/no-loop': 'error' },
  },
  { files: ['src/client/**'], rules: restrict(intoServer) },
  { files: ['src/client/components/**', 'src/client/lib/**', 'src/client/api/**'], rules: restrict(intoServer, intoFeatures) },
  // One block per depth below a feature's folder (a rule's options are replaced, not merged, so each repeats intoServer).
  ...[0, 1, 2, 3].map((depth) => ({
    files: [`src/client/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: restrict(intoServer, intoAnotherFeature(depth)),
  })),
  {
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
