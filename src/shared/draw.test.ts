/**
 * The draw against DECISIONS §5, checked by an independent implementation written from that text
 * with node:crypto (not draw.ts), by fixed vectors computed once and pasted (so a change of the
 * algorithm breaks the test), and by properties over random inputs. Protocol 1 first, then
 * protocol 2 (terms, drand beacon) and its verifier.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTestChain } from '../../test/helpers/drand-relay.ts';
import { QUICKNET, type DrandChain } from './drand.ts';
import { drawFromSeed, listHashOf, uniformBelow, type DrawCheck } from './draw.ts';
import { commitmentOf, drawWinners, seedOf, verifyDraw } from './draw-protocol-1.ts';
import {
  drawBeaconRound,
  drawWinners as drawWinners2,
  seasonTermsOf,
  seedOf as seedOf2,
  termsBeaconRound,
  termsHashOf,
  verifyDraw as verifyDraw2,
  type PublishedSeason2,
  type SeasonTerms,
} from './draw-protocol-2.ts';
import { verifyPublishedSeason } from './draw-protocols.ts';
import { englishOf } from './verify-texts.ts';

const sha = (data: Buffer | string) => createHash('sha256').update(data).digest();

/** Steps 3-6 of DECISIONS §5, written again from the text. */
function reference(secret: string, beacon: string, ids: string[], lotteryWinners: number) {
  const list = ids.map((id) => id.toLowerCase()).sort();
  const listHash = sha(list.join('\n')).toString('hex');
  const seed = sha(`${secret}:${beacon}:${listHash}`);
  return { listHash, seed: seed.toString('hex'), winners: referenceShuffle(seed, list, lotteryWinners) };
}

/** Steps 5-6 of DECISIONS §5, written again from the text: the stream from `seed` and the partial Fisher-Yates of `sorted`. */
function referenceShuffle(seed: Buffer, sorted: string[], lotteryWinners: number): string[] {
  const list = [...sorted];
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
  return list.slice(0, w);
}

const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const TWELVE = Array.from({ length: 12 }, (_, i) => id(i));
const SECRET = 'a'.repeat(64);
const BEACON = 'bsc:43123456:0xabc';

/** A protocol-1 season as it is published: three winners of TWELVE drawn with SECRET and BEACON. */
async function publishedDraw() {
  const winners = await drawWinners({ secret: SECRET, beacon: BEACON, entrantIds: TWELVE, winners: 3 });
  return {
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
}
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** A draw's properties, either protocol: min(W, n) distinct entrants of the list, exactly as the reference draws them. */
function expectDrawn(winners: string[], ids: string[], w: number, expected: string[]): void {
  expect(winners).toHaveLength(Math.min(w, ids.length));
  expect(new Set(winners).size).toBe(winners.length);
  for (const winner of winners) expect(ids.map((x) => x.toLowerCase())).toContain(winner);
  expect(winners).toEqual(expected);
}

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
          expectDrawn(winners, ids, w, reference(secret, beacon, ids, w).winners);
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
    const published = await publishedDraw();
    expect((await verifyDraw(published)).ok).toBe(true);
    const altered = await verifyDraw({ ...published, lottery: { ...published.lottery, beacon: 'bsc:1:0xdef' } });
    expect(altered.ok).toBe(false);
    expect(altered.checks.filter((c) => c.status === 'mismatch').map(englishOf)[0]).toMatch(/^Winner /);
    const wrongSecret = await verifyDraw({ ...published, lottery: { ...published.lottery, secret: 'c'.repeat(64) } });
    expect(wrongSecret.checks.find((c) => englishOf(c).startsWith('Commitment'))?.status).toBe('mismatch');
  });
});

/* ------------------------------------------------------------------------------------------- */
/* Protocol 2                                                                                   */
/* ------------------------------------------------------------------------------------------- */

const QUICKNET_HASH = '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971';
const SIGNATURE_123 = 'b75c69d0b72a5d906e854e808ba7e2accb1542ac355ae486d591aa9d43765482e26cd02df835d3546d23c4b13e0dfc92';
const PRIZES = ['300.00', '200.00', '100.00', '50.00', '50.00'];
const TERMS: SeasonTerms = {
  version: 2,
  month: '2026-12',
  prizesUsdt: PRIZES,
  lotteryWinners: 10,
  lotteryPrizeUsdt: '20.00',
  beacon: { chain: QUICKNET_HASH, round: 35320612 },
};
/** TERMS' canonical JSON, written out by hand: keys sorted, no spaces. */
const TERMS_TEXT =
  '{"beacon":{"chain":"52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971","round":35320612},"lotteryPrizeUsdt":"20.00","lotteryWinners":10,"month":"2026-12","prizesUsdt":["300.00","200.00","100.00","50.00","50.00"],"version":2}';

