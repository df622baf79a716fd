import { DECISION_MESSAGES, WITHDRAWAL_MESSAGES } from '../../../shared/schemas/messages.ts';
import { LEDGER_DESCRIPTIONS } from '../../../shared/ledger-descriptions.ts';
import { withdrawalDecidedNotification } from '../../email/notifications.ts';
import { and, count, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { MIN_WITHDRAWAL_USDT } from '../../../shared/limits.ts';
import { compareMoney, formatCents, toCents } from '../../../shared/money.ts';
import type { TListQuery } from '../../../shared/schemas/common.ts';
import type { ApproverReason, TAdminWithdrawalView, TApprovers, TWalletSharers, TWithdrawalView } from '../../../shared/schemas/withdrawals.ts';
import type { TTransactionView } from '../../../shared/schemas/wallet.ts';
import { withdrawalStage, type AdminWithdrawalFilter } from '../../../shared/schemas/withdrawals.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { decidedOnce } from '../../db/decide-once.ts';
import { cursorColumns, descNullsLast, paged, type SortKey, type Total } from '../../db/paging.ts';
import { ambassadorSearch, containsAny } from '../../db/search.ts';
import type { Db } from '../../db/client.ts';
import { appealDeadline, appealDeciderName, appealFields, assertReasonFits, reasonFields, serviceLevelOf, type AppealRow } from '../decisions/index.ts';
import { decisionChanges } from '../decisions/index.ts';
import { getSettings } from '../settings/index.ts';
import type { ReasonCode } from '../../../shared/reasons.ts';
import { ambassadors, appeals, transactions, users, walletProofs, withdrawalApprovals, withdrawalRequests } from '../../db/schema.ts';
import type { WalletProof } from '../../../shared/enums.ts';
import { AppError, badRequest, conflict, forbidden, notFound, valueError } from '../../errors.ts';
import { withdrawalDecidedEmail } from '../../email/templates.ts';
import { tellAmbassador } from '../notifications/index.ts';
import { assertNotPaused, assertProofAllows, holdRefusal, saveRequestedAddress } from './address.ts';
import { isUuid } from '../ids.ts';
import { withTransaction, type IdempotentHttp, type Mutation } from '../../mutation.ts';
import { asFlags, flaggedFilter, flaggedListPage, flagsColumn } from '../abuse/index.ts';
import * as ledger from '../ledger/index.ts';
import { lockAmbassador, usdtPosition } from '../ledger/index.ts';
import { figures } from '../analytics/index.ts';

type WithdrawalRow = typeof withdrawalRequests.$inferSelect;

/** Approved and not paid yet: the `awaiting_payment` stage, the withdrawals to pay (withdrawals_unpaid_idx holds them). */
export function awaitingPayment(): SQL {
  return sql`${withdrawalRequests.status} = 'approved' and ${withdrawalRequests.txHash} is null`;
}

/** How many approvals are recorded for each row (only withdrawals under the two-person rule record them). */
export const approvalCount = sql<number>`(select count(*)::int from ${withdrawalApprovals} where ${withdrawalApprovals.withdrawalId} = ${withdrawalRequests.id})`;

type PayoutsConfig = AppContext['config']['payouts'];

/** Above PAYOUT_SECOND_APPROVAL_USDT a withdrawal needs two different admins. */
export function approvalsNeeded(payouts: PayoutsConfig, amount: string): 1 | 2 {
  return compareMoney(amount, payouts.secondApprovalUsdt) > 0 ? 2 : 1;
}

/**
 * A withdrawal as every answer shows it, with the facts derived from its row computed here once
 * (issue 28): its stage, and its approvals under the one rule (the recorded approvals of the
 * two-person rule; an approved withdrawal below the threshold had its one approval from the admin
 * who decided it, which is not recorded as a row).
 */
export function presentWithdrawal(
  row: WithdrawalRow,
  payouts: PayoutsConfig,
  recordedApprovals: number,
  now: Date,
  appeal: AppealRow | null = null,
  appealDecider: string | null = null,
): TWithdrawalView {
  const rejected = row.status === 'rejected';
  return {
    id: row.id,
    ambassadorId: row.ambassadorId,
    amount: row.amount,
    walletAddress: row.walletAddress,
    status: row.status,
    stage: withdrawalStage(row),
    adminNotes: row.adminNotes,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    approvals: row.status === 'approved' ? Math.max(1, recordedApprovals) : recordedApprovals,
    approvalsNeeded: approvalsNeeded(payouts, row.amount),
    txHash: row.txHash,
    paidAt: row.paidAt?.toISOString() ?? null,
    txUrl: row.txHash ? `${payouts.explorerTxUrl}${row.txHash}` : null,
    ...reasonFields(rejected, row.reasonCode, row.adminNotes, row.decisionFlags),
    ...appealFields(rejected ? row.reviewedAt : null, appeal, appealDecider, now),
  };
}

/** What a withdrawal's query selects beside it: its appeal (left join on appeals) and who decided that. */
const withAppeal = { appeal: appeals, appealDecider: appealDeciderName };

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
    kind: t.descriptionKind,
    values: t.descriptionValues,
    createdAt: t.createdAt.toISOString(),
    reportId: t.reportId,
    withdrawalId: t.withdrawalId,
  }));
}

