/**
 * The programme's month (DECISIONS §5, Seasons, Protocol 1 and Protocol 2).
 *
 * Protocol 2 (every month first seen since it shipped): nobody, the operator included, can choose
 * who wins once the month has started.
 * 1. Terms: when the month is first seen (by the seasons job, ten minutes before it begins, or at
 *    start), its prize table, number of lottery winners, lottery prize and drand round are written
 *    once, hashed, and logged publicly (season.terms). Prize settings changed later apply from the
 *    next month.
 * 2. Freeze: within a minute of the month's end the job freezes the standings and the entrant list
 *    from the ledger as it stood at the end, publishes them (season.frozen, and the month's
 *    month.summary) and tells every champion and entrant the list hash and the round: their
 *    inboxes witness that the list existed before the beacon.
 * 3. Beacon: from the round's time the job fetches the round from the drand relays and keeps it
 *    only if its BLS signature verifies (beacon.ts).
 * 4. Close: the draw (src/shared/draw.ts), prizes and lottery wins credited, winners told,
 *    season.closed logged, in one transaction. A champion or winner suspended since the freeze has
 *    the prize withheld with a public reason (prize.withheld); nobody moves up, nobody is redrawn.
 * Each step runs exactly once across instances: the season's row is locked and its state checked
 * inside the step's transaction.
 *
 * Protocol 1 (rows made before protocol 2 shipped) keeps its secret, commitment and a super
 * admin's close with a typed beacon, and stays verifiable.
 */
import { prizeWonNotification } from '../../email/notifications.ts';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { LATE_BEACON_SECONDS, LATE_BEACON_SECONDS_ANCHORED } from '../../../shared/anchor.ts';
import { drawBeaconRound, drawWinners, drawWinners2, listHashOf, seasonTermsOf, termsHashOf } from '../../../shared/draw.ts';
import { roundTime } from '../../../shared/drand.ts';
import { MAX_BEACON_LENGTH } from '../../../shared/limits.ts';
import { formatCents, toCents } from '../../../shared/money.ts';
import { SEASON_MESSAGES, type SeasonStatus, type TSeasonAdminItem, type TSeasonPreview } from '../../../shared/schemas/season-admin.ts';
import type { TCurrentSeason, TSeasonDetail, TSeasonSummary } from '../../../shared/schemas/seasons.ts';
import { PRIZE_PLACES } from '../../../shared/schemas/settings.ts';
import { LEDGER_DESCRIPTIONS } from '../../../shared/ledger-descriptions.ts';
import { SEASON_PATTERN, seasonBounds, seasonLabel, seasonOf } from '../../../shared/seasons.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { ambassadors, publicLog, seasonEntrants, seasons, transactions, type SeasonChampion, type SeasonWinner } from '../../db/schema.ts';
import { prizeWonEmail } from '../../email/templates.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { withTransaction, type Mutation } from '../../mutation.ts';
import * as ledger from '../ledger/index.ts';
import { tellAmbassador } from '../notifications/index.ts';
import { postClosed, postFrozen } from '../telegram/index.ts';
import { appendLog } from '../public-log/index.ts';
import { getSettings, settingsIn } from '../settings/index.ts';
import { fetchBeacon, fetchLatestRound } from './beacon.ts';
import { tellDrawEntrants } from './entrants.ts';
import { monthSummary } from './summary.ts';
import { ERROR_TEXTS } from '../../../shared/error-codes.ts';

/** The next month's terms are fixed this long before it begins, so the log holds them before the month starts. */
export const TERMS_AHEAD_MS = 10 * 60_000;

type SeasonRow = typeof seasons.$inferSelect;

export function checkMonth(month: string): string {
  if (!SEASON_PATTERN.test(month)) throw badRequest(SEASON_MESSAGES.badMonth, 'month');
  return month;
}

export function nextMonthOf(month: string): string {
  return seasonOf(seasonBounds(month).end);
}

async function seasonRow(db: Db, month: string): Promise<SeasonRow | undefined> {
  return (await db.select().from(seasons).where(eq(seasons.month, month)))[0];
}