/** Step 4, written again from the text: SHA-256 of `${termsHash}:${listHash}:${randomness}`, then steps 5-6. */
function reference2(termsHash: string, ids: string[], randomness: string, lotteryWinners: number) {
  const list = ids.map((id) => id.toLowerCase()).sort();
  const listHash = sha(list.join('\n')).toString('hex');
  const seed = sha(`${termsHash}:${listHash}:${randomness}`);
  return { listHash, seed: seed.toString('hex'), winners: referenceShuffle(seed, list, lotteryWinners) };
}

describe('protocol 2: terms, a drand beacon, no secret (DECISIONS §5)', () => {
  it('matches fixed vectors (the terms hash, the seed, the winners)', async () => {
    const termsHash = sha(TERMS_TEXT).toString('hex');
    expect(termsHash).toBe('eac08518f414e742e83445110048dfd1e0cb590fe98d69e7661368678ee63b13');
    expect(await termsHashOf(TERMS)).toBe(termsHash);
    // The same terms with their keys in another order hash the same.
    expect(
      await termsHashOf({
        beacon: { round: 35320612, chain: QUICKNET_HASH },
        version: 2,
        prizesUsdt: PRIZES,
        month: '2026-12',
        lotteryWinners: 10,
        lotteryPrizeUsdt: '20.00',
      }),
    ).toBe(termsHash);
    const randomness = sha(Buffer.from(SIGNATURE_123, 'hex')).toString('hex');
    expect(randomness).toBe('fb8f7bc29bf24db51871ec8c79f3a1e4bd0557bc0dfcee9ed1d924e69d1c60dc');
    const listHash = '8113d52454ccfa08085b9a1ded55428ea72e747d10220ec01bbb974420397f4b';
    expect(hex(await seedOf2(termsHash, listHash, randomness))).toBe('2239c3e9ace8c79cc3e432b68fe9e7540f409b72e9fc47289ea5683e211ccb40');
    expect(reference2(termsHash, TWELVE, randomness, 10).seed).toBe('2239c3e9ace8c79cc3e432b68fe9e7540f409b72e9fc47289ea5683e211ccb40');
    const expected = [6, 2, 8, 0, 11, 4, 10, 9, 7, 3].map(id);
    expect(await drawWinners2({ termsHash, listHash, randomness, entrantIds: TWELVE, winners: 10 })).toEqual(expected);
    expect(await drawWinners2({ termsHash, randomness, entrantIds: [...TWELVE].reverse().map((x) => x.toUpperCase()), winners: 10 })).toEqual(expected);
    expect(await drawWinners2({ termsHash, randomness, entrantIds: TWELVE, winners: 3 })).toEqual(expected.slice(0, 3));
    expect(reference2(termsHash, TWELVE, randomness, 10).winners).toEqual(expected);
    expect(await drawFromSeed(await seedOf2(termsHash, listHash, randomness), TWELVE, 10)).toEqual(expected);
  });

  it("fixes the terms' round at the first round at or after the month's end + 1 hour", () => {
    // 2027-01-01T01:00:00Z = 1798765200 = 1692803367 + 3 × 35320611, so exactly round 35320612's time.
    expect(termsBeaconRound(QUICKNET, '2026-12')).toBe(35320612);
    // 2026-02-01T01:00:00Z = 1769907600 = 1692803367 + 3 × 25701411.
    expect(termsBeaconRound(QUICKNET, '2026-01')).toBe(25701412);
    // Rounds due a second after the hour: that one. Rounds due a second before: the one after.
    expect(termsBeaconRound({ ...QUICKNET, genesisTime: 1692803368 }, '2026-12')).toBe(35320612);
    expect(termsBeaconRound({ ...QUICKNET, genesisTime: 1692803366 }, '2026-12')).toBe(35320613);
    expect(seasonTermsOf('2026-12', { prizesUsdt: PRIZES, lotteryWinners: 10, lotteryPrizeUsdt: '20.00' })).toEqual(TERMS);
  });

  it('moves the beacon to the first round at or after the freeze + 60 s only when the freeze came after R', () => {
    const r = 35320612; // due 2027-01-01T01:00:00Z
    expect(drawBeaconRound(QUICKNET, r, '2027-01-01T00:00:30.000Z')).toBe(r);
    expect(drawBeaconRound(QUICKNET, r, new Date('2027-01-01T01:00:00.000Z'))).toBe(r);
    // 1 ms late: 01:01:00.001 is 60.001 s after R's time, so 21 periods on (R + 20 is due at 01:01:00).
    expect(drawBeaconRound(QUICKNET, r, '2027-01-01T01:00:00.001Z')).toBe(r + 21);
    expect(drawBeaconRound(QUICKNET, r, '2027-01-01T02:00:00.000Z')).toBe(r + 1220);
    expect(() => drawBeaconRound(QUICKNET, r, 'not a time')).toThrow(RangeError);
  });

  it('holds its properties on random inputs: distinct entrants, min(W, n) of them, as the reference says', async () => {
    const hex64 = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 });
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.uuid(), { maxLength: 40 }), fc.nat({ max: 15 }), hex64, hex64, async (ids, w, termsHash, randomness) => {
        const winners = await drawWinners2({ termsHash, randomness, entrantIds: ids, winners: w });
        expectDrawn(winners, ids, w, reference2(termsHash, ids, randomness, w).winners);
      }),
      { numRuns: 60 },
    );
  });

  it('changes the winners when the terms hash, the list or the randomness change', async () => {
    /*
     * The probability argument: for a fixed draw, another seed is (modelling SHA-256 as random) an
     * independent uniform shuffle, so the first three winners of n >= 20 entrants come out the same,
     * in the same order, with probability 1 / (n (n-1) (n-2)) <= 1 / 6840. So: a fixed set of changes
     * must all differ (deterministic: it passes or fails the same way every run), and over random
     * inputs, at most 2 of 3 × 200 changed draws may repeat (expected 600 / 6840 ≈ 0.09; P(≥ 3) ≈ 1e-4).
     */
    const twenty = Array.from({ length: 20 }, (_, i) => id(i));
    const termsHash = sha(TERMS_TEXT).toString('hex');
    const randomness = sha(Buffer.from(SIGNATURE_123, 'hex')).toString('hex');
    const base = await drawWinners2({ termsHash, randomness, entrantIds: twenty, winners: 3 });
    const changed = [
      { termsHash: `${termsHash.slice(0, 63)}${termsHash.endsWith('0') ? '1' : '0'}`, randomness, entrantIds: twenty },
      { termsHash: sha('another').toString('hex'), randomness, entrantIds: twenty },
      { termsHash, randomness: `0${randomness.slice(1)}`, entrantIds: twenty },
      { termsHash, randomness: sha(Buffer.from(flipHex(SIGNATURE_123), 'hex')).toString('hex'), entrantIds: twenty },
      { termsHash, randomness, entrantIds: [...twenty, id(20)] },
      { termsHash, randomness, entrantIds: twenty.slice(1) },
      { termsHash, randomness, entrantIds: [...twenty.slice(1), id(99)] },
    ];
    for (const input of changed) expect(await drawWinners2({ ...input, winners: 3 })).not.toEqual(base);

    const hex64 = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 });
    let draws = 0;
    let repeats = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.uuid(), { minLength: 21, maxLength: 40 }),
        fc.integer({ min: 3, max: 10 }),
        hex64,
        hex64,
        hex64,
        async (ids, w, termsHash, randomness, other) => {
          fc.pre(other !== termsHash && other !== randomness);
          const entrants = ids.slice(1);
          const before = await drawWinners2({ termsHash, randomness, entrantIds: entrants, winners: w });
          for (const after of [
            await drawWinners2({ termsHash: other, randomness, entrantIds: entrants, winners: w }),
            await drawWinners2({ termsHash, randomness: other, entrantIds: entrants, winners: w }),
            await drawWinners2({ termsHash, randomness, entrantIds: ids, winners: w }),
          ]) {
            draws++;
            if (after.join() === before.join()) repeats++;
          }
        },
      ),
      { numRuns: 200 },
    );
    expect(draws).toBeGreaterThanOrEqual(3 * 190);
    expect(repeats).toBeLessThanOrEqual(2);
  });
});

