/**
 * The admin desk's figures kept as things happen (ADR 017): each mutation that changes one adds to
 * it here, and the sums are written once, as the last statements of its transaction (the rows of a
 * day are the hottest the programme has, so they are locked as briefly as possible and always after
 * every other row, in the same order, which leaves no room for a deadlock). A rollback writes
 * nothing. The Analytics tab then sums at most a year of days (features/analytics/service.ts).
 * A day is a few rows: shard 0, written here, and the shards task claims' credits spread over
 * (`moneyUpsert`, ADR 029); every reader sums a day's rows.
 *
 * Each figure is counted on the UTC day of the timestamp its own row keeps (created_at, reviewed_at),
 * so `rebuildFigures` (the bench's bulk load; drizzle/0012_daily_figures.sql for the data before the
 * tables existed) arrives at the same figures, which test/api/analytics.test.ts checks (and
 * test/api/tasks.test.ts with claims' credits on their shards).
 */
import { sql, type SQL } from 'drizzle-orm';
import { monthPeriod, utcDay } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { activeMonths } from '../../db/schema.ts';
import type { Mutation } from '../../mutation.ts';
import { formatCents } from '../../../shared/money.ts';

/** Counted one at a time. */
export type CountedFigure = 'applications' | 'approvedApplications' | 'reports' | 'reviewedReports' | 'activeAmbassadors';
/** Summed money. */
export type MoneyFigure = 'gcmAwarded' | 'usdtAwarded' | 'withdrawnUsdt';

const COLUMNS: Record<CountedFigure | MoneyFigure, string> = {
  applications: 'applications',
  approvedApplications: 'approved_applications',
  reports: 'reports',
  reviewedReports: 'reviewed_reports',
  activeAmbassadors: 'active_ambassadors',
  gcmAwarded: 'gcm_awarded',
  usdtAwarded: 'usdt_awarded',
  withdrawnUsdt: 'withdrawn_usdt',
};

interface Day {
  counts: Map<CountedFigure, number>;
  cents: Map<MoneyFigure, bigint>;
  /** Tenths of an hour waited -> reports reviewed this day after waiting that long. */
  reviewTimes: Map<number, number>;
}

const pending = new WeakMap<Mutation, Map<string, Day>>();

function day(m: Mutation, at: Date): Day {
  let days = pending.get(m);
  if (!days) {
    const created = new Map<string, Day>();
    days = created;
    pending.set(m, created);
    m.beforeCommit(() => write(m.tx, created));
  }
  const key = utcDay(at);
  let found = days.get(key);
  if (!found) {
    found = { counts: new Map(), cents: new Map(), reviewTimes: new Map() };
    days.set(key, found);
  }
  return found;
}

/** One more of `figure` on the day of `at`. */
export function count(m: Mutation, figure: CountedFigure, at: Date): void {
  const d = day(m, at);
  d.counts.set(figure, (d.counts.get(figure) ?? 0) + 1);
}

/** `cents` more of `figure` on the day of `at`. */
export function addMoney(m: Mutation, figure: MoneyFigure, cents: bigint, at: Date): void {
  const d = day(m, at);
  d.cents.set(figure, (d.cents.get(figure) ?? 0n) + cents);
}

/**
 * Money figures of the day of `at` as one INSERT … ON CONFLICT on the day's row of `shard` (an
 * expression), for a CTE of a caller's own statement (ledger/service.ts creditParts): written only
 * when `gate` holds. The same upsert `write` makes on shard 0.
 */
export function moneyUpsert(at: Date, cents: Partial<Record<MoneyFigure, bigint>>, shard: SQL, gate: SQL): SQL {
  const figures = (Object.keys(cents) as MoneyFigure[])
    .filter((figure) => cents[figure])
    .map((figure): [string, string] => [COLUMNS[figure], formatCents(cents[figure] ?? 0n)])
    .sort(([a], [b]) => a.localeCompare(b));
  if (!figures.length) throw new Error('moneyUpsert: no figure');
  const columns = sql.raw(figures.map(([column]) => `"${column}"`).join(', '));
  const values = sql.join(
    figures.map(([, value]) => sql`${value}::numeric`),
    sql`, `,
  );
  const set = sql.raw(figures.map(([column]) => `"${column}" = "daily_figures"."${column}" + excluded."${column}"`).join(', '));
  return sql`insert into daily_figures (day, shard, ${columns}) select ${utcDay(at)}::date, ${shard}, ${values} where ${gate} on conflict (day, shard) do update set ${set}`;
}

/** The tenths of an hour between a report's sending and its review, as rebuildFigures rounds them. */
export function reviewTenths(sentAt: Date, reviewedAt: Date): number {
  return Math.max(0, Math.round((reviewedAt.getTime() - sentAt.getTime()) / 360_000));
}

/** A report reviewed at `reviewedAt` after being sent at `sentAt`: the week's count and its median. */
export function reportReviewed(m: Mutation, sentAt: Date, reviewedAt: Date): void {
  count(m, 'reviewedReports', reviewedAt);
  const d = day(m, reviewedAt);
  const tenths = reviewTenths(sentAt, reviewedAt);
  d.reviewTimes.set(tenths, (d.reviewTimes.get(tenths) ?? 0) + 1);
}

