import { describe, expect, it } from 'vitest';
import { expectedDurations, startOrder } from './slowest-first.ts';

describe('the order test files start in', () => {
  it('takes each kind slowest first, browser and other files in turn, the rest of the longer list at the end', () => {
    const durations = { 'test/e2e/a.test.ts': 50, 'test/e2e/b.test.ts': 90, 'test/e2e/c.test.ts': 10, 'test/api/x.test.ts': 5, 'test/api/y.test.ts': 70 };
    expect(startOrder(Object.keys(durations), durations)).toEqual(['test/e2e/b.test.ts', 'test/api/y.test.ts', 'test/e2e/a.test.ts', 'test/api/x.test.ts', 'test/e2e/c.test.ts']);
  });

  it('takes a file it has no duration for as slow as the median of its folder, and names break ties', () => {
    const durations = { 'test/api/x.test.ts': 10, 'test/api/y.test.ts': 30, 'test/api/z.test.ts': 20 };
    expect(expectedDurations(['test/api/new.test.ts'], durations).get('test/api/new.test.ts')).toBe(20);
    expect(startOrder(['test/api/new.test.ts', 'test/api/z.test.ts', 'test/api/y.test.ts'], durations)).toEqual([
      'test/api/y.test.ts',
      'test/api/new.test.ts',
      'test/api/z.test.ts',
    ]);
  });
});
