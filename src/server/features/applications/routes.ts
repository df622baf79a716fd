import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZApplicationInput,
  ZAdminApplicationView,
  ZApplicationsQuery,
  ZApplicationRejectBody,
  ZApplicationView,
} from '../../../shared/schemas/applications.ts';
import { ZErrorBody, ZIdParams, ZFlaggedQuery, ZListQuery, ZMessage } from '../../../shared/schemas/common.ts';
import { decisionFacts, ZReasonRefused } from '../../../shared/schemas/decisions.ts';
import { requestLocale, requireUser, sendPage } from '../../http.ts';
import { routes } from '../../routes.ts';
import { approveApplication, listPendingApplications, rejectApplication, submitApplication } from './service.ts';
import { REFERRAL_COOKIE } from '../../../shared/schemas/referrals.ts';
import { DEVICE_ID_COOKIE, ensureDeviceId } from '../referrals/index.ts';

const notFound = ZErrorBody.describe('No application has this id.');

export async function applicationRoutes(app: FastifyInstance) {
  const route = routes(app);

  route('public').post(
    '/api/applications',
    {
      operationId: 'submitApplication',
      summary: 'Apply to become an ambassador',
      description:
        'An email that already has an account or a pending or approved application is answered the same way, and its owner is emailed: the answer never tells whether an email is known. A `referralCode` (else the `ref` cookie’s) records the referrer; a code in the body that is no ambassador’s is refused (400 `REFERRAL_CODE_UNKNOWN`), nothing stored.',
      tags: ['applications'],
      body: ZApplicationInput,
      response: {
        201: ZApplicationView.pick({ id: true, status: true, createdAt: true }).describe('The application is received.'),
        400: ZErrorBody.describe('The input is not valid, or `referralCode` is no ambassador’s (`code`: REFERRAL_CODE_UNKNOWN).'),
        429: ZErrorBody,
      },
    },
    async (request, reply) => {
      const deviceId = ensureDeviceId(reply, request.cookies[DEVICE_ID_COOKIE], app.ctx.config.env === 'production');
      const origin = { address: request.ip, deviceId, referralCookie: request.cookies[REFERRAL_COOKIE] };
      const application = await submitApplication(app.ctx, request.body, origin, requestLocale(request));
      return reply.code(201).send(application);
    },
  );

  route({ access: 'admin', scope: 'read:applications' }).get(
    '/api/admin/applications',
    {
      operationId: 'listPendingApplications',
      summary: 'Applications (pending unless asked for another status)',
      description:
        'Most followers first, one page at a time (`limit` with `offset` or `cursor`); `search` matches the applicant’s name or email; `status` (`pending` by default, `approved`, `rejected` or `all`) shows decided ones too.',
      tags: ['admin'],
      querystring: ZListQuery.extend(ZFlaggedQuery.shape).extend(ZApplicationsQuery.shape),
      response: { 200: z.array(ZAdminApplicationView).describe('One page of applications, with their abuse flags.') },
    },
    async (request, reply) => {
      return sendPage(reply, await listPendingApplications(app.ctx, request.query));
    },
  );

  route('admin').post(
    '/api/admin/applications/:id/approve',
    {
      operationId: 'approveApplication',
      summary: 'Approve an application',
      description: 'Creates the account and the ambassador record and emails the setup link, all in one transaction.',
      tags: ['admin'],
      params: ZIdParams,
      response: {
        200: ZMessage.extend({ ambassadorId: z.string() }).describe('Approved: the new ambassador’s id.'),
        404: notFound,
        409: ZErrorBody.describe('The application was already approved or rejected, or its email already has an account.'),
      },
    },
    async (request) => {
      const result = await approveApplication(app.ctx, requireUser(request), request.params.id);
      return { message: 'Application approved. Setup email sent to ambassador.', ...result };
    },
  );

  route('admin').post(
    '/api/admin/applications/:id/reject',
    {
      operationId: 'rejectApplication',
      summary: 'Reject an application',
      description:
        'A pending application only, with an optional reason code and facts (DECISIONS §6; `adminNotes` is read as the facts); the applicant gets a kind, final email with the reason, its rule and the facts.',
      tags: ['admin'],
      params: ZIdParams,
      body: ZApplicationRejectBody,
      response: {
        200: ZMessage.describe('Rejected.'),
        400: ZReasonRefused,
        404: notFound,
        409: ZErrorBody.describe('The application was already approved or rejected.'),
      },
    },
    async (request) => {
      await rejectApplication(app.ctx, requireUser(request), request.params.id, decisionFacts(request.body), request.body?.reasonCode ?? null);
      return { message: 'Application rejected' };
    },
  );
}
