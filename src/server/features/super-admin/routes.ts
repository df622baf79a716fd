import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADMIN_ACTIONS, type AdminAction } from '../../../shared/enums.ts';
import { ACTIVITY_LOG_ENTRIES } from '../../../shared/limits.ts';
import { ZAdminPasswordInput, ZNewAdminInput } from '../../../shared/schemas/admins.ts';
import { ZErrorBody, ZIdParams } from '../../../shared/schemas/common.ts';
import { ZAdminAccount, ZAdminActionView, ZMessage } from '../../../shared/schemas/views.ts';
import { requireUser, setTotal, typed } from '../../http.ts';
import { latestActions } from '../activity-log/service.ts';
import { addAdmin, listAdmins, removeAdmin, setAdminPassword } from './service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const access = { access: 'superAdmin' as const };

export async function superAdminRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get('/api/super-admin/admins', { config: access, schema: { tags: ['super-admin'], response: { 200: z.array(ZAdminAccount), ...errors } } }, async () =>
    listAdmins(app.ctx),
  );

  r.post(
    '/api/super-admin/admins',
    { config: access, schema: { tags: ['super-admin'], body: ZNewAdminInput, response: { 201: ZAdminAccount, ...errors } } },
    async (request, reply) => {
      const admin = await addAdmin(app.ctx, requireUser(request), request.body);
      return reply.code(201).send(admin);
    },
  );

  r.delete(
    '/api/super-admin/admins/:id',
    { config: access, schema: { tags: ['super-admin'], params: ZIdParams, response: { 200: ZMessage, ...errors } } },
    async (request) => {
      await removeAdmin(app.ctx, requireUser(request), request.params.id);
      return { message: 'Admin removed' };
    },
  );

  r.patch(
    '/api/super-admin/admins/:id/password',
    { config: access, schema: { tags: ['super-admin'], params: ZIdParams, body: ZAdminPasswordInput, response: { 200: ZMessage, ...errors } } },
    async (request) => {
      await setAdminPassword(app.ctx, requireUser(request), request.params.id, request.body.newPassword);
      return { message: 'Password updated' };
    },
  );

  r.get(
    '/api/super-admin/actions',
    {
      config: access,
      schema: {
        tags: ['super-admin'],
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(500).default(ACTIVITY_LOG_ENTRIES),
          offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
          admin: z.string().max(254).optional(),
          action: z.enum(ADMIN_ACTIONS as [AdminAction, ...AdminAction[]], { error: 'action is not one the log records' }).optional(),
        }),
        response: { 200: z.array(ZAdminActionView), ...errors },
      },
    },
    async (request, reply) => {
      const { items, ...total } = await latestActions(app.ctx.db, request.query);
      setTotal(reply, total);
      return items;
    },
  );
}