/**
 * The season's row, made now if this is the first time the month is seen: under protocol 2, with its
 * terms (from the prize settings as they stand), hashed and logged in the same transaction. Of two
 * instances at once, the first insert wins and only it logs.
 */
export async function ensureSeason(ctx: AppContext, month: string): Promise<SeasonRow> {
  const existing = await seasonRow(ctx.db, month);
  if (existing && (existing.protocol === 2 || !(await isAfterCutOver(ctx.db, month)))) return existing;
  if (existing) return (await restoreProtocol2(ctx, month)) ?? existing;
  return withTransaction(ctx, null, async (m) => {
    const terms = seasonTermsOf(month, await settingsIn(m.tx), ctx.config.drand.chain);
    const termsHash = await termsHashOf(terms);
    const inserted = await m.tx
      .insert(seasons)
      .values({ month, protocol: 2, terms, termsHash, createdAt: m.now })
      .onConflictDoNothing({ target: seasons.month })
      .returning();
    const made = inserted[0];
    if (made) {
      await appendLog(m, 'season.terms', { month, terms, termsHash });
      return made;
    }
    const row = await seasonRow(m.tx, month);
    if (!row) throw new Error(`season ${month} could not be made`);
    return row;
  });
}

/**
 * The cut-over (DECISIONS §7): the month of the first `season.terms` entry in the public log. From it
 * on every month is protocol 2, whatever its row says: a row of another protocol is never used.
 */
export async function cutOverMonth(db: Db): Promise<string | undefined> {
  const [first] = await db
    .select({ month: sql<string>`${publicLog.data}->>'month'` })
    .from(publicLog)
    .where(eq(publicLog.kind, 'season.terms'))
    .orderBy(asc(publicLog.seq))
    .limit(1);
  return first?.month ?? undefined;
}

async function isAfterCutOver(db: Db, month: string): Promise<boolean> {
  const cut = await cutOverMonth(db);
  return cut !== undefined && month >= cut;
}

/**
 * A row of another protocol for a month from the cut-over on (put there through the database, or
 * flipped by an UPDATE) is put back as protocol 2: with the terms the log holds for the month, or,
 * when the log has none, with terms fixed now and logged. A closed row is left as it is (the
 * verifiers fail on it). Answers the row as it now stands, or undefined when it was left.
 */
async function restoreProtocol2(ctx: AppContext, month: string): Promise<SeasonRow | undefined> {
  const restored = await withTransaction(ctx, null, async (m) => {
    const row = (await m.tx.select().from(seasons).where(eq(seasons.month, month)).for('update'))[0];
    if (!row || row.protocol === 2) return row;
    if (row.closedAt) return undefined;
    const [logged] = await m.tx
      .select({ at: publicLog.at, data: publicLog.data })
      .from(publicLog)
      .where(and(eq(publicLog.kind, 'season.terms'), sql`${publicLog.data}->>'month' = ${month}`))
      .orderBy(asc(publicLog.seq))
      .limit(1);
    const fromLog = logged?.data as { terms?: SeasonRow['terms']; termsHash?: string } | undefined;
    let values: Partial<SeasonRow>;
    if (fromLog?.terms && fromLog.termsHash) {
      values = { terms: fromLog.terms, termsHash: fromLog.termsHash, createdAt: new Date(logged?.at ?? m.now) };
    } else {
      const terms = seasonTermsOf(month, await settingsIn(m.tx), ctx.config.drand.chain);
      values = { terms, termsHash: await termsHashOf(terms), createdAt: m.now };
      await appendLog(m, 'season.terms', { month, terms, termsHash: values.termsHash });
    }
    const [updated] = await m.tx
      .update(seasons)
      .set({ ...values, protocol: 2, secret: null, commitment: null, beacon: null })
      .where(eq(seasons.month, month))
      .returning();
    return updated;
  });
  ctx.log.warn({ month }, `seasons: ${month}'s row was not protocol 2 after the cut-over; ${restored ? 'put back as protocol 2' : 'left (closed)'}`);
  return restored;
}

export interface Standing {
  rank: number;
  ambassadorId: string;
  fullName: string;
  monthlyGcm: string;
}

/**
 * A month's standings from the ledger: the GCM rewards credited within the month, per active
 * ambassador with more than 0, ranked by that sum, ties by earlier createdAt (the leaderboard's rule).
 */
