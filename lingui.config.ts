/**
 * The product's message catalogs (issue 32, DECISIONS §6 Languages; docs/decisions/024-languages.md).
 * English is the source: the texts are written in English in the code (Lingui's macros) and
 * `npm run i18n:extract` writes them into one PO catalog per language. The Vite plugin compiles a
 * catalog when the client imports it; the server's emails read the same files.
 *
 * Two catalogs per language for the client, so that the landing page's visitor downloads only the
 * texts of the pages before signing in: `public` (the app's shell and the pages a visitor sees) and
 * `app` (everything else, loaded with the first page that needs it); and a third, `email`, which
 * the server reads for the emails it writes in each recipient's language.
 */
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { LOCALES, PSEUDO_LOCALE } from './src/shared/locales.ts';

/** Where the visitor's pages live: their texts are in the small catalog the landing page loads. */
export const PUBLIC_SOURCES = [
  '<rootDir>/src/client/main.tsx',
  '<rootDir>/src/client/app',
  '<rootDir>/src/client/i18n/i18n.ts',
  '<rootDir>/src/client/i18n/provider.tsx',
  '<rootDir>/src/client/i18n/language-menu.tsx',
  '<rootDir>/src/client/i18n/account-language.ts',
  '<rootDir>/src/client/lib',
  '<rootDir>/src/client/api',
  '<rootDir>/src/client/components/layout/logo.tsx',
  '<rootDir>/src/client/components/layout/page-hero.tsx',
  '<rootDir>/src/client/components/layout/public-layout.tsx',
  '<rootDir>/src/client/components/layout/site-footer.tsx',
  '<rootDir>/src/client/components/layout/site-header.tsx',
  '<rootDir>/src/client/components/layout/skip-link.tsx',
  '<rootDir>/src/client/components/layout/sticky-header.tsx',
  '<rootDir>/src/client/components/ui',
  '<rootDir>/src/client/components/query-state.tsx',
  '<rootDir>/src/client/components/prize-pool.tsx',
  '<rootDir>/src/client/components/badge-level.tsx',
  '<rootDir>/src/client/features/landing',
];

/** The shared texts the emails say: their files are extracted into the emails' catalog too. */
export const EMAIL_SHARED_SOURCES = ['<rootDir>/src/shared/reasons.ts', '<rootDir>/src/shared/abuse-flags.ts'];

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LOCALES, PSEUDO_LOCALE],
  // The pseudo-locale only tests the layout: every text 40% longer, marked at both ends.
  // Padded with a visible character: spaces would collapse in the page and test nothing.
  pseudoLocale: { locale: PSEUDO_LOCALE, extend: 0.4, extendCharacter: '~', prepend: '⟦', append: '⟧' },
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/public', include: PUBLIC_SOURCES },
    // With the texts written once in src/shared (`/*i18n*/ 'English'`, src/shared/texts.ts): the refusals, reasons, stages, actions and flags.
    { path: '<rootDir>/src/locales/{locale}/app', include: ['<rootDir>/src/client', '<rootDir>/src/shared'], exclude: PUBLIC_SOURCES },
    // The emails (src/server/i18n.ts reads this one on the server): English ids, `i18n._('…')`, and the
    // shared texts an email says (a decision's reason and rule, an abuse flag).
    { path: '<rootDir>/src/locales/{locale}/email', include: ['<rootDir>/src/server/email', ...EMAIL_SHARED_SOURCES] },
  ],
  orderBy: 'message',
  // Files without line numbers: moving a text within its file does not change the catalogs.
  format: formatter({ lineNumbers: false }),
});
