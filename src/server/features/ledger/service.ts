/**
 * The ledger (`transactions`) is the source of truth; the totals and monthly
 * figures on `ambassadors` are caches written in the same transaction, with the
 * ambassador's row locked, so they always equal the ledger. The programme
 * totals (one row, the public stats) are kept the same way.
 */
import type { LedgerKind } from '../../../shared/ledger-descriptions.ts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { BADGE_TIERS, badgeForMonthlyGcm, type BadgeLevel } from '../../../shared/badges.ts';
import { formatCents, toCents } from '../../../shared/money.ts';
import { monthPeriod } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AnyTable } from '../../db/topics.ts';
import { ambassadors, dailyFigures, programmeTotals, transactions, withdrawalRequests } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { Mutation } from '../../mutation.ts';
import type { Currency, TransactionType } from '../../../shared/enums.ts';
import { figures } from '../analytics/index.ts';
import { queueRolePush } from '../discord-roles/index.ts';

type AmbassadorRow = typeof ambassadors.$inferSelect;

/** Monthly figures and badge as they stand at `now`: a past month's figures count as 0. */
export function effectiveMonthly(row: Pick<AmbassadorRow, 'monthlyGcm' | 'monthlyUsdt' | 'monthlyPeriod' | 'badgeLevel' | 'badgePinned'>, now: Date) {
  const current = row.monthlyPeriod === monthPeriod(now);
  const monthlyGcm = current ? row.monthlyGcm : '0.00';
  const monthlyUsdt = current ? row.monthlyUsdt : '0.00';
  const badgeLevel: BadgeLevel = row.badgePinned ? row.badgeLevel : badgeForMonthlyGcm(monthlyGcm);
  return { monthlyGcm: formatCents(toCents(monthlyGcm)), monthlyUsdt: formatCents(toCents(monthlyUsdt)), badgeLevel };
}

export async function lockAmbassador(db: Db, ambassadorId: string): Promise<AmbassadorRow> {
  // Under its name: each connection plans it once (a claim, a credit, a withdrawal take it first).
  const rows = await db
    .select()
    .from(ambassadors)
    .where(eq(ambassadors.id, sql.placeholder('id')))
    .for('update')
    .prepare('ledger_lock_ambassador')
    .execute({ id: ambassadorId });
  const row = rows[0];
  if (!row) throw notFound('Ambassador not found');
  return row;
}

export interface LedgerEntry {
  ambassadorId: string;
  type: TransactionType;
  currency: Currency;
  /** Signed: a credit is positive, a withdrawal negative. */
  amount: string;
  description: string;
  /** What the description says (shared/ledger-descriptions.ts); left out for words of another kind. */
  descriptionKind?: LedgerKind | null;
  descriptionValues?: Record<string, string> | null;
  reportId?: string | null;
  withdrawalId?: string | null;
  /** The task claim a reward credits. */
  taskClaimId?: string | null;
  /** A referral's credit to its referrer (once per referral and currency). */
  referralId?: string | null;
  /** The season (YYYY-MM) of a prize or a lottery win. */
  seasonMonth?: string | null;
}

/**
 * The writer of the ledger (`transactions`) and of the caches that must equal it: the
 * ambassador's totals, this month's figures and badge, and the programme's totals (with
 * `creditParts`, the same writes of a credit as parts of its caller's one statement). Call it inside
 * a mutation (withTransaction). A credit locks the ambassador's row, so concurrent credits queue.
 * A withdrawal's entry moves no cache: totals are lifetime earnings, and the hold is the
 * withdrawal request itself (DECISIONS §3).
 */
