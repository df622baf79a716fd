import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { APPEAL_WINDOW_DAYS } from '../../../shared/reasons.ts';
import { ZErrorBody, ZIdParams, ZListQuery } from '../../../shared/schemas/common.ts';
import { ZAdminAppealView, ZAppealDecisionInput, ZAppealsQuery, ZAppealView, type AppealKind } from '../../../shared/schemas/decisions.ts';
import { requireUser, sendPage } from '../../http.ts';
import { routes } from '../../routes.ts';
import { decideAppeal, listAppeals, sendAppeal } from './service.ts';
import { appealRoute } from '../decisions/index.ts';

const SUBJECTS: { kind: Exclude<AppealKind, 'referral' | 'task_claim'>; path: string; operationId: string; words: string }[] = [
  { kind: 'report', path: '/api/reports/:id/appeal', operationId: 'appealReport', words: 'report' },
  { kind: 'withdrawal', path: '/api/withdrawal-requests/:id/appeal', operationId: 'appealWithdrawal', words: 'withdrawal request' },
];

export async function appealRoutes(app: FastifyInstance) {
  const route = routes(app);

  for (const { kind, path, operationId, words } of SUBJECTS) {
    appealRoute(
      route,
      {
        path,
        operationId,
        summary: `Appeal the rejection of one of the caller’s ${words}s`,
        description: `Once per decision, within ${APPEAL_WINDOW_DAYS} days of it (DECISIONS §6). An admin other than the one who decided decides the appeal.`,
        notFound: `The caller has no ${words} with this id.`,
        conflict: `Already appealed, not a rejection, or the ${APPEAL_WINDOW_DAYS} days have passed (the message gives the deadline).`,
      },
      (actor, ambassadorId, id, text) => sendAppeal(app.ctx, actor, ambassadorId, kind, id, text),
    );
  }

  route('admin').get(
    '/api/admin/appeals',
    {
      operationId: 'listAppeals',
      summary: 'Appeals',
      description:
        'Appeals of rejected reports and withdrawals: pending first, oldest first, one page at a time (`limit` with `offset` or `cursor`). A pending one carries its age against the appeals’ service level.',
      tags: ['admin'],
      querystring: ZListQuery.omit({ search: true }).extend(ZAppealsQuery.shape),
      response: { 200: z.array(ZAdminAppealView).describe('One page of appeals, with the decision appealed.') },
    },
    async (request, reply) => {
      return sendPage(reply, await listAppeals(app.ctx, requireUser(request), request.query));
    },
  );

  route('admin').post(
    '/api/admin/appeals/:id/decide',
    {
      operationId: 'decideAppeal',
      summary: 'Uphold or overturn an appeal',
      description:
        'By an admin other than the one who made the decision. Overturning a report approves it with the awards given (credited once); overturning a withdrawal’s rejection re-opens it as pending.',
      tags: ['admin'],
      params: ZIdParams,
      body: ZAppealDecisionInput,
      response: {
        200: ZAppealView.describe('The appeal as decided.'),
        403: ZErrorBody.describe('The caller made the decision appealed: another admin must decide the appeal.'),
        404: ZErrorBody.describe('No appeal has this id.'),
        409: ZErrorBody.describe('The appeal was already decided, or the withdrawable balance no longer covers a withdrawal to re-open.'),
      },
    },
    async (request) => decideAppeal(app.ctx, requireUser(request), request.params.id, request.body),
  );
}
