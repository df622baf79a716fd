/**
 * The admin desk's analytics: sums of the daily figures kept with each change (figures.ts, ADR 017),
 * at most a year of days per query, never the rows themselves; the queues' ages from the status
 * indexes. Weeks start on Monday, months on the 1st, both in UTC; the last 12 of each, newest first,
 * with empty ones as zeros.
 */
import { sql, type SQL } from 'drizzle-orm';
import { formatCents, toCents } from '../../../shared/money.ts';
import type { TAnalytics } from '../../../shared/schemas/analytics.ts';
import type { AppContext } from '../../context.ts';

const PERIODS = 12;

type Row = Record<string, unknown>;

async function rows(ctx: AppContext, query: SQL): Promise<Row[]> {
  const result = await ctx.db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

/** The Mondays of the last `n` weeks up to `now`, newest first, as YYYY-MM-DD. */
export function lastWeeks(now: Date, n = PERIODS): string[] {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
  return Array.from({ length: n }, (_, i) => new Date(monday.getTime() - i * 7 * 86_400_000).toISOString().slice(0, 10));
}

export function lastMonths(now: Date, n = PERIODS): string[] {
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    return d.toISOString().slice(0, 7);
  });
}

// A day is a date: as a timestamp (not timestamptz) its week does not depend on the session's time zone.
const week = sql`to_char(date_trunc('week', day::timestamp), 'YYYY-MM-DD')`;
const month = sql`to_char(day, 'YYYY-MM')`;

/** The kept daily figures summed per period since `from` (a year of days at most). */
function figures(ctx: AppContext, period: SQL, from: string): Promise<Row[]> {
  return rows(
    ctx,
    sql`select ${period} as k, sum(applications)::int as applications, sum(approved_applications)::int as approved,
      sum(reports)::int as reports, sum(reviewed_reports)::int as reviewed, sum(active_ambassadors)::int as active,
      sum(gcm_awarded)::text as gcm, sum(usdt_awarded)::text as usdt, sum(withdrawn_usdt)::text as withdrawn
      from daily_figures where day >= ${from}::date group by 1`,
  );
}

/**
 * percentile_cont(0.5) of a week's review times, from their counts per tenth of an hour:
 * the middle one, or halfway between the two middle ones.
 */
export function medianOfCounts(counts: [tenths: number, n: number][]): number | null {
  const sorted = [...counts].filter(([, n]) => n > 0).sort(([a], [b]) => a - b);
  const total = sorted.reduce((sum, [, n]) => sum + n, 0);
  if (!total) return null;
  const at = (index: number) => {
    let seen = 0;
    for (const [tenths, n] of sorted) {
      seen += n;
      if (index < seen) return tenths;
    }
    return sorted.at(-1)?.[0] ?? 0;
  };
  const lower = at(Math.floor((total - 1) / 2));
  const upper = at(Math.ceil((total - 1) / 2));
  return (lower + upper) / 20;
}

function byKey(list: Row[]): Map<string, Row> {
  return new Map(list.map((r) => [String(r.k), r]));
}

const int = (v: unknown) => Number(v ?? 0);
const cents = (v: unknown) => formatCents(toCents(String(v ?? '0')));

export async function analytics(ctx: AppContext): Promise<TAnalytics> {
  const now = ctx.clock.now();
  const weeks = lastWeeks(now);
  const months = lastMonths(now);
  const weeksFrom = weeks.at(-1) ?? '';
  const monthsFrom = `${months.at(-1)}-01`;
  const [perWeek, perMonth, reviewTimes, queues] = await Promise.all([
    figures(ctx, week, weeksFrom),
    figures(ctx, month, monthsFrom),
    rows(ctx, sql`select ${week} as k, tenths, sum(n)::int as n from review_times where day >= ${weeksFrom}::date group by 1, 2`),
    rows(
      ctx,
      sql`select
        (select min(created_at) from ambassador_applications where status = 'pending') as applications,
        (select min(created_at) from weekly_reports where status = 'pending') as reports,
        (select min(created_at) from withdrawal_requests where status = 'pending') as withdrawals`,
    ),
  ]);
  const w = byKey(perWeek);
  const mo = byKey(perMonth);
  const times = new Map<string, [number, number][]>();
  for (const r of reviewTimes) {
    const counts = times.get(String(r.k)) ?? [];
    counts.push([int(r.tenths), int(r.n)]);
    times.set(String(r.k), counts);
  }
  const hoursSince = (value: unknown) => {
    if (!value) return null;
    const at = value instanceof Date ? value : new Date(String(value));
    return Math.round(((now.getTime() - at.getTime()) / 3_600_000) * 10) / 10;
  };
  const q = queues[0] ?? {};
  return {
    weeks: weeks.map((k) => {
      const median = medianOfCounts(times.get(k) ?? []);
      return {
        week: k,
        applications: int(w.get(k)?.applications),
        approvedApplications: int(w.get(k)?.approved),
        reports: int(w.get(k)?.reports),
        reviewedReports: int(w.get(k)?.reviewed),
        gcmAwarded: cents(w.get(k)?.gcm),
        usdtAwarded: cents(w.get(k)?.usdt),
        medianReviewHours: median === null ? null : Math.round(median * 10) / 10,
      };
    }),
    months: months.map((k) => ({
      month: k,
      activeAmbassadors: int(mo.get(k)?.active),
      gcmAwarded: cents(mo.get(k)?.gcm),
      usdtAwarded: cents(mo.get(k)?.usdt),
      withdrawnUsdt: cents(mo.get(k)?.withdrawn),
    })),
    queues: {
      oldestPendingApplicationHours: hoursSince(q.applications),
      oldestPendingReportHours: hoursSince(q.reports),
      oldestPendingWithdrawalHours: hoursSince(q.withdrawals),
    },
  };
}
