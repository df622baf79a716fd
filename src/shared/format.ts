/**
 * Display formatters of spec §9. Amounts arrive as decimal strings ("1250.50")
 * and are handled as integer cents, so nothing drifts through a float.
 */
import { toCents, type Cents } from './money.ts';

function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A decimal amount as its sign, whole units and cents (0 for what is not an amount): the formatters' one reading of it. */
export function parts(amount: string | null | undefined): { negative: boolean; units: bigint; fraction: bigint } {
  let cents: Cents;
  try {
    cents = amount === null || amount === undefined || amount === '' ? 0n : toCents(String(amount));
  } catch {
    cents = 0n;
  }
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return { negative, units: abs / 100n, fraction: abs % 100n };
}

/** GCM: up to 2 decimals, grouped: "1250.50" -> "1,250.5", "3.00" -> "3". */
export function formatGcm(amount: string | null | undefined): string {
  const { negative, units, fraction } = parts(amount);
  const decimals = fraction === 0n ? '' : `.${fraction.toString().padStart(2, '0').replace(/0$/, '')}`;
  const sign = negative && (units > 0n || fraction > 0n) ? '-' : '';
  return `${sign}${group(units.toString())}${decimals}`;
}

/** USDT: exactly 2 decimals with '$': "1250.5" -> "$1,250.50", "-50" -> "-$50.00". */
export function formatUsdt(amount: string | null | undefined): string {
  const { negative, units, fraction } = parts(amount);
  const sign = negative && (units > 0n || fraction > 0n) ? '-' : '';
  return `${sign}$${group(units.toString())}.${fraction.toString().padStart(2, '0')}`;
}

/** Leaderboard GCM: rounded to a whole number, halves away from zero: "1250.50" -> "1,251". */
export function formatWholeGcm(amount: string | null | undefined): string {
  const { negative, units, fraction } = parts(amount);
  const rounded = fraction >= 50n ? units + 1n : units;
  return `${negative && rounded > 0n ? '-' : ''}${group(rounded.toString())}`;
}

/**
 * Hero statistics: whole thousands, no decimals, followed by 'K+'. The '+' reads
 * "at least", so the figure is rounded down: "12999.99" -> "12K+", missing -> "0K+".
 */
export function formatThousands(amount: string | null | undefined): string {
  const { negative, units } = parts(amount);
  const thousands = negative ? 0n : units / 1000n;
  return `${group(thousands.toString())}K+`;
}

/** "$12K+" for USDT hero statistics. */
export function formatUsdtThousands(amount: string | null | undefined): string {
  return `$${formatThousands(amount)}`;
}

/** A count with thousands separators; not a number gives "0". */
export function formatCount(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (n === null || n === undefined || !Number.isFinite(n)) return '0';
  return group(Math.trunc(n).toString());
}

/** A signed amount for the transaction history: "+12.50" / "-50.00" (GCM without '$', USDT with). */
export function formatSignedAmount(amount: string, currency: 'GCM' | 'USDT'): string {
  const { negative } = parts(amount);
  const abs = amount.replace(/^-/, '');
  const body = currency === 'USDT' ? formatUsdt(abs) : `${formatGcm(abs)} GCM`;
  return `${negative ? '-' : '+'}${body}`;
}

/** "Jane Mary Doe" -> "JD"; one word gives its first letter; nothing gives "?". */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1] ?? '') : '';
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date ("2026-11-14", or the date of an ISO time) as "Nov 14, 2026"; report weeks are UTC dates. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '-';
  const date = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return '-';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: DATE_ONLY.test(value) ? 'UTC' : undefined });
}

/** A moment as "Nov 14, 2026, 3:05 PM" in the viewer's time zone (or `timeZone`: an email says 'UTC'). */
export function formatDateTime(value: string | null | undefined, options: { timeZone?: string } = {}): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return date.toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: options.timeZone });
}

/** A time to decide: "12.5 h" under two days, "3.2 days" from there, "–" when there is none. */
export function formatHours(value: string | number | null): string {
  const hours = value === null ? NaN : Number(value);
  if (!Number.isFinite(hours)) return '–';
  if (hours < 48) return `${Math.round(hours * 10) / 10} h`;
  return `${Math.round((hours / 24) * 10) / 10} days`;
}

/** "Nov 7 - Nov 14, 2026" for a report week. */
export function formatWeek(start: string, end: string): string {
  const s = new Date(`${start}T00:00:00Z`);
  const e = new Date(`${end}T00:00:00Z`);
  if (Number.isNaN(s.getTime()) || Number.isNaN(e.getTime())) return `${start} - ${end}`;
  const short = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return `${short(s)} - ${short(e)}, ${e.getUTCFullYear()}`;
}
