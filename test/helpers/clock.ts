import type { Clock } from '../../src/server/clock.ts';

/**
 * A clock that tests move by hand. Each reading moves it on by one
 * millisecond, as real time would, so "newest first" has a meaning.
 */
export class TestClock implements Clock {
  private current: number;
  constructor(start: Date | string = '2026-11-21T12:00:00Z') {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    this.current += 1;
    return new Date(this.current);
  }
  /** The tests' world has one time: what they move is also what a browser and an authenticator app read. */
  real(): Date {
    return new Date(this.current);
  }
  set(at: Date | string): void {
    this.current = new Date(at).getTime();
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** The UTC date `offset` days from the real today, as YYYY-MM-DD (report weeks in browser tests, which run on the real clock). */
export function utcDay(offset = 0): string {
  return new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
}
