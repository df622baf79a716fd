import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZErrorBody, ZMessage } from '../../../shared/schemas/common.ts';
import {
  UNSUBSCRIBE_MESSAGE,
  UNSUBSCRIBE_PAGE,
  ZMarkReadInput,
  ZNotification,
  ZNotificationsQuery,
  ZUnsubscribeBody,
  ZUnsubscribeQuery,
  ZUnsubscribeStatus,
} from '../../../shared/schemas/notifications.ts';
import { requireUser } from '../../http.ts';
import { routes } from '../../routes.ts';
import { registerFormBody } from '../../json-body.ts';
import { listNotifications, markRead, unsubscribe, unsubscribeLinkStatus } from './service.ts';

export async function notificationRoutes(app: FastifyInstance) {
  const route = routes(app);

  route({
    access: 'user',
    document: {
      headers: {
        'X-Unread-Count': { description: 'How many of the caller’s notifications are unread.', required: true, schema: { type: 'integer', minimum: 0 } },
      },
    },
  }).get(
    '/api/notifications',
    {
      operationId: 'listNotifications',
      summary: 'The signed-in person’s notifications',
      tags: ['notifications'],
      querystring: ZNotificationsQuery,
      description: 'The caller’s own notifications, newest first; X-Unread-Count has how many are unread.',
      response: { 200: z.array(ZNotification).describe('One page of notifications.') },
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
    routes(scope)({ access: 'public', crossSite: true }).post(
      '/api/unsubscribe',
      {
        operationId: 'unsubscribe',
        summary: 'One-click unsubscribe from decision emails (RFC 8058)',
        description:
          'The signed link of an email’s List-Unsubscribe header; mail providers POST it from their own servers (any Origin), with the body `List-Unsubscribe=One-Click` as `application/x-www-form-urlencoded` or `multipart/form-data` (RFC 8058). The signed link is the authority: the body may be left out.',
        tags: ['notifications'],
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'],
        querystring: ZUnsubscribeQuery,
        body: ZUnsubscribeBody,
        response: {
          200: ZMessage.describe('Unsubscribed from decision emails (security emails are still sent).'),
          403: ZErrorBody.describe('The link is not valid.'),
        },
      },
      async (request) => {
        await unsubscribe(app.ctx, request.query.u, request.query.s);
        return { message: UNSUBSCRIBE_MESSAGE };
      },
    );
  });

  // The same address opened in a browser (an email sent before the page existed, a mail client that
  // opens the header's link): the page, which says what it stops and asks before doing it.
  route({
    access: 'public',
    document: {
      responses: {
        302: {
          description: 'Redirects to the unsubscribe page with the same link, which asks before it unsubscribes.',
          headers: { Location: { description: 'The unsubscribe page.', required: true, schema: { type: 'string', example: '/unsubscribe?u=…&s=…' } } },
        },
      },
      database: false,
    },
  }).get(
    '/api/unsubscribe',
    {
      operationId: 'openUnsubscribePage',
      summary: 'The unsubscribe page (a redirect)',
      description: `Redirects an unsubscribe link opened in a browser to the page ${UNSUBSCRIBE_PAGE}, which asks before it unsubscribes.`,
      tags: ['notifications'],
      querystring: ZUnsubscribeQuery,
    },
    async (request, reply) => reply.redirect(`${UNSUBSCRIBE_PAGE}?${new URLSearchParams({ u: request.query.u, s: request.query.s }).toString()}`),
  );

  route('public').get(
    '/api/unsubscribe/status',
    {
      operationId: 'getUnsubscribeLinkStatus',
      summary: 'Whether an unsubscribe link is valid (without using it)',
      description: 'Lets the unsubscribe page say at once that a link is forged or cut short, and whether decision emails are still on.',
      tags: ['notifications'],
      querystring: ZUnsubscribeQuery,
      response: {
        200: ZUnsubscribeStatus.describe('The link is valid: whether the account still gets decision emails.'),
        403: ZErrorBody.describe('The link is not valid.'),
      },
    },
    async (request) => unsubscribeLinkStatus(app.ctx, request.query.u, request.query.s),
  );

  route('user').post(
    '/api/notifications/read',
    {
      operationId: 'markNotificationsRead',
      summary: 'Mark notifications read',
      description: 'The caller’s own notifications by id, or all of them; ids of anyone else’s are ignored.',
      tags: ['notifications'],
      body: ZMarkReadInput,
      response: { 200: z.object({ marked: z.number().int() }).describe('How many were marked read.') },
    },
    async (request) => ({ marked: await markRead(app.ctx, requireUser(request), request.body) }),
  );
}
