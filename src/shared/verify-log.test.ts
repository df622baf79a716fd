/**
 * The log's checks and a month's draw against the log (src/shared/verify-log.ts): a log built here
 * entry by entry (hashes from entryHash), a protocol 2 month drawn with a test chain's key, and each
 * way a log or a publication can be bent, named by its seq or step.
 */
import { describe, expect, it } from 'vitest';
import { buildLog, closedMonth, id, MONTH, R, rechain } from '../../test/helpers/published-month.ts';
import { QUICKNET, type DrandChain } from './drand.ts';
import type { PublishedSeason2 } from './draw-protocol-2.ts';
import type { LogEntry, LogHead } from './public-log.ts';
import {
  checkLog,
  chainFor,
  logByMonth,
  readWholeLog,
  seasonLogChecks,
  verifyLoggedDraws,
  verifySeason,
  type LogFailure,
  type VerifyStep,
} from './verify-log.ts';
import { englishOf } from './verify-texts.ts';

const served = (chain: DrandChain, production = false) => ({ ...chain, quicknet: false, production });
const failing = (steps: VerifyStep[]) => steps.filter((s) => s.status === 'mismatch').map(englishOf);

/** An answer with its failure's reason in English, as `npm run verify-log` prints it. */
function inEnglish(answer: { ok: boolean; failure?: LogFailure }): object {
  return answer.failure ? { ...answer, failure: { ...answer.failure, reason: englishOf(answer.failure.reason) } } : answer;
}

describe('reading and checking the whole log', () => {
  it('pages through the log up to its head, 500 at a time', async () => {
    const { log } = await closedMonth();
    const asked: [number, number][] = [];
    const read = await readWholeLog(async (after, limit) => {
      asked.push([after, limit]);
      // Two entries a page, whatever the limit: the reader goes on while the head is ahead.
      return { entries: log.entries.filter((e) => e.seq > after).slice(0, 2), head: log.head };
    });
    expect(read).toEqual(log);
    expect(asked).toEqual([
      [0, 500],
      [2, 500],
      [4, 500],
    ]);
  });

  it('holds for an intact log, and names the first entry that was changed, dropped or reordered', async () => {
    const { log } = await closedMonth();
    expect(await checkLog(log)).toEqual({ ok: true, head: log.head, count: 5 });

    const changed = structuredClone(log);
    (changed.entries[2] as LogEntry).data = { ...(changed.entries[2]?.data as object), entrantCount: 11 };
    expect(inEnglish(await checkLog(changed))).toMatchObject({ ok: false, failure: { seq: 3, reason: expect.stringContaining('does not match its content') } });

    const dropped = { entries: log.entries.filter((e) => e.seq !== 2), head: log.head };
    expect(await checkLog(dropped)).toMatchObject({ ok: false, failure: { seq: 3 } });

    // The server claims a head its entries do not reach (entries held back).
    const short = { entries: log.entries.slice(0, 3), head: log.head };
    expect(inEnglish(await checkLog(short))).toMatchObject({ ok: false, failure: { seq: 4, reason: expect.stringContaining('end at 3') } });
  });

  it('fails against a remembered head when the log was rewritten and re-chained, naming that seq', async () => {
    const { log } = await closedMonth();
    const seen: LogHead = { seq: 3, hash: (log.entries[2] as LogEntry).hash };
    expect((await checkLog(log, [seen])).ok).toBe(true);
    // Entry 3 (the freeze) rewritten, everything after re-chained: the chain holds, the head seen does not.
    const rewritten = await rechain(log.entries.map((e) => (e.seq === 3 ? { ...e, data: { ...(e.data as object), entrantCount: 11 } } : e)));
    expect((await checkLog(rewritten)).ok).toBe(true);
    expect(inEnglish(await checkLog(rewritten, [{ seq: 1, hash: (log.entries[0] as LogEntry).hash }, seen]))).toMatchObject({
      ok: false,
      failure: { seq: 3, reason: expect.stringContaining('rewritten') },
    });
    // A log cut short of a head this browser saw.
    const cut = await rechain(log.entries.slice(0, 2));
    expect(inEnglish(await checkLog(cut, [seen]))).toMatchObject({ ok: false, failure: { seq: 3, reason: expect.stringContaining('no longer has entry 3') } });
  });

  it('groups entries by month, payouts by the month they were paid in, an anchor with the entry it anchors, newest month first', async () => {
    const { log } = await closedMonth();
    const extra = await buildLog([
      ...log.entries.map(({ at, kind, data }) => ({ at, kind, data: data as Record<string, unknown> })),
      {
        at: '2027-01-03T09:00:00.000Z',
        kind: 'payout.paid',
        data: { withdrawalId: id(901), amountUsdt: '20.00', txHash: `0x${'cd'.repeat(32)}`, paidAt: '2027-01-03T09:00:00.000Z' },
      },
      // December's close anchored on January 3rd: it belongs with December's entries.
      {
        at: '2027-01-03T09:05:00.000Z',
        kind: 'log.anchored',
        data: { seq: 5, hash: log.entries[4]?.hash, txHash: `0x${'ef'.repeat(32)}`, blockNumber: 9, blockTime: '2027-01-03T09:01:00.000Z' },
      },
      // The head after January's payout anchored: January's.
      {
        at: '2027-01-04T09:05:00.000Z',
        kind: 'log.anchored',
        data: { seq: 6, hash: `0x${'00'.repeat(32)}`, txHash: `0x${'ab'.repeat(32)}`, blockNumber: 10, blockTime: '2027-01-04T09:01:00.000Z' },
      },
    ]);
    expect(logByMonth(extra.entries).map(({ month, entries }) => [month, entries.map((e) => e.seq)])).toEqual([
      ['2027-01', [6, 8]],
      ['2026-12', [1, 2, 3, 4, 5, 7]],
    ]);
  });
});

