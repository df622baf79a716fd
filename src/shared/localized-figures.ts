/**
 * USDT and month names in a product language (DECISIONS §6, Languages): the part of
 * localized-format.ts the landing page's prize pool needs, apart so that the page's first
 * JavaScript carries only it. English keeps the spec's formats of format.ts exactly.
 */
import { formatCount, formatHours, formatThousands, formatUsdt, formatUsdtThousands, parts } from './format.ts';
import { seasonBounds, seasonLabel } from './seasons.ts';
import { DEFAULT_LOCALE, INTL_LOCALES, isLocale, separatorsOf, type Locale } from './locales.ts';

/** The product language other than English that `locale` names, else null (English: the spec's formats). */
export function other(locale: string | null | undefined): Exclude<Locale, 'en'> | null {
  return isLocale(locale) && locale !== DEFAULT_LOCALE ? (locale as Exclude<Locale, 'en'>) : null;
}

/** A decimal amount's sign, whole units grouped as the language groups them, and its cents. */
export function number(amount: string | null | undefined, locale: Locale): { sign: string; whole: string; cents: string; decimal: string } {
  const { negative, units, fraction } = parts(amount);
  const { decimal, group } = separatorsOf(locale);
  const whole = units.toString().replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return { sign: negative && (units > 0n || fraction > 0n) ? '-' : '', whole, cents: fraction.toString().padStart(2, '0'), decimal };
}

/** A count of people, reports, entries…: "1,234" in English, "1.234" in Spanish; not a number gives "0". */
export function countIn(value: number | string | null | undefined, locale: string | null | undefined): string {
  const lang = other(locale);
  if (!lang) return formatCount(value);
  const n = typeof value === 'string' ? Number(value) : value;
  if (n === null || n === undefined || !Number.isFinite(n)) return '0';
  const whole = Math.trunc(n);
  return `${whole < 0 ? '-' : ''}${number(String(Math.abs(whole)), lang).whole}`;
}

/** The landing page's thousands awarded: "12K+" / "$12K+" (USDT) in English, "1.234K+" in Spanish (the label names the unit). */
export function thousandsIn(amount: string | null | undefined, locale: string | null | undefined, usdt = false): string {
  const lang = other(locale);
  if (!lang) return usdt ? formatUsdtThousands(amount) : formatThousands(amount);
  const { negative, units } = parts(amount);
  return `${number(String(negative ? 0n : units / 1000n), lang).whole}K+`;
}

/** USDT as a figure whose label names the unit: "$12.50" in English (spec §9), "12,50" in Spanish. */
export function usdtFigureIn(amount: string | null | undefined, locale: string | null | undefined): string {
  const lang = other(locale);
  if (!lang) return formatUsdt(amount);
  const n = number(amount, lang);
  return `${n.sign}${n.whole}${n.decimal}${n.cents}`;
}

/** USDT with its unit: "$12.50 USDT" in English, "12,50 USDT" in Spanish. */
export function usdtIn(amount: string | null | undefined, locale: string | null | undefined): string {
  return `${usdtFigureIn(amount, locale)} USDT`;
}

/** USDT standing alone, where nothing around it names the unit: "$12.50" in English (spec §9), "12,50 USDT" in Spanish. */
export function usdtAmountIn(amount: string | null | undefined, locale: string | null | undefined): string {
  return other(locale) ? usdtIn(amount, locale) : formatUsdt(amount);
}

/** A month of the programme: "October 2026", "octubre de 2026". */
export function monthIn(month: string, locale: string | null | undefined): string {
  const lang = other(locale);
  if (!lang) return seasonLabel(month);
  return seasonBounds(month).start.toLocaleDateString(INTL_LOCALES[lang], { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** A time to decide: "12.5 h" and "3.2 days" in English (format.ts), "12,5 h" and "3,2 días" in Spanish; "–" when there is none. */
export function hoursIn(value: string | number | null, locale: string | null | undefined): string {
  const lang = other(locale);
  const hours = value === null ? NaN : Number(value);
  if (!lang || !Number.isFinite(hours)) return formatHours(value);
  const days = hours >= 48;
  return new Intl.NumberFormat(INTL_LOCALES[lang], {
    style: 'unit',
    unit: days ? 'day' : 'hour',
    unitDisplay: days ? 'long' : 'short',
    maximumFractionDigits: 1,
  }).format(days ? hours / 24 : hours);
}
