import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZErrorBody } from '../../../shared/schemas/common.ts';
import { ZMarkReadInput, ZNotification, ZNotificationsQuery } from '../../../shared/schemas/notifications.ts';
import { requireUser, typed } from '../../http.ts';
import { registerFormBody } from '../../json-body.ts';
import { listNotifications, markRead, unsubscribe } from './service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };

export async function notificationRoutes(app: FastifyInstance) {
  const r = typed(app);

  r.get(
    '/api/notifications',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        querystring: ZNotificationsQuery,
        description: 'The caller’s own notifications, newest first; X-Unread-Count has how many are unread.',
        response: { 200: z.array(ZNotification), ...errors },
      },
    },
    async (request, reply) => {
      const { items, unread } = await listNotifications(app.ctx, requireUser(request), request.query);
      reply.header('X-Unread-Count', String(unread));
      return items;
    },
  );

  // RFC 8058 one-click unsubscribe: mail providers POST it from their own servers, with no Origin and
  // a form body; the signed link is the authority (crossSite skips the Origin check).
  await app.register(async (scope) => {
    // Only this route takes a form body.
    registerFormBody(scope);
    typed(scope).post(
      '/api/unsubscribe',
      {
        config: { access: 'public', crossSite: true },
        schema: {
          tags: ['notifications'],
          querystring: z.object({ u: z.string().max(100), s: z.string().max(100) }),
          response: { 200: z.object({ message: z.string() }), 400: ZErrorBody, 403: ZErrorBody },
        },
      },
      async (request) => {
        await unsubscribe(app.ctx, request.query.u, request.query.s);
        return { message: 'You will no longer get emails about decisions. Security emails are still sent.' };
      },
    );
  });

  r.post(
    '/api/notifications/read',
    {
      config: { access: 'user' },
      schema: { tags: ['notifications'], body: ZMarkReadInput, response: { 200: z.object({ marked: z.number().int() }), ...errors } },
    },
    async (request) => ({ marked: await markRead(app.ctx, requireUser(request), request.body) }),
  );
}