export async function standingsOf(db: Db, month: string): Promise<Standing[]> {
  const { start, end } = seasonBounds(month);
  const gcm = sql<string>`sum(${transactions.amount})`;
  const rows = await db
    .select({ ambassadorId: ambassadors.id, fullName: ambassadors.fullName, monthlyGcm: sql<string>`${gcm}::text` })
    .from(transactions)
    .innerJoin(ambassadors, eq(ambassadors.id, transactions.ambassadorId))
    .where(
      and(
        gte(transactions.createdAt, start),
        lt(transactions.createdAt, end),
        eq(transactions.type, 'reward'),
        eq(transactions.currency, 'GCM'),
        eq(ambassadors.status, 'active'),
      ),
    )
    .groupBy(ambassadors.id, ambassadors.fullName, ambassadors.createdAt)
    .having(sql`${gcm} > 0`)
    .orderBy(desc(gcm), asc(ambassadors.createdAt), asc(ambassadors.id));
  return rows.map((r, i) => ({ rank: i + 1, ambassadorId: r.ambassadorId, fullName: r.fullName, monthlyGcm: formatCents(toCents(r.monthlyGcm)) }));
}

interface Prizes {
  prizesUsdt: string[];
  lotteryWinners: number;
  lotteryPrizeUsdt: string;
}

interface SeasonPlan {
  champions: SeasonChampion[];
  entrants: { ambassadorId: string; fullName: string }[];
  standings: Standing[];
  listHash: string;
}

/** Who gets what: the first five ranked take the prizes; every other ranked ambassador is entered once. */
async function planSeason(db: Db, month: string, prizes: Prizes): Promise<SeasonPlan> {
  const standings = await standingsOf(db, month);
  const champions = standings.slice(0, PRIZE_PLACES).map((s, i) => ({ ...s, prizeUsdt: prizes.prizesUsdt[i] ?? '0.00' }));
  const entrants = standings
    .slice(PRIZE_PLACES)
    .map((s) => ({ ambassadorId: s.ambassadorId, fullName: s.fullName }))
    .sort((a, b) => (a.ambassadorId < b.ambassadorId ? -1 : a.ambassadorId > b.ambassadorId ? 1 : 0));
  return { champions, entrants, standings, listHash: await listHashOf(entrants.map((e) => e.ambassadorId)) };
}

function hasEnded(month: string, now: Date): boolean {
  return seasonBounds(month).end.getTime() <= now.getTime();
}

/** Where a month stands (see SEASON_STATUSES): the one rule the super admin's list and the public archive read. */
export function statusOf(row: SeasonRow, now: Date): SeasonStatus {
  if (row.closedAt) return 'closed';
  if (!hasEnded(row.month, now)) return 'running';
  if (row.protocol !== 2 || !row.frozenAt) return 'ended';
  return row.beaconAt && row.beaconAt.getTime() <= now.getTime() ? 'waiting' : 'frozen';
}

/* -------------------------------------------------------------------------------------------------
 * Protocol 2: the freeze and the close, by the product itself.
 * ----------------------------------------------------------------------------------------------- */

