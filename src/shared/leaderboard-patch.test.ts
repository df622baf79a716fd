import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyLeaderboardPatch, diffLeaderboard, isLeaderboardPatch } from './leaderboard-patch.ts';
import type { TLeaderboardEntry } from './schemas/public.ts';

const entry = (id: string, monthlyGcm: string, badgeLevel: TLeaderboardEntry['badgeLevel'] = 'normal'): TLeaderboardEntry => ({
  id,
  fullName: `Player ${id}`,
  badgeLevel,
  monthlyGcm,
});

/** The product's order: GCM this month, most first, then by a fixed key (here the id). */
function ranked(entries: TLeaderboardEntry[], size: number): TLeaderboardEntry[] {
  return [...entries].sort((a, b) => Number(b.monthlyGcm) - Number(a.monthlyGcm) || a.id.localeCompare(b.id)).slice(0, size);
}

describe('leaderboard patches', () => {
  it('says an award as the one entry that moved, and rebuilds the board from it', () => {
    const before = [entry('a', '900.00'), entry('b', '800.00'), entry('c', '700.00')];
    const after = [entry('c', '950.00', 'bronze'), entry('a', '900.00'), entry('b', '800.00')];
    const patch = diffLeaderboard(before, after, 'W/"1"');
    expect(patch).toEqual({ from: 'W/"1"', changed: [{ rank: 0, entry: after[0] }], removed: [] });
    expect(applyLeaderboardPatch(before, patch as NonNullable<typeof patch>)).toEqual(after);
  });

  it('names who left the board and who came onto it', () => {
    const before = [entry('a', '900.00'), entry('b', '800.00')];
    const after = [entry('z', '1000.00'), entry('a', '900.00')];
    const patch = diffLeaderboard(before, after, 'e');
    expect(patch?.removed).toEqual(['b']);
    expect(patch?.changed).toEqual([{ rank: 0, entry: after[0] }]);
    expect(applyLeaderboardPatch(before, patch as NonNullable<typeof patch>)).toEqual(after);
  });

  it('gives up (null) when the unchanged entries are in another order', () => {
    expect(diffLeaderboard([entry('a', '1.00'), entry('b', '1.00')], [entry('b', '1.00'), entry('a', '1.00')], 'e')).toBeNull();
  });

  it('tells a patch from the whole board', () => {
    expect(isLeaderboardPatch([entry('a', '1.00')])).toBe(false);
    expect(isLeaderboardPatch({ from: 'e', changed: [], removed: [] })).toBe(true);
    expect(isLeaderboardPatch({ changed: [] })).toBe(false);
    expect(isLeaderboardPatch(null)).toBe(false);
  });

  it('rebuilds any board from any earlier one after any awards (property)', () => {
    const ids = fc.uniqueArray(fc.stringMatching(/^[a-z]{1,3}$/), { minLength: 0, maxLength: 30 });
    fc.assert(
      fc.property(
        ids,
        fc.array(fc.tuple(fc.nat(40), fc.integer({ min: 1, max: 500 })), { maxLength: 8 }),
        fc.integer({ min: 1, max: 12 }),
        (names, awards, size) => {
          const gcm = new Map(names.map((id, i) => [id, (i * 37) % 300]));
          const board = () =>
            ranked(
              names.filter((id) => (gcm.get(id) ?? 0) > 0).map((id) => entry(id, `${gcm.get(id)}.00`)),
              size,
            );
          const before = board();
          for (const [who, amount] of awards) {
            const id = names[who % Math.max(1, names.length)];
            if (id !== undefined) gcm.set(id, (gcm.get(id) ?? 0) + amount);
          }
          const after = board();
          const patch = diffLeaderboard(before, after, 'e');
          // Awards only raise GCM: the unchanged keep their order, so a patch can always say it.
          expect(patch).not.toBeNull();
          expect(applyLeaderboardPatch(before, patch as NonNullable<typeof patch>)).toEqual(after);
          expect(patch?.changed.length).toBeLessThanOrEqual(after.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
