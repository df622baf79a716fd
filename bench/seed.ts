/**
 * Deterministic bulk data for the benchmark, written with set-based SQL
 * (generate_series), never through the API. The same SQL runs on PostgreSQL
 * and PGlite. The caches on `ambassadors` and the programme totals are
 * recomputed from the ledger at the end, so they equal it exactly, as the
 * product keeps them.
 */
import { sql } from 'drizzle-orm';
import { rebuildFigures } from '../src/server/features/analytics/figures.ts';
import type { Db } from '../src/server/db/client.ts';

export interface Size {
  name: 'S' | 'M' | 'L';
  ambassadors: number;
  applications: number;
  reports: number;
  ledger: number;
}

export const SIZES: Record<Size['name'], Size> = {
  S: { name: 'S', ambassadors: 1_000, applications: 1_000, reports: 1_000, ledger: 10_000 },
  M: { name: 'M', ambassadors: 10_000, applications: 10_000, reports: 10_000, ledger: 1_000_000 },
  L: { name: 'L', ambassadors: 100_000, applications: 100_000, reports: 100_000, ledger: 1_000_000 },
};

/** The password of every seeded ambassador (the harness signs in with it). */
export const BENCH_PASSWORD = 'BenchPass123!';
/** Seeded ambassadors 1..WRITERS get a large USDT balance for the writer test. */
export const WRITERS = 50;
export const benchEmail = (i: number) => `amb${i}@bench.example`;

const exec = (db: Db, text: string) => db.execute(sql.raw(text));

