import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZErrorBody } from '../../../shared/schemas/common.ts';
import { forbidden } from '../../errors.ts';
import { requireUser } from '../../http.ts';
import { registerChangeAnswers } from './answer.ts';
import { eventsHub, type EventsHub } from './hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live changes' streams of this instance (DECISIONS §6). */
    events: EventsHub;
  }
}

/** The instance's hub, on the root app (the logout ends its session's streams through it). */
export function registerEvents(app: FastifyInstance): void {
  const hub = eventsHub(app.ctx);
  app.decorate('events', hub);
  // Before the server stops listening: open streams would otherwise hold its close until they drop.
  app.addHook('preClose', async () => hub.close());
  // Before the features' routes: each change's answer names the topics it published (X-Changed-Topics).
  registerChangeAnswers(app);
}

export async function eventRoutes(app: FastifyInstance) {
  const hub = app.events;
  const allowedOrigins = new Set([new URL(app.ctx.config.appUrl).origin, ...app.ctx.config.allowedOrigins]);
  app.get(
    '/api/events',
    {
      config: {
        access: 'user',
        stream: true,
        document: {
          responses: {
            200: {
              description:
                'A stream of Server-Sent Events: `retry: 3000`, then `id: <instance>.<number>` (the id to send back as Last-Event-ID), then events named `change` with data `{"topics": [...]}` and an id each, and an event named `end` with data `{"reason": "replaced"}` when a newer tab of the session takes this stream\'s place.',
              content: { 'text/event-stream': { schema: { type: 'string' } } },
            },
            204: {
              description:
                'No stream: the reconnection of a stream that was replaced (its Last-Event-ID ends in `.replaced`) while the session already has 5 streams. A standard EventSource client stops reconnecting; open a new one when the page is shown again.',
            },
          },
        },
      },
      compress: false,
      schema: {
        operationId: 'streamChanges',
        summary: 'What changed, live (Server-Sent Events)',
        tags: ['session'],
        description:
          'Events named `change` with data `{"topics": [...]}`: domain words (me, leaderboard, stats, seasons, log, settings; for admins applications, reports, withdrawals, ambassadors, admins, activity, integrations), never data: refresh the reads that show them. A comment line at least every 30 s. An ambassador hears only changes about themselves and public ones; an admin who must still enrol two-factor sign-in (ADMIN_MFA=required) hears what a non-admin hears until enrolled. Every event has an id; a client that reconnects with Last-Event-ID first gets one `change` event naming the topics it missed, or every topic it may hear when its id is unknown here or too old: refresh those reads. The stream ends at sign-out, password change, suspension or removal of the account; at most 5 per session: a new stream (no Last-Event-ID) ends the oldest with an `end` event, and a replaced stream that reconnects while 5 are open is answered 204.',
        headers: z.looseObject({
          'last-event-id': z
            .string()
            .optional()
            .describe('The id of the last event received, sent by a reconnecting EventSource: the missed topics are named first.'),
        }),
        response: {
          401: ZErrorBody.describe('Not signed in.'),
          403: ZErrorBody.describe('From another site.'),
          429: ZErrorBody.describe('Too many live streams from this address, or in all.'),
        },
      },
    },
    async (request, reply) => {
      const origin = request.headers.origin;
      if (origin !== undefined && !allowedOrigins.has(origin)) throw forbidden('Cross-site request refused');
      hub.open(request, reply, requireUser(request), request.sessionSid ?? '');
    },
  );
}
