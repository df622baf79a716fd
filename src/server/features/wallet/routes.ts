import type { FastifyInstance } from 'fastify';
import { ZReasonRefused } from '../../../shared/schemas/decisions.ts';
import { z } from 'zod';
import { ZErrorBody, ZIdParams, ZFlaggedQuery, ZListQuery } from '../../../shared/schemas/common.ts';
import {
  ZAdminWithdrawalView,
  ZWalletSharers,
  ZWithdrawalView,
  ADMIN_WITHDRAWAL_FILTERS,
  ZExportQuery,
  ZMarkPaidInput,
  ZWithdrawalDecisionInput,
  ZWithdrawalInput,
} from '../../../shared/schemas/withdrawals.ts';
import { ZTransactionView } from '../../../shared/schemas/wallet.ts';
import { ZWalletProofQuery } from '../../../shared/schemas/wallet-proof.ts';
import { requireAmbassador, requireUser, sendPage } from '../../http.ts';
import { routes } from '../../routes.ts';
import { exportUnpaid, markPaid } from './payouts.ts';
import {
  cancelWithdrawal,
  decideWithdrawal,
  listOwnTransactions,
  listOwnWithdrawals,
  listWithdrawalsForAdmin,
  requestWithdrawal,
  walletSharers,
} from './service.ts';

const notFound = ZErrorBody.describe('No withdrawal request has this id.');

