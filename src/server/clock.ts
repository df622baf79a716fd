/** The one source of time on the server, so tests can move it. */
export interface Clock {
  /** The programme's time: months, days, holds, expiries and every stored timestamp. TEST_CLOCK_OFFSET moves it. */
  now(): Date;
  /**
   * The time outside the server, which TEST_CLOCK_OFFSET never moves: what the browser's clock and
   * an authenticator app go by. Used only where they read it: a cookie's Expires, a TOTP code's step.
   */
  real(): Date;
  /** now() in milliseconds, without making a Date (the hot paths that only compare instants). */
  nowMs?(): number;
}

export const systemClock: Clock = { now: () => new Date(), real: () => new Date(), nowMs: () => Date.now() };

/** The system clock moved by TEST_CLOCK_OFFSET, so a month can be lived and then closed in a test run. */
export function offsetClock(offsetMs: number): Clock {
  return offsetMs ? { now: () => new Date(Date.now() + offsetMs), real: () => new Date(), nowMs: () => Date.now() + offsetMs } : systemClock;
}

/** An instant of the programme's clock (`at`) on the real clock: when a browser should see it happen. */
export function onRealClock(clock: Clock, at: Date): Date {
  const real = clock.real().getTime();
  return new Date(real + (at.getTime() - clock.now().getTime()));
}

/** "-35d", "+2h 30m": an offset in words, for the start log. */
export function describeOffset(offsetMs: number): string {
  const sign = offsetMs < 0 ? '-' : '+';
  let left = Math.abs(offsetMs);
  const parts: string[] = [];
  for (const [unit, ms] of [
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1_000],
  ] as const) {
    const n = Math.floor(left / ms);
    if (n) parts.push(`${n}${unit}`);
    left -= n * ms;
  }
  return `${sign}${parts.join(' ') || '0s'}`;
}

/** The programme's time in milliseconds: the clock's nowMs when it has one. */
export function nowMs(clock: Clock): number {
  return clock.nowMs ? clock.nowMs() : clock.now().getTime();
}

/** First day of the UTC month of a date, as YYYY-MM-DD. */
export function monthPeriod(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/** The UTC calendar day of a date, as YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