/** The terms of a protocol 2 row (written with the row; a row without them is protocol 1). */
function termsOf(row: SeasonRow) {
  if (!row.terms || !row.termsHash) throw new Error(`season ${row.month} has no terms`);
  return { terms: row.terms, termsHash: row.termsHash };
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
    const season = (await m.tx.select().from(seasons).where(eq(seasons.month, month)).for('update'))[0];
    if (!season || season.protocol !== 2 || season.frozenAt || !hasEnded(month, ctx.clock.now())) return false;
    const { terms } = termsOf(season);
    const latest = await fetchLatestRound(ctx.config.drand);
    if (!latest.ok) {
      waiting = `The freeze waits for a verified latest drand round: ${latest.reason}`;
      return false;
    }
    // Read after the lock and after the relays answered: nothing before them dates the freeze.
    const frozenAt = ctx.clock.now();
    const latestRound = { round: latest.round, signature: latest.signature };
    const plan = await planSeason(m.tx, month, terms);
    // With anchoring on, a late freeze's beacon is 10 minutes on, so the anchor of the freeze lands before it.
    const lateBy = ctx.config.anchor ? LATE_BEACON_SECONDS_ANCHORED : LATE_BEACON_SECONDS;
    const beaconRound = drawBeaconRound(chain, terms.beacon.round, frozenAt, latestRound.round, lateBy);
    const beaconAt = new Date(roundTime(chain, beaconRound) * 1000);
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
    // In chunks: a statement has at most 65,535 parameters.
    for (let i = 0; i < plan.entrants.length; i += 5_000) {
      await m.tx.insert(seasonEntrants).values(plan.entrants.slice(i, i + 5_000).map((e) => ({ month, ambassadorId: e.ambassadorId, fullName: e.fullName })));
    }
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
  if (waiting !== undefined) {
    await ctx.db
      .update(seasons)
      .set({ beaconError: waiting.slice(0, 2000), beaconCheckedAt: ctx.clock.now() })
      .where(and(eq(seasons.month, month), isNull(seasons.frozenAt)));
    ctx.log.warn({ month }, waiting);
  }
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
    const season = (await m.tx.select().from(seasons).where(eq(seasons.month, month)).for('update'))[0];
    if (!season || season.protocol !== 2 || !season.frozenAt || season.closedAt) return false;
    const { terms, termsHash } = termsOf(season);
    const entrants = await m.tx
      .select({ ambassadorId: seasonEntrants.ambassadorId, fullName: seasonEntrants.fullName })
      .from(seasonEntrants)
      .where(eq(seasonEntrants.month, month))
      .orderBy(asc(seasonEntrants.ambassadorId));
    const drawn = await drawWinners2({
      termsHash,
      listHash: season.listHash ?? undefined,
      randomness: beacon.randomness,
      entrantIds: entrants.map((e) => e.ambassadorId),
      winners: terms.lotteryWinners,
    });
    const names = new Map(entrants.map((e) => [e.ambassadorId, e.fullName]));
    const frozenChampions = season.champions ?? [];
    const reasons = await withheldReasons(m.tx, [...frozenChampions.map((c) => c.ambassadorId), ...drawn]);
    const withheld = (id: string) => (reasons.has(id) ? { withheld: { reason: reasons.get(id) ?? '' } } : {});
    const champions: SeasonChampion[] = frozenChampions.map((c) => ({ ...c, ...withheld(c.ambassadorId) }));
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
      beaconRound: season.beaconRound,
      signature: beacon.signature,
      randomness: beacon.randomness,
      winners: winners.map(({ withheld: _w, ...w }) => w),
    });
    await postClosed(m, { month, champions, winners });
    return true;
  });
}

/**
 * Credits each champion's and lottery winner's prize (a USDT ledger entry of type prize or lottery)
 * and tells them; a withheld prize is logged publicly instead (protocol 2).
 */
async function payPrizes(m: Mutation, month: string, champions: SeasonChampion[], winners: SeasonWinner[]): Promise<void> {
  const prizes = [
    ...champions.map((c) => ({ ...c, kind: 'prize' as const, description: LEDGER_DESCRIPTIONS.prize(c.rank, month) })),
    ...winners.map((w) => ({ ...w, kind: 'lottery' as const, rank: null, description: LEDGER_DESCRIPTIONS.lottery(month) })),
  ];
  const appUrl = m.ctx.config.appUrl;
  for (const { ambassadorId, kind, rank, prizeUsdt, withheld, description } of prizes) {
    if (withheld) {
      await appendLog(m, 'prize.withheld', { month, ambassadorId, kind, prizeUsdt, reason: withheld.reason });
      continue;
    }
    await ledger.post(m, { ambassadorId, type: kind, currency: 'USDT', amount: prizeUsdt, ...description, seasonMonth: month });
    await tellAmbassador(m, ambassadorId, (person) => ({
      notification: prizeWonNotification({ month, rank, amountUsdt: prizeUsdt }, person.locale),
      email: prizeWonEmail({ name: person.fullName, month, rank, amountUsdt: prizeUsdt, appUrl, locale: person.locale }),
    }));
  }
}

