import type { FastifyInstance } from 'fastify';
import { ZReasonRefused } from '../../../shared/schemas/decisions.ts';
import { z } from 'zod';
import { ZErrorBody, ZIdParams, ZFlaggedQuery, ZListQuery } from '../../../shared/schemas/common.ts';
import { REPORT_STATUSES, ZOwnReportsQuery, ZReportInput, ZReviewInput, ZAdminReportView, ZReportView } from '../../../shared/schemas/reports.ts';
import { requireAmbassador, requireUser, sendPage } from '../../http.ts';
import { routes } from '../../routes.ts';
import { claimNextReport, claimReport, getOwnReport, listOwnReports, listReportsForAdmin, reviewReport, submitReport } from './service.ts';

const notFound = ZErrorBody.describe('No report has this id.');

export async function reportRoutes(app: FastifyInstance) {
  const route = routes(app);

  route('ambassador').get(
    '/api/reports',
    {
      operationId: 'listOwnReports',
      summary: 'The signed-in ambassador’s reports',
      tags: ['ambassador'],
      querystring: ZOwnReportsQuery,
      description:
        'The caller’s own reports, newest first: all of them (up to 1000) without `limit`, else one page (`offset`, or `cursor` from X-Next-Cursor). X-Total-Count has how many there are.',
      response: { 200: z.array(ZReportView).describe('The reports (or one page of them).') },
    },
    async (request, reply) => {
      const ambassador = requireAmbassador(request);
      return sendPage(reply, await listOwnReports(app.ctx, ambassador.id, request.query));
    },
  );

  route('ambassador').get(
    '/api/reports/:id',
    {
      operationId: 'getOwnReport',
      summary: 'One of the signed-in ambassador’s reports',
      tags: ['ambassador'],
      params: ZIdParams,
      description: 'One of the caller’s own reports (404 for anyone else’s).',
      response: { 200: ZReportView.describe('The report.'), 404: ZErrorBody.describe('The caller has no report with this id.') },
    },
    async (request) => getOwnReport(app.ctx, requireAmbassador(request).id, request.params.id),
  );

  route('ambassador').post(
    '/api/reports',
    {
      operationId: 'submitReport',
      summary: 'Submit a weekly report',
      description: 'One a UTC day. The ambassador is the caller; ambassadorId, awards or status in the body are ignored.',
      tags: ['ambassador'],
      body: ZReportInput,
      response: {
        201: ZReportView.describe('The report, pending review.'),
        403: ZErrorBody.describe('Report submission is switched off, or the ambassador is suspended.'),
        409: ZErrorBody.describe('A report was already submitted today (UTC): try again tomorrow.'),
      },
    },
    async (request, reply) => {
      const ambassador = requireAmbassador(request);
      const report = await submitReport(app.ctx, requireUser(request), ambassador, request.body);
      return reply.code(201).send(report);
    },
  );

  route({ access: 'admin', scope: 'read:reports' }).get(
    '/api/admin/reports',
    {
      operationId: 'listReports',
      summary: 'Reports',
      description: 'Newest first, one page at a time (`limit` with `offset` or `cursor`); `search` matches the ambassador’s name or email.',
      tags: ['admin'],
      querystring: ZListQuery.extend({
        status: z.enum(REPORT_STATUSES, { error: 'status must be pending, approved or rejected' }).optional(),
        ...ZFlaggedQuery.shape,
      }),
      response: { 200: z.array(ZAdminReportView).describe('One page of reports, with their ambassador, review claim and abuse flags.') },
    },
    async (request, reply) => {
      return sendPage(reply, await listReportsForAdmin(app.ctx, request.query));
    },
  );

  route({ access: 'admin', idempotent: true }).post(
    '/api/admin/reports/:id/review',
    {
      operationId: 'reviewReport',
      summary: 'Approve or reject a pending report, with its awards',
      description: 'Approving credits the GCM and USDT awarded to the ledger in the same transaction.',
      tags: ['admin'],
      params: ZIdParams,
      body: ZReviewInput,
      response: {
        200: ZReportView.describe('The report as reviewed.'),
        400: ZReasonRefused,
        404: notFound,
        409: ZErrorBody.describe('The report was already reviewed, or another admin holds its review claim.'),
      },
    },
    async (request, reply) => {
      const report = await reviewReport(app.ctx, requireUser(request), request.params.id, request.body, { request, reply, status: 200 });
      return reply.code(200).send(report);
    },
  );

  route('admin').post(
    '/api/admin/reports/:id/claim',
    {
      operationId: 'claimReport',
      summary: 'Hold a pending report for review',
      tags: ['admin'],
      params: ZIdParams,
      description: 'Holds a pending report for its reviewer for 10 minutes (renewed by claiming again); others get 409 while it holds.',
      response: {
        200: z.object({ claimedBy: z.string(), claimedUntil: z.string().meta({ format: 'date-time' }) }).describe('Held: by whom and until when.'),
        404: notFound,
        409: ZErrorBody.describe('Another admin holds it (‘Being reviewed by …’), or it is no longer pending.'),
      },
    },
    async (request) => claimReport(app.ctx, requireUser(request), request.params.id),
  );

  route('admin').post(
    '/api/admin/reports/claim-next',
    {
      operationId: 'claimNextReport',
      summary: 'Hold the next pending report for review',
      tags: ['admin'],
      body: z.object({ exceptId: z.uuid({ error: 'exceptId must be a report id' }).optional() }).nullish(),
      description:
        "'Next pending': claims the oldest pending report no other admin holds and answers it; `exceptId` (the report being left) is released and skipped. 404 when none is left.",
      response: { 200: ZAdminReportView.describe('The report now held by the caller.'), 404: ZErrorBody.describe('No pending report is left to review.') },
    },
    async (request) => claimNextReport(app.ctx, requireUser(request), request.body?.exceptId),
  );
}