describe('a month against the log', () => {
  it('matches a true month step by step, on a test chain with its warning', async () => {
    const { season, log, chain } = await closedMonth();
    const result = await verifySeason(season, { served: served(chain), log });
    expect(failing(result.steps)).toEqual([]);
    expect(result).toMatchObject({ ok: true, pending: false });
    expect(result.steps.map(englishOf)[0]).toBe('Beacon chain: Test chain, not drand quicknet');
    expect(result.notes.map(englishOf)).toEqual([
      expect.stringContaining('Test chain, not drand quicknet'),
      "the freeze's time rests on the server's clock: no anchor on chain before the beacon's time covers it",
    ]);
    expect(result.steps.map(englishOf).filter((s) => s.startsWith('Log:'))).toEqual([
      "Log: every entry's hash chains to the one before (5 entries)",
      'Log: the terms (entry 1)',
      'Log: terms fixed before the month began',
      'Log: the freeze (entry 3): list hash, entrants, round, champions',
      `Log: frozen before round ${R}'s time`,
      'Log: the draw (entry 4): round, signature, randomness, winners',
      "Log: the freeze's time rests on the server's clock",
    ]);
    // Winners are named by name.
    const first = season.lottery?.winners[0];
    expect(result.steps.find((s) => englishOf(s) === 'Winner 1')?.actual).toBe(`${first?.fullName} (${first?.ambassadorId})`);
  });

  it('uses the built-in quicknet key for quicknet, never a served one, and refuses a chain nobody vouches for', async () => {
    const { chain } = await closedMonth();
    expect(chainFor(QUICKNET.hash, { ...chain, hash: QUICKNET.hash, quicknet: true })).toEqual({ chain: QUICKNET, quicknet: true });
    expect(chainFor(chain.hash, served(chain))).toEqual({ chain, quicknet: false });
    expect(chainFor(chain.hash, null)).toBeUndefined();
    const { season, log } = await closedMonth();
    const unknown = await verifySeason(season, { served: null, log });
    expect(unknown.ok).toBe(false);
    expect(failing(unknown.steps)[0]).toBe('Beacon chain: drand quicknet, or the chain this server says it draws from');
  });

  it('notes terms fixed late without failing', async () => {
    const { season, log, chain } = await closedMonth({ termsAt: '2026-12-03T08:00:00.000Z' });
    const result = await verifySeason(season, { served: served(chain), log });
    expect(result.ok).toBe(true);
    expect(result.notes.map(englishOf)).toContain('terms fixed late, at 2026-12-03T08:00:00.000Z');
  });

  it('fails a freeze logged after the beacon round, and a draw or terms that differ from the log', async () => {
    const late = await closedMonth({ frozenAt: '2027-01-01T01:30:00.000Z' });
    expect(failing(seasonLogChecks(late.season, late.log.entries, late.chain))).toEqual([`Log: frozen before round ${R}'s time`]);

    const { season, log, chain } = await closedMonth();
    const [a, b] = season.lottery?.winners ?? [];
    const swapped: PublishedSeason2 = {
      ...season,
      lottery: {
        winners: [
          { ...(b as NonNullable<typeof b>), position: 1 },
          { ...(a as NonNullable<typeof a>), position: 2 },
          ...(season.lottery?.winners.slice(2) ?? []),
        ],
      },
    };
    const swappedSteps = failing((await verifySeason(swapped, { served: served(chain), log })).steps);
    expect(swappedSteps).toContain('Log: the draw (entry 4): round, signature, randomness, winners');
    expect(swappedSteps).toContain('Winner 1');

    const otherTerms: PublishedSeason2 = { ...season, terms: { ...season.terms, lotteryPrizeUsdt: '25.00' } };
    expect(failing(seasonLogChecks(otherTerms, log.entries, chain))).toEqual(['Log: the terms (entry 1)']);

    const noLog = await verifySeason(season, { served: served(chain), log: new Error('404: Not Found') });
    expect(failing(noLog.steps)).toEqual(['Log: read the public log']);
  });

  it('checks a withheld prize against its log entry', async () => {
    const { season, log, chain } = await closedMonth();
    const withheld: PublishedSeason2 = {
      ...season,
      champions: season.champions.map((c) => (c.rank === 2 ? { ...c, withheld: { reason: 'Account suspended after the freeze' } } : c)),
    };
    expect(failing(seasonLogChecks(withheld, log.entries, chain))).toEqual(['Log: prize withheld from Champion Two']);
    const logged = await buildLog([
      ...log.entries.map(({ at, kind, data }) => ({ at, kind, data: data as Record<string, unknown> })),
      {
        at: '2027-01-02T00:00:00.000Z',
        kind: 'prize.withheld',
        data: { month: MONTH, ambassadorId: id(2), kind: 'prize', prizeUsdt: '200.00', reason: 'Account suspended after the freeze' },
      },
    ]);
    expect(failing(seasonLogChecks(withheld, logged.entries, chain))).toEqual([]);
    // Logged as withheld but published as paid.
    expect(failing(seasonLogChecks(season, logged.entries, chain))).toEqual(['Log: prize withheld from Champion Two (entry 6)']);
  });

  it('verify-log: verifies every logged draw, naming the closing entry of the first that fails', async () => {
    const { season, log, chain } = await closedMonth();
    const seen: string[] = [];
    expect(
      await verifyLoggedDraws(
        log,
        async () => season,
        served(chain),
        (month) => seen.push(month),
      ),
    ).toEqual({ ok: true, months: [MONTH] });
    expect(seen).toEqual([MONTH]);
    const altered = { ...season, listHash: 'f'.repeat(64) };
    expect(inEnglish(await verifyLoggedDraws(log, async () => altered, served(chain)))).toMatchObject({
      ok: false,
      failure: { seq: 4, reason: expect.stringContaining("2026-12's draw:") },
    });
    expect(
      inEnglish(
        await verifyLoggedDraws(
          log,
          async () => {
            throw new Error('404');
          },
          served(chain),
        ),
      ),
    ).toMatchObject({ ok: false, failure: { seq: 4, reason: '2026-12 could not be read: 404' } });
  });
});