export async function listOwnWithdrawals(ctx: AppContext, ambassadorId: string): Promise<TWithdrawalView[]> {
  const rows = await ctx.db
    .select({ row: withdrawalRequests, approvals: approvalCount, ...withAppeal })
    .from(withdrawalRequests)
    .leftJoin(appeals, eq(appeals.withdrawalId, withdrawalRequests.id))
    .where(eq(withdrawalRequests.ambassadorId, ambassadorId))
    .orderBy(descNullsLast(withdrawalRequests.createdAt), descNullsLast(withdrawalRequests.id))
    .limit(1000);
  const now = ctx.clock.now();
  return rows.map((r) => presentWithdrawal(r.row, ctx.config.payouts, r.approvals, now, r.appeal, r.appealDecider));
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
  // A request to an address other than the saved one replaces it (the spec's replaceable field).
  // That change commits on its own, starting the hold, and the request is then refused by it.
  const held = await withTransaction(ctx, actor, async (m) => saveRequestedAddress(m, await lockAmbassador(m.tx, ambassadorId), input.walletAddress));
  if (held) throw holdRefusal(ctx.config);
  return withTransaction(
    ctx,
    actor,
    async (m) => {
      const { tx, now } = m;
      const ambassador = await lockAmbassador(tx, ambassadorId);
      if (ambassador.status !== 'active') throw forbidden(WITHDRAWAL_MESSAGES.suspended);
      assertNotPaused(ctx.config, ambassador, now);
      // How the address stands now is how the admins see it (DECISIONS §6, Wallet proof).
      const walletProof = await assertProofAllows(tx, ctx.config, ambassador, now);
      const position = await usdtPosition(tx, ambassador.id, ambassador.totalUsdtEarned);
      if (toCents(input.amount) > toCents(position.withdrawableUsdt)) throw badRequest(WITHDRAWAL_MESSAGES.insufficient, 'amount');
      const rows = await tx
        .insert(withdrawalRequests)
        .values({
          ambassadorId: ambassador.id,
          amount: formatCents(toCents(input.amount)),
          walletAddress: input.walletAddress,
          createdAt: now,
          walletProof,
          walletProofId: walletProof === 'verified' ? ambassador.walletProofId : null,
        })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('insert returned nothing');
      const view = presentWithdrawal(row, ctx.config.payouts, 0, now);
      await m.event('withdrawal.requested', view);
      return view;
    },
    { idempotency: http },
  );
}

function stageFilter(status: AdminWithdrawalFilter | undefined): SQL | undefined {
  switch (status) {
    case undefined:
      return undefined;
    case 'awaiting_payment':
      return awaitingPayment();
    case 'paid':
      return and(eq(withdrawalRequests.status, 'approved'), isNotNull(withdrawalRequests.txHash));
    default:
      return eq(withdrawalRequests.status, status);
  }
}

const ADMIN_LIST_KEYS: SortKey[] = [
  { column: withdrawalRequests.createdAt, direction: 'desc', kind: 'timestamp' },
  { column: withdrawalRequests.id, direction: 'asc', kind: 'uuid' },
];

