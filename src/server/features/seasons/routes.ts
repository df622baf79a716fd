import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZErrorBody } from '../../../shared/schemas/common.ts';
import { ZCloseSeasonInput, ZSeasonAdminItem, ZSeasonParams, ZSeasonPreview } from '../../../shared/schemas/season-admin.ts';
import { ZCurrentSeason, ZSeasonDetail, ZSeasonSummary } from '../../../shared/schemas/seasons.ts';
import { requireUser, typed } from '../../http.ts';
import { closeSeason, closedSeason, closedSeasons, currentSeason, previewSeason, seasonsForAdmin } from './service.ts';

const badMonth = ZErrorBody.describe('The month is not written YYYY-MM.');

export async function seasonRoutes(app: FastifyInstance) {
  const r = typed(app);

  r.get(
    '/api/public/seasons',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'listSeasons',
        summary: 'The closed months',
        tags: ['seasons'],
        response: { 200: z.array(ZSeasonSummary).describe('Every closed month, newest first, with its champions and draw.') },
      },
    },
    async () => closedSeasons(app.ctx),
  );

  // Registered before /:month, which would otherwise take "current" for a month.
  r.get(
    '/api/public/seasons/current',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getCurrentSeason',
        summary: 'This month: its prizes and the draw’s commitment',
        tags: ['seasons'],
        response: { 200: ZCurrentSeason.describe('The running month.') },
      },
    },
    async () => currentSeason(app.ctx),
  );

  r.get(
    '/api/public/seasons/:month',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getSeason',
        summary: 'A closed month, with everyone in its draw',
        tags: ['seasons'],
        params: ZSeasonParams,
        response: {
          200: ZSeasonDetail.describe('The month, its champions, draw and entrants.'),
          400: badMonth,
          404: ZErrorBody.describe('That month is not closed.'),
        },
      },
    },
    async (request) => closedSeason(app.ctx, request.params.month),
  );

  r.get(
    '/api/super-admin/seasons',
    {
      config: { access: 'superAdmin' },
      schema: {
        operationId: 'listSeasonsForAdmin',
        summary: 'Every month, running, ended or closed',
        tags: ['super-admin'],
        response: { 200: z.array(ZSeasonAdminItem).describe('The months, newest first.') },
      },
    },
    async () => seasonsForAdmin(app.ctx),
  );

  r.get(
    '/api/super-admin/seasons/:month/preview',
    {
      config: { access: 'superAdmin' },
      schema: {
        operationId: 'previewSeason',
        summary: 'What closing a month would decide',
        tags: ['super-admin'],
        params: ZSeasonParams,
        response: {
          200: ZSeasonPreview.describe('The standings, prizes and entrants of the month.'),
          400: badMonth,
          404: ZErrorBody.describe('That month has not started yet.'),
        },
      },
    },
    async (request) => previewSeason(app.ctx, request.params.month),
  );

  r.post(
    '/api/super-admin/seasons/:month/close',
    {
      config: { access: 'superAdmin' },
      schema: {
        operationId: 'closeSeason',
        summary: 'Close a month: award its prizes and draw its lottery',
        description: 'With the beacon (a BNB Smart Chain block hash) the draw is computed from; awards are credited to the ledger.',
        tags: ['super-admin'],
        params: ZSeasonParams,
        body: ZCloseSeasonInput,
        response: {
          200: ZSeasonSummary.describe('The closed month.'),
          400: ZErrorBody.describe('The month is not written YYYY-MM, or the beacon is missing or too long.'),
          404: ZErrorBody.describe('No such month.'),
          409: ZErrorBody.describe('The month has not ended yet, or is already closed.'),
        },
      },
    },
    async (request) => closeSeason(app.ctx, requireUser(request), request.params.month, request.body.beacon),
  );
}
