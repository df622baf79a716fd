/** Seasons are UTC calendar months named YYYY-MM (DECISIONS §5). */
export const SEASON_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export function seasonOf(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The instants a season starts (inclusive) and ends (exclusive). */
export function seasonBounds(month: string): { start: Date; end: Date } {
  const [year, monthNumber] = month.split('-').map(Number);
  const start = new Date(Date.UTC(year ?? 1970, (monthNumber ?? 1) - 1, 1));
  const end = new Date(Date.UTC(year ?? 1970, monthNumber ?? 1, 1));
  return { start, end };
}

/** "October 2026". */
export function seasonLabel(month: string): string {
  return seasonBounds(month).start.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** "1st", "2nd", "3rd", "4th"... */
export function ordinal(n: number): string {
  const rest = n % 100;
  if (rest >= 11 && rest <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

/** Whether a month's terms were fixed after it began (issue 40, item 5): pages then say so, never 'fixed when the month began'. */
export function termsFixedLate(month: string, termsFixedAt: string | null | undefined): boolean {
  if (!termsFixedAt) return false;
  return !(Date.parse(termsFixedAt) <= seasonBounds(month).start.getTime());
}