/** A report sent at `sentAt`: counted, and its ambassador counted active for the month if it is their first there. */
export async function reportSent(m: Mutation, ambassadorId: string, sentAt: Date): Promise<void> {
  count(m, 'reports', sentAt);
  // The primary key decides, so two first reports of a month at once still count the ambassador once.
  const first = await m.tx
    .insert(activeMonths)
    .values({ month: monthPeriod(sentAt), ambassadorId })
    .onConflictDoNothing()
    .returning({ month: activeMonths.month });
  if (first.length) count(m, 'activeAmbassadors', sentAt);
}

async function write(tx: Db, days: Map<string, Day>): Promise<void> {
  for (const key of [...days.keys()].sort()) {
    const d = days.get(key);
    if (!d) continue;
    const figures: [string, string][] = [
      ...[...d.counts].map(([figure, n]): [string, string] => [COLUMNS[figure], String(n)]),
      ...[...d.cents].map(([figure, cents]): [string, string] => [COLUMNS[figure], formatCents(cents)]),
    ].sort(([a], [b]) => a.localeCompare(b));
    if (figures.length) {
      const columns = sql.raw(figures.map(([column]) => `"${column}"`).join(', '));
      const values = sql.join(
        figures.map(([, value]) => sql`${value}::numeric`),
        sql`, `,
      );
      const set = sql.raw(figures.map(([column]) => `"${column}" = "daily_figures"."${column}" + excluded."${column}"`).join(', '));
      await tx.execute(sql`insert into daily_figures (day, ${columns}) values (${key}::date, ${values}) on conflict (day, shard) do update set ${set}`);
    }
    for (const tenths of [...d.reviewTimes.keys()].sort((a, b) => a - b)) {
      const n = d.reviewTimes.get(tenths) ?? 0;
      await tx.execute(
        sql`insert into review_times (day, tenths, n) values (${key}::date, ${tenths}, ${n}) on conflict (day, tenths) do update set n = review_times.n + excluded.n`,
      );
    }
  }
}

/**
 * Computes every figure again from the rows themselves, replacing what the tables hold: for a bulk
 * load that bypassed the product (the bench's seed) and as the reference the tests hold the kept
 * figures to. The same statements as the backfill of drizzle/0012_daily_figures.sql.
 */
export async function rebuildFigures(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table daily_figures, active_months, review_times in exclusive mode`);
    await tx.execute(sql`delete from daily_figures`);
    await tx.execute(sql`delete from active_months`);
    await tx.execute(sql`delete from review_times`);
    for (const statement of REBUILD) await tx.execute(sql.raw(statement));
  });
}

/** Kept equal to the backfill at the end of drizzle/0012_daily_figures.sql. */
const REBUILD = [
  `insert into daily_figures (day, applications, approved_applications, reports, reviewed_reports, active_ambassadors, gcm_awarded, usdt_awarded, withdrawn_usdt)
   select day, sum(applications), sum(approved), sum(reports), sum(reviewed), sum(active), sum(gcm), sum(usdt), sum(withdrawn)
   from (
     select (created_at at time zone 'UTC')::date as day, count(*) as applications, 0 as approved, 0 as reports, 0 as reviewed, 0 as active,
            0::numeric as gcm, 0::numeric as usdt, 0::numeric as withdrawn
       from ambassador_applications group by 1
     union all select (created_at at time zone 'UTC')::date, 0, count(*), 0, 0, 0, 0, 0, 0 from ambassadors where application_id is not null group by 1
     union all select (created_at at time zone 'UTC')::date, 0, 0, count(*), 0, 0, 0, 0, 0 from weekly_reports group by 1
     union all select (reviewed_at at time zone 'UTC')::date, 0, 0, 0, count(*), 0, 0, 0, 0 from weekly_reports where reviewed_at is not null group by 1
     union all select first_day, 0, 0, 0, 0, count(*), 0, 0, 0
       from (select (min(created_at) at time zone 'UTC')::date as first_day from weekly_reports
             group by ambassador_id, date_trunc('month', created_at at time zone 'UTC')) firsts group by 1
     union all select (created_at at time zone 'UTC')::date, 0, 0, 0, 0, 0,
            coalesce(sum(amount) filter (where currency = 'GCM'), 0), coalesce(sum(amount) filter (where currency = 'USDT'), 0), 0
       from transactions where type <> 'withdrawal' group by 1
     union all select (reviewed_at at time zone 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, sum(amount)
       from withdrawal_requests where status = 'approved' and reviewed_at is not null group by 1
   ) figures group by day`,
  `insert into active_months (month, ambassador_id)
   select distinct date_trunc('month', created_at at time zone 'UTC')::date, ambassador_id from weekly_reports`,
  `insert into review_times (day, tenths, n)
   select (reviewed_at at time zone 'UTC')::date, greatest(0, round(extract(epoch from reviewed_at - created_at) / 360))::int, count(*)
   from weekly_reports where reviewed_at is not null group by 1, 2`,
];
