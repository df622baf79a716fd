/**
 * Protocol 2 (DECISIONS §5; every month first seen since it shipped): nobody, the operator included,
 * can choose who wins once the month has started.
 * 1. Terms: when the month is first seen (by the seasons job, ten minutes before it begins, or at
 *    the start of the app), its prize table, number of lottery winners, lottery prize and drand
 *    round are written once, hashed, and logged publicly (season.terms; terms.ts). Prize settings
 *    changed later apply from the next month.
 * 2. Freeze: within a minute of the month's end the job freezes the standings and the entrant list
 *    from the ledger as it stood at the end, publishes them (season.frozen, and the month's
 *    month.summary) and tells every champion and entrant the list hash and the round: their
 *    inboxes witness that the list existed before the beacon.
 * 3. Beacon: from the round's time the job fetches the round from the drand relays and keeps it
 *    only if its BLS signature verifies (beacon.ts).
 * 4. Close: the draw (src/shared/draw-protocol-2.ts), prizes and lottery wins credited, winners told,
 *    season.closed logged, in one transaction. A champion or winner suspended since the freeze has
 *    the prize withheld with a public reason (prize.withheld); nobody moves up, nobody is redrawn.
 * Each step runs exactly once across instances: the season's row is locked and its state checked
 * inside the step's transaction. The same function names as protocol-1.ts, then the job's steps.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { LATE_BEACON_SECONDS, LATE_BEACON_SECONDS_ANCHORED } from '../../../shared/anchor.ts';
import { beaconTime, drawBeaconRound, drawWinners } from '../../../shared/draw-protocol-2.ts';
import { type SeasonStatus, type TSeasonAdminItem } from '../../../shared/schemas/season-admin.ts';
import { SEASON_MESSAGES } from '../../../shared/schemas/messages.ts';
import type { TCurrentSeason, TSeasonSummary } from '../../../shared/schemas/seasons.ts';
import { seasonBounds, seasonLabel } from '../../../shared/seasons.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { ambassadors, seasonEntrants, seasons, type SeasonChampion, type SeasonWinner } from '../../db/schema.ts';
import { badRequest, conflict, notFound, valueError } from '../../errors.ts';
import { withTransaction } from '../../mutation.ts';
import { appendLog } from '../public-log/index.ts';
import { postClosed, postFrozen } from '../telegram/index.ts';
import { fetchBeacon, fetchLatestRound } from './beacon.ts';
import { tellDrawEntrants } from './entrants.ts';
import { hasEnded, insertEntrants, payPrizes, planSeason, type DrawPreview, type Prizes } from './plan.ts';
import { lockedSeasonRow, parseSeason, type Season2 } from './season.ts';
import { monthSummary } from './summary.ts';

export const BEACON_RULE =
  "drand quicknet's first round at or after one hour past the month's end, fixed in the terms when the month began, fetched and checked by the server.";

/** Where the month stands: running, ended (not frozen yet), frozen, waiting (its round is due), closed. */
export function statusOf(season: Season2, now: Date): SeasonStatus {
  if (season.closed) return 'closed';
  if (!hasEnded(season.month, now)) return 'running';
  if (!season.frozen) return 'ended';
  return season.beacon.at.getTime() <= now.getTime() ? 'waiting' : 'frozen';
}

/** In the public archive from the freeze on: 'frozen' until the close (statusOf's frozen and waiting alike), then 'closed' with its draw. */
export function publicSeason(season: Season2): TSeasonSummary {
  const { frozen, closed, terms } = season;
  if (!frozen) throw notFound(SEASON_MESSAGES.notFound);
  return {
    month: season.month,
    protocol: 2,
    status: closed ? 'closed' : 'frozen',
    terms,
    termsHash: season.termsHash,
    termsFixedAt: season.createdAt.toISOString(),
    frozenAt: frozen.at.toISOString(),
    ...(closed ? { closedAt: closed.at.toISOString() } : {}),
    champions: frozen.champions,
    entrantCount: frozen.entrantCount,
    listHash: frozen.listHash,
    beacon: {
      chain: terms.beacon.chain,
      round: season.beacon.round,
      at: season.beacon.at.toISOString(),
      ...(closed ? { signature: closed.signature, randomness: closed.randomness } : {}),
    },
    latestRound: frozen.latestRound,
    ...(closed ? { lottery: { winners: closed.winners } } : {}),
  };
}

/** The prizes of a protocol 2 month: its terms'. */
export async function prizesOf(_ctx: AppContext, season: Season2): Promise<Prizes> {
  return season.terms;
}

/** The running month: its terms, their hash and when they were fixed. */
export async function currentSeason(_ctx: AppContext, season: Season2): Promise<TCurrentSeason> {
  const { terms } = season;
  return {
    month: season.month,
    protocol: 2,
    commitment: null,
    prizesUsdt: terms.prizesUsdt,
    lotteryWinners: terms.lotteryWinners,
    lotteryPrizeUsdt: terms.lotteryPrizeUsdt,
    endsAt: seasonBounds(season.month).end.toISOString(),
    terms,
    termsHash: season.termsHash,
    termsFixedAt: season.createdAt.toISOString(),
  };
}