type WithdrawalListQuery = Pick<TListQuery, 'search'> & {
  status?: AdminWithdrawalFilter | undefined;
  flagged?: boolean | undefined;
  walletProof?: WalletProof | undefined;
};

/** The admin list of withdrawals (its export reads the same): stage, search, 'Flagged only', newest first. */
export function withdrawalList(ctx: AppContext, query: WithdrawalListQuery) {
  return {
    keys: ADMIN_LIST_KEYS,
    filter: and(
      stageFilter(query.status),
      query.search
        ? or(
            inArray(withdrawalRequests.ambassadorId, ctx.db.select({ id: ambassadors.id }).from(ambassadors).where(ambassadorSearch(query.search))),
            containsAny(query.search, withdrawalRequests.walletAddress),
          )
        : undefined,
      query.flagged ? flaggedFilter('withdrawals') : undefined,
      query.walletProof ? eq(withdrawalRequests.walletProof, query.walletProof) : undefined,
    ),
    select: paged(() =>
      ctx.db
        .select({
          withdrawal: withdrawalRequests,
          ambassador: { id: ambassadors.id, fullName: ambassadors.fullName, email: ambassadors.email },
          walletChangedAt: ambassadors.usdtWalletChangedAt,
          approvals: approvalCount,
          approvedBy: sql<
            string[]
          >`(select coalesce(array_agg(${withdrawalApprovals.adminEmail} order by ${withdrawalApprovals.createdAt}), '{}') from ${withdrawalApprovals} where ${withdrawalApprovals.withdrawalId} = ${withdrawalRequests.id})`,
          approvedByIds: sql<
            string[]
          >`(select coalesce(array_agg(${withdrawalApprovals.adminId}::text), '{}') from ${withdrawalApprovals} where ${withdrawalApprovals.withdrawalId} = ${withdrawalRequests.id})`,
          flags: flagsColumn('withdrawals'),
          ...withAppeal,
          proof: { verifiedAt: walletProofs.verifiedAt, message: walletProofs.message, signature: walletProofs.signature },
          ...cursorColumns(ADMIN_LIST_KEYS),
        })
        .from(withdrawalRequests)
        .innerJoin(ambassadors, eq(ambassadors.id, withdrawalRequests.ambassadorId))
        .leftJoin(appeals, eq(appeals.withdrawalId, withdrawalRequests.id))
        .leftJoin(walletProofs, eq(walletProofs.id, withdrawalRequests.walletProofId)),
    ),
  };
}

export async function listWithdrawalsForAdmin(
  ctx: AppContext,
  viewer: SessionUser,
  session: { mfaVerified: boolean },
  query: TListQuery & { status?: AdminWithdrawalFilter | undefined; flagged?: boolean | undefined; walletProof?: WalletProof | undefined },
): Promise<{ items: TAdminWithdrawalView[] } & Total & { nextCursor: string | undefined }> {
  const { rows, ...page } = await flaggedListPage(ctx.db, withdrawalRequests, query, withdrawalList(ctx, query));
  const now = ctx.clock.now();
  const level = (await getSettings(ctx)).serviceLevels.withdrawals;
  // The viewer's own standing as an approver, read once for the page: the same rule an approve checks.
  const standing = approverStanding(ctx, await approverFacts(ctx.db, viewer.id), session, now);
  return {
    items: rows.map(({ withdrawal, ambassador, walletChangedAt, approvals, approvedByIds, approvedBy, flags, appeal, appealDecider, proof }) => {
      const view = presentWithdrawal(withdrawal, ctx.config.payouts, approvals, now, appeal, appealDecider);
      return {
        ...view,
        ambassador,
        approvedBy,
        needsSecondApproval: view.status === 'pending' && view.approvalsNeeded === 2,
        approvers: approversOf(view, approvedByIds.includes(viewer.id), standing),
        // The ambassador's address as saved now may not be the one this request pays: the approver must see it.
        addressChangedAt: walletChangedAt && walletChangedAt > withdrawal.createdAt ? walletChangedAt.toISOString() : null,
        flags: asFlags(flags),
        serviceLevel: serviceLevelOf(withdrawal.status === 'pending', withdrawal.createdAt, level, now),
        walletProof: withdrawal.walletProof,
        walletVerifiedAt: withdrawal.walletProof === 'verified' ? (proof?.verifiedAt?.toISOString() ?? null) : null,
        walletProofMessage: withdrawal.walletProof === 'verified' ? (proof?.message ?? null) : null,
        walletProofSignature: withdrawal.walletProof === 'verified' ? (proof?.signature ?? null) : null,
      };
    }),
    ...page,
  };
}

