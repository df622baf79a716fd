/**
 * Money out with proof (DECISIONS §5, Money out): approved, unpaid withdrawals are exported for a
 * multisig (Safe CSV Airdrop) or for accounting, paid on chain in one batch, and marked paid with
 * that batch's transaction hash. 'Paid' adds proof; it moves no money again (the ledger entry was
 * written at approval).
 */
import { withdrawalPaidNotification } from '../../email/notifications.ts';
import type { Readable } from 'node:stream';
import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import { csvStream } from '../../csv.ts';
import { cursorColumns, pagesOf, paged, type SortKey } from '../../db/paging.ts';
import { addMoney, formatCents, toCents } from '../../../shared/money.ts';
import type { WalletProof } from '../../../shared/enums.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { ambassadors, payoutBatches, withdrawalRequests } from '../../db/schema.ts';
import { withdrawalPaidEmail } from '../../email/templates.ts';
import { tellAmbassador } from '../notifications/index.ts';
import { AppError, conflict, valueError } from '../../errors.ts';
import { withTransaction } from '../../mutation.ts';
import { appendLog } from '../public-log/index.ts';
import { rpcFailure } from '../../rpc.ts';
import { verifyPayout, type ExpectedPayment } from './chain.ts';
import { approvalCount, awaitingPayment, presentWithdrawal } from './service.ts';
import { ERROR_TEXTS } from '../../../shared/error-codes.ts';

export const PAYOUT_MESSAGES = {
  reused: ERROR_TEXTS.PAYOUT_TX_REUSED,
  changed: ERROR_TEXTS.PAYOUT_WITHDRAWALS_CHANGED,
} as const;

function notPayable(ids: string[]): AppError {
  return valueError('CONFLICT', 'WITHDRAWALS_NOT_PAYABLE', { ids: ids.join(', ') });
}

const PAGE = 1_000;

/** Oldest approval first, ties by id: the order of the partial index of unpaid ones. */
const UNPAID_KEYS: SortKey[] = [
  { column: withdrawalRequests.reviewedAt, direction: 'asc', kind: 'timestamp' },
  { column: withdrawalRequests.id, direction: 'asc', kind: 'uuid' },
];

/** Approved, unpaid withdrawals (only these when `ids` is given), oldest approval first, with their ambassador. */
function unpaidList(ctx: AppContext, ids: string[] | undefined, walletProof: WalletProof | undefined) {
  return {
    keys: UNPAID_KEYS,
    filter: and(
      awaitingPayment(),
      ids ? inArray(withdrawalRequests.id, ids) : undefined,
      walletProof ? eq(withdrawalRequests.walletProof, walletProof) : undefined,
    ),
    select: paged(() =>
      ctx.db
        .select({
          id: withdrawalRequests.id,
          amount: withdrawalRequests.amount,
          walletAddress: withdrawalRequests.walletAddress,
          reviewedAt: withdrawalRequests.reviewedAt,
          fullName: ambassadors.fullName,
          email: ambassadors.email,
          ...cursorColumns(UNPAID_KEYS),
        })
        .from(withdrawalRequests)
        .innerJoin(ambassadors, eq(ambassadors.id, withdrawalRequests.ambassadorId)),
    ),
  };
}

/**
 * Approved, unpaid withdrawals, oldest approval first, as CSV lines, read in keyset pages by the
 * lists' pager (pagesOf), so an export of any size never loads into memory.
 */
export function exportUnpaid(ctx: AppContext, format: 'safe' | 'plain', ids?: string[], walletProof?: WalletProof): Readable {
  const token = ctx.config.payouts.tokenAddress;
  return csvStream(
    format === 'safe'
      ? ['token_type', 'token_address', 'receiver', 'amount', 'id']
      : ['withdrawal_id', 'ambassador', 'email', 'receiver', 'amount_usdt', 'approved_at'],
    pagesOf(unpaidList(ctx, ids, walletProof), PAGE),
    (row) =>
      format === 'safe'
        ? ['erc20', token, row.walletAddress, row.amount, '']
        : [row.id, row.fullName, row.email, row.walletAddress, row.amount, row.reviewedAt?.toISOString() ?? ''],
    PAGE,
  );
}

/**
 * Marks approved, unpaid withdrawals paid by one on-chain transaction (a Safe batch is one), in one
 * database transaction: all of them or none, and a hash is never recorded for a second batch.
 *
 * With BSC_RPC_URL set, the transaction's receipt is checked first (chain.ts) against the
 * withdrawals as the database has them, before the database transaction opens, so no transaction
 * is held during the network call; the guards below then hold again inside it.
 */
