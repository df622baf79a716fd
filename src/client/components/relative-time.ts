/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", then the date: when a notification came, in the page's language. */
import { msg } from '@lingui/core/macro';
import { dateIn } from '../../shared/localized-format.ts';
import { DEFAULT_LOCALE, INTL_LOCALES, isLocale } from '../../shared/locales.ts';
import { i18n } from '../i18n/i18n.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function relativeTime(value: string, now: number = Date.now(), locale: string = DEFAULT_LOCALE): string {
  const at = new Date(value).getTime();
  if (Number.isNaN(at)) return '-';
  const words = new Intl.RelativeTimeFormat(INTL_LOCALES[isLocale(locale) ? locale : DEFAULT_LOCALE], { numeric: 'always' });
  // A clock a little ahead of the browser's still reads as now.
  const ago = Math.max(0, now - at);
  if (ago < MINUTE) return i18n._(msg`just now`);
  if (ago < HOUR) return words.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return words.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return words.format(-Math.floor(ago / DAY), 'day');
  return dateIn(value, locale);
}
