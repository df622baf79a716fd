import { describe, expect, it } from 'vitest';
import { businessDeadline, businessMsBetween, serviceAge } from './service-levels.ts';

const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);

/** The slow, obvious count: hour by hour. */
function hourly(start: Date, end: Date): number {
  let total = 0;
  for (let t = start.getTime(); t < end.getTime(); t += 3_600_000) {
    const day = new Date(t).getUTCDay();
    if (day !== 0 && day !== 6) total += Math.min(3_600_000, end.getTime() - t);
  }
  return total;
}

describe('service levels in business days (Monday to Friday, UTC)', () => {
  it('counts weekdays only', () => {
    // 2026-11-20 is a Friday.
    expect(businessMsBetween(at('2026-11-20T12:00:00Z'), at('2026-11-23T12:00:00Z'))).toBe(DAY);
    expect(businessMsBetween(at('2026-11-21T00:00:00Z'), at('2026-11-23T00:00:00Z'))).toBe(0);
    expect(businessMsBetween(at('2026-11-23T00:00:00Z'), at('2026-11-20T00:00:00Z'))).toBe(0);
    expect(businessMsBetween(at('2026-11-02T09:30:00Z'), at('2026-12-01T08:00:00Z'))).toBe(hourly(at('2026-11-02T09:30:00Z'), at('2026-12-01T08:00:00Z')));
  });

  it('finds the instant a level is reached, which the count agrees with', () => {
    for (const start of ['2026-11-20T12:00:00Z', '2026-11-21T05:00:00Z', '2026-11-23T00:00:00Z', '2026-11-25T23:59:00Z']) {
      for (const days of [1, 2, 5, 7, 10, 11]) {
        const due = businessDeadline(at(start), days);
        expect(businessMsBetween(at(start), due)).toBe(days * DAY);
        // Not later than needed: a moment earlier it was not reached yet.
        expect(businessMsBetween(at(start), new Date(due.getTime() - 1))).toBe(days * DAY - 1);
      }
    }
    // Friday noon + 2 business days: Tuesday noon.
    expect(businessDeadline(at('2026-11-20T12:00:00Z'), 2).toISOString()).toBe('2026-11-24T12:00:00.000Z');
  });

  it('says when an item is past its level', () => {
    const since = at('2026-11-16T10:00:00Z'); // a Monday
    expect(serviceAge(since, 5, at('2026-11-20T10:00:00Z'))).toEqual({
      ageBusinessDays: 4,
      levelBusinessDays: 5,
      dueAt: '2026-11-23T10:00:00.000Z',
      overdue: false,
    });
    expect(serviceAge(since, 5, at('2026-11-23T10:00:00Z')).overdue).toBe(false);
    expect(serviceAge(since, 5, at('2026-11-23T10:00:01Z'))).toMatchObject({ ageBusinessDays: 5, overdue: true });
  });
});
