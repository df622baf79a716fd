import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZErrorBody, ZIdParams, ZListQuery } from '../../../shared/schemas/common.ts';
import { REPORT_STATUSES, ZReportInput, ZReviewInput } from '../../../shared/schemas/reports.ts';
import { ZAdminReportView, ZReportView } from '../../../shared/schemas/views.ts';
import { requireAmbassador, requireUser, setTotal, typed } from '../../http.ts';
import { claimReport, listOwnReports, listReportsForAdmin, reviewReport, submitReport } from './service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

export async function reportRoutes(app: FastifyInstance) {
  const r = typed(app);

  r.get(
    '/api/reports',
    { config: { access: 'ambassador' }, schema: { tags: ['ambassador'], response: { 200: z.array(ZReportView), ...errors } } },
    async (request) => {
      const ambassador = requireAmbassador(request);
      return listOwnReports(app.ctx, ambassador.id);
    },
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
        querystring: ZListQuery.extend({ status: z.enum(REPORT_STATUSES, { error: 'status must be pending, approved or rejected' }).optional() }),
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
}
