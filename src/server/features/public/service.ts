import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { LEADERBOARD_SIZE } from '../../../shared/limits.ts';
import type { TLeaderboardEntry, TReviewTimes, TStats } from '../../../shared/schemas/public.ts';
import { ZSummaryData } from '../../../shared/schemas/log-data.ts';
import { monthPeriod } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { descNullsLast } from '../../db/paging.ts';
import { ambassadors, programmeTotals, publicLog } from '../../db/schema.ts';
import { effectiveMonthly } from '../ledger/index.ts';

/** The figures of the landing page, from the maintained programme totals (never a sum over the ambassadors): the sums of its few rows (schema.ts). */
export async function publicStats(ctx: Pick<AppContext, 'db'>): Promise<TStats> {
  const rows = await ctx.db
    .select({
      n: sql<number>`sum(${programmeTotals.ambassadorCount})::int`.mapWith(Number),
      gcm: sql<string>`sum(${programmeTotals.totalGcmEarned})::numeric(30,2)::text`,
      usdt: sql<string>`sum(${programmeTotals.totalUsdtEarned})::numeric(30,2)::text`,
    })
    .from(programmeTotals);
  const row = rows[0];
  return {
    totalAmbassadors: row?.n ?? 0,
    totalGcmAwarded: row?.gcm ?? '0.00',
    totalUsdtAwarded: row?.usdt ?? '0.00',
    reviewTimes: await lastReviewTimes(ctx),
  };
}

/**
 * The review desk's median times of the last full month (DECISIONS §6: the landing page states them
 * beside its promise), read from the last `month.summary` in the public log, the very figures
 * anyone can check there. Null before the first summary.
 */
export async function lastReviewTimes(ctx: Pick<AppContext, 'db'>): Promise<TReviewTimes | null> {
  const entry = (
    await ctx.db
      .select({ data: publicLog.data })
      .from(publicLog)
      .where(eq(publicLog.kind, 'month.summary'))
      // The latest month's first summary: a second one for a month (never written by the server, DECISIONS §7) changes nothing.
      .orderBy(desc(sql`${publicLog.data}->>'month'`), asc(publicLog.seq))
      .limit(1)
  )[0];
  const parsed = entry ? ZSummaryData.safeParse(entry.data) : undefined;
  if (!parsed?.success) return null;
  const summary = parsed.data;
  const hours = (value: string | number | null) => (value === null ? null : typeof value === 'number' ? value.toFixed(1) : value);
  return {
    month: summary.month,
    reports: { medianHours: hours(summary.reports.medianHours) },
    applications: { medianHours: hours(summary.applications.medianHours) },
    withdrawals: { medianHours: hours(summary.withdrawals.medianHours) },
  };
}

/**
 * This month's ranking (ties: earlier createdAt first) of those who earned GCM this month
 * (DECISIONS §3): a place is earned, so an ambassador with 0 this month is not listed.
 */
export async function leaderboard(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<TLeaderboardEntry[]> {
  const now = ctx.clock.now();
  const period = monthPeriod(now);
  const all = await ctx.db
    .select({
      id: ambassadors.id,
      fullName: ambassadors.fullName,
      monthlyGcm: ambassadors.monthlyGcm,
      monthlyUsdt: ambassadors.monthlyUsdt,
      monthlyPeriod: ambassadors.monthlyPeriod,
      badgeLevel: ambassadors.badgeLevel,
      badgePinned: ambassadors.badgePinned,
    })
    .from(ambassadors)
    .where(and(eq(ambassadors.monthlyPeriod, period), gt(ambassadors.monthlyGcm, '0')))
    .orderBy(descNullsLast(ambassadors.monthlyGcm), asc(ambassadors.createdAt), asc(ambassadors.id))
    .limit(LEADERBOARD_SIZE);
  return all.map((row) => {
    const monthly = effectiveMonthly(row, now);
    return { id: row.id, fullName: row.fullName, badgeLevel: monthly.badgeLevel, monthlyGcm: monthly.monthlyGcm };
  });
}