export async function walletRoutes(app: FastifyInstance) {
  const route = routes(app);

  route('ambassador').get(
    '/api/transactions',
    {
      operationId: 'listOwnTransactions',
      summary: 'The signed-in ambassador’s ledger',
      description: 'Every GCM and USDT entry (rewards, prizes, withdrawals), newest first: the source of the balances.',
      tags: ['ambassador'],
      response: { 200: z.array(ZTransactionView).describe('Every GCM and USDT entry, newest first (negative: money out).') },
    },
    async (request) => {
      const ambassador = requireAmbassador(request);
      return listOwnTransactions(app.ctx, ambassador.id);
    },
  );

  route('ambassador').get(
    '/api/withdrawal-requests',
    {
      operationId: 'listOwnWithdrawals',
      summary: 'The signed-in ambassador’s withdrawal requests',
      description: 'Newest first, with their status, the admins’ approvals so far and, once paid, the transaction.',
      tags: ['ambassador'],
      response: { 200: z.array(ZWithdrawalView).describe('The requests, newest first.') },
    },
    async (request) => {
      const ambassador = requireAmbassador(request);
      return listOwnWithdrawals(app.ctx, ambassador.id);
    },
  );

  route({ access: 'ambassador', idempotent: true }).post(
    '/api/withdrawal-requests',
    {
      operationId: 'requestWithdrawal',
      summary: 'Request a USDT withdrawal',
      description: 'At least 50 USDT and at most the withdrawable balance, to a BEP20 address; the amount is held until an admin decides.',
      tags: ['ambassador'],
      body: ZWithdrawalInput,
      response: {
        201: ZWithdrawalView.describe('The request, pending.'),
        400: ZErrorBody.describe('Below the minimum, more than the withdrawable balance, or not a valid amount or address: `errors` names the field.'),
        403: ZErrorBody.describe(
          'The ambassador is suspended; withdrawals are paused after a change of payout address; the first withdrawal to an address declared an exchange deposit address waits EXCHANGE_ADDRESS_HOLD_HOURS (`code`: EXCHANGE_ADDRESS_HOLD); or, with WALLET_PROOF=required, the address is neither verified nor declared an exchange deposit address (`code`: WALLET_PROOF_REQUIRED).',
        ),
      },
    },
    async (request, reply) => {
      const ambassador = requireAmbassador(request);
      const withdrawal = await requestWithdrawal(app.ctx, requireUser(request), ambassador.id, request.body, { request, reply, status: 201 });
      return reply.code(201).send(withdrawal);
    },
  );

  route('ambassador').post(
    '/api/withdrawal-requests/:id/cancel',
    {
      operationId: 'cancelWithdrawal',
      summary: 'Take back a pending withdrawal request',
      description:
        'The owner only, while it is pending and no admin has approved it yet (DECISIONS §7): it becomes `cancelled`, final, and its amount is withdrawable again at once. A cancellation is not a decision: it has no reason and no appeal, and is not counted among the decisions.',
      tags: ['ambassador'],
      params: ZIdParams,
      response: {
        200: ZWithdrawalView.describe('The request, cancelled.'),
        404: ZErrorBody.describe('No withdrawal request of this ambassador has this id.'),
        409: ZErrorBody.describe(
          'It is no longer pending (approved, rejected or already cancelled; `code`: WITHDRAWAL_NOT_PENDING), or an admin has given the first of its two approvals (`code`: WITHDRAWAL_APPROVAL_GIVEN).',
        ),
      },
    },
    async (request) => {
      const ambassador = requireAmbassador(request);
      return cancelWithdrawal(app.ctx, requireUser(request), ambassador.id, request.params.id);
    },
  );

  route({ access: 'admin', scope: 'read:withdrawals' }).get(
    '/api/admin/withdrawal-requests',
    {
      operationId: 'listWithdrawals',
      summary: 'Withdrawal requests',
      tags: ['admin'],
      querystring: ZListQuery.extend({
        status: z.enum(ADMIN_WITHDRAWAL_FILTERS, { error: 'status must be pending, approved, awaiting_payment, paid, rejected or cancelled' }).optional(),
        ...ZFlaggedQuery.shape,
        ...ZWalletProofQuery.shape,
      }),
      description:
        'Newest first, one page at a time (`limit` with `offset` or `cursor`). status=awaiting_payment: approved and not yet paid; paid: with a transaction hash; approved: both; cancelled: taken back by the ambassador. Each item’s `approvers` says whether the signed-in admin’s approval would count now and, if not, why and from when. `search` matches the ambassador’s name or email, or the wallet address. `walletProof`: only those whose address stood so (verified by signature, declared an exchange deposit address, or neither).',
      response: {
        200: z
          .array(ZAdminWithdrawalView)
          .describe('One page of withdrawal requests, with their ambassador, approvals (and whether the caller’s would count) and abuse flags.'),
      },
    },
    async (request, reply) => {
      return sendPage(reply, await listWithdrawalsForAdmin(app.ctx, requireUser(request), { mfaVerified: request.sessionMfaVerified }, request.query));
    },
  );

  route('admin').get(
    '/api/admin/withdrawals/export.csv',
    {
      operationId: 'exportUnpaidWithdrawals',
      summary: 'Approved, unpaid withdrawals as CSV (to pay them)',
      tags: ['admin'],
      querystring: ZExportQuery,
      description:
        'Approved, unpaid withdrawals as CSV (only those in ids, comma-separated, when given): format=safe is the Safe CSV Airdrop file (token_type,token_address,receiver,amount,id), format=plain one for accounting. `walletProof` keeps only those whose address stood so (verified, exchange or none).',
    },
    async (request, reply) => {
      const day = app.ctx.clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="withdrawals-to-pay-${request.query.format}-${day}.csv"`)
        .send(exportUnpaid(app.ctx, request.query.format, request.query.ids, request.query.walletProof));
    },
  );

  route('admin').post(
    '/api/admin/withdrawals/paid',
    {
      operationId: 'markWithdrawalsPaid',
      summary: 'Record the transaction that paid approved withdrawals',
      tags: ['admin'],
      body: ZMarkPaidInput,
      description:
        'Marks approved, unpaid withdrawals paid by one transaction. With BSC_RPC_URL set, its receipt is checked on chain first: 422 names the withdrawals it does not pay (or says it failed or was not found), 503 when the node cannot be reached; nothing is marked then.',
      response: {
        200: z
          .object({ verifiedOnChain: z.boolean(), txHash: z.string(), txUrl: z.string(), withdrawals: z.array(ZWithdrawalView) })
          .describe('Marked paid (checked on chain first when verifiedOnChain).'),
        409: ZErrorBody.describe('Some of them are not approved and unpaid, the hash already paid other withdrawals, or they changed meanwhile.'),
        422: ZErrorBody.describe('The transaction does not pay them (named), failed, or was not found on chain.'),
        503: ZErrorBody.describe('The BNB Smart Chain node could not be asked.'),
      },
    },
    async (request) => markPaid(app.ctx, requireUser(request), request.body.ids, request.body.txHash),
  );

  route({ access: 'admin', scope: 'read:withdrawals' }).get(
    '/api/admin/withdrawals/:id/shared-wallet',
    {
      operationId: 'getWithdrawalWalletSharers',
      summary: 'Who else uses a withdrawal’s wallet',
      description:
        'The other ambassadors whose saved address, or an earlier withdrawal’s, is this withdrawal’s (the shared_wallet flag): the first 10 by name, and how many in all.',
      tags: ['admin'],
      params: ZIdParams,
      response: { 200: ZWalletSharers.describe('The other owners of the address.'), 404: notFound },
    },
    async (request) => walletSharers(app.ctx, request.params.id),
  );

  for (const [verb, decision] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    route('admin').post(
      `/api/admin/withdrawals/:id/${verb}`,
      {
        operationId: `${verb}Withdrawal`,
        summary: verb === 'approve' ? 'Approve a pending withdrawal' : 'Reject a pending withdrawal',
        description: verb === 'approve' ? 'Writes the USDT ledger entry; a large one needs a second admin’s approval first.' : 'Releases the held amount.',
        tags: ['admin'],
        params: ZIdParams,
        body: ZWithdrawalDecisionInput,
        response: {
          200: ZWithdrawalView.describe('The request as decided (or, for a large one, with its first approval).'),
          400: ZReasonRefused,
          403: ZErrorBody.describe(
            'A withdrawal that needs two admins: this admin’s approval cannot count now; the message says why, `code` names it: APPROVER_TOO_NEW (the account has not existed PAYOUT_APPROVER_MIN_AGE_HOURS yet; the message says from when), APPROVER_PASSWORD_NOT_OWN (a password a super admin set, until the admin sets one through an emailed link), APPROVER_MFA_TOO_NEW (a second factor turned on under such a password counts PAYOUT_APPROVER_MIN_AGE_HOURS later; the message says from when), APPROVER_NO_MFA (ADMIN_MFA=required and this session was not signed in with the second factor). The admin list’s `approvers` says the same before the click.',
          ),
          404: notFound,
          409: ZErrorBody.describe('It was already decided or cancelled by its owner, or this admin already gave the first of its two approvals.'),
        },
      },
      async (request) =>
        decideWithdrawal(
          app.ctx,
          requireUser(request),
          request.params.id,
          decision,
          request.body.adminNotes,
          { mfaVerified: request.sessionMfaVerified },
          request.body.reasonCode,
        ),
    );
  }
}
