/**
 * A month in numbers, logged publicly at its freeze (DECISIONS §5, month.summary): GCM and USDT
 * awarded (the daily figures kept with each change), USDT paid out (withdrawals whose payout was
 * recorded in the month), and the decisions made in the month on applications, reports and
 * withdrawals with the median hours from arrival to decision. Hours are strings with one decimal
 * (the log's canonical JSON holds integers and strings only); null when nothing was decided.
 *
 * The desk in public (DECISIONS §6), in every summary written since it shipped: `decisions.byReason`
 * counts the month's rejections (applications, reports, withdrawals) and suspensions that stand at
 * the month's end by reason code, `unspecified` for those without one, with every code listed (0
 * when unused) and `byKind` per kind; `hoursToDecide` gives the median and p90 hours from arrival to
 * decision of each kind; `appeals` counts the appeals made in the month and those overturned and
 * upheld in it. `tasks` (DECISIONS §7) counts the task claims credited and refused in the month, the
 * refusals by code. A report or withdrawal is decided when it was first decided (`reviewed_at`), an
 * application when it was approved or rejected (`decided_at`).
 */
import { sql } from 'drizzle-orm';
import { formatCents, toCents } from '../../../shared/money.ts';
import { seasonBounds } from '../../../shared/seasons.ts';
import { REASON_CODES, UNSPECIFIED_REASON } from '../../../shared/reasons.ts';
import type { Db } from '../../db/client.ts';
import { TASK_REFUSAL_CODES } from '../../../shared/schemas/tasks.ts';

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

function tenth(value: string | number | null | undefined): string | null {
  return value === null || value === undefined ? null : Number(value).toFixed(1);
}

function decisions(row: Row | undefined): Decisions {
  const approved = Number(row?.approved ?? 0);
  const rejected = Number(row?.rejected ?? 0);
  return { decided: approved + rejected, approved, rejected, medianHours: tenth(row?.median) };
}

function hoursToDecide(row: Row | undefined): { median: string | null; p90: string | null } {
  return { median: tenth(row?.median), p90: tenth(row?.p90) };
}

/** The kinds of decision that take a reason, as `decisions.byKind` names them. */
const REASONED_KINDS = ['applications', 'reports', 'withdrawals', 'suspensions'] as const;

/** Every reason code and `unspecified`, each counted (0 when unused), in the list's order. */
function byReason(rows: Row[], kind?: string): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries([...REASON_CODES, UNSPECIFIED_REASON].map((code) => [code, 0]));
  for (const row of rows) {
    if (kind !== undefined && row.kind !== kind) continue;
    const code = String(row.code);
    counts[code] = (counts[code] ?? 0) + Number(row.n);
  }
  return counts;
}

