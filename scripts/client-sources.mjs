/**
 * What the built pages are made from: `npm start` (scripts/start.mjs) and the browser tests
 * (test/e2e/build-client.ts) rebuild dist/client when any of these is newer than it. One list, so a
 * new source (a catalog, a guide's translation) makes both rebuild.
 */
export const CLIENT_SOURCES = [
  'src/client',
  'src/shared',
  'src/locales',
  'index.html',
  'vite.config.ts',
  'public',
  'docs/guide.md',
  'docs/guide.es.md',
  'docs/guide.pt-BR.md',
  'docs/guide.tr.md',
  'docs/guide.id.md',
  'scripts/build-guide.ts',
];
