/**
 * The page's language (issue 32, DECISIONS §6 Languages). The server picks it (the saved account
 * language, the menu's cookie, Accept-Language) and writes it in `<html lang>`; the client loads
 * that language's catalogs before it renders, and the language menu switches without a reload.
 *
 * Catalogs are lazy chunks (lingui.config.ts): `public` before the first render, `app` with the
 * first page that needs it (app/lazy.ts).
 */
import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, PSEUDO_LOCALE, type Locale } from '../../shared/locales.ts';

export type Catalog = 'public' | 'app';
/** A product language, or the pseudo-locale the layout tests use. */
export type PageLocale = Locale | typeof PSEUDO_LOCALE;

type CatalogModule = { messages: Messages };
const sources: Record<Catalog, Record<string, () => Promise<CatalogModule>>> = {
  public: import.meta.glob<CatalogModule>('../../locales/*/public.po'),
  app: import.meta.glob<CatalogModule>('../../locales/*/app.po'),
};

function loaderOf(catalog: Catalog, locale: PageLocale): () => Promise<CatalogModule> {
  const load = sources[catalog][`../../locales/${locale}/${catalog}.po`];
  if (!load) throw new Error(`No ${catalog} catalog for ${locale}`);
  return load;
}

const loaded = new Map<string, Promise<void>>();
/** The catalogs the page has needed so far: a switch of language loads them all for the new one. */
const wanted = new Set<Catalog>();

function load(catalog: Catalog, locale: PageLocale): Promise<void> {
  const key = `${locale}/${catalog}`;
  let pending = loaded.get(key);
  if (!pending) {
    pending = loaderOf(catalog, locale)().then(({ messages }) => i18n.load(locale, messages));
    // A failed load (a dropped connection) is tried again the next time.
    pending.catch(() => loaded.delete(key));
    loaded.set(key, pending);
  }
  return pending;
}

export function isPageLocale(value: unknown): value is PageLocale {
  return isLocale(value) || value === PSEUDO_LOCALE;
}

/** The language the server chose for this page (`<html lang>`), else English. */
export function pageLocale(): PageLocale {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isPageLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** Loads a catalog of the current language (and of any language switched to later). */
export async function needCatalog(catalog: Catalog): Promise<void> {
  wanted.add(catalog);
  await load(catalog, (i18n.locale || pageLocale()) as PageLocale);
}

/** Loads the language's catalogs needed so far and shows the page in it. */
export async function activateLocale(locale: PageLocale, catalogs: readonly Catalog[] = []): Promise<void> {
  for (const c of catalogs) wanted.add(c);
  try {
    await Promise.all([...wanted].map((c) => load(c, locale)));
  } finally {
    // Even when a catalog failed to load, the page can render (with what did load).
    i18n.activate(locale);
    if (typeof document !== 'undefined') document.documentElement.lang = locale;
  }
}

/** Remembers a visitor's choice for the next page the server sends (the account keeps its own). */
export function rememberLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

export { i18n };