describe('against the database and the clock (DECISIONS §7)', () => {
  const season1 = async (month: string) => {
    const { listHashOf } = await import('./draw.ts');
    const { commitmentOf, drawWinners } = await import('./draw-protocol-1.ts');
    const ids = [id(300), id(301), id(302)];
    const secret = 'a'.repeat(64);
    const winners = await drawWinners({ secret, beacon: 'typed', entrantIds: ids, winners: 1 });
    return {
      month,
      protocol: 1 as const,
      lottery: {
        commitment: await commitmentOf(secret),
        secret,
        beacon: 'typed',
        listHash: await listHashOf(ids),
        entrantCount: 3,
        winners: winners.map((ambassadorId, i) => ({ position: i + 1, ambassadorId })),
      },
      entrants: ids.map((ambassadorId) => ({ ambassadorId })),
    };
  };

  it('fails a protocol 1 month from the cut-over on, and passes one before it', async () => {
    const { log } = await closedMonth();
    const downgraded = await verifySeason(await season1('2027-01'), { log });
    expect(downgraded.ok).toBe(false);
    expect(failing(downgraded.steps)).toEqual(['Protocol: 2027-01 is protocol 1, but every month from 2026-12 on (the first terms in the log) is protocol 2']);
    expect((await verifySeason(await season1('2026-11'), { log })).ok).toBe(true);
  });

  it('fails a month from the cut-over on whose terms, freeze or close is missing from the log', async () => {
    const { log } = await closedMonth();
    const items = log.entries.map(({ at, kind, data }) => ({ at, kind, data: data as Record<string, unknown> }));
    const terms = items[0] as (typeof items)[number];
    const february = { at: '2027-01-31T23:50:00.000Z', kind: 'season.terms', data: { ...terms.data, month: '2027-02' } };
    // January's terms skipped (a month closed some other way): caught at February's terms.
    const gap = await checkLog(await buildLog([...items, february]));
    expect(inEnglish(gap)).toMatchObject({
      ok: false,
      failure: { seq: 6, cause: 'missing', reason: 'the log has no terms for 2027-01, though every month from 2026-12 on is protocol 2' },
    });
    // December's close missing, a day after its round's time.
    const noClose = await checkLog(
      await buildLog([
        ...items.filter((e) => e.kind !== 'season.closed'),
        { ...february, at: '2027-01-03T00:00:00.000Z', kind: 'payout.paid', data: { x: '1' } },
      ]),
    );
    expect(inEnglish(noClose)).toMatchObject({
      ok: false,
      failure: { cause: 'missing', reason: "the log has no draw for 2026-12, a day after its round's time" },
    });
    // Before a day has passed, it is only not drawn yet.
    expect((await checkLog(await buildLog(items.filter((e) => e.kind !== 'season.closed')))).ok).toBe(true);
  });

  it('fails an entry dated before the one it follows', async () => {
    const { log } = await closedMonth();
    const items = log.entries.map(({ at, kind, data }) => ({ at, kind, data: data as Record<string, unknown> }));
    const backdated = await buildLog([...items, { at: '2026-12-31T00:00:00.000Z', kind: 'payout.paid', data: { x: '1' } }]);
    expect(inEnglish(await checkLog(backdated))).toMatchObject({
      ok: false,
      failure: {
        seq: 6,
        cause: 'chain',
        reason: "it is dated 2026-12-31T00:00:00.000Z, before entry 5 (2027-01-01T01:05:00.000Z): the log's time never goes back",
      },
    });
  });

  it('fails an entry after a witness head dated before the time the head was seen', async () => {
    const { season, log, chain } = await closedMonth();
    // A witness saw entry 2 as the head on 2026-12-31: the freeze (entry 3) cannot be dated before that.
    const seen = { seq: 2, hash: log.entries[1]?.hash ?? '', seenAt: '2026-12-31T12:00:00.000Z' };
    const rewritten = await rechain(log.entries.map((e) => (e.seq >= 3 ? { ...e, at: e.seq === 3 ? '2026-12-31T11:00:00.000Z' : e.at } : e)));
    expect(inEnglish(await checkLog(rewritten, [seen]))).toMatchObject({
      ok: false,
      failure: { seq: 3, cause: 'rewritten', reason: expect.stringContaining('entry 3 is dated 2026-12-31T11:00:00.000Z, before 2026-12-31T12:00:00.000Z') },
    });
    // The same witness, seen a day earlier: nothing after it is backdated.
    expect((await checkLog(log, [{ ...seen, seenAt: '2026-12-30T12:00:00.000Z' }])).ok).toBe(true);
    // The draw's check uses the witness's heads too (the Hall of Fame's, as /transparency's).
    const draw = await verifySeason(season, { served: served(chain), log: rewritten, remembered: [seen] });
    expect(draw.ok).toBe(false);
    expect(failing(draw.steps)).toContain('Log: entry 3 holds');
  });

  it('fails a test chain presented by a server in production, or with allowTestChain false (the CLI without --test-chain)', async () => {
    const { season, log, chain } = await closedMonth();
    for (const options of [{ served: served(chain, true) }, { served: served(chain), allowTestChain: false }]) {
      const result = await verifySeason(season, { ...options, log });
      expect(result.ok).toBe(false);
      expect(failing(result.steps)).toEqual(['Beacon chain: test chain: proves nothing (not drand quicknet)']);
    }
  });

  it('checks the latest round recorded at the freeze: its signature, and the beacon moved past it when it was R or later', async () => {
    const { season, log, chain } = await closedMonth();
    const forged = { ...season, latestRound: { round: 5, signature: season.beacon.signature ?? '' } };
    expect(failing((await verifySeason(forged, { served: served(chain), log })).steps)).toContain(
      "Latest round at the freeze: round 5, signed by the chain's key (the freeze came after it)",
    );
    // R was already out at the freeze, but the month still uses R: the beacon round fails.
    const late = await closedMonth({ latestRound: R });
    const result = await verifySeason(late.season, { served: served(late.chain), log: late.log });
    expect(failing(result.steps)).toContain(
      "Beacon round: drand's latest round was already the terms' round or later at the freeze, so the first after it and at or after the freeze + 60 s",
    );
    // No latest round recorded: a note, not a failure.
    const none = await closedMonth({ latestRound: null });
    const noted = await verifySeason(none.season, { served: served(none.chain), log: none.log });
    expect(noted.ok).toBe(true);
    expect(noted.notes.map(englishOf)).toContain("the freeze recorded no latest drand round: that it came before the beacon rests on the server's clock");
  });

  it('gives a late step its own status: terms fixed late are never a match', async () => {
    const { season, log, chain } = await closedMonth({ termsAt: '2026-12-03T08:00:00.000Z' });
    const result = await verifySeason(season, { served: served(chain), log });
    expect(result.steps.filter((s) => s.status === 'late').map(englishOf)).toEqual(['Log: terms fixed before the month began']);
  });
});

