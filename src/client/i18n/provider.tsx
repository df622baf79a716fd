import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { i18n } from './i18n.ts';

/** The texts of the page's language; a switch of language renders the page again in the new one. */
export function LanguageProvider({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
