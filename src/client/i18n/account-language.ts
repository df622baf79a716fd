import { useEffect } from 'react';
import { isLocale } from '../../shared/locales.ts';
import type { TCurrentUser } from '../../shared/schemas/auth.ts';
import { activateLocale, i18n, rememberLocale } from './i18n.ts';

/**
 * The account's saved language wins over the page's (DECISIONS §6): once the user is known, the
 * page switches to it and the cookie follows, so the next page arrives in it.
 */
export function useAccountLanguage(user: TCurrentUser | null): void {
  const saved = user?.locale;
  useEffect(() => {
    if (!isLocale(saved)) return;
    rememberLocale(saved);
    if (i18n.locale !== saved) void activateLocale(saved);
  }, [saved]);
}
