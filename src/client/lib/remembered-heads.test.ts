import { describe, expect, it } from 'vitest';
import { CLOCK_ALLOWANCE_MS, headsForServer, HEADS_KEY, HEADS_KEPT, readRememberedHeads, rememberHead } from './remembered-heads.ts';

/** localStorage's interface over a Map (the tests run in Node). */
function memoryStorage(initial: Record<string, string> = {}, options: { full?: boolean } = {}): Storage {
  const map = new Map(Object.entries(initial));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => {
      if (options.full) throw new DOMException('full', 'QuotaExceededError');
      map.set(key, value);
    },
  };
}

const hash = (n: number) => n.toString(16).padStart(64, '0');

describe('the log heads a browser remembers', () => {
  it('keeps each new head once, oldest first, the last 20', () => {
    const storage = memoryStorage();
    const t0 = Date.parse('2026-12-01T10:00:00.000Z');
    rememberHead({ seq: 0, hash: hash(0) }, storage, t0);
    expect(readRememberedHeads(storage)).toEqual([]);
    rememberHead({ seq: 3, hash: hash(3) }, storage, t0);
    rememberHead({ seq: 3, hash: hash(3) }, storage, t0 + 60_000);
    rememberHead({ seq: 5, hash: hash(5) }, storage, t0 + 120_000);
    // Each with the time it was seen (the latest, for a head seen twice), less the clock allowance.
    expect(readRememberedHeads(storage)).toEqual([
      { seq: 3, hash: hash(3), seenAt: new Date(t0 + 60_000 - CLOCK_ALLOWANCE_MS).toISOString() },
      { seq: 5, hash: hash(5), seenAt: new Date(t0 + 120_000 - CLOCK_ALLOWANCE_MS).toISOString() },
    ]);
    expect(storage.getItem(HEADS_KEY)).toBe(JSON.stringify([`3:${hash(3)}@2026-12-01T09:56:00.000Z`, `5:${hash(5)}@2026-12-01T09:57:00.000Z`]));
    for (let seq = 6; seq < 40; seq++) rememberHead({ seq, hash: hash(seq) }, storage, t0);
    const kept = readRememberedHeads(storage);
    expect(kept).toHaveLength(HEADS_KEPT);
    expect(kept.at(-1)).toMatchObject({ seq: 39, hash: hash(39) });
  });

  it('holds the times seen against a server in production only (elsewhere its clock may be moved on purpose)', () => {
    const heads = [{ seq: 2, hash: hash(2), seenAt: '2026-12-01T10:00:00.000Z' }];
    expect(headsForServer(heads, true)).toEqual(heads);
    expect(headsForServer(heads, undefined)).toEqual(heads);
    expect(headsForServer(heads, false)).toEqual([{ seq: 2, hash: hash(2) }]);
  });

  it('still reads heads remembered before they carried a time', () => {
    expect(readRememberedHeads(memoryStorage({ [HEADS_KEY]: JSON.stringify([`2:${hash(2)}`]) }))).toEqual([{ seq: 2, hash: hash(2) }]);
  });

  it('reads nothing from storage that holds something else, and survives storage that refuses', () => {
    expect(readRememberedHeads(memoryStorage({ [HEADS_KEY]: 'not json' }))).toEqual([]);
    expect(readRememberedHeads(memoryStorage({ [HEADS_KEY]: '{"seq":1}' }))).toEqual([]);
    expect(readRememberedHeads(memoryStorage({ [HEADS_KEY]: JSON.stringify(['7:nothex', `2:${hash(2)}`, 4]) }))).toEqual([{ seq: 2, hash: hash(2) }]);
    expect(() => rememberHead({ seq: 1, hash: hash(1) }, memoryStorage({}, { full: true }))).not.toThrow();
    expect(readRememberedHeads(undefined)).toEqual([]);
  });
});