export async function post(m: Mutation, entry: LedgerEntry, options: { locked?: AmbassadorRow | undefined } = {}): Promise<AmbassadorRow | undefined> {
  const cents = toCents(entry.amount);
  if (cents === 0n) return undefined;
  const credit = cents > 0n;
  if (credit !== (entry.type !== 'withdrawal')) throw new Error(`a ${entry.type} entry cannot be ${entry.amount}`);
  let after: AmbassadorRow | undefined;
  if (credit) {
    after = await creditCaches(m, entry.ambassadorId, entry.currency, cents, options.locked);
    figures.addMoney(m, entry.currency === 'GCM' ? 'gcmAwarded' : 'usdtAwarded', cents, m.now);
  }
  // The ambassador's own pages (wallet, dashboard) show it: their live streams hear `me`.
  const owner = after ?? (await m.tx.select({ userId: ambassadors.userId }).from(ambassadors).where(eq(ambassadors.id, entry.ambassadorId)))[0];
  if (owner) m.concerns(owner.userId);
  await m.tx.insert(transactions).values({
    ambassadorId: entry.ambassadorId,
    reportId: entry.reportId ?? null,
    withdrawalId: entry.withdrawalId ?? null,
    taskClaimId: entry.taskClaimId ?? null,
    referralId: entry.referralId ?? null,
    seasonMonth: entry.seasonMonth ?? null,
    type: entry.type,
    currency: entry.currency,
    amount: formatCents(cents),
    description: entry.description,
    descriptionKind: entry.descriptionKind ?? null,
    descriptionValues: entry.descriptionValues ?? null,
    createdAt: m.now,
    createdBy: m.actor?.id ?? null,
  });
  return after;
}

/** Credits of a mutation not yet added to the programme's totals. */
const programmeCredits = new WeakMap<Mutation, { gcm: bigint; usdt: bigint }>();

async function writeProgrammeTotals(m: Mutation, credits: { gcm: bigint; usdt: bigint }): Promise<void> {
  const set: { totalGcmEarned?: SQL; totalUsdtEarned?: SQL } = {};
  if (credits.gcm) set.totalGcmEarned = sql`${programmeTotals.totalGcmEarned} + ${formatCents(credits.gcm)}`;
  if (credits.usdt) set.totalUsdtEarned = sql`${programmeTotals.totalUsdtEarned} + ${formatCents(credits.usdt)}`;
  if (!set.totalGcmEarned && !set.totalUsdtEarned) return;
  await m.tx.update(programmeTotals).set(set).where(eq(programmeTotals.id, 'global'));
}

/**
 * What a credit does to the ambassador's caches (the row as locked, unchanged since): the row after,
 * and whether Discord Linked Roles must hear of it (links/role-connection.ts: a badge that changes,
 * or a new month with GCM).
 */
function cachesAfter(row: AmbassadorRow, now: Date, currency: Currency, cents: bigint) {
  const period = monthPeriod(now);
  const current = row.monthlyPeriod === period;
  let monthlyGcm = current ? toCents(row.monthlyGcm) : 0n;
  let monthlyUsdt = current ? toCents(row.monthlyUsdt) : 0n;
  let totalGcm = toCents(row.totalGcmEarned);
  let totalUsdt = toCents(row.totalUsdtEarned);
  if (currency === 'GCM') {
    monthlyGcm += cents;
    totalGcm += cents;
  } else {
    monthlyUsdt += cents;
    totalUsdt += cents;
  }
  const newMonthlyGcm = formatCents(monthlyGcm);
  const badgeBefore = effectiveMonthly(row, now).badgeLevel;
  const badgeAfter = row.badgePinned ? row.badgeLevel : badgeForMonthlyGcm(newMonthlyGcm);
  const changed = {
    totalGcmEarned: formatCents(totalGcm),
    totalUsdtEarned: formatCents(totalUsdt),
    monthlyGcm: newMonthlyGcm,
    monthlyUsdt: formatCents(monthlyUsdt),
    monthlyPeriod: period,
    badgeLevel: badgeAfter,
    updatedAt: now,
  };
  return { changed, after: { ...row, ...changed }, pushRole: badgeAfter !== badgeBefore || (currency === 'GCM' && !current) };
}

