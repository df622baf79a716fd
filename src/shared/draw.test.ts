/**
 * The draw against DECISIONS §5, checked by an independent implementation written from that text
 * with node:crypto (not draw.ts), by fixed vectors computed once and pasted (so a change of the
 * algorithm breaks the test), and by properties over random inputs.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitmentOf, drawWinners, listHashOf, seedOf, uniformBelow, verifyDraw } from './draw.ts';

const sha = (data: Buffer | string) => createHash('sha256').update(data).digest();

/** Steps 3-6 of DECISIONS §5, written again from the text. */
function reference(secret: string, beacon: string, ids: string[], lotteryWinners: number) {
  const list = ids.map((id) => id.toLowerCase()).sort();
  const listHash = sha(list.join('\n')).toString('hex');
  const seed = sha(`${secret}:${beacon}:${listHash}`);
  let block = 0;
  const queue: number[] = [];
  const next = () => {
    if (!queue.length) {
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(block++);
      const bytes = sha(Buffer.concat([seed, counter]));
      for (let i = 0; i < 8; i++) queue.push(bytes.readUInt32BE(i * 4));
    }
    return queue.shift() as number;
  };
  const n = list.length;
  const w = Math.min(lotteryWinners, n);
  for (let k = 0; k < w; k++) {
    const m = n - k;
    const limit = Math.floor(2 ** 32 / m) * m;
    let u = next();
    while (u >= limit) u = next();
    const j = k + (u % m);
    [list[k], list[j]] = [list[j] as string, list[k] as string];
  }
  return { listHash, seed: seed.toString('hex'), winners: list.slice(0, w) };
}

const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const TWELVE = Array.from({ length: 12 }, (_, i) => id(i));
const SECRET = 'a'.repeat(64);
const BEACON = 'bsc:43123456:0xabc';
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('the provably fair draw (DECISIONS §5)', () => {
  it('matches fixed vectors', async () => {
    expect(await commitmentOf(SECRET)).toBe('ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb');
    expect(await listHashOf(TWELVE)).toBe('8113d52454ccfa08085b9a1ded55428ea72e747d10220ec01bbb974420397f4b');
    expect(hex(await seedOf(SECRET, BEACON, await listHashOf(TWELVE)))).toBe('ffc4584ce94bb16459d262c75e89558c7f91177a55d6dc7ab4690feaa88eb429');
    expect(await drawWinners({ secret: SECRET, beacon: BEACON, entrantIds: TWELVE, winners: 3 })).toEqual([id(5), id(11), id(10)]);
    // The entrants' order and case do not matter: the list is sorted, lower case.
    expect(await drawWinners({ secret: SECRET, beacon: BEACON, entrantIds: [...TWELVE].reverse().map((x) => x.toUpperCase()), winners: 3 })).toEqual([
      id(5),
      id(11),
      id(10),
    ]);
  });

  it('agrees with the reference at the edges: no entrants, one, more winners than entrants, none wanted', async () => {
    for (const [ids, w] of [
      [[], 10],
      [[id(1)], 10],
      [TWELVE.slice(0, 4), 10],
      [TWELVE, 0],
      [TWELVE, 12],
    ] as [string[], number][]) {
      const expected = reference(SECRET, BEACON, ids, w);
      expect(await listHashOf(ids)).toBe(expected.listHash);
      expect(await drawWinners({ secret: SECRET, beacon: BEACON, entrantIds: ids, winners: w })).toEqual(expected.winners);
    }
  });

  it('rejects stream values at or above floor(2^32 / m) × m, so no result is favoured', async () => {
    const m = 3;
    const limit = Math.floor(2 ** 32 / m) * m; // 4294967295
    const stream = [limit, limit + 0, 7];
    const taken: number[] = [];
    const next = async () => {
      const u = stream.shift() as number;
      taken.push(u);
      return u;
    };
    expect(await uniformBelow(m, next)).toBe(7 % m);
    expect(taken).toEqual([limit, limit, 7]);
  });

  it('holds its properties on random inputs: distinct entrants, min(W, n) of them, as the reference says', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.uuid(), { maxLength: 40 }),
        fc.nat({ max: 15 }),
        fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 }),
        fc.string({ maxLength: 40 }),
        async (ids, w, secret, beacon) => {
          const winners = await drawWinners({ secret, beacon, entrantIds: ids, winners: w });
          expect(winners).toHaveLength(Math.min(w, ids.length));
          expect(new Set(winners).size).toBe(winners.length);
          for (const winner of winners) expect(ids.map((x) => x.toLowerCase())).toContain(winner);
          expect(winners).toEqual(reference(secret, beacon, ids, w).winners);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('changes the result when the secret, the beacon or the entrants change', async () => {
    const base = await drawWinners({ secret: SECRET, beacon: BEACON, entrantIds: TWELVE, winners: 5 });
    expect(await drawWinners({ secret: 'b'.repeat(64), beacon: BEACON, entrantIds: TWELVE, winners: 5 })).not.toEqual(base);
    expect(await drawWinners({ secret: SECRET, beacon: `${BEACON}0`, entrantIds: TWELVE, winners: 5 })).not.toEqual(base);
    expect(await drawWinners({ secret: SECRET, beacon: BEACON, entrantIds: [...TWELVE, id(99)], winners: 5 })).not.toEqual(base);
  });

  it('verifies a published draw step by step, and names the step that does not match', async () => {
    const winners = await drawWinners({ secret: SECRET, beacon: BEACON, entrantIds: TWELVE, winners: 3 });
    const published = {
      lottery: {
        commitment: await commitmentOf(SECRET),
        secret: SECRET,
        beacon: BEACON,
        listHash: await listHashOf(TWELVE),
        entrantCount: 12,
        winners: winners.map((ambassadorId, i) => ({ position: i + 1, ambassadorId })),
      },
      entrants: TWELVE.map((ambassadorId) => ({ ambassadorId })),
    };
    expect((await verifyDraw(published)).ok).toBe(true);
    const altered = await verifyDraw({ ...published, lottery: { ...published.lottery, beacon: 'bsc:1:0xdef' } });
    expect(altered.ok).toBe(false);
    expect(altered.checks.filter((c) => !c.ok).map((c) => c.step)[0]).toMatch(/^Winner /);
    const wrongSecret = await verifyDraw({ ...published, lottery: { ...published.lottery, secret: 'c'.repeat(64) } });
    expect(wrongSecret.checks.find((c) => c.step.startsWith('Commitment'))?.ok).toBe(false);
  });
});
