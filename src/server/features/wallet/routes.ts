import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZErrorBody, ZIdParams, ZFlaggedQuery, ZListQuery } from '../../../shared/schemas/common.ts';
import { ZAdminWithdrawalView, ZTransactionView, ZWithdrawalView } from '../../../shared/schemas/views.ts';
import { ADMIN_WITHDRAWAL_FILTERS, ZExportQuery, ZMarkPaidInput, ZWithdrawalDecisionInput, ZWithdrawalInput } from '../../../shared/schemas/withdrawals.ts';
import { requireAmbassador, requireUser, setTotal, typed } from '../../http.ts';
import { exportUnpaid, markPaid } from './payouts.ts';
import { decideWithdrawal, listOwnTransactions, listOwnWithdrawals, listWithdrawalsForAdmin, requestWithdrawal } from './service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

export async function walletRoutes(app: FastifyInstance) {
  const r = typed(app);

  r.get(
    '/api/transactions',
    { config: { access: 'ambassador' }, schema: { tags: ['ambassador'], response: { 200: z.array(ZTransactionView), ...errors } } },
    async (request) => {
      const ambassador = requireAmbassador(request);
      return listOwnTransactions(app.ctx, ambassador.id);
    },
  );

  r.get(
    '/api/withdrawal-requests',
    { config: { access: 'ambassador' }, schema: { tags: ['ambassador'], response: { 200: z.array(ZWithdrawalView), ...errors } } },
    async (request) => {
      const ambassador = requireAmbassador(request);
      return listOwnWithdrawals(app.ctx, ambassador.id);
    },
  );

  r.post(
    '/api/withdrawal-requests',
    {
      config: { access: 'ambassador' },
      schema: { tags: ['ambassador'], body: ZWithdrawalInput, response: { 201: ZWithdrawalView, ...errors, 422: ZErrorBody } },
    },
    async (request, reply) => {
      const ambassador = requireAmbassador(request);
      const withdrawal = await requestWithdrawal(app.ctx, requireUser(request), ambassador.id, request.body, { request, reply, status: 201 });
      return reply.code(201).send(withdrawal);
    },
  );

  r.get(
    '/api/admin/withdrawal-requests',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        querystring: ZListQuery.extend({
          status: z.enum(ADMIN_WITHDRAWAL_FILTERS, { error: 'status must be pending, approved, awaiting_payment, paid or rejected' }).optional(),
          ...ZFlaggedQuery.shape,
        }),
        description: 'Newest first. status=awaiting_payment: approved and not yet paid; paid: with a transaction hash; approved: both.',
        response: { 200: z.array(ZAdminWithdrawalView), ...errors },
      },
    },
    async (request, reply) => {
      const { items, ...page } = await listWithdrawalsForAdmin(app.ctx, request.query);
      setTotal(reply, page);
      return items;
    },
  );

  r.get(
    '/api/admin/withdrawals/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        querystring: ZExportQuery,
        description:
          'Approved, unpaid withdrawals as CSV (only those in ids, comma-separated, when given): format=safe is the Safe CSV Airdrop file (token_type,token_address,receiver,amount,id), format=plain one for accounting.',
      },
    },
    async (request, reply) => {
      const day = app.ctx.clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="withdrawals-to-pay-${request.query.format}-${day}.csv"`)
        .send(exportUnpaid(app.ctx, request.query.format, request.query.ids));
    },
  );

  r.post(
    '/api/admin/withdrawals/paid',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        body: ZMarkPaidInput,
        description:
          'Marks approved, unpaid withdrawals paid by one transaction. With BSC_RPC_URL set, its receipt is checked on chain first: 422 names the withdrawals it does not pay (or says it failed or was not found), 503 when the node cannot be reached; nothing is marked then.',
        response: {
          200: z.object({ verifiedOnChain: z.boolean(), txHash: z.string(), txUrl: z.string(), withdrawals: z.array(ZWithdrawalView) }),
          ...errors,
          422: ZErrorBody,
          503: ZErrorBody,
        },
      },
    },
    async (request) => markPaid(app.ctx, requireUser(request), request.body.ids, request.body.txHash),
  );

  for (const [verb, decision] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    r.post(
      `/api/admin/withdrawals/:id/${verb}`,
      {
        config: { access: 'admin' },
        schema: { tags: ['admin'], params: ZIdParams, body: ZWithdrawalDecisionInput, response: { 200: ZWithdrawalView, ...errors } },
      },
      async (request) => decideWithdrawal(app.ctx, requireUser(request), request.params.id, decision, request.body.adminNotes),
    );
  }
}
