import { and, count, eq } from 'drizzle-orm';
import { MIN_WITHDRAWAL_USDT } from '../../../shared/limits.ts';
import { compareMoney, formatCents, toCents } from '../../../shared/money.ts';
import type { TListQuery } from '../../../shared/schemas/common.ts';
import type { TAdminWithdrawalView, TTransactionView, TWithdrawalView } from '../../../shared/schemas/views.ts';
import { WITHDRAWAL_MESSAGES, type WithdrawalStatus } from '../../../shared/schemas/withdrawals.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { decidedOnce } from '../../db/decide-once.ts';
import { boundedCount, cursorColumns, descNullsLast, listPage, type SortKey, type Total } from '../../db/paging.ts';
import { ambassadors, transactions, withdrawalRequests } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { isUuid } from '../ids.ts';
import { withTransaction, type IdempotentHttp } from '../../mutation.ts';
import * as ledger from '../ledger/service.ts';
import { lockAmbassador, usdtPosition } from '../ledger/service.ts';

type WithdrawalRow = typeof withdrawalRequests.$inferSelect;

export function presentWithdrawal(row: WithdrawalRow): TWithdrawalView {
  return {
    id: row.id,
    ambassadorId: row.ambassadorId,
    amount: row.amount,
    walletAddress: row.walletAddress,
    status: row.status,
    adminNotes: row.adminNotes,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

export async function listOwnTransactions(ctx: AppContext, ambassadorId: string): Promise<TTransactionView[]> {
  const rows = await ctx.db
    .select()
    .from(transactions)
    .where(eq(transactions.ambassadorId, ambassadorId))
    .orderBy(descNullsLast(transactions.createdAt), descNullsLast(transactions.id))
    .limit(1000);
  return rows.map((t) => ({
    id: t.id,
    type: t.type,
    currency: t.currency,
    amount: t.amount,
    description: t.description,
    createdAt: t.createdAt.toISOString(),
    reportId: t.reportId,
    withdrawalId: t.withdrawalId,
  }));
}

export async function listOwnWithdrawals(ctx: AppContext, ambassadorId: string): Promise<TWithdrawalView[]> {
  const rows = await ctx.db
    .select()
    .from(withdrawalRequests)
    .where(eq(withdrawalRequests.ambassadorId, ambassadorId))
    .orderBy(descNullsLast(withdrawalRequests.createdAt), descNullsLast(withdrawalRequests.id))
    .limit(1000);
  return rows.map(presentWithdrawal);
}

/**
 * One transaction with the ambassador's row locked: concurrent requests queue
 * on the lock, and each sees the holds of those before it.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  actor: SessionUser,
  ambassadorId: string,
  input: { amount: string; walletAddress: string },
  http?: IdempotentHttp,
): Promise<TWithdrawalView> {
  if (compareMoney(input.amount, MIN_WITHDRAWAL_USDT) < 0) throw badRequest(WITHDRAWAL_MESSAGES.minimum, 'amount');
  return withTransaction(
    ctx,
    actor,
    async ({ tx, now }) => {
      const ambassador = await lockAmbassador(tx, ambassadorId);
      if (ambassador.status !== 'active') throw forbidden(WITHDRAWAL_MESSAGES.suspended);
      const position = await usdtPosition(tx, ambassador.id, ambassador.totalUsdtEarned);
      if (toCents(input.amount) > toCents(position.withdrawableUsdt)) throw badRequest(WITHDRAWAL_MESSAGES.insufficient, 'amount');
      const rows = await tx
        .insert(withdrawalRequests)
        .values({ ambassadorId: ambassador.id, amount: formatCents(toCents(input.amount)), walletAddress: input.walletAddress, createdAt: now })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('insert returned nothing');
      return presentWithdrawal(row);
    },
    { idempotency: http },
  );
}

const ADMIN_LIST_KEYS: SortKey[] = [
  { column: withdrawalRequests.createdAt, direction: 'desc', kind: 'timestamp' },
  { column: withdrawalRequests.id, direction: 'asc', kind: 'uuid' },
];

export async function listWithdrawalsForAdmin(
  ctx: AppContext,
  query: TListQuery & { status?: WithdrawalStatus | undefined },
): Promise<{ items: TAdminWithdrawalView[] } & Total & { nextCursor: string | undefined }> {
  const { rows, ...page } = await listPage(query, {
    keys: ADMIN_LIST_KEYS,
    filter: query.status ? eq(withdrawalRequests.status, query.status) : undefined,
    count: (filter) => boundedCount(ctx.db, withdrawalRequests, filter),
    select: ({ where, order, limit, offset }) =>
      ctx.db
        .select({
          withdrawal: withdrawalRequests,
          ambassador: { id: ambassadors.id, fullName: ambassadors.fullName, email: ambassadors.email },
          ...cursorColumns(ADMIN_LIST_KEYS),
        })
        .from(withdrawalRequests)
        .innerJoin(ambassadors, eq(ambassadors.id, withdrawalRequests.ambassadorId))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  });
  return { items: rows.map(({ withdrawal, ambassador }) => ({ ...presentWithdrawal(withdrawal), ambassador })), ...page };
}

/**
 * Moves a pending withdrawal to approved or rejected exactly once. Approval
 * writes the negative USDT ledger entry; rejection releases the hold.
 */
export async function decideWithdrawal(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  decision: 'approved' | 'rejected',
  adminNotes: string | null,
): Promise<TWithdrawalView> {
  if (!isUuid(id)) throw notFound('Withdrawal request not found');
  return withTransaction(ctx, actor, async (m) => {
    const { tx, now } = m;
    const row = await decidedOnce(
      await tx
        .update(withdrawalRequests)
        .set({ status: decision, adminNotes, reviewedAt: now, reviewedBy: actor.id })
        .where(and(eq(withdrawalRequests.id, id), eq(withdrawalRequests.status, 'pending')))
        .returning(),
      () => tx.select({ id: withdrawalRequests.id }).from(withdrawalRequests).where(eq(withdrawalRequests.id, id)),
      { notFound: 'Withdrawal request not found', alreadyDecided: WITHDRAWAL_MESSAGES.alreadyDecided },
    );
    if (decision === 'approved') {
      await ledger.post(m, {
        ambassadorId: row.ambassadorId,
        withdrawalId: row.id,
        type: 'withdrawal',
        currency: 'USDT',
        amount: formatCents(-toCents(row.amount)),
        description: `USDT withdrawal to ${row.walletAddress}`,
      });
    }
    await m.audit(
      decision === 'approved' ? 'approve_withdrawal' : 'reject_withdrawal',
      { type: 'withdrawal', id: row.id },
      `${row.amount} USDT to ${row.walletAddress}${adminNotes ? `; notes: ${adminNotes}` : ''}`,
    );
    return presentWithdrawal(row);
  });
}

export async function pendingWithdrawalCount(ctx: AppContext): Promise<number> {
  const rows = await ctx.db.select({ n: count() }).from(withdrawalRequests).where(eq(withdrawalRequests.status, 'pending'));
  return rows[0]?.n ?? 0;
}
