import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZLeaderboardEntry, ZStats } from '../../../shared/schemas/public.ts';
import { monthPeriod, nowMs } from '../../clock.ts';
import { publicCache, sendEncoded } from './cache.ts';
import { leaderboardHub } from './stream.ts';
import { leaderboard, publicStats } from './service.ts';

const ZLeaderboard = z.array(ZLeaderboardEntry);

export async function publicRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const cache = publicCache(ctx.database.figures);
  // Answers leave as stored bytes (JSON, gzip, brotli): the schema shapes them once per refresh, and the
  // compression plugin is off for these routes because the cache has compressed them already.
  app.get(
    '/api/public/stats',
    {
      config: { access: 'public', etag: 'edge' },
      compress: false,
      schema: {
        operationId: 'getPublicStats',
        summary: 'The programme’s totals',
        description: 'Ambassadors, GCM and USDT awarded, for the landing page’s figures; cached, with an ETag.',
        tags: ['public'],
        response: { 200: ZStats.describe('Ambassadors and awards so far (Cache-Control: no-cache: revalidate with If-None-Match).') },
      },
    },
    (request, reply) => {
      // A current answer is sent at once; otherwise (a change, or TTL_MS passed) after the query it shares.
      const hit = cache.peek('stats', '');
      if (hit) {
        // Sent here, synchronously: the handler then returns nothing (a returned reply would be sent twice).
        sendEncoded(request, reply, hit);
        return undefined;
      }
      return statsNow().then((answer) => sendEncoded(request, reply, answer));
    },
  );
  const statsNow = () => cache.get('stats', '', async () => ZStats.parse(await publicStats(ctx)));
  const month = monthOf();
  const leaderboardNow = () => cache.get('leaderboard', month(nowMs(ctx.clock)), async () => ZLeaderboard.parse(await leaderboard(ctx)));
  const hub = leaderboardHub(ctx.database.figures, leaderboardNow, ctx.streamLimits, ctx.database.changes);
  // Before the server stops listening: open streams would otherwise hold its close until they drop.
  app.addHook('preClose', async () => hub.close());
  app.get(
    '/api/public/leaderboard/stream',
    {
      config: { access: 'public', stream: true },
      compress: false,
      schema: {
        operationId: 'streamLeaderboard',
        summary: 'The leaderboard, live (Server-Sent Events)',
        tags: ['public'],
        description:
          'Server-Sent Events, each named `leaderboard` with the standings’ ETag as its id: at once the whole leaderboard (data: the JSON array of GET /api/public/leaderboard); then, whenever the standings change on any instance, a patch against the event before (data: {from: the ETag it applies to, changed: [{rank, entry}], removed: [id]}: drop the removed and changed entries, then insert each changed entry at its 0-based rank, in rank order), or the whole leaderboard again. Beside them, events named `change` with data `{"topics": [...]}` name the public topics (leaderboard, stats, seasons, log, settings) any change touched, so a visitor’s pages can refresh what they show.',
      },
    },
    async (request, reply) => hub.open(request, reply),
  );
  app.get(
    '/api/public/leaderboard',
    {
      config: { access: 'public', etag: 'edge' },
      compress: false,
      schema: {
        operationId: 'getLeaderboard',
        summary: 'This month’s leaderboard',
        description:
          'Ambassadors with GCM this UTC month, most first (ties: the earlier account first); cached, with an ETag. The live stream sends each change.',
        tags: ['public'],
        response: {
          200: ZLeaderboard.describe('The top ambassadors by GCM this UTC month, only those above 0 (Cache-Control: no-cache: revalidate with If-None-Match).'),
        },
      },
    },
    (request, reply) => {
      // The month is part of the key: at the turn of a month the ranking starts again at once.
      const hit = cache.peek('leaderboard', month(nowMs(ctx.clock)));
      if (hit) {
        // Sent here, synchronously: the handler then returns nothing (a returned reply would be sent twice).
        sendEncoded(request, reply, hit);
        return undefined;
      }
      return leaderboardNow().then((answer) => sendEncoded(request, reply, answer));
    },
  );
}

/** monthPeriod of an instant (ms), remembering the last month's bounds: no Date or string is made per request. */
function monthOf(): (t: number) => string {
  let start = 0;
  let end = -1;
  let period = '';
  return (t) => {
    if (t >= start && t < end) return period;
    const at = new Date(t);
    start = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1);
    end = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1);
    period = monthPeriod(at);
    return period;
  };
}
