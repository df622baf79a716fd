/**
 * The log's checks and a month's draw against the log (src/shared/verify-log.ts): a log built here
 * entry by entry (hashes from entryHash), a protocol 2 month drawn with a test chain's key, and each
 * way a log or a publication can be bent, named by its seq or step.
 */
import { describe, expect, it } from 'vitest';
import { buildLog, closedMonth, id, MONTH, R, rechain } from '../../test/helpers/published-month.ts';
import { QUICKNET, type DrandChain } from './drand.ts';
import type { PublishedSeason2 } from './draw.ts';
import type { LogEntry, LogHead } from './public-log.ts';
import { checkLog, chainFor, logByMonth, readWholeLog, seasonLogChecks, verifyLoggedDraws, verifySeason } from './verify-log.ts';

const served = (chain: DrandChain, production = false) => ({ ...chain, quicknet: false, production });
const failing = (steps: { step: string; ok: boolean }[]) => steps.filter((s) => !s.ok).map((s) => s.step);

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
    expect(await checkLog(changed)).toMatchObject({ ok: false, failure: { seq: 3, reason: expect.stringContaining('does not match its content') } });

    const dropped = { entries: log.entries.filter((e) => e.seq !== 2), head: log.head };
    expect(await checkLog(dropped)).toMatchObject({ ok: false, failure: { seq: 3 } });

    // The server claims a head its entries do not reach (entries held back).
    const short = { entries: log.entries.slice(0, 3), head: log.head };
    expect(await checkLog(short)).toMatchObject({ ok: false, failure: { seq: 4, reason: expect.stringContaining('end at 3') } });
  });

  it('fails against a remembered head when the log was rewritten and re-chained, naming that seq', async () => {
    const { log } = await closedMonth();
    const seen: LogHead = { seq: 3, hash: (log.entries[2] as LogEntry).hash };
    expect((await checkLog(log, [seen])).ok).toBe(true);
    // Entry 3 (the freeze) rewritten, everything after re-chained: the chain holds, the head seen does not.
    const rewritten = await rechain(log.entries.map((e) => (e.seq === 3 ? { ...e, data: { ...(e.data as object), entrantCount: 11 } } : e)));
    expect((await checkLog(rewritten)).ok).toBe(true);
    expect(await checkLog(rewritten, [{ seq: 1, hash: (log.entries[0] as LogEntry).hash }, seen])).toMatchObject({
      ok: false,
      failure: { seq: 3, reason: expect.stringContaining('rewritten') },
    });
    // A log cut short of a head this browser saw.
    const cut = await rechain(log.entries.slice(0, 2));
    expect(await checkLog(cut, [seen])).toMatchObject({ ok: false, failure: { seq: 3, reason: expect.stringContaining('no longer has entry 3') } });
  });

  it('groups entries by month, payouts by the month they were paid in, newest month first', async () => {
    const { log } = await closedMonth();
    const extra = await buildLog([
      ...log.entries.map(({ at, kind, data }) => ({ at, kind, data: data as Record<string, unknown> })),
      {
        at: '2027-01-03T09:00:00.000Z',
        kind: 'payout.paid',
        data: { withdrawalId: id(901), amountUsdt: '20.00', txHash: `0x${'cd'.repeat(32)}`, paidAt: '2027-01-03T09:00:00.000Z' },
      },
    ]);
    expect(logByMonth(extra.entries).map(({ month, entries }) => [month, entries.map((e) => e.seq)])).toEqual([
      ['2027-01', [6]],
      ['2026-12', [1, 2, 3, 4, 5]],
    ]);
  });
});

describe('a month against the log', () => {
  it('matches a true month step by step, on a test chain with its warning', async () => {
    const { season, log, chain } = await closedMonth();
    const result = await verifySeason(season, { served: served(chain), log });
    expect(failing(result.steps)).toEqual([]);
    expect(result).toMatchObject({ ok: true, pending: false });
    expect(result.steps[0]?.step).toBe('Beacon chain: Test chain, not drand quicknet');
    expect(result.notes).toEqual([expect.stringContaining('Test chain, not drand quicknet')]);
    expect(result.steps.map((s) => s.step).filter((s) => s.startsWith('Log:'))).toEqual([
      "Log: every entry's hash chains to the one before (5 entries)",
      'Log: the terms (entry 1)',
      'Log: terms fixed before the month began',
      'Log: the freeze (entry 3): list hash, entrants, round, champions',
      `Log: frozen before round ${R}'s time`,
      'Log: the draw (entry 4): round, signature, randomness, winners',
    ]);
    // Winners are named by name.
    const first = season.lottery?.winners[0];
    expect(result.steps.find((s) => s.step === 'Winner 1')?.actual).toBe(`${first?.fullName} (${first?.ambassadorId})`);
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
    expect(result.notes).toContain('terms fixed late, at 2026-12-03T08:00:00.000Z');
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
    expect(await verifyLoggedDraws(log, async () => altered, served(chain))).toMatchObject({
      ok: false,
      failure: { seq: 4, reason: expect.stringContaining("2026-12's draw:") },
    });
    expect(
      await verifyLoggedDraws(
        log,
        async () => {
          throw new Error('404');
        },
        served(chain),
      ),
    ).toMatchObject({ ok: false, failure: { seq: 4, reason: '2026-12 could not be read: 404' } });
  });
});