/** Fetches a due month's beacon and closes it, or records why it is still waiting. */
async function closeWhenDue(ctx: AppContext, row: SeasonRow): Promise<'closed' | 'waiting'> {
  const drand = ctx.config.drand;
  const { terms } = termsOf(row);
  let reason: string;
  if (terms.beacon.chain !== drand.chain.hash) {
    reason = `This month's terms name drand chain ${terms.beacon.chain}, but the server is set up for ${drand.chain.hash}`;
  } else if (row.beaconRound === null) {
    reason = 'The month has no beacon round';
  } else {
    const fetched = await fetchBeacon(drand, row.beaconRound);
    if (fetched.ok) return (await closeFrozen(ctx, row.month, fetched)) ? 'closed' : 'waiting';
    reason = `drand round ${row.beaconRound} could not be fetched yet: ${fetched.reason}`;
  }
  await ctx.db
    .update(seasons)
    .set({ beaconError: reason.slice(0, 2000), beaconCheckedAt: ctx.clock.now() })
    .where(eq(seasons.month, row.month));
  ctx.log.warn({ month: row.month }, reason);
  return 'waiting';
}

export interface SeasonsJobRun {
  frozen: string[];
  closed: string[];
  waiting: string[];
  /** Months whose step failed (rolled back, tried again on the next run); the others went on. */
  failed: string[];
}

/**
 * One round of the seasons job (at start and every SEASONS_JOB_EVERY_MS on every instance): the
 * running month's terms (and the next month's, shortly before it begins), then each protocol 2 month
 * that has ended frozen, and each frozen one whose round is due closed.
 */
export async function runSeasonsJob(ctx: AppContext): Promise<SeasonsJobRun> {
  const now = ctx.clock.now();
  const current = seasonOf(now);
  await ensureSeason(ctx, current);
  const next = nextMonthOf(current);
  if (seasonBounds(next).start.getTime() - now.getTime() <= TERMS_AHEAD_MS) await ensureSeason(ctx, next);
  const run: SeasonsJobRun = { frozen: [], closed: [], waiting: [], failed: [] };
  // A row of another protocol from the cut-over on is never used: put back as protocol 2 first.
  const cut = await cutOverMonth(ctx.db);
  if (cut !== undefined) {
    const downgraded = await ctx.db
      .select({ month: seasons.month })
      .from(seasons)
      .where(and(sql`${seasons.protocol} <> 2`, gte(seasons.month, cut), isNull(seasons.closedAt)));
    for (const { month } of downgraded) {
      try {
        await restoreProtocol2(ctx, month);
      } catch (error) {
        run.failed.push(month);
        ctx.log.error({ month, err: error instanceof Error ? error.message : String(error) }, 'seasons: a downgraded month could not be put back');
      }
    }
  }
  // One month's failure (rolled back whole) neither stops the others nor this run.
  const attempt = async <T>(month: string, step: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await step();
    } catch (error) {
      run.failed.push(month);
      ctx.log.error(
        { month, err: error instanceof Error ? error.message : String(error) },
        'seasons: a step failed and was rolled back; it runs again shortly',
      );
      return undefined;
    }
  };
  const open = await ctx.db
    .select()
    .from(seasons)
    .where(and(eq(seasons.protocol, 2), isNull(seasons.closedAt)))
    .orderBy(asc(seasons.month));
  for (const row of open) {
    if (!hasEnded(row.month, now)) continue;
    if (!row.frozenAt && (await attempt(row.month, () => freezeSeason(ctx, row.month)))) run.frozen.push(row.month);
  }
  const frozen = await ctx.db
    .select()
    .from(seasons)
    .where(and(eq(seasons.protocol, 2), isNotNull(seasons.frozenAt), isNull(seasons.closedAt)))
    .orderBy(asc(seasons.month));
  for (const row of frozen) {
    if (!row.beaconAt || row.beaconAt.getTime() > ctx.clock.now().getTime()) continue;
    const outcome = await attempt(row.month, () => closeWhenDue(ctx, row));
    if (outcome === 'closed') run.closed.push(row.month);
    else if (outcome === 'waiting') run.waiting.push(row.month);
  }
  return run;
}

