/**
 * A closed protocol 2 month and its public log, built with the product's own shared code (the draw
 * is tested on its own in src/shared/draw.test.ts): for the tests of the log checks and of the
 * command-line verifiers. December 2026 on a test drand chain (a fresh key), 12 entrants, 2
 * champions, 3 lottery winners; the log has its terms, a payout, the freeze, the draw and the summary.
 */
import { randomnessOf, roundTime, type DrandChain } from '../../src/shared/drand.ts';
import { listHashOf } from '../../src/shared/draw.ts';
import { drawWinners as drawWinners2, termsHashOf, type SeasonTerms } from '../../src/shared/draw-protocol-2.ts';
import { entryHash, GENESIS_HASH, type LogEntry } from '../../src/shared/public-log.ts';
import type { TSeasonDetail } from '../../src/shared/schemas/seasons.ts';
import type { WholeLog } from '../../src/shared/verify-log.ts';
import { createTestChain } from './drand-relay.ts';

export const MONTH = '2026-12';
/** 2026-01-01T00:00:00Z, a round every 3 s. */
export const GENESIS = Date.UTC(2026, 0, 1) / 1000;
/** R for December 2026: the first round at or after 2027-01-01T01:00Z (an exact division). */
export const R = (Date.UTC(2027, 0, 1, 1) / 1000 - GENESIS) / 3 + 1;
export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Appends entries to a log, chaining and hashing each as the server does. */
export async function buildLog(items: { at: string; kind: string; data: Record<string, unknown> }[]): Promise<WholeLog> {
  const entries: LogEntry[] = [];
  let prevHash = GENESIS_HASH;
  for (const [i, item] of items.entries()) {
    const entry = { seq: i + 1, at: item.at, kind: item.kind, data: item.data, prevHash };
    const hash = await entryHash(entry);
    entries.push({ ...entry, hash });
    prevHash = hash;
  }
  const last = entries.at(-1);
  return { entries, head: last ? { seq: last.seq, hash: last.hash } : { seq: 0, hash: GENESIS_HASH } };
}

/** Re-chains entries from `from` on (a rewrite that still passes verifyChain). */
export async function rechain(entries: LogEntry[]): Promise<WholeLog> {
  return buildLog(entries.map(({ at, kind, data }) => ({ at, kind, data: data as Record<string, unknown> })));
}

export interface Month {
  /** GET /api/public/seasons/{month}'s answer (and so a PublishedSeason2). */
  season: Extract<TSeasonDetail, { protocol: 2 }>;
  log: WholeLog;
  chain: DrandChain;
}

/** A closed December 2026: 12 entrants (named `entrantName(i)`, else 'Entrant i'), 2 champions, 3 lottery winners; and its log (terms, freeze, draw, a payout, the summary). */
export async function closedMonth(
  options: { termsAt?: string; frozenAt?: string; latestRound?: number | null; entrantName?: (i: number) => string } = {},
): Promise<Month> {
  const test = await createTestChain({ genesisTime: GENESIS, period: 3 });
  const { chain } = test;
  const terms: SeasonTerms = {
    version: 2,
    month: MONTH,
    prizesUsdt: ['300.00', '200.00', '100.00', '50.00', '50.00'],
    lotteryWinners: 3,
    lotteryPrizeUsdt: '20.00',
    beacon: { chain: chain.hash, round: R },
  };
  const termsHash = await termsHashOf(terms);
  const entrants = Array.from({ length: 12 }, (_, i) => ({ ambassadorId: id(100 + i), fullName: options.entrantName?.(i) ?? `Entrant ${i}` }));
  const champions = [
    { rank: 1, ambassadorId: id(1), fullName: 'Champion One', monthlyGcm: '900.00', prizeUsdt: '300.00' },
    { rank: 2, ambassadorId: id(2), fullName: 'Champion Two', monthlyGcm: '800.00', prizeUsdt: '200.00' },
  ];
  const listHash = await listHashOf(entrants.map((e) => e.ambassadorId));
  const signature = await test.sign(R);
  const randomness = await randomnessOf(signature);
  const drawn = await drawWinners2({ termsHash, listHash, randomness, entrantIds: entrants.map((e) => e.ambassadorId), winners: 3 });
  const names = new Map(entrants.map((e) => [e.ambassadorId, e.fullName]));
  const winners = drawn.map((ambassadorId, i) => ({ position: i + 1, ambassadorId, fullName: names.get(ambassadorId) ?? '?', prizeUsdt: '20.00' }));
  const at = new Date(roundTime(chain, R) * 1000).toISOString();
  const frozenAt = options.frozenAt ?? '2027-01-01T00:00:30.000Z';
  const termsAt = options.termsAt ?? '2026-11-30T23:00:00.000Z';
  // The relays' latest round at the freeze (DECISIONS §7): by default the newest round at frozenAt.
  const latest = options.latestRound === undefined ? Math.floor((Date.parse(frozenAt) / 1000 - GENESIS) / 3) + 1 : options.latestRound;
  const latestRound = latest === null ? null : { round: latest, signature: await test.sign(latest) };
  const season: Month['season'] = {
    month: MONTH,
    protocol: 2,
    status: 'closed',
    terms,
    termsHash,
    termsFixedAt: termsAt,
    frozenAt,
    closedAt: '2027-01-01T01:00:20.000Z',
    champions,
    entrants,
    entrantCount: entrants.length,
    listHash,
    beacon: { chain: chain.hash, round: R, at, signature, randomness },
    latestRound,
    lottery: { winners },
  };
  const log = await buildLog([
    { at: termsAt, kind: 'season.terms', data: { month: MONTH, terms, termsHash } },
    {
      at: '2026-12-15T10:00:00.000Z',
      kind: 'payout.paid',
      data: { withdrawalId: id(900), amountUsdt: '75.00', txHash: `0x${'ab'.repeat(32)}`, paidAt: '2026-12-15T10:00:00.000Z' },
    },
    {
      at: frozenAt,
      kind: 'season.frozen',
      data: { month: MONTH, listHash, entrantCount: entrants.length, champions, beaconRound: R, beaconAt: at, ...(latestRound ? { latestRound } : {}) },
    },
    { at: '2027-01-01T01:00:20.000Z', kind: 'season.closed', data: { month: MONTH, beaconRound: R, signature, randomness, winners } },
    {
      at: '2027-01-01T01:05:00.000Z',
      kind: 'month.summary',
      data: {
        month: MONTH,
        gcmAwarded: '12000.00',
        usdtAwarded: '560.00',
        usdtPaid: '75.00',
        applications: { decided: 4, approved: 3, rejected: 1, medianHours: '20.5' },
        reports: { decided: 30, approved: 25, rejected: 5, medianHours: 30 },
        withdrawals: { decided: 1, approved: 1, rejected: 0, medianHours: null },
      },
    },
  ]);
  return { season, log, chain };
}