function flipHex(text: string): string {
  return `${text.slice(0, -1)}${text.endsWith('0') ? '1' : '0'}`;
}

const MONTH = '2026-12';
/** 2026-01-01T00:00:00Z: a test chain whose round times are easy to work out by hand. */
const GENESIS = Date.UTC(2026, 0, 1) / 1000;
/** R for December 2026 on that chain: (2027-01-01T01:00Z - genesis) / 3 + 1, an exact division. */
const R = (Date.UTC(2027, 0, 1, 1) / 1000 - GENESIS) / 3 + 1;
const timeOf = (round: number) => new Date((GENESIS + (round - 1) * 3) * 1000).toISOString();

/**
 * A published protocol 2 season built by the reference (node:crypto, not draw.ts): 20 entrants,
 * 5 champions, 3 lottery winners, signed by the test chain's key.
 */
async function publishedSeason(
  test: { chain: DrandChain; sign(round: number): Promise<string> },
  options: { frozenAt?: string; round?: number; status?: 'frozen' | 'closed' } = {},
): Promise<PublishedSeason2> {
  const { chain } = test;
  const terms: SeasonTerms = {
    version: 2,
    month: MONTH,
    prizesUsdt: PRIZES,
    lotteryWinners: 3,
    lotteryPrizeUsdt: '20.00',
    beacon: { chain: chain.hash, round: R },
  };
  // Written in canonical order by hand, so JSON.stringify gives the canonical text.
  const canonical = {
    beacon: { chain: chain.hash, round: R },
    lotteryPrizeUsdt: '20.00',
    lotteryWinners: 3,
    month: MONTH,
    prizesUsdt: PRIZES,
    version: 2,
  };
  const termsHash = sha(JSON.stringify(canonical)).toString('hex');
  const entrants = Array.from({ length: 20 }, (_, i) => ({ ambassadorId: id(100 + i), fullName: `Entrant ${i}` }));
  const champions = PRIZES.map((prizeUsdt, i) => ({
    rank: i + 1,
    ambassadorId: id(200 + i),
    fullName: `Champion ${i + 1}`,
    monthlyGcm: `${900 - i * 100}.00`,
    prizeUsdt,
  }));
  const round = options.round ?? R;
  const frozenAt = options.frozenAt ?? '2027-01-01T00:00:42.000Z';
  const common = {
    month: MONTH,
    protocol: 2 as const,
    terms,
    termsHash,
    frozenAt,
    champions,
    entrants,
    entrantCount: entrants.length,
    listHash: sha(
      entrants
        .map((e) => e.ambassadorId)
        .sort()
        .join('\n'),
    ).toString('hex'),
  };
  if (options.status === 'frozen') return { ...common, status: 'frozen', beacon: { chain: chain.hash, round, at: timeOf(round) } };
  const signature = await test.sign(round);
  const randomness = sha(Buffer.from(signature, 'hex')).toString('hex');
  const { winners } = reference2(
    termsHash,
    entrants.map((e) => e.ambassadorId),
    randomness,
    3,
  );
  const names = new Map(entrants.map((e) => [e.ambassadorId, e.fullName]));
  return {
    ...common,
    status: 'closed',
    closedAt: timeOf(round + 2),
    beacon: { chain: chain.hash, round, at: timeOf(round), signature, randomness },
    lottery: { winners: winners.map((ambassadorId, i) => ({ position: i + 1, ambassadorId, fullName: names.get(ambassadorId) ?? '?', prizeUsdt: '20.00' })) },
  };
}

