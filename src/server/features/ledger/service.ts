/**
 * The ledger (`transactions`) is the source of truth; the totals and monthly
 * figures on `ambassadors` are caches written in the same transaction, with the
 * ambassador's row locked, so they always equal the ledger. The programme
 * totals (one row, the public stats) are kept the same way.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { badgeForMonthlyGcm, type BadgeLevel } from '../../../shared/badges.ts';
import { formatCents, toCents } from '../../../shared/money.ts';
import { monthPeriod } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { figuresChanged } from '../../db/figures.ts';
import { ambassadors, programmeTotals, transactions, withdrawalRequests } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';

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
  const rows = await db.select().from(ambassadors).where(eq(ambassadors.id, ambassadorId)).for('update');
  const row = rows[0];
  if (!row) throw notFound('Ambassador not found');
  return row;
}

export interface Credit {
  ambassadorId: string;
  currency: 'GCM' | 'USDT';
  amount: string;
  description: string;
  reportId: string | null;
  createdBy: string;
}

/** Credits a reward: one ledger row, totals and this month's figures, badge kept current. Call inside a transaction. */
export async function creditReward(db: Db, credit: Credit, now: Date): Promise<void> {
  const cents = toCents(credit.amount);
  if (cents <= 0n) return;
  const row = await lockAmbassador(db, credit.ambassadorId);
  const period = monthPeriod(now);
  const current = row.monthlyPeriod === period;
  let monthlyGcm = current ? toCents(row.monthlyGcm) : 0n;
  let monthlyUsdt = current ? toCents(row.monthlyUsdt) : 0n;
  let totalGcm = toCents(row.totalGcmEarned);
  let totalUsdt = toCents(row.totalUsdtEarned);
  if (credit.currency === 'GCM') {
    monthlyGcm += cents;
    totalGcm += cents;
  } else {
    monthlyUsdt += cents;
    totalUsdt += cents;
  }
  const newMonthlyGcm = formatCents(monthlyGcm);
  await db
    .update(ambassadors)
    .set({
      totalGcmEarned: formatCents(totalGcm),
      totalUsdtEarned: formatCents(totalUsdt),
      monthlyGcm: newMonthlyGcm,
      monthlyUsdt: formatCents(monthlyUsdt),
      monthlyPeriod: period,
      badgeLevel: row.badgePinned ? row.badgeLevel : badgeForMonthlyGcm(newMonthlyGcm),
      updatedAt: now,
    })
    .where(eq(ambassadors.id, row.id));
  await db.insert(transactions).values({
    ambassadorId: row.id,
    reportId: credit.reportId,
    type: 'reward',
    currency: credit.currency,
    amount: formatCents(cents),
    description: credit.description,
    createdAt: now,
    createdBy: credit.createdBy,
  });
  // The programme's totals (public stats) move with the ambassador's, in this transaction.
  const amount = formatCents(cents);
  await db
    .update(programmeTotals)
    .set(
      credit.currency === 'GCM'
        ? { totalGcmEarned: sql`${programmeTotals.totalGcmEarned} + ${amount}` }
        : { totalUsdtEarned: sql`${programmeTotals.totalUsdtEarned} + ${amount}` },
    )
    .where(eq(programmeTotals.id, 'global'));
  await figuresChanged(db);
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
  const pending = toCents(rows.find((r) => r.status === 'pending')?.sum ?? '0');
  const approved = toCents(rows.find((r) => r.status === 'approved')?.sum ?? '0');
  const earned = toCents(totalUsdtEarned);
  return {
    totalUsdtEarned: formatCents(earned),
    pendingWithdrawalUsdt: formatCents(pending),
    withdrawnUsdt: formatCents(approved),
    withdrawableUsdt: formatCents(earned - approved - pending),
    usdtBalance: formatCents(earned - approved),
  };
}
