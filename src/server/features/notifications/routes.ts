import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZErrorBody } from '../../../shared/schemas/common.ts';
import { ZMarkReadInput, ZNotification, ZNotificationsQuery } from '../../../shared/schemas/notifications.ts';
import { requireUser, typed } from '../../http.ts';
import { registerFormBody } from '../../json-body.ts';
import { listNotifications, markRead, unsubscribe } from './service.ts';

export async function notificationRoutes(app: FastifyInstance) {
  const r = typed(app);

  r.get(
    '/api/notifications',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'listNotifications',
        summary: 'The signed-in person’s notifications',
        tags: ['notifications'],
        querystring: ZNotificationsQuery,
        description: 'The caller’s own notifications, newest first; X-Unread-Count has how many are unread.',
        response: { 200: z.array(ZNotification).describe('One page of notifications.') },
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
          operationId: 'unsubscribe',
          summary: 'One-click unsubscribe from decision emails (RFC 8058)',
          description: 'The signed link of an email’s List-Unsubscribe header; mail providers POST it from their own servers (any Origin, a form body).',
          tags: ['notifications'],
          querystring: z.object({
            u: z.string().max(100).meta({ description: 'The account, from the link.' }),
            s: z.string().max(100).meta({ description: 'The link’s signature.' }),
          }),
          response: {
            200: z.object({ message: z.string() }).describe('Unsubscribed from decision emails (security emails are still sent).'),
            403: ZErrorBody.describe('The link is not valid.'),
          },
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
      schema: {
        operationId: 'markNotificationsRead',
        summary: 'Mark notifications read',
        tags: ['notifications'],
        body: ZMarkReadInput,
        response: { 200: z.object({ marked: z.number().int() }).describe('How many were marked read.') },
      },
    },
    async (request) => ({ marked: await markRead(app.ctx, requireUser(request), request.body) }),
  );
}
