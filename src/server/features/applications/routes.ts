import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZApplicationInput } from '../../../shared/schemas/applications.ts';
import { ZAdminNotes, ZErrorBody, ZIdParams, ZFlaggedQuery, ZListQuery } from '../../../shared/schemas/common.ts';
import { ZAdminApplicationView, ZApplicationView, ZMessage } from '../../../shared/schemas/views.ts';
import { requireUser, setTotal, typed } from '../../http.ts';
import { approveApplication, listPendingApplications, rejectApplication, submitApplication } from './service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const ZRejectBody = z.object({ adminNotes: ZAdminNotes }).nullish();

export async function applicationRoutes(app: FastifyInstance) {
  const r = typed(app);

  r.post(
    '/api/applications',
    {
      config: { access: 'public' },
      schema: {
        tags: ['applications'],
        body: ZApplicationInput,
        response: { 201: ZApplicationView.pick({ id: true, status: true, createdAt: true }), 400: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request, reply) => {
      const application = await submitApplication(app.ctx, request.body, request.ip);
      return reply.code(201).send(application);
    },
  );

  r.get(
    '/api/admin/applications',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], querystring: ZListQuery.extend(ZFlaggedQuery.shape), response: { 200: z.array(ZAdminApplicationView), ...errors } },
    },
    async (request, reply) => {
      const { items, ...page } = await listPendingApplications(app.ctx, request.query);
      setTotal(reply, page);
      return items;
    },
  );

  r.post(
    '/api/admin/applications/:id/approve',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], params: ZIdParams, response: { 200: ZMessage.extend({ ambassadorId: z.string() }), ...errors } },
    },
    async (request) => {
      const result = await approveApplication(app.ctx, requireUser(request), request.params.id);
      return { message: 'Application approved. Setup email sent to ambassador.', ...result };
    },
  );

  r.post(
    '/api/admin/applications/:id/reject',
    { config: { access: 'admin' }, schema: { tags: ['admin'], params: ZIdParams, body: ZRejectBody, response: { 200: ZMessage, ...errors } } },
    async (request) => {
      await rejectApplication(app.ctx, requireUser(request), request.params.id, request.body?.adminNotes ?? null);
      return { message: 'Application rejected' };
    },
  );
}