/** Adds a credit to the programme's totals of this mutation, written once among its last statements. */
function addProgrammeCredit(m: Mutation, currency: Currency, cents: bigint): void {
  let totals = programmeCredits.get(m);
  if (!totals) {
    const created = { gcm: 0n, usdt: 0n };
    totals = created;
    programmeCredits.set(m, created);
    m.beforeCommit(() => writeProgrammeTotals(m, created), 0);
  }
  if (currency === 'GCM') totals.gcm += cents;
  else totals.usdt += cents;
}

/** The caches moved by a credit; answers the ambassador's row as it is after. `locked`: the row as this transaction already locked it, unchanged since (one read fewer). */
async function creditCaches(m: Mutation, ambassadorId: string, currency: Currency, cents: bigint, locked?: AmbassadorRow): Promise<AmbassadorRow> {
  if (locked && locked.id !== ambassadorId) throw new Error('creditCaches: the locked row is another ambassador’s');
  const row = locked ?? (await lockAmbassador(m.tx, ambassadorId));
  const { changed, after, pushRole } = cachesAfter(row, m.now, currency, cents);
  if (pushRole) await queueRolePush(m, row.id);
  await m.tx.update(ambassadors).set(changed).where(eq(ambassadors.id, row.id));
  // The programme's totals (public stats) move with the ambassador's, in this transaction: summed
  // here and written once, among its last statements (one row every credit shares: locked briefly).
  addProgrammeCredit(m, currency, cents);
  return after;
}

/** A credit of one ambassador as parts of the caller's statement (`creditParts`). */
export interface CreditParts {
  /** `name as (…)` CTEs, comma separated, to follow the caller's own (those `gate` reads) in its WITH. */
  ctes: SQL;
  /** The tables they write (for the change's notices, `m.noticesWith`). */
  tables: AnyTable[];
  /**
   * The CTE that locks the ambassador's row (`ledger_old`), to come before the caller's CTEs that `gate`
   * reads (a WITH list reads only what precedes it), and `ctes` after them. The lock is taken whether
   * or not `gate` holds: a caller whose own writes must come after it (a claim that takes the
   * period's unique key) selects from `locked`.
   */
  lock: SQL;
  locked: SQL;
  /** A select list item for the caller's statement: whether a Discord role push was queued (`role_pushed`). */
  answer: SQL;
  /** Once the statement ran and `gate` held, with its `role_pushed`: the rest of the credit (the mutation's bookkeeping, the role pusher woken). */
  done(rolePushed: boolean): void;
}

/** The badge a monthly GCM amount (an SQL expression) earns: BADGE_TIERS (src/shared/badges.ts) as a CASE, highest first. */
function badgeCase(monthlyGcm: SQL): SQL {
  const base = BADGE_TIERS.find((tier) => tier.minMonthlyGcm === 0);
  if (!base) throw new Error('BADGE_TIERS has no level from 0');
  const whens = BADGE_TIERS.filter((tier) => tier.minMonthlyGcm > 0)
    .sort((a, b) => b.minMonthlyGcm - a.minMonthlyGcm)
    .map((tier) => sql`when ${monthlyGcm} >= ${sql.raw(String(tier.minMonthlyGcm))} then ${sql.raw(`'${tier.level}'`)}`);
  return sql`(case ${sql.join(whens, sql` `)} else ${sql.raw(`'${base.level}'`)} end)`;
}

/** The badge after and before a credit, from `ledger_old` (creditParts): a pinned one stays. */
const BADGE_AFTER = sql`(case when o.badge_pinned then o.badge_level else ${badgeCase(sql.raw('o.gcm_after'))} end)`;
const BADGE_BEFORE = sql`(case when o.badge_pinned then o.badge_level else ${badgeCase(sql.raw('o.gcm_before'))} end)`;

