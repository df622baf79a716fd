/**
 * A month in numbers, logged publicly at its freeze (DECISIONS §5, month.summary): GCM and USDT
 * awarded (the daily figures kept with each change), USDT paid out (withdrawals whose payout was
 * recorded in the month), and the decisions made in the month on applications, reports and
 * withdrawals with the median hours from arrival to decision. Hours are strings with one decimal
 * (the log's canonical JSON holds integers and strings only); null when nothing was decided.
 */
import { sql } from 'drizzle-orm';
import { formatCents, toCents } from '../../../shared/money.ts';
import { seasonBounds } from '../../../shared/seasons.ts';
import type { Db } from '../../db/client.ts';

interface Decisions {
  decided: number;
  approved: number;
  rejected: number;
  medianHours: string | null;
}

type Row = Record<string, string | number | null>;

function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

function decisions(row: Row | undefined): Decisions {
  const approved = Number(row?.approved ?? 0);
  const rejected = Number(row?.rejected ?? 0);
  const median = row?.median;
  return { decided: approved + rejected, approved, rejected, medianHours: median === null || median === undefined ? null : Number(median).toFixed(1) };
}

export async function monthSummary(db: Db, month: string) {
  const { start, end } = seasonBounds(month);
  const from = start.toISOString();
  const to = end.toISOString();
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const hours = (later: string, earlier: string) => sql.raw(`extract(epoch from (${later} - ${earlier})) / 3600`);
  // One after the other: they run in the freeze's transaction, on one connection.
  const money = await db.execute(sql`select
        (select coalesce(sum(gcm_awarded), 0)::text from daily_figures where day >= ${day(start)}::date and day < ${day(end)}::date) as gcm,
        (select coalesce(sum(usdt_awarded), 0)::text from daily_figures where day >= ${day(start)}::date and day < ${day(end)}::date) as usdt,
        (select coalesce(sum(amount), 0)::text from withdrawal_requests where paid_at >= ${from}::timestamptz and paid_at < ${to}::timestamptz) as paid`);
  const reports =
    await db.execute(sql`select count(*) filter (where status = 'approved')::int as approved, count(*) filter (where status = 'rejected')::int as rejected,
        percentile_cont(0.5) within group (order by ${hours('reviewed_at', 'created_at')}) as median
        from weekly_reports where reviewed_at >= ${from}::timestamptz and reviewed_at < ${to}::timestamptz and status <> 'pending'`);
  const withdrawals =
    await db.execute(sql`select count(*) filter (where status = 'approved')::int as approved, count(*) filter (where status = 'rejected')::int as rejected,
        percentile_cont(0.5) within group (order by ${hours('reviewed_at', 'created_at')}) as median
        from withdrawal_requests where reviewed_at >= ${from}::timestamptz and reviewed_at < ${to}::timestamptz and status <> 'pending'`);
  const applications = await db.execute(sql`with decided as (
          select 'approved' as outcome, ${hours('a.created_at', 'p.created_at')} as hours
            from ambassadors a join ambassador_applications p on p.id = a.application_id
            where a.created_at >= ${from}::timestamptz and a.created_at < ${to}::timestamptz
          union all
          select 'rejected', ${hours('rejected_at', 'created_at')}
            from ambassador_applications where status = 'rejected' and rejected_at >= ${from}::timestamptz and rejected_at < ${to}::timestamptz
        )
        select count(*) filter (where outcome = 'approved')::int as approved, count(*) filter (where outcome = 'rejected')::int as rejected,
          percentile_cont(0.5) within group (order by hours) as median from decided`);
  const m = rowsOf(money)[0];
  return {
    month,
    gcmAwarded: formatCents(toCents(String(m?.gcm ?? '0'))),
    usdtAwarded: formatCents(toCents(String(m?.usdt ?? '0'))),
    usdtPaid: formatCents(toCents(String(m?.paid ?? '0'))),
    applications: decisions(rowsOf(applications)[0]),
    reports: decisions(rowsOf(reports)[0]),
    withdrawals: decisions(rowsOf(withdrawals)[0]),
  };
}
