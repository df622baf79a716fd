import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZAmbassadorAdminUpdate, ZAmbassadorSelfUpdate } from '../../../shared/schemas/ambassadors.ts';
import { ZErrorBody, ZIdParams, ZFlaggedQuery, ZListQuery } from '../../../shared/schemas/common.ts';
import { ZAdminAmbassadorView, ZAmbassadorView, ZMessage, ZOwnAmbassador } from '../../../shared/schemas/views.ts';
import { requireAmbassador, requireUser, setTotal, typed } from '../../http.ts';
import { adminUpdateAmbassador, listAmbassadors, ownAmbassadorView, resendSetupEmail, updateOwnAmbassador } from './service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

export async function ambassadorRoutes(app: FastifyInstance) {
  const r = typed(app);

  // Two paths of spec §7 for the same record: the dashboard's and the other pages'.
  for (const url of ['/api/ambassadors/me', '/api/ambassador']) {
    r.get(url, { config: { access: 'ambassador' }, schema: { tags: ['ambassador'], response: { 200: ZOwnAmbassador, ...errors } } }, async (request) => {
      const ambassador = requireAmbassador(request);
      return ownAmbassadorView(app.ctx, ambassador);
    });
  }

  r.patch(
    '/api/ambassador',
    { config: { access: 'ambassador' }, schema: { tags: ['ambassador'], body: ZAmbassadorSelfUpdate, response: { 200: ZOwnAmbassador, ...errors } } },
    async (request) => {
      const ambassador = requireAmbassador(request);
      const updated = await updateOwnAmbassador(app.ctx, requireUser(request), ambassador, request.body);
      return ownAmbassadorView(app.ctx, updated);
    },
  );

  r.get(
    '/api/admin/ambassadors',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], querystring: ZListQuery.extend(ZFlaggedQuery.shape), response: { 200: z.array(ZAdminAmbassadorView), ...errors } },
    },
    async (request, reply) => {
      const { items, ...page } = await listAmbassadors(app.ctx, request.query);
      setTotal(reply, page);
      return items;
    },
  );

  r.patch(
    '/api/admin/ambassadors/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], params: ZIdParams, body: ZAmbassadorAdminUpdate, response: { 200: ZAmbassadorView, ...errors } },
    },
    async (request) => adminUpdateAmbassador(app.ctx, requireUser(request), request.params.id, request.body),
  );

  r.post(
    '/api/admin/ambassadors/:id/resend-password',
    { config: { access: 'admin' }, schema: { tags: ['admin'], params: ZIdParams, response: { 200: ZMessage, ...errors } } },
    async (request) => {
      await resendSetupEmail(app.ctx, requireUser(request), request.params.id);
      return { message: 'Password setup email sent' };
    },
  );
}