/* -------------------------------------------------------------------------------------------------
 * Protocol 1: the close by a super admin with a typed beacon (months first seen before protocol 2).
 * ----------------------------------------------------------------------------------------------- */

/**
 * Closes an ended protocol 1 month, exactly once, with the beacon a super admin typed. A protocol 2
 * month refuses: a beacon given is 400, none is 409 (it closes by itself). A failure half-way rolls
 * everything back.
 */
export async function closeSeason(ctx: AppContext, actor: SessionUser, month: string, beaconInput: string | undefined) {
  checkMonth(month);
  const found = await seasonRow(ctx.db, month);
  if (!found) throw notFound(SEASON_MESSAGES.noSeason);
  const cut = await cutOverMonth(ctx.db);
  if (found.protocol !== 2 && cut !== undefined && month >= cut) {
    // Protocol 2 from the cut-over on, whatever the row says (DECISIONS §7): no typed beacon, ever.
    throw new AppError('CONFLICT', SEASON_MESSAGES.afterCutOver(month, cut), undefined, 'SEASON_IS_PROTOCOL_2', { month, cutOver: cut });
  }
  if (found.protocol === 2) {
    if (beaconInput !== undefined) throw badRequest(SEASON_MESSAGES.noTypedBeacon, 'beacon');
    if (found.closedAt) throw conflict(SEASON_MESSAGES.alreadyClosed);
    const round = found.beaconRound ?? found.terms?.beacon.round ?? 0;
    const at = found.beaconAt ?? new Date(roundTime(ctx.config.drand.chain, round) * 1000);
    throw new AppError('CONFLICT', SEASON_MESSAGES.closesItself(round, at.toISOString()), undefined, 'SEASON_CLOSES_ITSELF', {
      round: String(round),
      at: at.toISOString(),
    });
  }
  const beacon = (beaconInput ?? '').trim();
  if (!beacon) throw badRequest(SEASON_MESSAGES.beaconRequired, 'beacon');
  if (beacon.length > MAX_BEACON_LENGTH) throw badRequest(SEASON_MESSAGES.beaconTooLong, 'beacon');
  if (!hasEnded(month, ctx.clock.now())) throw conflict(SEASON_MESSAGES.notEnded);
  // Read before the transaction: inside it, every read goes through the transaction (the embedded
  // database has one connection, so a read beside it would wait for it forever).
  const settings = await getSettings(ctx);
  return withTransaction(ctx, actor, async (m) => {
    const season = (await m.tx.select().from(seasons).where(eq(seasons.month, month)).for('update'))[0];
    if (!season) throw notFound(SEASON_MESSAGES.noSeason);
    if (season.closedAt) throw conflict(SEASON_MESSAGES.alreadyClosed);
    const plan = await planSeason(m.tx, month, settings);
    const drawn = await drawWinners({
      secret: season.secret ?? '',
      beacon,
      entrantIds: plan.entrants.map((e) => e.ambassadorId),
      winners: settings.lotteryWinners,
    });
    const names = new Map(plan.entrants.map((e) => [e.ambassadorId, e.fullName]));
    const winners: SeasonWinner[] = drawn.map((ambassadorId, i) => ({
      position: i + 1,
      ambassadorId,
      fullName: names.get(ambassadorId) ?? '',
      prizeUsdt: settings.lotteryPrizeUsdt,
    }));
    await payPrizes(m, month, plan.champions, winners);
    for (let i = 0; i < plan.entrants.length; i += 5_000) {
      await m.tx.insert(seasonEntrants).values(plan.entrants.slice(i, i + 5_000).map((e) => ({ month, ambassadorId: e.ambassadorId, fullName: e.fullName })));
    }
    const closed = {
      closedAt: m.now,
      closedBy: actor.id,
      beacon,
      listHash: plan.listHash,
      entrantCount: plan.entrants.length,
      champions: plan.champions,
      lotteryWinners: winners,
    };
    await m.tx.update(seasons).set(closed).where(eq(seasons.month, month));
    await postClosed(m, { month, champions: plan.champions, winners });
    const total = [...plan.champions, ...winners].reduce((sum, w) => sum + toCents(w.prizeUsdt), 0n);
    await m.audit(
      'close_season',
      { type: 'season', id: month },
      `${seasonLabel(month)}: ${plan.champions.length} prizes and ${winners.length} lottery wins, ${formatCents(total)} USDT; beacon ${beacon}`,
    );
    return publicSeason({ ...season, ...closed }, m.now);
  });
}

