/** The one source of time on the server, so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The system clock moved by TEST_CLOCK_OFFSET, so a month can be lived and then closed in a test run. */
export function offsetClock(offsetMs: number): Clock {
  return offsetMs ? { now: () => new Date(Date.now() + offsetMs) } : systemClock;
}

/** First day of the UTC month of a date, as YYYY-MM-DD. */
export function monthPeriod(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/** The UTC calendar day of a date, as YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