export async function markPaid(ctx: AppContext, actor: SessionUser, ids: string[], txHashInput: string) {
  const txHash = txHashInput.trim().toLowerCase();
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const explorerTxUrl = ctx.config.payouts.explorerTxUrl;
  const verified = ctx.config.payouts.rpcUrl ? await verifyOnChain(ctx, unique, txHash) : undefined;
  return withTransaction(ctx, actor, async (m) => {
    const batch = await m.tx
      .insert(payoutBatches)
      .values({ txHash, verifiedOnChain: verified !== undefined, createdAt: m.now, createdBy: actor.id })
      .onConflictDoNothing()
      .returning({ txHash: payoutBatches.txHash });
    if (!batch.length) throw conflict(PAYOUT_MESSAGES.reused);
    const paid = await m.tx
      .update(withdrawalRequests)
      .set({ txHash, paidAt: m.now })
      .where(and(inArray(withdrawalRequests.id, unique), awaitingPayment()))
      .returning({ ...getTableColumns(withdrawalRequests), approvals: approvalCount });
    if (paid.length !== unique.length) {
      const done = new Set(paid.map((p) => p.id));
      throw notPayable(unique.filter((id) => !done.has(id)));
    }
    // What was verified is what is marked: an approved withdrawal's amount and address do not change,
    // and this makes sure of it.
    if (verified && paid.some((row) => !samePayment(verified.get(row.id), row))) throw conflict(PAYOUT_MESSAGES.changed);
    for (const row of paid) {
      // In public: the amount and the transaction, never a name, an email or an address (DECISIONS §5).
      await appendLog(m, 'payout.paid', { withdrawalId: row.id, amountUsdt: formatCents(toCents(row.amount)), txHash, paidAt: m.now.toISOString() });
      await m.event('withdrawal.paid', presentWithdrawal(row, ctx.config.payouts, row.approvals, m.now));
      const txUrl = `${explorerTxUrl}${txHash}`;
      await tellAmbassador(m, row.ambassadorId, (person) => ({
        notification: withdrawalPaidNotification({ amount: row.amount, address: row.walletAddress, txUrl }, person.locale),
        email: withdrawalPaidEmail({
          name: person.fullName,
          amountUsdt: row.amount,
          address: row.walletAddress,
          txUrl,
          appUrl: ctx.config.appUrl,
          locale: person.locale,
        }),
      }));
    }
    await m.audit(
      'mark_withdrawals_paid',
      { type: 'withdrawal', id: null },
      `${paid.length} withdrawal(s), ${addMoney(...paid.map((row) => row.amount))} USDT, transaction ${txHash} (${
        verified ? 'verified on chain' : 'format checked; not verified on chain'
      })`,
    );
    return {
      verifiedOnChain: verified !== undefined,
      txHash,
      txUrl: `${explorerTxUrl}${txHash}`,
      withdrawals: paid.map(({ approvals, ...row }) => presentWithdrawal(row, ctx.config.payouts, approvals, m.now)),
    };
  });
}

/**
 * Reads the withdrawals to mark (outside any transaction), refuses early what the transaction would
 * refuse (a hash already recorded, a withdrawal not approved or already paid) without asking the
 * chain, and checks the receipt against them. Answers what was verified, by id.
 */
async function verifyOnChain(ctx: AppContext, ids: string[], txHash: string): Promise<Map<string, ExpectedPayment>> {
  const recorded = await ctx.db.select({ txHash: payoutBatches.txHash }).from(payoutBatches).where(eq(payoutBatches.txHash, txHash)).limit(1);
  if (recorded.length) throw conflict(PAYOUT_MESSAGES.reused);
  const rows = await ctx.db
    .select({ id: withdrawalRequests.id, amount: withdrawalRequests.amount, walletAddress: withdrawalRequests.walletAddress })
    .from(withdrawalRequests)
    .where(and(inArray(withdrawalRequests.id, ids), awaitingPayment()));
  if (rows.length !== ids.length) {
    const payable = new Set(rows.map((row) => row.id));
    throw notPayable(ids.filter((id) => !payable.has(id)));
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const expected = ids.flatMap((id) => byId.get(id) ?? []);
  try {
    await verifyPayout(ctx.config.payouts, txHash, expected);
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAVAILABLE') {
      ctx.log.warn({ txHash, reason: await rpcFailure(error.cause) }, 'could not verify a payout on chain');
    }
    throw error;
  }
  return byId;
}

function samePayment(verified: ExpectedPayment | undefined, row: ExpectedPayment): boolean {
  return verified !== undefined && verified.amount === row.amount && verified.walletAddress === row.walletAddress;
}