/* -------------------------------------------------------------------------------------------------
 * What the public and the super admin read.
 * ----------------------------------------------------------------------------------------------- */

/** Whether a season is in the public archive: a closed protocol 1 month, a frozen protocol 2 month. */
const published = or(and(eq(seasons.protocol, 1), isNotNull(seasons.closedAt)), and(eq(seasons.protocol, 2), isNotNull(seasons.frozenAt)));

/** A season as the public archive shows it (DECISIONS §5; protocol 1's secret is public from its close on). */
export function publicSeason(row: SeasonRow, now: Date): TSeasonSummary {
  if (row.protocol === 2) {
    if (!row.frozenAt || row.beaconRound === null || !row.beaconAt) throw notFound(SEASON_MESSAGES.notFound);
    const { terms, termsHash } = termsOf(row);
    // The archive says 'frozen' from the freeze to the close (statusOf's frozen and waiting alike).
    const closed = statusOf(row, now) === 'closed';
    return {
      month: row.month,
      protocol: 2,
      status: closed ? 'closed' : 'frozen',
      terms,
      termsHash,
      termsFixedAt: row.createdAt.toISOString(),
      frozenAt: row.frozenAt.toISOString(),
      ...(closed && row.closedAt ? { closedAt: row.closedAt.toISOString() } : {}),
      champions: row.champions ?? [],
      entrantCount: row.entrantCount ?? 0,
      listHash: row.listHash ?? '',
      beacon: {
        chain: terms.beacon.chain,
        round: row.beaconRound,
        at: row.beaconAt.toISOString(),
        ...(closed ? { signature: row.beaconSignature ?? '', randomness: row.beaconRandomness ?? '' } : {}),
      },
      latestRound: row.latestRound ?? null,
      ...(closed ? { lottery: { winners: row.lotteryWinners ?? [] } } : {}),
    };
  }
  if (!row.closedAt) throw notFound(SEASON_MESSAGES.notFound);
  return {
    month: row.month,
    protocol: 1,
    status: 'closed',
    closedAt: row.closedAt.toISOString(),
    champions: row.champions ?? [],
    lottery: {
      winners: row.lotteryWinners ?? [],
      commitment: row.commitment ?? '',
      secret: row.secret ?? '',
      beacon: row.beacon ?? '',
      listHash: row.listHash ?? '',
      entrantCount: row.entrantCount ?? 0,
    },
  };
}

/** Every ended month of the archive (frozen or closed), newest first. */
export async function publicSeasons(ctx: AppContext): Promise<TSeasonSummary[]> {
  const rows = await ctx.db.select().from(seasons).where(published).orderBy(desc(seasons.month)).limit(240);
  const now = ctx.clock.now();
  return rows.map((row) => publicSeason(row, now));
}

export async function publicSeasonDetail(ctx: AppContext, month: string): Promise<TSeasonDetail> {
  checkMonth(month);
  const row = (
    await ctx.db
      .select()
      .from(seasons)
      .where(and(eq(seasons.month, month), published))
  )[0];
  if (!row) throw notFound(SEASON_MESSAGES.notFound);
  const entrants = await ctx.db
    .select({ ambassadorId: seasonEntrants.ambassadorId, fullName: seasonEntrants.fullName })
    .from(seasonEntrants)
    .where(eq(seasonEntrants.month, month))
    .orderBy(asc(seasonEntrants.ambassadorId));
  return { ...publicSeason(row, ctx.clock.now()), entrants };
}