/** What the preview says of the draw: no commitment, the beacon's rule, the round the draw uses and when it is out. */
export function previewOf(season: Season2): DrawPreview {
  return { commitment: null, beaconRule: BEACON_RULE, earliestBeaconAt: season.beacon.at.toISOString(), beaconRound: season.beacon.round };
}

/** The super admin's list: its terms, its freeze, its round and why it waits. */
export function adminItem(season: Season2, now: Date): TSeasonAdminItem {
  const { frozen, closed } = season;
  const status = statusOf(season, now);
  const winners = closed?.winners ?? [];
  return {
    month: season.month,
    label: seasonLabel(season.month),
    protocol: 2,
    status,
    commitment: null,
    termsHash: season.termsHash,
    termsFixedAt: season.createdAt.toISOString(),
    frozenAt: frozen?.at.toISOString() ?? null,
    beaconRound: season.beacon.round,
    beaconAt: season.beacon.at.toISOString(),
    waitingReason: status === 'waiting' ? (season.waitingReason ?? 'The round is due: the server fetches it within a minute') : null,
    closedAt: closed?.at.toISOString() ?? null,
    entrantCount: frozen?.entrantCount ?? null,
    prizeWinners: frozen ? frozen.champions.filter((c) => !c.withheld).length : null,
    lotteryWinners: closed ? winners.filter((w) => !w.withheld).length : null,
    withheldCount: [...(frozen?.champions ?? []), ...winners].filter((w) => w.withheld).length,
  };
}

/** A protocol 2 month is never closed by hand: a beacon given is 400, none is 409 (it closes by itself). */
export async function closeSeason(_ctx: AppContext, _actor: SessionUser, season: Season2, beaconInput: string | undefined): Promise<TSeasonSummary> {
  if (beaconInput !== undefined) throw badRequest(SEASON_MESSAGES.noTypedBeacon, 'beacon');
  if (season.closed) throw conflict(SEASON_MESSAGES.alreadyClosed);
  const { round, at } = season.beacon;
  throw valueError('CONFLICT', 'SEASON_CLOSES_ITSELF', { round: String(round), at: at.toISOString() });
}

/* -------------------------------------------------------------------------------------------------
 * The job's steps: the freeze and the close, by the product itself.
 * ----------------------------------------------------------------------------------------------- */

/** The locked row of a protocol 2 month, parsed; undefined when there is none or it is of another protocol. */
async function lockedSeason(ctx: AppContext, tx: Db, month: string): Promise<Season2 | undefined> {
  const row = await lockedSeasonRow(tx, month);
  if (!row) return undefined;
  const season = parseSeason(row, ctx.config.drand.chain);
  return season.protocol === 2 ? season : undefined;
}

/**
 * Freezes an ended protocol 2 month, exactly once; answers whether this call did it (false also when
 * no relay gave a verified latest round: the month's waiting reason says so, and the next run tries
 * again). Against the database and the clock (DECISIONS §7): the month's row is locked first, and
 * only then are the relays asked for their latest round L and the clock read, so a freeze held back
 * by a lock, or dated early by a clock, is late by L and its beacon moves past L.
 */
export async function freezeSeason(ctx: AppContext, month: string): Promise<boolean> {
  const chain = ctx.config.drand.chain;
  let waiting: string | undefined;
  const frozen = await withTransaction(ctx, null, async (m) => {
    const season = await lockedSeason(ctx, m.tx, month);
    if (!season || season.frozen || !hasEnded(month, ctx.clock.now())) return false;
    const { terms } = season;
    const latest = await fetchLatestRound(ctx.config.drand);
    if (!latest.ok) {
      // The job's bookkeeping, in the same boundary: the super admin's list shows why the month waits.
      waiting = `The freeze waits for a verified latest drand round: ${latest.reason}`;
      await m.tx
        .update(seasons)
        .set({ beaconError: waiting.slice(0, 2000), beaconCheckedAt: ctx.clock.now() })
        .where(eq(seasons.month, month));
      return false;
    }
    // Read after the lock and after the relays answered: nothing before them dates the freeze.
    const frozenAt = ctx.clock.now();
    const latestRound = { round: latest.round, signature: latest.signature };
    const plan = await planSeason(m.tx, month, terms);
    // With anchoring on, a late freeze's beacon is 10 minutes on, so the anchor of the freeze lands before it.
    const lateBy = ctx.config.anchor ? LATE_BEACON_SECONDS_ANCHORED : LATE_BEACON_SECONDS;
    const beaconRound = drawBeaconRound(chain, terms.beacon.round, frozenAt, latestRound.round, lateBy);
    const beaconAt = beaconTime(chain, beaconRound);
    await m.tx
      .update(seasons)
      .set({
        frozenAt,
        latestRound,
        listHash: plan.listHash,
        entrantCount: plan.entrants.length,
        champions: plan.champions,
        beaconRound,
        beaconAt,
        beaconError: null,
      })
      .where(eq(seasons.month, month));
    await insertEntrants(m, month, plan.entrants);
    // Told first, the log last: its append lock is then held for an instant, not while a month's worth of emails is written.
    await tellDrawEntrants(m, { month, listHash: plan.listHash, beaconRound, beaconAt, champions: plan.champions });
    await appendLog(m, 'season.frozen', {
      month,
      listHash: plan.listHash,
      entrantCount: plan.entrants.length,
      champions: plan.champions,
      beaconRound,
      beaconAt: beaconAt.toISOString(),
      latestRound,
    });
    await appendLog(m, 'month.summary', await monthSummary(m.tx, month));
    await postFrozen(m, { month, entrantCount: plan.entrants.length, beaconRound, beaconAt });
    return true;
  });
  if (waiting !== undefined) ctx.log.warn({ month }, waiting);
  return frozen;
}

