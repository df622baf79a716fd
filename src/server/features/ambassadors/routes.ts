import type { FastifyInstance } from 'fastify';
import { ZReasonRefused } from '../../../shared/schemas/decisions.ts';
import { z } from 'zod';
import { ZAmbassadorAdminUpdate, ZAmbassadorSelfUpdate, ZAdminAmbassadorView, ZAmbassadorView, ZOwnAmbassador } from '../../../shared/schemas/ambassadors.ts';
import { ZErrorBody, ZIdParams, ZFlaggedQuery, ZListQuery, ZMessage } from '../../../shared/schemas/common.ts';
import { requireAmbassador, requireUser, sendPage } from '../../http.ts';
import { routes } from '../../routes.ts';
import { loadDashboardSession, sessionFigures } from './own-figures.ts';
import { adminUpdateAmbassador, listAmbassadors, ownAmbassadorView, resendSetupEmail, updateOwnAmbassador } from './service.ts';

const notFound = ZErrorBody.describe('No ambassador has this id.');
/** The two paths of the caller's own record, each its own operation. */
const OWN_RECORD = [
  ['/api/ambassadors/me', 'getMyAmbassador'],
  ['/api/ambassador', 'getOwnAmbassador'],
] as const;

export async function ambassadorRoutes(app: FastifyInstance) {
  const route = routes(app);

  // Two paths of spec §7 for the same record: the dashboard's and the other pages'.
  for (const [url, operationId] of OWN_RECORD) {
    // The session read brings the dashboard's figures too: one round trip for the whole answer.
    route({ access: 'ambassador', ambassadorSession: loadDashboardSession }).get(
      url,
      {
        operationId,
        summary: 'The signed-in ambassador’s own record',
        description:
          'With the balances from the ledger (withdrawable, pending, withdrawn), this month’s figures, when the next report can be sent and the prizes won.',
        tags: ['ambassador'],
        response: { 200: ZOwnAmbassador.describe('The record, with balances from the ledger and this month’s figures.') },
      },
      async (request) => {
        const ambassador = requireAmbassador(request);
        return ownAmbassadorView(app.ctx, ambassador, sessionFigures(request));
      },
    );
  }

  route('ambassador').patch(
    '/api/ambassador',
    {
      operationId: 'updateOwnAmbassador',
      summary: 'Change the signed-in ambassador’s profile, payout address or email setting',
      description:
        'Any of the fields; others in the body (gcmWalletAddress, badgeLevel, totals, status) are dropped. A changed USDT address is emailed and pauses withdrawals for a while.',
      tags: ['ambassador'],
      body: ZAmbassadorSelfUpdate,
      response: { 200: ZOwnAmbassador.describe('The record as changed.') },
    },
    async (request) => {
      const ambassador = requireAmbassador(request);
      const updated = await updateOwnAmbassador(app.ctx, requireUser(request), ambassador, request.body);
      return ownAmbassadorView(app.ctx, updated);
    },
  );

  route({ access: 'admin', scope: 'read:ambassadors' }).get(
    '/api/admin/ambassadors',
    {
      operationId: 'listAmbassadors',
      summary: 'Ambassadors',
      description: 'Newest first, one page at a time (`limit` with `offset` or `cursor`); `search` matches the name or email.',
      tags: ['admin'],
      querystring: ZListQuery.extend(ZFlaggedQuery.shape),
      response: { 200: z.array(ZAdminAmbassadorView).describe('One page of ambassadors, with their abuse flags.') },
    },
    async (request, reply) => {
      return sendPage(reply, await listAmbassadors(app.ctx, request.query));
    },
  );

  route('admin').patch(
    '/api/admin/ambassadors/:id',
    {
      operationId: 'updateAmbassador',
      summary: 'Edit an ambassador (profile, wallets, badge, status)',
      description:
        'Only the fields sent change; profile links follow the application form’s rule. Each change is written to the activity log with its before and after.',
      tags: ['admin'],
      params: ZIdParams,
      body: ZAmbassadorAdminUpdate,
      response: { 200: ZAmbassadorView.describe('The record as changed.'), 400: ZReasonRefused, 404: notFound },
    },
    async (request) => adminUpdateAmbassador(app.ctx, requireUser(request), request.params.id, request.body),
  );

  route('admin').post(
    '/api/admin/ambassadors/:id/resend-password',
    {
      operationId: 'resendSetupEmail',
      summary: 'Email an ambassador a new password link',
      description: 'Issues a fresh setup link; older ones stop working.',
      tags: ['admin'],
      params: ZIdParams,
      response: { 200: ZMessage.describe('The email is on its way.'), 404: notFound },
    },
    async (request) => {
      await resendSetupEmail(app.ctx, requireUser(request), request.params.id);
      return { message: 'Password setup email sent' };
    },
  );
}