/**
 * A credit of one ambassador (its entries, one per currency, each > 0) written by the caller's own
 * statement, with no lock taken before it: the hot path of a task claim, one autocommitted statement
 * (withTransaction's `statement` mode). The ambassador's caches, the ledger entries, the programme's
 * totals, the day's figures and (Discord configured) the role push as CTEs of that one statement,
 * written only when `gate` (a condition over the caller's CTEs, e.g. that its claim was inserted)
 * holds. The same writes as `post` for each entry, in one round trip.
 *
 * Without a lock taken first the caches are worked out in SQL, from the ambassador's row as the
 * statement locks it (`ledger_old`, FOR NO KEY UPDATE, what the update itself takes): in READ COMMITTED
 * a row lock waited for answers the row as the transaction that held it left it, so concurrent
 * credits add up, and the badge (BADGE_TIERS as a CASE), the month's reset and the role push follow
 * `cachesAfter`'s rules from the row as it really was before. The ambassador's row is locked before
 * the programme's totals (their gate reads `ledger_caches`), the order every credit takes them in.
 * The programme's totals and the day's money go to a shard (schema.ts programmeTotals): the first
 * shard row of the totals no other transaction holds (SKIP LOCKED; the first shard, waited for, when
 * all are held), then the day's row of that shard, so credits of different ambassadors hold no row in
 * common until their commits, and may share a WAL flush. Only a transaction holding a shard's totals
 * writes that shard's day rows, and it takes them after the totals, so no two changes deadlock on
 * them. Call `done()` after the statement when the gate held.
 */
export function creditParts(m: Mutation, who: { id: string; userId: string }, entries: LedgerEntry[], gate: SQL): CreditParts | undefined {
  const sums = { GCM: 0n, USDT: 0n };
  const rows: SQL[] = [];
  for (const entry of entries) {
    const cents = toCents(entry.amount);
    if (cents === 0n) continue;
    if (cents < 0n || entry.type === 'withdrawal' || entry.ambassadorId !== who.id) throw new Error('creditParts: credits of one ambassador only');
    sums[entry.currency] += cents;
    rows.push(
      sql`(${entry.ambassadorId}::uuid, ${entry.reportId ?? null}::uuid, ${entry.withdrawalId ?? null}::uuid, ${entry.taskClaimId ?? null}::uuid, ${entry.referralId ?? null}::uuid, ${entry.seasonMonth ?? null}::text, ${entry.type}::text, ${entry.currency}::text, ${formatCents(cents)}::numeric, ${entry.description}::text, ${entry.descriptionKind ?? null}::text, ${entry.descriptionValues ? JSON.stringify(entry.descriptionValues) : null}::jsonb, ${m.now.toISOString()}::timestamptz, ${m.actor?.id ?? null}::uuid)`,
    );
  }
  if (!rows.length) return undefined;
  const gcm = formatCents(sums.GCM);
  const usdt = formatCents(sums.USDT);
  const month = sql`${monthPeriod(m.now)}::date`;
  const totals: SQL[] = [];
  if (sums.GCM) totals.push(sql`total_gcm_earned = total_gcm_earned + ${gcm}::numeric`);
  if (sums.USDT) totals.push(sql`total_usdt_earned = total_usdt_earned + ${usdt}::numeric`);
  const cached = sql`exists (select 1 from ledger_caches)`;
  // Discord Linked Roles hear a badge that changes, or a new month with GCM (cachesAfter).
  const role = m.ctx.config.providers.discord
    ? sql`,
    ledger_role as (
      insert into discord_role_pushes (kind, ambassador_id, next_attempt_at, created_at)
      select 'user', ${who.id}::uuid, ${m.now.toISOString()}::timestamptz, ${m.now.toISOString()}::timestamptz from ledger_caches c
      where (c.badge_level <> c.badge_before or (${sums.GCM > 0n}::boolean and c.period_before is distinct from ${month}))
        and exists (select 1 from linked_accounts where ambassador_id = ${who.id}::uuid and provider = 'discord' and unlinked_at is null)
      on conflict do nothing returning id)`
    : sql``;
  // The row as locked, with this month's figures before the credit (a past month's count as 0,
  // effectiveMonthly) and after it.
  const lock = sql`ledger_old as materialized (
      select id, total_gcm_earned, total_usdt_earned, monthly_period, badge_level, badge_pinned, gcm_before, gcm_before + ${gcm}::numeric as gcm_after,
        usdt_before + ${usdt}::numeric as usdt_after
      from (select *, case when monthly_period = ${month} then monthly_gcm else 0 end as gcm_before,
          case when monthly_period = ${month} then monthly_usdt else 0 end as usdt_before
        from ambassadors where id = ${who.id}::uuid for no key update) locked)`;
  const ctes = sql`ledger_caches as (
      update ambassadors a set total_gcm_earned = o.total_gcm_earned + ${gcm}::numeric, total_usdt_earned = o.total_usdt_earned + ${usdt}::numeric,
        monthly_gcm = o.gcm_after, monthly_usdt = o.usdt_after, monthly_period = ${month}, badge_level = ${BADGE_AFTER},
        updated_at = ${m.now.toISOString()}::timestamptz
      from ledger_old o where a.id = o.id and ${gate}
      returning a.badge_level, o.monthly_period as period_before, ${BADGE_BEFORE} as badge_before),
    ledger_entries as (
      insert into transactions (ambassador_id, report_id, withdrawal_id, task_claim_id, referral_id, season_month, type, currency, amount,
        description, description_kind, description_values, created_at, created_by)
      select * from (values ${sql.join(rows, sql`, `)}) entries where ${gate}),
    ledger_totals as (
      update programme_totals set ${sql.join(totals, sql`, `)}
      where shard = coalesce((select shard from programme_totals where shard > 0 and ${cached} order by shard limit 1 for update skip locked), 1)
        and ${cached} returning shard),
    ledger_day as (${figures.moneyUpsert(m.now, { gcmAwarded: sums.GCM, usdtAwarded: sums.USDT }, sql`(select shard from ledger_totals)`, sql`exists (select 1 from ledger_totals)`)})${role}`;
  const tables = [ambassadors, transactions, programmeTotals, dailyFigures];
  // Whose rows they are: said now, so the change's notices can ride on the caller's statement.
  m.concerns(who.userId);
  return {
    ctes,
    tables,
    lock,
    locked: sql`ledger_old`,
    answer: m.ctx.config.providers.discord ? sql`exists (select 1 from ledger_role) as role_pushed` : sql`false as role_pushed`,
    done(rolePushed) {
      for (const table of tables) m.wrote(table);
      if (rolePushed) m.afterCommit(() => m.ctx.discordRoles.kick());
    },
  };
}