/** The month's task claims: credited, refused, and the refusals by code (every code listed, 0 when unused). */
function taskSummary(rows: Row[]): { credited: number; refused: number; byReason: Record<string, number> } {
  const byReason: Record<string, number> = Object.fromEntries(TASK_REFUSAL_CODES.map((code) => [code, 0]));
  let credited = 0;
  let refused = 0;
  for (const row of rows) {
    const n = Number(row.n);
    if (row.status === 'credited') credited += n;
    else {
      refused += n;
      byReason[String(row.code)] = (byReason[String(row.code)] ?? 0) + n;
    }
  }
  return { credited, refused, byReason };
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
  const window = (column: string) => sql`${sql.identifier(column)} >= ${from}::timestamptz and ${sql.identifier(column)} < ${to}::timestamptz`;
  const reports =
    await db.execute(sql`select count(*) filter (where status = 'approved')::int as approved, count(*) filter (where status = 'rejected')::int as rejected,
        percentile_cont(0.5) within group (order by ${hours('reviewed_at', 'created_at')}) as median,
        percentile_cont(0.9) within group (order by ${hours('reviewed_at', 'created_at')}) as p90
        from weekly_reports where ${window('reviewed_at')} and status <> 'pending'`);
  const withdrawals =
    await db.execute(sql`select count(*) filter (where status = 'approved')::int as approved, count(*) filter (where status = 'rejected')::int as rejected,
        percentile_cont(0.5) within group (order by ${hours('reviewed_at', 'created_at')}) as median,
        percentile_cont(0.9) within group (order by ${hours('reviewed_at', 'created_at')}) as p90
        from withdrawal_requests where ${window('reviewed_at')} and status in ('approved', 'rejected')`);
  const applications =
    await db.execute(sql`select count(*) filter (where status = 'approved')::int as approved, count(*) filter (where status = 'rejected')::int as rejected,
        percentile_cont(0.5) within group (order by ${hours('decided_at', 'created_at')}) as median,
        percentile_cont(0.9) within group (order by ${hours('decided_at', 'created_at')}) as p90
        from ambassador_applications where ${window('decided_at')} and status <> 'pending'`);
  const reasons = await db.execute(sql`select kind, code, count(*)::int as n from (
          select 'applications' as kind, coalesce(reason_code, ${UNSPECIFIED_REASON}) as code from ambassador_applications where status = 'rejected' and ${window('decided_at')}
          union all
          select 'reports', coalesce(reason_code, ${UNSPECIFIED_REASON}) from weekly_reports where status = 'rejected' and ${window('reviewed_at')}
          union all
          select 'withdrawals', coalesce(reason_code, ${UNSPECIFIED_REASON}) from withdrawal_requests where status = 'rejected' and ${window('reviewed_at')}
          union all
          select 'suspensions', coalesce(suspension_reason_code, ${UNSPECIFIED_REASON}) from ambassadors where ${window('suspended_at')}
        ) d group by kind, code`);
  const appealCounts = await db.execute(sql`select
        (select count(*)::int from appeals where ${window('created_at')}) as made,
        (select count(*)::int from appeals where status = 'overturned' and ${window('decided_at')}) as overturned,
        (select count(*)::int from appeals where status = 'upheld' and ${window('decided_at')}) as upheld`);
  // Task claims decided in the month (DECISIONS §7, Tasks): a manual one when reviewed, the others when checked.
  const taskRows = await db.execute(sql`select status, coalesce(reason_code, ${UNSPECIFIED_REASON}) as code, count(*)::int as n from task_claims
        where status in ('credited', 'refused') and coalesce(decided_at, created_at) >= ${from}::timestamptz and coalesce(decided_at, created_at) < ${to}::timestamptz
        group by 1, 2`);
  const m = rowsOf(money)[0];
  return {
    month,
    gcmAwarded: formatCents(toCents(String(m?.gcm ?? '0'))),
    usdtAwarded: formatCents(toCents(String(m?.usdt ?? '0'))),
    usdtPaid: formatCents(toCents(String(m?.paid ?? '0'))),
    applications: decisions(rowsOf(applications)[0]),
    reports: decisions(rowsOf(reports)[0]),
    withdrawals: decisions(rowsOf(withdrawals)[0]),
    decisions: {
      byReason: byReason(rowsOf(reasons)),
      byKind: Object.fromEntries(REASONED_KINDS.map((kind) => [kind, byReason(rowsOf(reasons), kind)])),
    },
    hoursToDecide: {
      reports: hoursToDecide(rowsOf(reports)[0]),
      applications: hoursToDecide(rowsOf(applications)[0]),
      withdrawals: hoursToDecide(rowsOf(withdrawals)[0]),
    },
    appeals: {
      made: Number(rowsOf(appealCounts)[0]?.made ?? 0),
      overturned: Number(rowsOf(appealCounts)[0]?.overturned ?? 0),
      upheld: Number(rowsOf(appealCounts)[0]?.upheld ?? 0),
    },
    tasks: taskSummary(rowsOf(taskRows)),
  };
}
