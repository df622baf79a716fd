/**
 * The programme's month (DECISIONS §5, Seasons and The provably fair draw). A season's row is made
 * once, the first time the month is seen (at start, by housekeeping, or by a reader of the current
 * season), with a secret from a CSPRNG and its published commitment; every instance agrees on it
 * (insert-if-absent, then read). The close, by a super admin after the month has ended, freezes the
 * standings from the ledger (awards credited later never change them), draws the lottery with the
 * published beacon, and credits every prize in one transaction, exactly once.
 */
import { and, asc, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { commitmentOf, drawWinners, listHashOf, newSecret } from '../../../shared/draw.ts';
import { formatCents, toCents } from '../../../shared/money.ts';
import { PRIZE_PLACES, type TSettings } from '../../../shared/schemas/settings.ts';
import { SEASON_PATTERN, ordinal, seasonBounds, seasonLabel, seasonOf } from '../../../shared/seasons.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { ambassadors, seasonEntrants, seasons, transactions } from '../../db/schema.ts';
import { prizeWonEmail } from '../../email/templates.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { withTransaction } from '../../mutation.ts';
import * as ledger from '../ledger/service.ts';
import { tellAmbassador } from '../notifications/tell.ts';
import { getSettings } from '../settings/service.ts';

export const SEASON_MESSAGES = {
  badMonth: 'A season is a month written YYYY-MM, like 2026-10',
  notFound: 'No closed season for that month',
  notEnded: 'The month has not ended yet',
  alreadyClosed: 'This season has already been closed',
  beaconRequired: 'Enter the beacon: the hash of the first BNB Smart Chain block at least one hour after the month ended',
  beaconTooLong: 'The beacon must be at most 200 characters',
} as const;

export const MAX_BEACON_LENGTH = 200;

type SeasonRow = typeof seasons.$inferSelect;

export function checkMonth(month: string): string {
  if (!SEASON_PATTERN.test(month)) throw badRequest(SEASON_MESSAGES.badMonth, 'month');
  return month;
}

/** The season's row, made now if this is the first time the month is seen. */
export async function ensureSeason(db: Db, month: string, now: Date): Promise<SeasonRow> {
  const existing = (await db.select().from(seasons).where(eq(seasons.month, month)))[0];
  if (existing) return existing;
  // First sight of the month: make the secret; of two instances at once, the first insert wins.
  const secret = newSecret();
  await db
    .insert(seasons)
    .values({ month, secret, commitment: await commitmentOf(secret), createdAt: now })
    .onConflictDoNothing({ target: seasons.month });
  const row = (await db.select().from(seasons).where(eq(seasons.month, month)))[0];
  if (!row) throw new Error(`season ${month} could not be made`);
  return row;
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

export interface SeasonPlan {
  month: string;
  label: string;
  commitment: string;
  champions: (Standing & { prizeUsdt: string })[];
  entrants: { ambassadorId: string; fullName: string }[];
  lotteryWinners: number;
  lotteryPrizeUsdt: string;
  prizesUsdt: string[];
  standings: Standing[];
  listHash: string;
}

/** Who gets what: the first five ranked take the prizes; every other ranked ambassador is entered once. */
async function planSeason(settings: TSettings, db: Db, season: SeasonRow): Promise<SeasonPlan> {
  const standings = await standingsOf(db, season.month);
  const champions = standings.slice(0, PRIZE_PLACES).map((s, i) => ({ ...s, prizeUsdt: settings.prizesUsdt[i] ?? '0.00' }));
  const entrants = standings
    .slice(PRIZE_PLACES)
    .map((s) => ({ ambassadorId: s.ambassadorId, fullName: s.fullName }))
    .sort((a, b) => (a.ambassadorId < b.ambassadorId ? -1 : a.ambassadorId > b.ambassadorId ? 1 : 0));
  return {
    month: season.month,
    label: seasonLabel(season.month),
    commitment: season.commitment,
    champions,
    entrants,
    lotteryWinners: settings.lotteryWinners,
    lotteryPrizeUsdt: settings.lotteryPrizeUsdt,
    prizesUsdt: settings.prizesUsdt,
    standings,
    listHash: await listHashOf(entrants.map((e) => e.ambassadorId)),
  };
}

function assertEnded(month: string, now: Date): void {
  if (seasonBounds(month).end.getTime() > now.getTime()) throw conflict(SEASON_MESSAGES.notEnded);
}

export async function previewSeason(ctx: AppContext, month: string) {
  checkMonth(month);
  const now = ctx.clock.now();
  if (seasonBounds(month).start.getTime() > now.getTime()) throw notFound('That month has not started yet');
  const season = await ensureSeason(ctx.db, month, now);
  const plan = await planSeason(await getSettings(ctx), ctx.db, season);
  return {
    month,
    label: plan.label,
    status: season.closedAt ? ('closed' as const) : seasonBounds(month).end.getTime() > now.getTime() ? ('running' as const) : ('ended' as const),
    commitment: plan.commitment,
    prizesUsdt: plan.prizesUsdt,
    lotteryWinners: plan.lotteryWinners,
    lotteryPrizeUsdt: plan.lotteryPrizeUsdt,
    champions: plan.champions,
    standings: plan.standings.slice(0, 100),
    rankedCount: plan.standings.length,
    entrants: plan.entrants,
    entrantCount: plan.entrants.length,
    listHash: plan.listHash,
    beaconRule: BEACON_RULE,
    earliestBeaconAt: new Date(seasonBounds(month).end.getTime() + 3_600_000).toISOString(),
  };
}

export const BEACON_RULE =
  "The hash of the first BNB Smart Chain block whose timestamp is at least one hour after the month's end, written bsc:<block number>:<block hash>.";

/**
 * Closes an ended month, exactly once: the season's row is locked and its closedAt checked inside
 * the transaction, so of two closes at once one succeeds and the other gets 409. A failure half-way
 * rolls everything back.
 */
export async function closeSeason(ctx: AppContext, actor: SessionUser, month: string, beaconInput: string) {
  checkMonth(month);
  const beacon = beaconInput.trim();
  if (!beacon) throw badRequest(SEASON_MESSAGES.beaconRequired, 'beacon');
  if (beacon.length > MAX_BEACON_LENGTH) throw badRequest(SEASON_MESSAGES.beaconTooLong, 'beacon');
  assertEnded(month, ctx.clock.now());
  await ensureSeason(ctx.db, month, ctx.clock.now());
  // Read before the transaction: inside it, every read goes through the transaction (the embedded
  // database has one connection, so a read beside it would wait for it forever).
  const settings = await getSettings(ctx);
  return withTransaction(ctx, actor, async (m) => {
    const season = (await m.tx.select().from(seasons).where(eq(seasons.month, month)).for('update'))[0];
    if (!season) throw notFound(SEASON_MESSAGES.notFound);
    if (season.closedAt) throw conflict(SEASON_MESSAGES.alreadyClosed);
    const plan = await planSeason(settings, m.tx, season);
    const drawn = await drawWinners({ secret: season.secret, beacon, entrantIds: plan.entrants.map((e) => e.ambassadorId), winners: plan.lotteryWinners });
    const names = new Map(plan.entrants.map((e) => [e.ambassadorId, e.fullName]));
    const winners = drawn.map((ambassadorId, i) => ({
      position: i + 1,
      ambassadorId,
      fullName: names.get(ambassadorId) ?? '',
      prizeUsdt: plan.lotteryPrizeUsdt,
    }));
    const label = plan.label;
    for (const champion of plan.champions) {
      await ledger.post(m, {
        ambassadorId: champion.ambassadorId,
        type: 'prize',
        currency: 'USDT',
        amount: champion.prizeUsdt,
        description: `${ordinal(champion.rank)} place prize, ${label}`,
        seasonMonth: month,
      });
    }
    for (const winner of winners) {
      await ledger.post(m, {
        ambassadorId: winner.ambassadorId,
        type: 'lottery',
        currency: 'USDT',
        amount: winner.prizeUsdt,
        description: `Lottery win, ${label}`,
        seasonMonth: month,
      });
    }
    if (plan.entrants.length) {
      // In chunks: a statement has at most 65,535 parameters.
      for (let i = 0; i < plan.entrants.length; i += 5_000) {
        await m.tx.insert(seasonEntrants).values(plan.entrants.slice(i, i + 5_000).map((e) => ({ month, ambassadorId: e.ambassadorId, fullName: e.fullName })));
      }
    }
    const champions = plan.champions.map((c) => ({
      rank: c.rank,
      ambassadorId: c.ambassadorId,
      fullName: c.fullName,
      monthlyGcm: c.monthlyGcm,
      prizeUsdt: c.prizeUsdt,
    }));
    await m.tx
      .update(seasons)
      .set({
        closedAt: m.now,
        closedBy: actor.id,
        beacon,
        listHash: plan.listHash,
        entrantCount: plan.entrants.length,
        champions,
        lotteryWinners: winners,
      })
      .where(eq(seasons.month, month));
    for (const champion of champions) {
      await tellAmbassador(m, champion.ambassadorId, (person) => ({
        notification: {
          kind: 'prize_won',
          title: `You won ${ordinal(champion.rank)} place in ${label}`,
          body: `${champion.prizeUsdt} USDT has been credited to your wallet.`,
          link: '/wallet',
        },
        email: prizeWonEmail({ name: person.fullName, label, place: ordinal(champion.rank), amountUsdt: champion.prizeUsdt, appUrl: ctx.config.appUrl }),
      }));
    }
    for (const winner of winners) {
      await tellAmbassador(m, winner.ambassadorId, (person) => ({
        notification: {
          kind: 'prize_won',
          title: `You won the ${label} lottery`,
          body: `${winner.prizeUsdt} USDT has been credited to your wallet.`,
          link: '/wallet',
        },
        email: prizeWonEmail({ name: person.fullName, label, place: null, amountUsdt: winner.prizeUsdt, appUrl: ctx.config.appUrl }),
      }));
    }
    const total = [...champions.map((c) => c.prizeUsdt), ...winners.map((w) => w.prizeUsdt)].reduce((sum, a) => sum + toCents(a), 0n);
    await m.audit(
      'close_season',
      { type: 'season', id: month },
      `${label}: ${champions.length} prizes and ${winners.length} lottery wins, ${formatCents(total)} USDT; beacon ${beacon}`,
    );
    return publicSeason({
      ...season,
      closedAt: m.now,
      beacon,
      listHash: plan.listHash,
      entrantCount: plan.entrants.length,
      champions,
      lotteryWinners: winners,
    });
  });
}

/** A closed season as the public archive shows it (the secret is public from the close on). */
export function publicSeason(row: SeasonRow) {
  if (!row.closedAt) throw new AppError('NOT_FOUND', SEASON_MESSAGES.notFound);
  return {
    month: row.month,
    closedAt: row.closedAt.toISOString(),
    champions: row.champions ?? [],
    lottery: {
      winners: row.lotteryWinners ?? [],
      commitment: row.commitment,
      secret: row.secret,
      beacon: row.beacon ?? '',
      listHash: row.listHash ?? '',
      entrantCount: row.entrantCount ?? 0,
    },
  };
}

export async function closedSeasons(ctx: AppContext) {
  const rows = await ctx.db.select().from(seasons).where(isNotNull(seasons.closedAt)).orderBy(desc(seasons.month)).limit(240);
  return rows.map(publicSeason);
}

export async function closedSeason(ctx: AppContext, month: string) {
  checkMonth(month);
  const row = (
    await ctx.db
      .select()
      .from(seasons)
      .where(and(eq(seasons.month, month), isNotNull(seasons.closedAt)))
  )[0];
  if (!row) throw notFound(SEASON_MESSAGES.notFound);
  const entrants = await ctx.db
    .select({ ambassadorId: seasonEntrants.ambassadorId, fullName: seasonEntrants.fullName })
    .from(seasonEntrants)
    .where(eq(seasonEntrants.month, month))
    .orderBy(asc(seasonEntrants.ambassadorId));
  return { ...publicSeason(row), entrants };
}

/** The running month: its commitment, published before anyone can see who enters, and the prize pool. */
export async function currentSeason(ctx: AppContext) {
  const now = ctx.clock.now();
  const season = await ensureSeason(ctx.db, seasonOf(now), now);
  const settings = await getSettings(ctx);
  return {
    month: season.month,
    commitment: season.commitment,
    prizesUsdt: settings.prizesUsdt,
    lotteryWinners: settings.lotteryWinners,
    lotteryPrizeUsdt: settings.lotteryPrizeUsdt,
    endsAt: seasonBounds(season.month).end.toISOString(),
  };
}

/** The super admin's view: every season seen, newest first, with where it stands. */
export async function seasonsForAdmin(ctx: AppContext) {
  const now = ctx.clock.now();
  await ensureSeason(ctx.db, seasonOf(now), now);
  const rows = await ctx.db.select().from(seasons).orderBy(desc(seasons.month)).limit(240);
  return rows.map((row) => ({
    month: row.month,
    label: seasonLabel(row.month),
    status: row.closedAt ? ('closed' as const) : seasonBounds(row.month).end.getTime() > now.getTime() ? ('running' as const) : ('ended' as const),
    commitment: row.commitment,
    closedAt: row.closedAt?.toISOString() ?? null,
    entrantCount: row.entrantCount,
    prizeWinners: row.champions?.length ?? null,
    lotteryWinners: row.lotteryWinners?.length ?? null,
  }));
}

/** What the ambassador won, newest first, for the dashboard ("You won 2nd place in October 2026"). */
export async function winsOf(db: Db, ambassadorId: string) {
  const rows = await db.select().from(seasons).where(isNotNull(seasons.closedAt)).orderBy(desc(seasons.month)).limit(240);
  return rows.flatMap((row) => {
    const label = seasonLabel(row.month);
    const prize = row.champions?.find((c) => c.ambassadorId === ambassadorId);
    const lottery = row.lotteryWinners?.find((w) => w.ambassadorId === ambassadorId);
    return [
      ...(prize
        ? [{ month: row.month, kind: 'prize' as const, rank: prize.rank, prizeUsdt: prize.prizeUsdt, text: `You won ${ordinal(prize.rank)} place in ${label}` }]
        : []),
      ...(lottery ? [{ month: row.month, kind: 'lottery' as const, rank: null, prizeUsdt: lottery.prizeUsdt, text: `You won the lottery in ${label}` }] : []),
    ];
  });
}
