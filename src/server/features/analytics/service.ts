/**
 * The admin desk's analytics: SQL aggregates over indexed time columns (created_at, reviewed_at),
 * one grouped query per figure, never rows loaded into the server. Weeks start on Monday, months
 * on the 1st, both in UTC; the last 12 of each, newest first, with empty ones as zeros.
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

const week = (column: SQL) => sql`to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;
const month = (column: SQL) => sql`to_char(date_trunc('month', ${column} at time zone 'UTC'), 'YYYY-MM')`;

/** GCM and USDT credited (rewards, prizes, lottery wins) per period since `from`. */
function credits(ctx: AppContext, period: (column: SQL) => SQL, from: Date): Promise<Row[]> {
  return rows(
    ctx,
    sql`select ${period(sql`created_at`)} as k,
      coalesce(sum(amount) filter (where currency = 'GCM'), 0)::text as gcm, coalesce(sum(amount) filter (where currency = 'USDT'), 0)::text as usdt
      from transactions where type <> 'withdrawal' and created_at >= ${from} group by 1`,
  );
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
  const weeksFrom = new Date(`${weeks.at(-1)}T00:00:00Z`);
  const monthsFrom = new Date(`${months.at(-1)}-01T00:00:00Z`);
  const [applications, approved, reports, reviewed, creditsWeek, active, creditsMonth, withdrawn, queues] = await Promise.all([
    rows(ctx, sql`select ${week(sql`created_at`)} as k, count(*)::int as n from ambassador_applications where created_at >= ${weeksFrom} group by 1`),
    rows(
      ctx,
      sql`select ${week(sql`created_at`)} as k, count(*)::int as n from ambassadors where application_id is not null and created_at >= ${weeksFrom} group by 1`,
    ),
    rows(ctx, sql`select ${week(sql`created_at`)} as k, count(*)::int as n from weekly_reports where created_at >= ${weeksFrom} group by 1`),
    rows(
      ctx,
      sql`select ${week(sql`reviewed_at`)} as k, count(*)::int as n,
        percentile_cont(0.5) within group (order by extract(epoch from reviewed_at - created_at) / 3600) as median
        from weekly_reports where reviewed_at >= ${weeksFrom} group by 1`,
    ),
    credits(ctx, week, weeksFrom),
    rows(
      ctx,
      sql`select ${month(sql`created_at`)} as k, count(distinct ambassador_id)::int as n from weekly_reports where created_at >= ${monthsFrom} group by 1`,
    ),
    credits(ctx, month, monthsFrom),
    rows(
      ctx,
      sql`select ${month(sql`reviewed_at`)} as k, coalesce(sum(amount), 0)::text as usdt
        from withdrawal_requests where status = 'approved' and reviewed_at >= ${monthsFrom} group by 1`,
    ),
    rows(
      ctx,
      sql`select
        (select min(created_at) from ambassador_applications where status = 'pending') as applications,
        (select min(created_at) from weekly_reports where status = 'pending') as reports,
        (select min(created_at) from withdrawal_requests where status = 'pending') as withdrawals`,
    ),
  ]);
  const [a, ap, r, rv, cw] = [applications, approved, reports, reviewed, creditsWeek].map(byKey);
  const [ac, cm, wd] = [active, creditsMonth, withdrawn].map(byKey);
  const hoursSince = (value: unknown) => {
    if (!value) return null;
    const at = value instanceof Date ? value : new Date(String(value));
    return Math.round(((now.getTime() - at.getTime()) / 3_600_000) * 10) / 10;
  };
  const q = queues[0] ?? {};
  return {
    weeks: weeks.map((k) => ({
      week: k,
      applications: int(a?.get(k)?.n),
      approvedApplications: int(ap?.get(k)?.n),
      reports: int(r?.get(k)?.n),
      reviewedReports: int(rv?.get(k)?.n),
      gcmAwarded: cents(cw?.get(k)?.gcm),
      usdtAwarded: cents(cw?.get(k)?.usdt),
      medianReviewHours: rv?.get(k)?.median === undefined || rv?.get(k)?.median === null ? null : Math.round(Number(rv?.get(k)?.median) * 10) / 10,
    })),
    months: months.map((k) => ({
      month: k,
      activeAmbassadors: int(ac?.get(k)?.n),
      gcmAwarded: cents(cm?.get(k)?.gcm),
      usdtAwarded: cents(cm?.get(k)?.usdt),
      withdrawnUsdt: cents(wd?.get(k)?.usdt),
    })),
    queues: {
      oldestPendingApplicationHours: hoursSince(q.applications),
      oldestPendingReportHours: hoursSince(q.reports),
      oldestPendingWithdrawalHours: hoursSince(q.withdrawals),
    },
  };
}
