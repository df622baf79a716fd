/**
 * The programme's month (DECISIONS §5, Seasons, Protocol 1 and Protocol 2): the seasons job, the
 * super admin's close and what the public and the super admin read. Each protocol is its own module
 * with the same function names (protocol-1.ts, protocol-2.ts), chosen once by the row's protocol
 * (protocols.ts) after the row is parsed (season.ts); a month's terms are fixed only by the job and
 * the start of the app (terms.ts). A read never writes.
 */
import { and, asc, desc, eq, gte, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { ERROR_TEXTS } from '../../../shared/error-codes.ts';
import { type TSeasonAdminItem, type TSeasonPreview } from '../../../shared/schemas/season-admin.ts';
import { SEASON_MESSAGES } from '../../../shared/schemas/messages.ts';
import type { TCurrentSeason, TSeasonDetail, TSeasonSummary } from '../../../shared/schemas/seasons.ts';
import { SEASON_PATTERN, seasonBounds, seasonLabel, seasonOf } from '../../../shared/seasons.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { seasonEntrants, seasons } from '../../db/schema.ts';
import { badRequest, notFound, valueError } from '../../errors.ts';
import { hasEnded, planSeason } from './plan.ts';
import { protocolOf, type MonthOfProtocol } from './protocols.ts';
import { closeWhenDue, freezeSeason } from './protocol-2.ts';
import { parseSeason, seasonRow, type SeasonRow } from './season.ts';
import { cutOverMonth, fixMonthTerms, isAfterCutOver, restoreProtocol2 } from './terms.ts';

// The terms' step, for tests that play a month's history (the job and the start call it through terms.ts).
export { ensureSeason } from './terms.ts';

export function checkMonth(month: string): string {
  if (!SEASON_PATTERN.test(month)) throw badRequest(SEASON_MESSAGES.badMonth, 'month');
  return month;
}

/** A row parsed once and bound to its protocol's module. */
function monthOf(ctx: AppContext, row: SeasonRow): MonthOfProtocol {
  return protocolOf(parseSeason(row, ctx.config.drand.chain));
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
  await fixMonthTerms(ctx);
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
    .select({ month: seasons.month, frozenAt: seasons.frozenAt })
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
    const outcome = await attempt(row.month, async () => {
      const season = parseSeason(row, ctx.config.drand.chain);
      if (season.protocol !== 2 || !season.frozen || season.beacon.at.getTime() > ctx.clock.now().getTime()) return undefined;
      return closeWhenDue(ctx, season);
    });
    if (outcome === 'closed') run.closed.push(row.month);
    else if (outcome === 'waiting') run.waiting.push(row.month);
  }
  return run;
}

/**
 * A super admin's close: protocol 1 months with a typed beacon. A protocol 2 month refuses (a beacon
 * given is 400, none is 409: it closes by itself), and so does every month from the cut-over on,
 * whatever its row says.
 */
export async function closeSeason(ctx: AppContext, actor: SessionUser, month: string, beaconInput: string | undefined): Promise<TSeasonSummary> {
  checkMonth(month);
  const found = await seasonRow(ctx.db, month);
  if (!found) throw notFound(SEASON_MESSAGES.noSeason);
  const cut = await cutOverMonth(ctx.db);
  if (found.protocol !== 2 && cut !== undefined && month >= cut) {
    // Protocol 2 from the cut-over on, whatever the row says (DECISIONS §7): no typed beacon, ever.
    throw valueError('CONFLICT', 'SEASON_IS_PROTOCOL_2', { month, cutOver: cut });
  }
  return monthOf(ctx, found).closeSeason(ctx, actor, beaconInput);
}

/* -------------------------------------------------------------------------------------------------
 * What the public and the super admin read: never a write (the job and the start fix the terms).
 * ----------------------------------------------------------------------------------------------- */

/** Whether a season is in the public archive: a closed protocol 1 month, a frozen protocol 2 month. */
const published = or(and(eq(seasons.protocol, 1), isNotNull(seasons.closedAt)), and(eq(seasons.protocol, 2), isNotNull(seasons.frozenAt)));

/** Every ended month of the archive (frozen or closed), newest first. */
export async function publicSeasons(ctx: AppContext): Promise<TSeasonSummary[]> {
  const rows = await ctx.db.select().from(seasons).where(published).orderBy(desc(seasons.month)).limit(240);
  return rows.map((row) => monthOf(ctx, row).publicSeason());
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
  return { ...monthOf(ctx, row).publicSeason(), entrants };
}

/**
 * The running month: its terms (protocol 2) or commitment (protocol 1), and its prize pool. 404 while
 * the month has no row (the job and the start make it before its first page is read), and while a
 * row of another protocol stands from the cut-over on (never used; the job puts it back).
 */
export async function currentSeason(ctx: AppContext): Promise<TCurrentSeason> {
  const month = seasonOf(ctx.clock.now());
  const row = await seasonRow(ctx.db, month);
  if (!row || (row.protocol !== 2 && (await isAfterCutOver(ctx.db, month)))) throw notFound(SEASON_MESSAGES.noSeason);
  return monthOf(ctx, row).currentSeason(ctx);
}

export async function previewSeason(ctx: AppContext, month: string): Promise<TSeasonPreview> {
  checkMonth(month);
  const now = ctx.clock.now();
  if (seasonBounds(month).start.getTime() > now.getTime()) throw notFound(ERROR_TEXTS.MONTH_NOT_STARTED);
  const row = await seasonRow(ctx.db, month);
  if (!row) throw notFound(SEASON_MESSAGES.noSeason);
  const season = monthOf(ctx, row);
  const prizes = await season.prizesOf(ctx);
  const plan = await planSeason(ctx.db, month, prizes);
  const draw = season.previewOf();
  return {
    month,
    label: seasonLabel(month),
    protocol: season.season.protocol,
    status: season.statusOf(now),
    commitment: draw.commitment,
    prizesUsdt: prizes.prizesUsdt,
    lotteryWinners: prizes.lotteryWinners,
    lotteryPrizeUsdt: prizes.lotteryPrizeUsdt,
    champions: plan.champions,
    standings: plan.standings.slice(0, 100),
    rankedCount: plan.standings.length,
    entrants: plan.entrants,
    entrantCount: plan.entrants.length,
    listHash: plan.listHash,
    beaconRule: draw.beaconRule,
    earliestBeaconAt: draw.earliestBeaconAt,
    beaconRound: draw.beaconRound,
  };
}

/** The super admin's view: every season seen, newest first, with where it stands. */
export async function seasonsForAdmin(ctx: AppContext): Promise<TSeasonAdminItem[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db.select().from(seasons).orderBy(desc(seasons.month)).limit(240);
  return rows.map((row) => monthOf(ctx, row).adminItem(now));
}
