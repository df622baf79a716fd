import { describe, expect, it } from 'vitest';
import { isoWeek, periodOf } from './periods.ts';
import { postedAt } from './verify.ts';

describe('task periods (UTC)', () => {
  it('names ISO weeks as ISO 8601 does, across year ends', () => {
    expect(periodOf('weekly', new Date('2026-11-29T23:59:59Z'))).toEqual({ key: '2026-W48', start: new Date('2026-11-23T00:00:00Z') });
    expect(periodOf('weekly', new Date('2026-11-30T00:00:00Z')).key).toBe('2026-W49');
    // 1 January 2027 is a Friday: it belongs to the last week of 2026 (W53).
    expect(isoWeek(new Date('2027-01-01T12:00:00Z'))).toMatchObject({ year: 2026, week: 53 });
    // 29 December 2025 is a Monday in week 1 of 2026.
    expect(periodOf('weekly', new Date('2025-12-29T00:00:00Z')).key).toBe('2026-W01');
    expect(periodOf('weekly', new Date('2021-01-03T10:00:00Z')).key).toBe('2020-W53');
  });

  it('names months and the one period of a task done once', () => {
    expect(periodOf('monthly', new Date('2026-12-31T23:59:59Z'))).toEqual({ key: '2026-12', start: new Date('2026-12-01T00:00:00Z') });
    expect(periodOf('once', new Date())).toEqual({ key: 'once', start: null });
  });

  it('reads when an X post was made from its id', () => {
    // 1862000000000000000 >> 22 = 443935394287 ms after X's epoch (1288834974657).
    expect(postedAt('1862000000000000000')?.toISOString()).toBe(new Date(443_935_394_287 + 1_288_834_974_657).toISOString());
    expect(postedAt('not a number')).toBeNull();
  });
});