const failing = (result: { checks: DrawCheck[] }) => result.checks.filter((c) => c.status === 'mismatch').map(englishOf);
const notWinners = (steps: string[]) => steps.filter((step) => !step.startsWith('Winner '));

describe("protocol 2's verifier (DECISIONS §5, step 5)", async () => {
  const test = await createTestChain({ genesisTime: GENESIS, period: 3 });
  const season = await publishedSeason(test);

  it('verifies a closed season step by step, naming winners by name and id', async () => {
    const result = await verifyDraw2(season, test.chain);
    expect(failing(result)).toEqual([]);
    expect(result).toMatchObject({ ok: true, pending: false });
    expect(result.checks.map(englishOf)).toEqual([
      "Terms hash: SHA-256 of the terms' canonical JSON",
      "Terms: the season's month",
      "Terms: beacon round, the first at or after the month's end + 1 hour",
      'Beacon chain: the terms name it, the beacon is from it',
      "Beacon round: the terms' round",
      "Beacon time: the round's time",
      'Entrant list hash',
      'Entrant count',
      'Champions are not lottery entrants',
      "Champion prizes: the terms' prizes by rank",
      `Beacon signature: round ${R} signed by the chain's key (BLS, checked here)`,
      'Randomness: SHA-256 of the signature',
      'Seed: SHA-256 of termsHash:listHash:randomness',
      'Winner 1',
      'Winner 2',
      'Winner 3',
      "Lottery prizes: the terms' prize",
    ]);
    const first = season.lottery?.winners[0];
    expect(result.checks.find((c) => englishOf(c) === 'Winner 1')).toMatchObject({
      expected: `${first?.fullName} (${first?.ambassadorId})`,
      actual: `${first?.fullName} (${first?.ambassadorId})`,
    });
    const seed = result.checks.find((c) => englishOf(c).startsWith('Seed'));
    expect(seed?.actual).toBe(
      reference2(
        season.termsHash,
        season.entrants.map((e) => e.ambassadorId),
        season.beacon.randomness ?? '',
        3,
      ).seed,
    );
    // Step names are unique: the page keys its list by them.
    expect(new Set(result.checks.map(englishOf)).size).toBe(result.checks.length);
    expect(await verifyPublishedSeason(season, test.chain)).toEqual(result);
  });

  it('names the step that does not match, whatever was altered', async () => {
    const other = await createTestChain({ genesisTime: GENESIS, period: 3 });
    const winners = season.lottery?.winners ?? [];
    const cases: [string, PublishedSeason2, string[], DrandChain?][] = [
      ['the terms hash', { ...season, termsHash: flipHex(season.termsHash) }, ["Terms hash: SHA-256 of the terms' canonical JSON"]],
      [
        'the terms (more winners)',
        { ...season, terms: { ...season.terms, lotteryWinners: 4 } },
        ["Terms hash: SHA-256 of the terms' canonical JSON", 'Winner 4'],
      ],
      ['the month', { ...season, month: '2026-11' }, ["Terms: the season's month"]],
      [
        "the terms' round",
        { ...season, terms: { ...season.terms, beacon: { ...season.terms.beacon, round: R - 1 } } },
        [
          "Terms hash: SHA-256 of the terms' canonical JSON",
          "Terms: beacon round, the first at or after the month's end + 1 hour",
          "Beacon round: the terms' round",
        ],
      ],
      ['the beacon chain', { ...season, beacon: { ...season.beacon, chain: other.chain.hash } }, ['Beacon chain: the terms name it, the beacon is from it']],
      [
        'the chain verified against',
        season,
        ['Beacon chain: the terms name it, the beacon is from it', `Beacon signature: round ${R} signed by the chain's key (BLS, checked here)`],
        other.chain,
      ],
      ['the beacon time', { ...season, beacon: { ...season.beacon, at: timeOf(R + 1) } }, ["Beacon time: the round's time"]],
      ['an entrant left out', { ...season, entrants: season.entrants.slice(1) }, ['Entrant list hash', 'Entrant count']],
      ['the list hash', { ...season, listHash: flipHex(season.listHash) }, ['Entrant list hash']],
      ['the entrant count', { ...season, entrantCount: 21 }, ['Entrant count']],
      [
        'a champion entered',
        { ...season, entrants: [...season.entrants.slice(0, 19), { ambassadorId: id(200), fullName: 'Champion 1' }] },
        ['Entrant list hash', 'Champions are not lottery entrants'],
      ],
      [
        'a champion prize',
        { ...season, champions: season.champions.map((c) => (c.rank === 2 ? { ...c, prizeUsdt: '250.00' } : c)) },
        ["Champion prizes: the terms' prizes by rank"],
      ],
      [
        'a lottery prize',
        { ...season, lottery: { winners: winners.map((w, i) => (i === 2 ? { ...w, prizeUsdt: '25.00' } : w)) } },
        ["Lottery prizes: the terms' prize"],
      ],
      [
        'the randomness',
        { ...season, beacon: { ...season.beacon, randomness: flipHex(season.beacon.randomness ?? '') } },
        ['Randomness: SHA-256 of the signature'],
      ],
      [
        'the winners swapped',
        { ...season, lottery: { winners: winners.map((w, i) => ({ ...w, position: i === 0 ? 2 : i === 1 ? 1 : w.position })) } },
        ['Winner 1', 'Winner 2'],
      ],
      ['a winner left out', { ...season, lottery: { winners: winners.slice(0, 2) } }, ['Winner 3']],
      [
        'closed without a signature',
        { ...season, beacon: { ...season.beacon, signature: undefined } },
        [`Beacon signature: round ${R} signed by the chain's key (BLS, checked here)`, 'Randomness: SHA-256 of the signature'],
      ],
    ];
    for (const [what, altered, steps, chain] of cases) {
      const result = await verifyDraw2(altered, chain ?? test.chain);
      expect(result.ok, what).toBe(false);
      // Exactly these steps fail, but for winners: an altered input may change the draw as well.
      expect(notWinners(failing(result)), what).toEqual(notWinners(steps));
      for (const step of steps) expect(failing(result), what).toContain(step);
    }
    // Another round's signature, its randomness consistent with it: the signature fails, and the draw with it.
    const signature = await test.sign(R + 1);
    const swapped = { ...season, beacon: { ...season.beacon, signature, randomness: sha(Buffer.from(signature, 'hex')).toString('hex') } };
    const result = await verifyDraw2(swapped, test.chain);
    expect(failing(result)[0]).toBe(`Beacon signature: round ${R} signed by the chain's key (BLS, checked here)`);
    expect(failing(result).some((step) => step.startsWith('Winner '))).toBe(true);
  });

  it('takes the later round when the freeze came after R, and refuses R then', async () => {
    const frozenAt = timeOf(R + 40); // 120 s after R's time
    const later = R + 40 + 20; // the first round at or after frozenAt + 60 s
    const season = await publishedSeason(test, { frozenAt, round: later });
    const result = await verifyDraw2(season, test.chain);
    expect(failing(result)).toEqual([]);
    const round = result.checks.find((c) => englishOf(c).startsWith('Beacon round'));
    expect(round && englishOf(round)).toBe("Beacon round: frozen after the terms' round, so the first at or after the freeze + 60 s");
    expect(round).toMatchObject({ id: 'beaconRoundLate', values: { seconds: 60 }, status: 'late', expected: String(later), actual: String(later) });
    // A server that anchors its log (DECISIONS §7) takes the first round at or after the freeze + 10 minutes; any other round fails.
    const anchored = R + 40 + 200;
    const anchoredResult = await verifyDraw2(await publishedSeason(test, { frozenAt, round: anchored }), test.chain);
    expect(failing(anchoredResult)).toEqual([]);
    // The step says which delay it found: 600 s there.
    const anchoredRound = anchoredResult.checks.find((c) => englishOf(c).startsWith('Beacon round'));
    expect(anchoredRound && englishOf(anchoredRound)).toBe("Beacon round: frozen after the terms' round, so the first at or after the freeze + 600 s");
    expect(anchoredRound).toMatchObject({ values: { seconds: 600 }, expected: String(anchored) });
    expect(failing(await verifyDraw2(await publishedSeason(test, { frozenAt, round: anchored + 1 }), test.chain))).toEqual([
      "Beacon round: frozen after the terms' round, so the first at or after the freeze + 60 s",
    ]);
    const early = await verifyDraw2(await publishedSeason(test, { frozenAt }), test.chain);
    expect(failing(early)).toEqual(["Beacon round: frozen after the terms' round, so the first at or after the freeze + 60 s"]);
    // Frozen at R's very time is not after it: R stands.
    expect(failing(await verifyDraw2(await publishedSeason(test, { frozenAt: timeOf(R) }), test.chain))).toEqual([]);
  });

  it('checks what a frozen season has, and reports its draw as waiting for the round', async () => {
    const frozen = await publishedSeason(test, { status: 'frozen' });
    const result = await verifyDraw2(frozen, test.chain);
    expect(result).toMatchObject({ ok: true, pending: true });
    const last = result.checks.at(-1);
    expect(last && englishOf(last)).toBe(`Beacon: waiting for round ${R} at 2027-01-01T01:00:00.000Z`);
    expect(last).toMatchObject({ id: 'beaconWaiting', status: 'match' });
    expect(result.checks.some((c) => englishOf(c).startsWith('Winner') || englishOf(c).startsWith('Seed') || englishOf(c).startsWith('Beacon signature'))).toBe(
      false,
    );
    const altered = await verifyDraw2({ ...frozen, entrants: frozen.entrants.slice(2) }, test.chain);
    expect(altered).toMatchObject({ ok: false, pending: true });
    expect(failing(altered)).toEqual(['Entrant list hash', 'Entrant count']);
    expect(await verifyPublishedSeason(frozen, test.chain)).toEqual(result);
  });

  it('dispatches on the protocol: none or 1 is protocol 1', async () => {
    const published = await publishedDraw();
    const one = await verifyDraw(published);
    expect(await verifyPublishedSeason(published)).toEqual({ ...one, pending: false });
    expect(await verifyPublishedSeason({ ...published, protocol: 1 })).toEqual({ ...one, pending: false });
    expect(one.ok).toBe(true);
  });
});
