import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZErrorBody, ZIdParams, ZFlaggedQuery, ZListQuery } from '../../../shared/schemas/common.ts';
import { REPORT_STATUSES, ZOwnReportsQuery, ZReportInput, ZReviewInput } from '../../../shared/schemas/reports.ts';
import { ZAdminReportView, ZReportView } from '../../../shared/schemas/views.ts';
import { requireAmbassador, requireUser, setTotal, typed } from '../../http.ts';
import { claimNextReport, claimReport, getOwnReport, listOwnReports, listReportsForAdmin, reviewReport, submitReport } from './service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

export async function reportRoutes(app: FastifyInstance) {
  const r = typed(app);

  r.get(
    '/api/reports',
    {
      config: { access: 'ambassador' },
      schema: {
        tags: ['ambassador'],
        querystring: ZOwnReportsQuery,
        description:
          'The caller’s own reports, newest first: all of them (up to 1000) without `limit`, else one page (`offset`, or `cursor` from X-Next-Cursor). X-Total-Count has how many there are.',
        response: { 200: z.array(ZReportView), ...errors },
      },
    },
    async (request, reply) => {
      const ambassador = requireAmbassador(request);
      const { items, ...page } = await listOwnReports(app.ctx, ambassador.id, request.query);
      setTotal(reply, page);
      return items;
    },
  );

  r.get(
    '/api/reports/:id',
    {
      config: { access: 'ambassador' },
      schema: {
        tags: ['ambassador'],
        params: ZIdParams,
        description: 'One of the caller’s own reports (404 for anyone else’s).',
        response: { 200: ZReportView, ...errors },
      },
    },
    async (request) => getOwnReport(app.ctx, requireAmbassador(request).id, request.params.id),
  );

  r.post(
    '/api/reports',
    { config: { access: 'ambassador' }, schema: { tags: ['ambassador'], body: ZReportInput, response: { 201: ZReportView, ...errors } } },
    async (request, reply) => {
      const ambassador = requireAmbassador(request);
      const report = await submitReport(app.ctx, requireUser(request), ambassador, request.body);
      return reply.code(201).send(report);
    },
  );

  r.get(
    '/api/admin/reports',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        querystring: ZListQuery.extend({
          status: z.enum(REPORT_STATUSES, { error: 'status must be pending, approved or rejected' }).optional(),
          ...ZFlaggedQuery.shape,
        }),
        response: { 200: z.array(ZAdminReportView), ...errors },
      },
    },
    async (request, reply) => {
      const { items, ...page } = await listReportsForAdmin(app.ctx, request.query);
      setTotal(reply, page);
      return items;
    },
  );

  r.post(
    '/api/admin/reports/:id/review',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], params: ZIdParams, body: ZReviewInput, response: { 200: ZReportView, ...errors, 422: ZErrorBody } },
    },
    async (request, reply) => {
      const report = await reviewReport(app.ctx, requireUser(request), request.params.id, request.body, { request, reply, status: 200 });
      return reply.code(200).send(report);
    },
  );

  r.post(
    '/api/admin/reports/:id/claim',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        params: ZIdParams,
        description: 'Holds a pending report for its reviewer for 10 minutes (renewed by claiming again); others get 409 while it holds.',
        response: { 200: z.object({ claimedBy: z.string(), claimedUntil: z.string() }), ...errors },
      },
    },
    async (request) => claimReport(app.ctx, requireUser(request), request.params.id),
  );

  r.post(
    '/api/admin/reports/claim-next',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        body: z.object({ exceptId: z.uuid({ error: 'exceptId must be a report id' }).optional() }).nullish(),
        description:
          "'Next pending': claims the oldest pending report no other admin holds and answers it; `exceptId` (the report being left) is released and skipped. 404 when none is left.",
        response: { 200: ZAdminReportView, ...errors },
      },
    },
    async (request) => claimNextReport(app.ctx, requireUser(request), request.body?.exceptId),
  );
}
