/**
 * The emails' language (DECISIONS §6, Languages): each email is written in its recipient's saved
 * language, from the `email` catalog of src/locales (the same PO files the client's catalogs sit
 * beside, written by `npm run i18n:extract`). The server has no macros: its texts are English
 * message ids, `i18n._('Hello {name},', { name })`, which the extractor reads as they are. A
 * catalog is read and compiled once per language, at its first email; a language without one, or
 * a text it lacks, is English.
 */
import { readFileSync } from 'node:fs';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../shared/locales.ts';

/** src/locales, from src/server (tsx) and from dist/server (the build) alike. */
const CATALOGS = new URL('../../src/locales/', import.meta.url);
const po = formatter({ lineNumbers: false });
const loaded = new Map<Locale, I18n>();

function messagesOf(locale: Locale): Messages {
  let content: string;
  try {
    content = readFileSync(new URL(`${locale}/email.po`, CATALOGS), 'utf8');
  } catch {
    return {};
  }
  const catalog = po.parse(content, { locale, sourceLocale: DEFAULT_LOCALE, filename: `${locale}/email.po` }) as Record<
    string,
    { message?: string; translation?: string }
  >;
  const messages: Messages = {};
  for (const [id, entry] of Object.entries(catalog)) {
    const text = entry.translation || (locale === DEFAULT_LOCALE ? entry.message || id : '');
    // An untranslated text is left out: the id, the English text, is shown instead.
    if (text) messages[id] = compileMessage(text);
  }
  return messages;
}

/** The emails' translator for a person's saved language (null or unknown: English). */
export function emailI18n(locale: string | null | undefined): I18n {
  const lang = isLocale(locale) ? locale : DEFAULT_LOCALE;
  let i18n = loaded.get(lang);
  if (!i18n) {
    i18n = setupI18n({ locale: lang, messages: { [lang]: messagesOf(lang) } });
    // A text missing from the catalog is its English id, compiled so its placeholders are filled.
    i18n.setMessagesCompiler(compileMessage);
    loaded.set(lang, i18n);
  }
  return i18n;
}
