import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZLeaderboardEntry, ZSettings, ZStats } from '../../../shared/schemas/views.ts';
import { typed } from '../../http.ts';
import { getSettings, leaderboard, publicStats } from './service.ts';

export async function publicRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get('/api/public/stats', { config: { access: 'public' }, schema: { tags: ['public'], response: { 200: ZStats } } }, async () => publicStats(app.ctx));
  r.get('/api/public/leaderboard', { config: { access: 'public' }, schema: { tags: ['public'], response: { 200: z.array(ZLeaderboardEntry) } } }, async () =>
    leaderboard(app.ctx),
  );
  r.get('/api/settings', { config: { access: 'public' }, schema: { tags: ['public'], response: { 200: ZSettings } } }, async () => getSettings(app.ctx));
}