/** The running month: its terms (protocol 2) or commitment (protocol 1), and its prize pool. */
export async function currentSeason(ctx: AppContext): Promise<TCurrentSeason> {
  const season = await ensureSeason(ctx, seasonOf(ctx.clock.now()));
  const endsAt = seasonBounds(season.month).end.toISOString();
  if (season.protocol === 2) {
    const { terms, termsHash } = termsOf(season);
    return {
      month: season.month,
      protocol: 2,
      commitment: null,
      prizesUsdt: terms.prizesUsdt,
      lotteryWinners: terms.lotteryWinners,
      lotteryPrizeUsdt: terms.lotteryPrizeUsdt,
      endsAt,
      terms,
      termsHash,
      termsFixedAt: season.createdAt.toISOString(),
    };
  }
  const settings = await getSettings(ctx);
  return {
    month: season.month,
    protocol: 1,
    commitment: season.commitment,
    prizesUsdt: settings.prizesUsdt,
    lotteryWinners: settings.lotteryWinners,
    lotteryPrizeUsdt: settings.lotteryPrizeUsdt,
    endsAt,
  };
}

export async function previewSeason(ctx: AppContext, month: string): Promise<TSeasonPreview> {
  checkMonth(month);
  const now = ctx.clock.now();
  if (seasonBounds(month).start.getTime() > now.getTime()) throw notFound(ERROR_TEXTS.MONTH_NOT_STARTED);
  const season = month === seasonOf(now) ? await ensureSeason(ctx, month) : await seasonRow(ctx.db, month);
  if (!season) throw notFound(SEASON_MESSAGES.noSeason);
  const prizes = season.terms ?? (await getSettings(ctx));
  const plan = await planSeason(ctx.db, month, prizes);
  const round = season.beaconRound ?? season.terms?.beacon.round ?? null;
  return {
    month,
    label: seasonLabel(month),
    protocol: season.protocol,
    status: statusOf(season, now),
    commitment: season.commitment,
    prizesUsdt: prizes.prizesUsdt,
    lotteryWinners: prizes.lotteryWinners,
    lotteryPrizeUsdt: prizes.lotteryPrizeUsdt,
    champions: plan.champions,
    standings: plan.standings.slice(0, 100),
    rankedCount: plan.standings.length,
    entrants: plan.entrants,
    entrantCount: plan.entrants.length,
    listHash: plan.listHash,
    beaconRule: season.protocol === 2 ? DRAND_RULE : BEACON_RULE,
    earliestBeaconAt:
      round !== null
        ? new Date(roundTime(ctx.config.drand.chain, round) * 1000).toISOString()
        : new Date(seasonBounds(month).end.getTime() + 3_600_000).toISOString(),
    beaconRound: round,
  };
}

export const BEACON_RULE =
  "The hash of the first BNB Smart Chain block whose timestamp is at least one hour after the month's end, written bsc:<block number>:<block hash>.";
export const DRAND_RULE =
  "drand quicknet's first round at or after one hour past the month's end, fixed in the terms when the month began, fetched and checked by the server.";

/** The super admin's view: every season seen, newest first, with where it stands. */
export async function seasonsForAdmin(ctx: AppContext): Promise<TSeasonAdminItem[]> {
  const now = ctx.clock.now();
  await ensureSeason(ctx, seasonOf(now));
  const rows = await ctx.db.select().from(seasons).orderBy(desc(seasons.month)).limit(240);
  return rows.map((row) => {
    const status = statusOf(row, now);
    const round = row.beaconRound ?? row.terms?.beacon.round ?? null;
    return {
      month: row.month,
      label: seasonLabel(row.month),
      protocol: row.protocol,
      status,
      commitment: row.commitment,
      termsHash: row.termsHash,
      termsFixedAt: row.protocol === 2 ? row.createdAt.toISOString() : null,
      frozenAt: row.frozenAt?.toISOString() ?? null,
      beaconRound: round,
      beaconAt: row.beaconAt?.toISOString() ?? (round !== null ? new Date(roundTime(ctx.config.drand.chain, round) * 1000).toISOString() : null),
      waitingReason: status === 'waiting' ? (row.beaconError ?? 'The round is due: the server fetches it within a minute') : null,
      closedAt: row.closedAt?.toISOString() ?? null,
      entrantCount: row.entrantCount,
      prizeWinners: row.champions?.filter((c) => !c.withheld).length ?? null,
      lotteryWinners: row.lotteryWinners?.filter((w) => !w.withheld).length ?? null,
      withheldCount: [...(row.champions ?? []), ...(row.lotteryWinners ?? [])].filter((w) => w.withheld).length,
    };
  });
}
