/**
 * Figures and dates in a product language (DECISIONS §6, Languages): English keeps the spec's
 * formats of format.ts exactly; another language groups digits and marks decimals its own way
 * ("1.250,50" in Spanish) and names months in its words. USDT is a number and the unit: Intl has
 * no USDT currency, so no '$' outside English. Apart from format.ts so that the landing page,
 * which shows only English-shaped hero figures, does not carry it; its prize pool takes only
 * localized-figures.ts (USDT and months), which this module re-exports.
 */
import { formatDate, formatDateTime, formatGcm, formatSignedAmount, formatWeek, formatWholeGcm, parts } from './format.ts';
import { ordinal } from './seasons.ts';
import { INTL_LOCALES, separatorsOf } from './locales.ts';
import { number, other, usdtIn } from './localized-figures.ts';

export { countIn, hoursIn, monthIn, thousandsIn, usdtAmountIn, usdtFigureIn, usdtIn } from './localized-figures.ts';

/** GCM without its unit, up to 2 decimals: "1,250.5" in English, "1.250,5" in Spanish. */
export function gcmIn(amount: string | null | undefined, locale: string | null | undefined): string {
  const lang = other(locale);
  if (!lang) return formatGcm(amount);
  const n = number(amount, lang);
  const decimals = n.cents === '00' ? '' : `${n.decimal}${n.cents.replace(/0$/, '')}`;
  return `${n.sign}${n.whole}${decimals}`;
}

/** Leaderboard GCM, rounded to a whole number (halves away from zero): "1,251" in English, "1.251" in Spanish. */
export function wholeGcmIn(amount: string | null | undefined, locale: string | null | undefined): string {
  const lang = other(locale);
  if (!lang) return formatWholeGcm(amount);
  const { negative, units, fraction } = parts(amount);
  const rounded = fraction >= 50n ? units + 1n : units;
  return `${negative && rounded > 0n ? '-' : ''}${grouped(rounded.toString(), lang)}`;
}

/** Digits grouped by thousands as the language groups them (every group, as the amounts do). */
function grouped(digits: string, locale: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separatorsOf(locale).group);
}

/** A moment in UTC with the zone said (an email is read anywhere): "Nov 17, 2026, 2:05 PM UTC". */
export function utcTimeIn(iso: string, locale: string | null | undefined): string {
  const lang = other(locale);
  if (!lang) return `${formatDateTime(iso, { timeZone: 'UTC' })} UTC`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  return `${date.toLocaleString(INTL_LOCALES[lang], { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })} UTC`;
}

/** A calendar date: "Nov 14, 2026", "14 nov 2026". */
export function dateIn(value: string | null | undefined, locale: string | null | undefined): string {
  const lang = other(locale);
  if (!lang || !value) return formatDate(value);
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return '-';
  return date.toLocaleDateString(INTL_LOCALES[lang], { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A report week: "Nov 7 - Nov 14, 2026", "7 nov - 14 nov 2026". */
export function weekIn(start: string, end: string, locale: string | null | undefined): string {
  const lang = other(locale);
  if (!lang) return formatWeek(start, end);
  const s = new Date(`${start}T00:00:00Z`);
  const e = new Date(`${end}T00:00:00Z`);
  if (Number.isNaN(s.getTime()) || Number.isNaN(e.getTime())) return `${start} - ${end}`;
  const intl = INTL_LOCALES[lang];
  const short = (d: Date) => d.toLocaleDateString(intl, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return `${short(s)} - ${short(e)} ${e.getUTCFullYear()}`;
}

/** A place in the standings: "1st" in English; the number elsewhere, which the sentence around it places ("el puesto 1"). */
export function placeIn(rank: number, locale: string | null | undefined): string {
  return other(locale) ? String(rank) : ordinal(rank);
}

/** A moment in the viewer's time zone: "Nov 14, 2026, 3:05 PM", "14 nov 2026, 15:05". */
export function dateTimeIn(value: string | null | undefined, locale: string | null | undefined): string {
  const lang = other(locale);
  if (!lang || !value) return formatDateTime(value);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return date.toLocaleString(INTL_LOCALES[lang], { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/**
 * A moment in the viewer's time zone, the zone named, where people in several zones compare times
 * (the Hall of Fame's draws): "Nov 14, 2026, 3:05 PM UTC", "14 nov 2026, 16:05 CET". `timeZone`
 * for tests and emails.
 */
export function zonedDateTimeIn(value: string | null | undefined, locale: string | null | undefined, timeZone?: string): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  const intl = INTL_LOCALES[other(locale) ?? 'en'];
  return date.toLocaleString(intl, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone });
}

/** A ledger amount with its sign and unit: "+$12.50" / "-1,250.5 GCM" in English (spec §2), "+12,50 USDT" in Spanish. */
export function signedAmountIn(amount: string, currency: 'GCM' | 'USDT', locale: string | null | undefined): string {
  if (!other(locale)) return formatSignedAmount(amount, currency);
  const abs = amount.trim().replace(/^-/, '');
  const body = currency === 'USDT' ? usdtIn(abs, locale) : `${gcmIn(abs, locale)} GCM`;
  return `${parts(amount).negative ? '-' : '+'}${body}`;
}