const WITHHELD = { suspended: 'Suspended after the freeze', removed: 'Account removed after the freeze' } as const;

/** Whose prize is withheld at the close, and why: anyone no longer active since the freeze. */
async function withheldReasons(tx: Db, ids: string[]): Promise<Map<string, string>> {
  const reasons = new Map<string, string>(ids.map((id) => [id, WITHHELD.removed]));
  if (!ids.length) return reasons;
  for (const row of await tx.select({ id: ambassadors.id, status: ambassadors.status }).from(ambassadors).where(inArray(ambassadors.id, ids))) {
    if (row.status === 'active') reasons.delete(row.id);
    else reasons.set(row.id, WITHHELD.suspended);
  }
  return reasons;
}

/**
 * Closes a frozen protocol 2 month with its verified beacon, exactly once: the draw, prizes and lottery
 * wins credited (or withheld, with a public reason), winners told, the log written. Answers whether
 * this call closed it.
 */
async function closeFrozen(ctx: AppContext, month: string, beacon: { signature: string; randomness: string }): Promise<boolean> {
  return withTransaction(ctx, null, async (m) => {
    const season = await lockedSeason(ctx, m.tx, month);
    if (!season?.frozen || season.closed) return false;
    const { terms, termsHash, frozen } = season;
    const entrants = await m.tx
      .select({ ambassadorId: seasonEntrants.ambassadorId, fullName: seasonEntrants.fullName })
      .from(seasonEntrants)
      .where(eq(seasonEntrants.month, month))
      .orderBy(asc(seasonEntrants.ambassadorId));
    const drawn = await drawWinners({
      termsHash,
      listHash: frozen.listHash,
      randomness: beacon.randomness,
      entrantIds: entrants.map((e) => e.ambassadorId),
      winners: terms.lotteryWinners,
    });
    const names = new Map(entrants.map((e) => [e.ambassadorId, e.fullName]));
    const reasons = await withheldReasons(m.tx, [...frozen.champions.map((c) => c.ambassadorId), ...drawn]);
    const withheld = (id: string) => (reasons.has(id) ? { withheld: { reason: reasons.get(id) ?? '' } } : {});
    const champions: SeasonChampion[] = frozen.champions.map((c) => ({ ...c, ...withheld(c.ambassadorId) }));
    const winners: SeasonWinner[] = drawn.map((ambassadorId, i) => ({
      position: i + 1,
      ambassadorId,
      fullName: names.get(ambassadorId) ?? '',
      prizeUsdt: terms.lotteryPrizeUsdt,
      ...withheld(ambassadorId),
    }));
    await payPrizes(m, month, champions, winners);
    await m.tx
      .update(seasons)
      .set({
        closedAt: m.now,
        beaconSignature: beacon.signature,
        beaconRandomness: beacon.randomness,
        beaconError: null,
        champions,
        lotteryWinners: winners,
      })
      .where(eq(seasons.month, month));
    await appendLog(m, 'season.closed', {
      month,
      beaconRound: season.beacon.round,
      signature: beacon.signature,
      randomness: beacon.randomness,
      winners: winners.map(({ withheld: _w, ...w }) => w),
    });
    await postClosed(m, { month, champions, winners });
    return true;
  });
}

/** Fetches a due month's beacon and closes it, or records why it is still waiting (in the boundary: the super admin's list shows it). */
export async function closeWhenDue(ctx: AppContext, season: Season2): Promise<'closed' | 'waiting'> {
  const drand = ctx.config.drand;
  let reason: string;
  if (season.terms.beacon.chain !== drand.chain.hash) {
    reason = `This month's terms name drand chain ${season.terms.beacon.chain}, but the server is set up for ${drand.chain.hash}`;
  } else {
    const fetched = await fetchBeacon(drand, season.beacon.round);
    if (fetched.ok) return (await closeFrozen(ctx, season.month, fetched)) ? 'closed' : 'waiting';
    reason = `drand round ${season.beacon.round} could not be fetched yet: ${fetched.reason}`;
  }
  await withTransaction(ctx, null, (m) =>
    m.tx
      .update(seasons)
      .set({ beaconError: reason.slice(0, 2000), beaconCheckedAt: m.now })
      .where(eq(seasons.month, season.month)),
  );
  ctx.log.warn({ month: season.month }, reason);
  return 'waiting';
}
