import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Globe } from 'lucide-react';
import { useId } from 'react';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../shared/locales.ts';
import type { TCurrentUser } from '../../shared/schemas/auth.ts';
import { showSignedIn } from '../api/changes.ts';
import { useAuth } from '../app/auth.tsx';
import { apiRequest } from '../lib/api.ts';
import { notify } from '../lib/toast.ts';
import { cn } from '../lib/utils.ts';
import { activateLocale, rememberLocale } from './i18n.ts';

/**
 * Shows the page in a language and remembers it: the cookie for the next page the server sends,
 * and the account (PATCH /api/user) when someone is signed in, for their emails too.
 */
async function chooseLocale(locale: Locale, signedIn: boolean): Promise<TCurrentUser | null> {
  rememberLocale(locale);
  await activateLocale(locale);
  return signedIn ? apiRequest<TCurrentUser>('PATCH', '/api/user', { locale }) : null;
}

/**
 * The language menu of the headers: a native select (a screen reader and the keyboard know it),
 * drawn as a globe and the language's code. Switching keeps the page, its state and the session.
 */
export function LanguageMenu({ className }: { className?: string }) {
  const { t, i18n: active } = useLingui();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const id = useId();
  const current = isLocale(active.locale) ? active.locale : 'en';
  const change = (value: string) => {
    if (!isLocale(value) || value === current) return;
    chooseLocale(value, Boolean(user)).then(
      (saved) => {
        if (saved) showSignedIn(queryClient, saved);
      },
      () => notify.error(t`Language not saved`, t`Please try again.`),
    );
  };
  return (
    <div
      className={cn(
        'relative inline-flex h-9 items-center gap-1 rounded-md px-2 text-sm text-muted hover:text-foreground focus-within:outline-2 focus-within:outline-gold',
        className,
      )}
    >
      <Globe className="size-4" aria-hidden="true" />
      <span aria-hidden="true" className="font-semibold uppercase">
        {current.split('-')[0]}
      </span>
      <label htmlFor={id} className="sr-only">
        {t`Language`}
      </label>
      <select id={id} value={current} onChange={(event) => change(event.target.value)} className="absolute inset-0 cursor-pointer appearance-none opacity-0">
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