/**
 * The other ambassadors this withdrawal's address belongs to (saved, or paid to before), for the
 * review dialog when it is flagged shared_wallet: read for one withdrawal when the dialog opens,
 * not for every row of the list, as an address shared by thousands would make each row read them
 * all. Each side by its lower-cased address index.
 */
export async function walletSharers(ctx: AppContext, id: string): Promise<TWalletSharers> {
  if (!isUuid(id)) throw notFound('Withdrawal request not found');
  const withdrawal = (
    await ctx.db
      .select({ walletAddress: withdrawalRequests.walletAddress, ambassadorId: withdrawalRequests.ambassadorId })
      .from(withdrawalRequests)
      .where(eq(withdrawalRequests.id, id.toLowerCase()))
  )[0];
  if (!withdrawal) throw notFound('Withdrawal request not found');
  const result = await ctx.db.execute(sql`
    with others as (
      select s.id from ${ambassadors} s where lower(s.usdt_wallet_address) = lower(${withdrawal.walletAddress})
      union
      select x.ambassador_id from ${withdrawalRequests} x where lower(x.wallet_address) = lower(${withdrawal.walletAddress})
      union
      select p.ambassador_id from ${walletProofs} p where lower(p.address) = lower(${withdrawal.walletAddress}))
    select a.id, a.full_name, a.email, count(*) over () as total
    from ${ambassadors} a join others o on o.id = a.id
    where a.id <> ${withdrawal.ambassadorId}
    order by a.full_name, a.id
    limit 10`);
  const rows = (result as unknown as { rows: { id: string; full_name: string; email: string; total: string | number }[] }).rows;
  return { ambassadors: rows.map((r) => ({ id: r.id, fullName: r.full_name, email: r.email })), total: Number(rows[0]?.total ?? 0) };
}

/**
 * Moves a pending withdrawal to approved or rejected exactly once. Approval
 * writes the negative USDT ledger entry; rejection releases the hold. A rejection overturned on
 * appeal is re-opened as pending by reopenOnAppeal below, and then decided here afresh.
 */
