import type { FastifyInstance } from 'fastify';
import { ZErrorBody } from '../../../shared/schemas/common.ts';
import { forbidden } from '../../errors.ts';
import { requireUser } from '../../http.ts';
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
}

export async function eventRoutes(app: FastifyInstance) {
  const hub = app.events;
  const allowedOrigins = new Set([new URL(app.ctx.config.appUrl).origin, ...app.ctx.config.allowedOrigins]);
  app.get(
    '/api/events',
    {
      config: { access: 'user', stream: true },
      compress: false,
      schema: {
        operationId: 'streamChanges',
        summary: 'What changed, live (Server-Sent Events)',
        tags: ['session'],
        description:
          'Events named `change` with data `{"topics": [...]}`: domain words (me, leaderboard, stats, seasons, log, settings; for admins applications, reports, withdrawals, ambassadors, admins, activity), never data: refresh the reads that show them. A comment line at least every 30 s. An ambassador hears only changes about themselves and public ones. The stream ends at sign-out, password change, suspension or removal of the account; at most 5 per session (the oldest closes).',
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