/** Seeds one size into a freshly migrated, empty database. `passwordHash` is one argon2id hash shared by every seeded account. */
export async function seed(db: Db, size: Size, passwordHash: string, log: (line: string) => void = () => undefined): Promise<void> {
  const n = size.ambassadors;
  const hash = passwordHash.replaceAll("'", "''");
  const step = async (label: string, text: string) => {
    const started = performance.now();
    await exec(db, text);
    log(`  seed ${label}: ${Math.round(performance.now() - started)} ms`);
  };
  // Deterministic ids: a uuid made from an md5 of a label and the row number.
  await step(
    'users',
    `insert into users (id, username, password, email, full_name, created_at)
     select md5('user' || i)::uuid, 'amb' || i || '@bench.example', '${hash}', 'amb' || i || '@bench.example', 'Bench Ambassador ' || i,
            date_trunc('day', now()) - interval '400 days' + (i * (interval '365 days' / ${n}))
     from generate_series(1::bigint, ${n}) as i`,
  );
  await step(
    'ambassadors',
    `insert into ambassadors (id, user_id, full_name, email, country, personal_telegram_handle, status, created_at, updated_at, usdt_wallet_address)
     select md5('amb' || i)::uuid, md5('user' || i)::uuid, 'Bench Ambassador ' || i, 'amb' || i || '@bench.example',
            (array['Kenya','Nigeria','Brazil','India','Spain','Ghana','Vietnam','Mexico'])[1 + (i % 8)::int], '@amb' || i,
            case when i % 97 = 0 then 'suspended' else 'active' end,
            date_trunc('day', now()) - interval '400 days' + (i * (interval '365 days' / ${n})),
            date_trunc('day', now()) - interval '400 days' + (i * (interval '365 days' / ${n})),
            '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
     from generate_series(1::bigint, ${n}) as i`,
  );
  await step(
    'applications',
    `insert into ambassador_applications (id, full_name, email, country, personal_telegram_handle, social_media_platforms, twitter_handle,
            total_followers, why_join, experience, status, created_at)
     select md5('app' || i)::uuid, 'Bench Applicant ' || i, 'applicant' || i || '@bench.example', 'Kenya', '@applicant' || i, array['twitter','telegram'],
            'https://x.com/applicant' || i, (i * 7919) % 100000,
            'I want to bring my football community on chain and help the programme grow in my country.',
            'I moderate groups and write threads about web3 gaming for my followers every week.',
            case i % 10 when 0 then 'pending' when 1 then 'rejected' else 'approved' end,
            now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute'
     from generate_series(1::bigint, ${size.applications}) as i`,
  );
  // One report per ambassador per day: report i belongs to ambassador (i mod n), on day floor(i / n) before yesterday.
  await step(
    'reports',
    `insert into weekly_reports (id, ambassador_id, week_start_date, week_end_date, activity_report, status, gcm_awarded, usdt_awarded, submitted_on, created_at, reviewed_at)
     select md5('report' || i)::uuid, md5('amb' || (1 + i % ${n}))::uuid,
            current_date - 8 - (i / ${n})::int, current_date - 2 - (i / ${n})::int,
            'Posted threads about the project, hosted a Telegram AMA and answered questions from new members.',
            case when i % 20 = 0 then 'pending' when i % 20 = 1 then 'rejected' else 'approved' end,
            case when i % 20 > 1 then 100 else 0 end, case when i % 20 > 1 then 10 else 0 end,
            current_date - 1 - (i / ${n})::int,
            (current_date - 1 - (i / ${n})::int) + (i % 1440) * interval '1 minute',
            case when i % 20 = 0 then null else (current_date - 1 - (i / ${n})::int) + interval '1 day' end
     from generate_series(0::bigint, ${size.reports - 1}) as i`,
  );
  // The ledger: rewards spread over the last 12 months (about a twelfth of them this month), GCM and USDT alternating.
  await step(
    'ledger',
    `insert into transactions (id, ambassador_id, type, currency, amount, description, created_at)
     select md5('tx' || i)::uuid, md5('amb' || (1 + (i * 7) % ${n}))::uuid, 'reward',
            case when i % 2 = 0 then 'GCM' else 'USDT' end,
            case when i % 2 = 0 then 10 + (i * 7919) % 90000 / 100.0 else 1 + (i * 104729) % 5000 / 100.0 end,
            'Bench reward',
            now() - ((i * 7717) % (365 * 24 * 60)) * interval '1 minute'
     from generate_series(1::bigint, ${size.ledger}) as i`,
  );
  // The writer test's ambassadors get enough USDT to request many withdrawals.
  await step(
    'writer balances',
    `insert into transactions (id, ambassador_id, type, currency, amount, description, created_at)
     select md5('writer' || i)::uuid, md5('amb' || i)::uuid, 'reward', 'USDT', 1000000, 'Bench writer balance', now() - interval '1 hour'
     from generate_series(1::bigint, ${Math.min(WRITERS, n)}) as i`,
  );
  await step(
    'ambassador caches',
    `update ambassadors a set
        total_gcm_earned = s.gcm, total_usdt_earned = s.usdt, monthly_gcm = s.mgcm, monthly_usdt = s.musdt,
        monthly_period = case when s.mgcm > 0 or s.musdt > 0 then date_trunc('month', now() at time zone 'UTC')::date else null end,
        badge_level = case when s.mgcm >= 5000 then 'gold' when s.mgcm >= 2000 then 'silver' when s.mgcm >= 500 then 'bronze' else 'normal' end
     from (
       select ambassador_id,
         coalesce(sum(amount) filter (where currency = 'GCM'), 0) as gcm,
         coalesce(sum(amount) filter (where currency = 'USDT'), 0) as usdt,
         coalesce(sum(amount) filter (where currency = 'GCM' and created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'), 0) as mgcm,
         coalesce(sum(amount) filter (where currency = 'USDT' and created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'), 0) as musdt
       from transactions where type = 'reward' group by ambassador_id
     ) s
     where s.ambassador_id = a.id`,
  );
  await refreshProgrammeTotals(db);
  // The admin desk's daily figures, which the product keeps with each change, from the rows loaded above.
  const started = performance.now();
  await rebuildFigures(db);
  log(`  seed analytics figures: ${Math.round(performance.now() - started)} ms`);
  await step('analyze', 'analyze');
}

/** Recomputes the maintained programme totals after a bulk load (when the product keeps them). */
async function refreshProgrammeTotals(db: Db): Promise<void> {
  const exists = await db.execute(sql`select to_regclass('programme_totals') is not null as present`);
  const present = (exists as unknown as { rows: { present: boolean }[] }).rows[0]?.present;
  if (!present) return;
  await exec(
    db,
    `update programme_totals p set ambassador_count = s.n, total_gcm_earned = s.gcm, total_usdt_earned = s.usdt
     from (select count(*)::bigint as n, coalesce(sum(total_gcm_earned), 0) as gcm, coalesce(sum(total_usdt_earned), 0) as usdt from ambassadors) s
     where p.id = 'global'`,
  );
}