describe('the log anchored on chain (DECISIONS §7, Anchors on BSC)', () => {
  const TX = `0x${'cd'.repeat(32)}`;
  /** closedMonth's log with `log.anchored` of the freeze's head (entry 3) written after it, its block mined at `blockTime`. */
  async function anchoredMonth(blockTime: string, hash?: string) {
    const month = await closedMonth();
    const freeze = month.log.entries[2] as LogEntry;
    const anchored = {
      at: '2027-01-01T00:02:00.000Z',
      kind: 'log.anchored',
      data: { seq: 3, hash: hash ?? freeze.hash, txHash: TX, blockNumber: 812, blockTime },
    };
    const items = month.log.entries.map(({ at, kind, data }) => ({ at, kind, data: data as Record<string, unknown> }));
    return { ...month, log: await buildLog([...items.slice(0, 3), anchored, ...items.slice(3)]) };
  }

  it('without --rpc, shows the log.anchored entry covering the freeze and says how to prove it; with the chain, the freeze is proven before the beacon', async () => {
    const { season, log, chain } = await anchoredMonth('2027-01-01T00:01:03.000Z');
    expect((await checkLog(log)).ok).toBe(true);
    const shown = await verifySeason(season, { served: served(chain), log });
    expect(failing(shown.steps)).toEqual([]);
    const shownLast = shown.steps.at(-1);
    expect(shownLast && englishOf(shownLast)).toBe(
      'Log: the freeze anchored before the beacon in block 812 at 2027-01-01T00:01:03.000Z (entry 4), not read from the chain here',
    );
    expect(shownLast).toMatchObject({ id: 'logFreezeAnchoredUnchecked', values: { block: 812, seq: 4 }, actual: TX, status: 'match' });
    expect(shown.notes.map(englishOf)).toContain(
      'The anchor is proven by its transaction on BNB Smart Chain: npm run verify-draw -- MONTH --url URL --rpc BSC_RPC reads it, and then the freeze is proven before the beacon by a block time nobody at this server controls.',
    );
    const proven = await verifySeason(season, { served: served(chain), log, anchors: new Map([[4, true]]), strict: true });
    expect(failing(proven.steps)).toEqual([]);
    const provenLast = proven.steps.at(-1);
    expect(provenLast && englishOf(provenLast)).toBe('Log: freeze proven before the beacon (anchored in block 812 at 2027-01-01T00:01:03.000Z)');
    expect(provenLast?.status).toBe('match');
  });

  it('an anchor the chain does not hold fails naming its seq; an anchor mined after the beacon does not cover the freeze (a failure with --strict)', async () => {
    const { season, log, chain } = await anchoredMonth('2027-01-01T00:01:03.000Z');
    const missing = await verifySeason(season, { served: served(chain), log, anchors: new Map([[4, `(transaction ${TX} not found on chain)`]]) });
    expect(failing(missing.steps)).toEqual(['Log: the anchor of entry 3 on chain']);
    expect(missing.steps.find((s) => s.status === 'mismatch')?.actual).toBe(`(transaction ${TX} not found on chain)`);
    expect(missing.steps.map(englishOf).at(-1)).toBe("Log: the freeze's time rests on the server's clock");

    const afterBeacon = await anchoredMonth('2027-01-01T01:00:05.000Z');
    const late = await verifySeason(afterBeacon.season, { served: served(afterBeacon.chain), log: afterBeacon.log, anchors: new Map([[4, true]]) });
    expect(failing(late.steps)).toEqual([]);
    expect(late.steps.map(englishOf).at(-1)).toBe("Log: the freeze's time rests on the server's clock");
    expect(late.steps.at(-1)?.status).toBe('match');
    const strict = await verifySeason(afterBeacon.season, {
      served: served(afterBeacon.chain),
      log: afterBeacon.log,
      anchors: new Map([[4, true]]),
      strict: true,
    });
    expect(failing(strict.steps)).toEqual(["Log: the freeze's time rests on the server's clock"]);
  });

  it('a log.anchored entry whose hash is not the log’s at that seq fails the log at that entry', async () => {
    const { log } = await anchoredMonth('2027-01-01T00:01:03.000Z', 'ee'.repeat(32));
    expect(inEnglish(await checkLog(log))).toMatchObject({
      ok: false,
      failure: { seq: 4, reason: `it anchors entry 3 as ${'ee'.repeat(32)}, which is not that entry's hash`, cause: 'chain' },
    });
  });
});
