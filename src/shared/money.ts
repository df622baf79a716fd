/**
 * Money is exact: amounts travel as decimal strings ("1250.50") and are
 * computed as integer cents in bigint. Never a JavaScript float.
 */
import { MONEY_MAX_INTEGER_DIGITS } from './limits.ts';

export type Cents = bigint;

const MONEY_PATTERN = new RegExp(`^(\\d{1,${MONEY_MAX_INTEGER_DIGITS}})(?:\\.(\\d{1,2}))?$`);
const SIGNED_PATTERN = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Why a money input was refused: not a plain decimal number, too many decimals, too large, or below zero. */
export type MoneyProblem = 'format' | 'precision' | 'range' | 'negative';

/**
 * Reads a user-supplied amount (a JSON number or a numeric string) as a
 * canonical non-negative decimal string with at most 2 decimals.
 */
export function readMoneyInput(value: unknown): { ok: true; value: string } | { ok: false; problem: MoneyProblem } {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, problem: 'format' };
    // String() gives the shortest text that round-trips, i.e. what was sent.
    text = String(value);
    if (/e/i.test(text)) return { ok: false, problem: Math.abs(value) >= 1 ? 'range' : 'precision' };
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return { ok: false, problem: 'format' };
  }
  if (text.startsWith('+')) return { ok: false, problem: 'format' };
  const signed = SIGNED_PATTERN.exec(text);
  if (!signed) return { ok: false, problem: 'format' };
  if (signed[1] === '-') return { ok: false, problem: 'negative' };
  const integer = (signed[2] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = signed[3] ?? '';
  if (fraction.length > 2) return { ok: false, problem: 'precision' };
  const normalized = fraction ? `${integer}.${fraction}` : integer;
  if (!MONEY_PATTERN.test(normalized)) return { ok: false, problem: 'range' };
  return { ok: true, value: formatCents(toCents(normalized)) };
}

/** "12.5" -> 1250n. Accepts a signed decimal with up to 2 decimals (as PostgreSQL numeric(20,2) returns). */
export function toCents(amount: string): Cents {
  const match = SIGNED_PATTERN.exec(amount.trim());
  if (!match) throw new Error(`Not a decimal amount: ${amount}`);
  const fraction = (match[3] ?? '').padEnd(2, '0');
  if (fraction.length > 2) throw new Error(`More than 2 decimals: ${amount}`);
  const cents = BigInt(match[2] ?? '0') * 100n + BigInt(fraction);
  return match[1] === '-' ? -cents : cents;
}

/** 1250n -> "12.50"; always two decimals. */
export function formatCents(cents: Cents): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const units = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${units.toString()}.${fraction}`;
}

export function addMoney(...amounts: string[]): string {
  return formatCents(amounts.reduce((sum, a) => sum + toCents(a), 0n));
}

/** An amount times a whole number, exactly: ("20.00", 10) -> "200.00". */
export function multiplyMoney(amount: string, times: number): string {
  if (!Number.isSafeInteger(times)) throw new Error(`Not a whole number: ${times}`);
  return formatCents(toCents(amount) * BigInt(times));
}

export function compareMoney(a: string, b: string): number {
  const d = toCents(a) - toCents(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

export function isPositiveMoney(a: string): boolean {
  return toCents(a) > 0n;
}