export async function decideWithdrawal(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  decision: 'approved' | 'rejected',
  adminNotes: string | null,
  session: { mfaVerified: boolean } = { mfaVerified: false },
  /** A reject's reason (DECISIONS §6); null: none recorded. */
  reasonCode: ReasonCode | null = null,
): Promise<TWithdrawalView> {
  if (!isUuid(id)) throw notFound('Withdrawal request not found');
  if (decision === 'rejected') assertReasonFits('withdrawal', reasonCode);
  const payouts = ctx.config.payouts;
  return withTransaction(ctx, actor, async (m) => {
    const { tx, now } = m;
    const exists = () => tx.select({ id: withdrawalRequests.id }).from(withdrawalRequests).where(eq(withdrawalRequests.id, id));
    const messages = { notFound: 'Withdrawal request not found', alreadyDecided: WITHDRAWAL_MESSAGES.alreadyDecided };
    if (decision === 'approved') {
      // The row is locked: two admins approving at once queue here, and exactly one gives the final approval.
      const pending = await decidedOnce(
        await tx
          .select()
          .from(withdrawalRequests)
          .where(and(eq(withdrawalRequests.id, id), eq(withdrawalRequests.status, 'pending')))
          .for('update'),
        exists,
        messages,
      );
      if (approvalsNeeded(payouts, pending.amount) === 2) {
        await checkApprover(ctx, tx, actor, session, now);
        const mine = await tx
          .insert(withdrawalApprovals)
          .values({ withdrawalId: pending.id, adminId: actor.id, adminEmail: actor.email, createdAt: now })
          .onConflictDoNothing()
          .returning({ adminId: withdrawalApprovals.adminId });
        if (!mine.length) throw conflict(WITHDRAWAL_MESSAGES.secondApproval);
        const approvals = (await tx.select({ n: count() }).from(withdrawalApprovals).where(eq(withdrawalApprovals.withdrawalId, pending.id)))[0]?.n ?? 0;
        if (approvals < 2) {
          await m.audit(
            'approve_withdrawal_first',
            { type: 'withdrawal', id: pending.id },
            `${pending.amount} USDT to ${pending.walletAddress}: 1 of 2 approvals`,
          );
          return presentWithdrawal(pending, payouts, approvals, now);
        }
      }
    }
    const row = await decidedOnce(
      await tx
        .update(withdrawalRequests)
        .set({
          status: decision,
          adminNotes,
          reasonCode: decision === 'rejected' ? reasonCode : null,
          // The abuse flags that had fired, as the admin saw them, told with the rejection (DECISIONS §6).
          decisionFlags: decision === 'rejected' ? flagsColumn('withdrawals') : null,
          reviewedAt: now,
          reviewedBy: actor.id,
        })
        .where(and(eq(withdrawalRequests.id, id), eq(withdrawalRequests.status, 'pending')))
        .returning(),
      exists,
      messages,
    );
    if (decision === 'approved') {
      figures.addMoney(m, 'withdrawnUsdt', toCents(row.amount), now);
      await ledger.post(m, {
        ambassadorId: row.ambassadorId,
        withdrawalId: row.id,
        type: 'withdrawal',
        currency: 'USDT',
        amount: formatCents(-toCents(row.amount)),
        ...LEDGER_DESCRIPTIONS.withdrawal(row.walletAddress),
      });
    }
    const reason =
      decision === 'rejected'
        ? { code: reasonCode, facts: adminNotes, appealDeadline: appealDeadline(now).toISOString(), factsLabel: 'note' as const, flags: row.decisionFlags }
        : undefined;
    await tellAmbassador(m, row.ambassadorId, (person) => ({
      notification: withdrawalDecidedNotification(
        { amount: row.amount, address: row.walletAddress, notes: adminNotes, appUrl: ctx.config.appUrl, ...(reason ? { reason } : {}) },
        person.locale,
      ),
      email: withdrawalDecidedEmail({
        name: person.fullName,
        locale: person.locale,
        approved: decision === 'approved',
        amount: row.amount,
        address: row.walletAddress,
        notes: adminNotes,
        appUrl: ctx.config.appUrl,
        ...(reason ? { reason } : {}),
      }),
    }));
    await m.audit(
      decision === 'approved' ? 'approve_withdrawal' : 'reject_withdrawal',
      { type: 'withdrawal', id: row.id },
      `${row.amount} USDT to ${row.walletAddress}${reason ? `; reason: ${reasonCode ?? 'none recorded'}` : ''}${adminNotes ? `; notes: ${adminNotes}` : ''}`,
      decisionChanges('pending', decision, reason ? { reasonCode: [null, reasonCode] } : {}, adminNotes),
    );
    const approvals = (await tx.select({ n: count() }).from(withdrawalApprovals).where(eq(withdrawalApprovals.withdrawalId, row.id)))[0]?.n ?? 0;
    const view = presentWithdrawal(row, payouts, approvals, now);
    await m.event('withdrawal.decided', view);
    return view;
  });
}

/**
 * A rejection overturned on appeal (appeals/service.ts decides the appeal and calls this): the one
 * way a decided withdrawal moves again. It goes back from rejected to pending, with the row locked,
 * when the withdrawable balance still covers it (DECISIONS §3: re-opened, it is held again; 409
 * otherwise); approvals given before the rejection do not carry over, so decideWithdrawal decides it
 * afresh, exactly once. 409 when it is no longer rejected.
 */
