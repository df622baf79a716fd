/**
 * The product's languages (DECISIONS §6, Languages): `en` (the default: the spec's texts), `es`,
 * `pt-BR`, `tr`, `id`. Which one a person gets: the language saved on their account, else the
 * cookie the language menu sets, else the browser's Accept-Language, else English. One rule for
 * the server (emails, the first page) and the client.
 */
export const LOCALES = ['en', 'es', 'pt-BR', 'tr', 'id'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/**
 * Not a language: every text 40% longer and marked at both ends, to test the layout (issue 32).
 * Never chosen by the server; a page shows it only when its `<html lang>` says so (the tests).
 */
export const PSEUDO_LOCALE = 'pseudo';

/** The cookie the language menu sets (a year, SameSite=Lax: it only says which language). */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Each language named in itself, as the language menu lists it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  tr: 'Türkçe',
  id: 'Bahasa Indonesia',
};

/** The number format of each language's money inputs and figures (Intl), e.g. 'es' writes 50,50. */
export const INTL_LOCALES: Readonly<Record<Locale, string>> = { en: 'en-US', es: 'es-ES', 'pt-BR': 'pt-BR', tr: 'tr-TR', id: 'id-ID' };

/** The languages the programme guide PDF is written in (docs/guide.md, docs/guide.<locale>.md; scripts/build-guide.ts). */
export const GUIDE_LOCALES: readonly Locale[] = ['en', 'es', 'pt-BR', 'tr', 'id'];

/** The guide in the page's language, else the English one: '/guide.es.pdf', '/guide.pdf'. */
export function guidePath(locale: string): string {
  return locale !== DEFAULT_LOCALE && (GUIDE_LOCALES as readonly string[]).includes(locale) ? `/guide.${locale}.pdf` : '/guide.pdf';
}

export const LOCALE_MESSAGE = `locale must be one of ${LOCALES.join(', ')}`;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The product's language for a language tag, or null: an exact match ('pt-BR'), else by its
 * primary language ('es-MX' is es, 'pt' and 'pt-PT' are pt-BR, the only Portuguese), ignoring case.
 */
export function localeOf(tag: string | null | undefined): Locale | null {
  const wanted = (tag ?? '').trim().toLowerCase();
  if (!wanted) return null;
  const exact = LOCALES.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const primary = wanted.split('-')[0];
  return LOCALES.find((l) => l.toLowerCase().split('-')[0] === primary) ?? null;
}

/** The languages of an Accept-Language header, most wanted first (q-values; q=0 means not wanted). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      // A q parameter that is not a number makes the entry unreadable: it is left out.
      const q = params
        .find((p) => /^\s*q\s*=/i.test(p))
        ?.replace(/^\s*q\s*=\s*/i, '')
        .trim();
      return { tag: tag.trim(), q: q === undefined ? 1 : /^[0-9.]+$/.test(q) ? Number(q) : NaN, index };
    })
    .filter((l) => l.tag && l.tag !== '*' && Number.isFinite(l.q) && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}

/** DECISIONS §6: the saved language, else the menu's cookie, else the browser's languages in order, else English. */
export function pickLocale(
  saved: string | null | undefined,
  cookie: string | null | undefined,
  accepted: readonly string[] | string | null | undefined,
): Locale {
  if (isLocale(saved)) return saved;
  if (isLocale(cookie)) return cookie;
  const tags = typeof accepted === 'string' || accepted == null ? acceptedLanguages(accepted) : accepted;
  for (const tag of tags) {
    const locale = localeOf(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

export interface Separators {
  decimal: string;
  group: string;
}

const cache = new Map<string, Separators>();

/** The decimal and grouping separators of a language, as Intl writes numbers in it. */
export function separatorsOf(locale: string): Separators {
  const intl = INTL_LOCALES[isLocale(locale) ? locale : DEFAULT_LOCALE];
  let found = cache.get(intl);
  if (!found) {
    const parts = new Intl.NumberFormat(intl, { useGrouping: 'always' } as Intl.NumberFormatOptions).formatToParts(1234567.5);
    found = { decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.', group: parts.find((p) => p.type === 'group')?.value ?? ',' };
    cache.set(intl, found);
  }
  return found;
}
