import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZLeaderboardEntry, ZSettings, ZStats } from '../../../shared/schemas/views.ts';
import { monthPeriod } from '../../clock.ts';
import { typed } from '../../http.ts';
import { publicCache } from './cache.ts';
import { getSettings, leaderboard, publicStats } from './service.ts';

const ZLeaderboard = z.array(ZLeaderboardEntry);

export async function publicRoutes(app: FastifyInstance) {
  const r = typed(app);
  const { ctx } = app;
  const cache = publicCache(ctx.database.figures);
  const json = 'application/json; charset=utf-8';
  // Answers leave as the cached JSON text; the schema shapes them once per refresh instead of once per request.
  app.get('/api/public/stats', { config: { access: 'public' }, schema: { tags: ['public'], response: { 200: ZStats } } }, async (_request, reply) =>
    reply.type(json).send(await cache.get('stats', '', async () => ZStats.parse(await publicStats(ctx)))),
  );
  app.get('/api/public/leaderboard', { config: { access: 'public' }, schema: { tags: ['public'], response: { 200: ZLeaderboard } } }, async (_request, reply) =>
    // The month is part of the key: at the turn of a month the ranking starts again at once.
    reply.type(json).send(await cache.get('leaderboard', monthPeriod(ctx.clock.now()), async () => ZLeaderboard.parse(await leaderboard(ctx)))),
  );
  r.get('/api/settings', { config: { access: 'public' }, schema: { tags: ['public'], response: { 200: ZSettings } } }, async () => getSettings(app.ctx));
}
