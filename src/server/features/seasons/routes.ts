import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZErrorBody } from '../../../shared/schemas/common.ts';
import { ZCloseSeasonInput, ZSeasonAdminItem, ZSeasonParams, ZSeasonPreview } from '../../../shared/schemas/season-admin.ts';
import { ZCurrentSeason, ZSeasonDetail, ZSeasonSummary } from '../../../shared/schemas/seasons.ts';
import { requireUser, typed } from '../../http.ts';
import { closeSeason, closedSeason, closedSeasons, currentSeason, previewSeason, seasonsForAdmin } from './service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

export async function seasonRoutes(app: FastifyInstance) {
  const r = typed(app);

  r.get('/api/public/seasons', { config: { access: 'public' }, schema: { tags: ['seasons'], response: { 200: z.array(ZSeasonSummary) } } }, async () =>
    closedSeasons(app.ctx),
  );

  // Registered before /:month, which would otherwise take "current" for a month.
  r.get('/api/public/seasons/current', { config: { access: 'public' }, schema: { tags: ['seasons'], response: { 200: ZCurrentSeason } } }, async () =>
    currentSeason(app.ctx),
  );

  r.get(
    '/api/public/seasons/:month',
    { config: { access: 'public' }, schema: { tags: ['seasons'], params: ZSeasonParams, response: { 200: ZSeasonDetail, 400: ZErrorBody, 404: ZErrorBody } } },
    async (request) => closedSeason(app.ctx, request.params.month),
  );

  r.get(
    '/api/super-admin/seasons',
    { config: { access: 'superAdmin' }, schema: { tags: ['super-admin'], response: { 200: z.array(ZSeasonAdminItem), ...errors } } },
    async () => seasonsForAdmin(app.ctx),
  );

  r.get(
    '/api/super-admin/seasons/:month/preview',
    { config: { access: 'superAdmin' }, schema: { tags: ['super-admin'], params: ZSeasonParams, response: { 200: ZSeasonPreview, ...errors } } },
    async (request) => previewSeason(app.ctx, request.params.month),
  );

  r.post(
    '/api/super-admin/seasons/:month/close',
    {
      config: { access: 'superAdmin' },
      schema: { tags: ['super-admin'], params: ZSeasonParams, body: ZCloseSeasonInput, response: { 200: ZSeasonSummary, ...errors } },
    },
    async (request) => closeSeason(app.ctx, requireUser(request), request.params.month, request.body.beacon),
  );
}