export async function reopenOnAppeal(m: Mutation, withdrawalId: string): Promise<WithdrawalRow> {
  const { tx } = m;
  const row = (await tx.select().from(withdrawalRequests).where(eq(withdrawalRequests.id, withdrawalId)).for('update'))[0];
  if (!row || row.status !== 'rejected') throw conflict(DECISION_MESSAGES.appealDecided);
  const ambassador = await lockAmbassador(tx, row.ambassadorId);
  const position = await usdtPosition(tx, ambassador.id, ambassador.totalUsdtEarned);
  if (toCents(row.amount) > toCents(position.withdrawableUsdt)) throw conflict(DECISION_MESSAGES.reopenInsufficient);
  await tx
    .update(withdrawalRequests)
    .set({ status: 'pending', reviewedAt: null, reviewedBy: null, reasonCode: null, adminNotes: null })
    .where(eq(withdrawalRequests.id, withdrawalId));
  await tx.delete(withdrawalApprovals).where(eq(withdrawalApprovals.withdrawalId, withdrawalId));
  return row;
}

/** What the approver rule reads of an admin's account. */
interface ApproverFacts {
  createdAt: Date;
  passwordChosenBySelf: boolean;
  mfaEnabledAt: Date | null;
  mfaEnrolledUnderSetPassword: boolean;
}

async function approverFacts(db: Db, adminId: string): Promise<ApproverFacts | undefined> {
  return (
    await db
      .select({
        createdAt: users.createdAt,
        passwordChosenBySelf: users.passwordChosenBySelf,
        mfaEnabledAt: users.mfaEnabledAt,
        mfaEnrolledUnderSetPassword: users.mfaEnrolledUnderSetPassword,
      })
      .from(users)
      .where(eq(users.id, adminId))
  )[0];
}

/** An admin's standing as one of the two approvers of a large withdrawal, now: counts, or why not and from when. */
type Standing = { eligibleNow: true } | { eligibleNow: false; reason: ApproverReason; eligibleFrom?: Date };

/**
 * Who may give one of the two approvals of a large withdrawal (DECISIONS §5 Money out, issues 24 and
 * 40): distinct admin ids are not enough, since a super admin can make admins and set their
 * passwords. An approval counts only from an admin whose account has existed
 * PAYOUT_APPROVER_MIN_AGE_HOURS at the approval (a puppet added for the occasion is too new, and every
 * admin was emailed when it was added), whose current password they set through their own mailbox
 * (not one a super admin set), whose second factor, if it was first turned on under such a password,
 * has been on that long too, and, when ADMIN_MFA is required, who signed this session in with the
 * second factor. Both approvals, not only the second: otherwise the puppet would approve first and
 * its maker second. The reasons that only the admin can end come first; then the ones time ends, with
 * the later of their dates (docs/decisions/028-withdrawals-taken-back-and-approver-age.md).
 */
function approverStanding(ctx: AppContext, row: ApproverFacts | undefined, session: { mfaVerified: boolean }, now: Date): Standing {
  if (!row) return { eligibleNow: false, reason: 'APPROVER_PASSWORD_NOT_OWN' };
  if (!row.passwordChosenBySelf) return { eligibleNow: false, reason: 'APPROVER_PASSWORD_NOT_OWN' };
  if (ctx.config.adminMfa === 'required' && !session.mfaVerified) return { eligibleNow: false, reason: 'APPROVER_NO_MFA' };
  const { approverMinAgeMs } = ctx.config.payouts;
  if (approverMinAgeMs <= 0) return { eligibleNow: true };
  const waits: { reason: ApproverReason; from: Date }[] = [{ reason: 'APPROVER_TOO_NEW', from: new Date(row.createdAt.getTime() + approverMinAgeMs) }];
  if (row.mfaEnabledAt && row.mfaEnrolledUnderSetPassword) {
    waits.push({ reason: 'APPROVER_MFA_TOO_NEW', from: new Date(row.mfaEnabledAt.getTime() + approverMinAgeMs) });
  }
  const latest = waits.filter((w) => w.from.getTime() > now.getTime()).sort((a, b) => b.from.getTime() - a.from.getTime())[0];
  return latest ? { eligibleNow: false, reason: latest.reason, eligibleFrom: latest.from } : { eligibleNow: true };
}