export interface UsdtPosition {
  totalUsdtEarned: string;
  pendingWithdrawalUsdt: string;
  withdrawnUsdt: string;
  withdrawableUsdt: string;
  usdtBalance: string;
}

/** Withdrawable = lifetime USDT earned - approved - pending withdrawals (DECISIONS §3). */
export async function usdtPosition(db: Db, ambassadorId: string, totalUsdtEarned: string): Promise<UsdtPosition> {
  const rows = await db
    .select({ status: withdrawalRequests.status, sum: sql<string>`coalesce(sum(${withdrawalRequests.amount}), 0)::text` })
    .from(withdrawalRequests)
    .where(and(eq(withdrawalRequests.ambassadorId, ambassadorId), inArray(withdrawalRequests.status, ['pending', 'approved'])))
    .groupBy(withdrawalRequests.status);
  return positionOf(totalUsdtEarned, rows.find((r) => r.status === 'pending')?.sum ?? '0', rows.find((r) => r.status === 'approved')?.sum ?? '0');
}

/** The rule of usdtPosition, from the sums already read (the dashboard reads them in its one statement). */
export function positionOf(totalUsdtEarned: string, pendingSum: string, approvedSum: string): UsdtPosition {
  const pending = toCents(pendingSum);
  const approved = toCents(approvedSum);
  const earned = toCents(totalUsdtEarned);
  return {
    totalUsdtEarned: formatCents(earned),
    pendingWithdrawalUsdt: formatCents(pending),
    withdrawnUsdt: formatCents(approved),
    withdrawableUsdt: formatCents(earned - approved - pending),
    usdtBalance: formatCents(earned - approved),
  };
}