/** An admin item's `approvers` (DECISIONS §7): the viewer's standing for this withdrawal. */
function approversOf(view: TWithdrawalView, approvedByViewer: boolean, standing: Standing): TApprovers {
  const counts = { needed: view.approvalsNeeded, given: view.approvals };
  if (view.status !== 'pending') return { ...counts, eligibleNow: false, reason: 'NOT_PENDING' };
  // A small one needs one admin, and any admin may give it.
  if (view.approvalsNeeded === 1) return { ...counts, eligibleNow: true };
  if (approvedByViewer) return { ...counts, eligibleNow: false, reason: 'ALREADY_APPROVED' };
  if (standing.eligibleNow) return { ...counts, eligibleNow: true };
  return { ...counts, eligibleNow: false, reason: standing.reason, ...(standing.eligibleFrom ? { eligibleFrom: standing.eligibleFrom.toISOString() } : {}) };
}

/** 403 with the reason's code (and, for a wait, `values.from`) when this admin's approval cannot count now. */
async function checkApprover(ctx: AppContext, tx: Db, actor: SessionUser, session: { mfaVerified: boolean }, now: Date): Promise<void> {
  const row = await approverFacts(tx, actor.id);
  if (!row) throw forbidden('Only admins can do this');
  const standing = approverStanding(ctx, row, session, now);
  if (standing.eligibleNow) return;
  const reason = standing.reason;
  if (reason === 'APPROVER_TOO_NEW' || reason === 'APPROVER_MFA_TOO_NEW')
    throw valueError('FORBIDDEN', reason, { hours: String(ctx.config.payouts.approverMinAgeHours), from: standing.eligibleFrom?.toISOString() ?? '' });
  throw new AppError(
    'FORBIDDEN',
    reason === 'APPROVER_NO_MFA' ? WITHDRAWAL_MESSAGES.approverNoMfa : WITHDRAWAL_MESSAGES.approverPasswordNotOwn,
    undefined,
    reason,
  );
}

/**
 * The owner takes back a pending request no admin has approved yet (DECISIONS §7): it becomes
 * `cancelled`, final, and its amount is withdrawable again at once (the balance counts pending and
 * approved requests only; no ledger entry was ever written for it). Not a decision: no reviewer, no
 * reason, no appeal, not in the month's figures. The row is locked, so a cancel racing an approve,
 * a reject or another cancel queues on it, and exactly one of them wins; the others get 409.
 */
export async function cancelWithdrawal(ctx: AppContext, actor: SessionUser, ambassadorId: string, id: string): Promise<TWithdrawalView> {
  if (!isUuid(id)) throw notFound('Withdrawal request not found');
  return withTransaction(ctx, actor, async (m) => {
    const { tx, now } = m;
    const row = (
      await tx
        .select()
        .from(withdrawalRequests)
        .where(and(eq(withdrawalRequests.id, id.toLowerCase()), eq(withdrawalRequests.ambassadorId, ambassadorId)))
        .for('update')
    )[0];
    // Someone else's request answers as an unknown one.
    if (!row) throw notFound('Withdrawal request not found');
    if (row.status !== 'pending') throw new AppError('CONFLICT', WITHDRAWAL_MESSAGES.cancelNotPending, undefined, 'WITHDRAWAL_NOT_PENDING');
    const given = (await tx.select({ n: count() }).from(withdrawalApprovals).where(eq(withdrawalApprovals.withdrawalId, row.id)))[0]?.n ?? 0;
    if (given > 0) throw new AppError('CONFLICT', WITHDRAWAL_MESSAGES.cancelApproved, undefined, 'WITHDRAWAL_APPROVAL_GIVEN');
    const updated = (
      await tx
        .update(withdrawalRequests)
        .set({ status: 'cancelled', cancelledAt: now })
        .where(and(eq(withdrawalRequests.id, row.id), eq(withdrawalRequests.status, 'pending')))
        .returning()
    )[0];
    if (!updated) throw new AppError('CONFLICT', WITHDRAWAL_MESSAGES.cancelNotPending, undefined, 'WITHDRAWAL_NOT_PENDING');
    await m.audit('cancel_withdrawal', { type: 'withdrawal', id: row.id }, `${row.amount} USDT to ${row.walletAddress}`, { status: ['pending', 'cancelled'] });
    return presentWithdrawal(updated, ctx.config.payouts, 0, now);
  });
}

export async function pendingWithdrawalCount(ctx: AppContext): Promise<number> {
  const rows = await ctx.db.select({ n: count() }).from(withdrawalRequests).where(eq(withdrawalRequests.status, 'pending'));
  return rows[0]?.n ?? 0;
}
