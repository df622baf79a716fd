import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZErrorBody } from '../../../shared/schemas/common.ts';
import { ZCloseSeasonInput, ZSeasonAdminItem, ZSeasonParams, ZSeasonPreview } from '../../../shared/schemas/season-admin.ts';
import { ZCurrentSeason, ZSeasonDetail, ZSeasonSummary } from '../../../shared/schemas/seasons.ts';
import { seasonOf } from '../../../shared/seasons.ts';
import { encodeJson, publicCache, sendEncoded, type Encoded } from '../public/index.ts';
import { requireUser } from '../../http.ts';
import { routes } from '../../routes.ts';
import { DRAND_SCHEME } from '../../../shared/drand.ts';
import { ZDrandChainInfo } from '../../../shared/schemas/seasons.ts';
import { closeSeason, currentSeason, previewSeason, publicSeasonDetail, publicSeasons, seasonsForAdmin } from './service.ts';

const badMonth = ZErrorBody.describe('The month is not written YYYY-MM.');
/** Closed months' answers kept encoded, per process, up to this many bytes (a month with 100,000 entrants is about 6 MB). */
const CLOSED_MONTHS_MAX_BYTES = 48 * 1024 * 1024;
const sizeOf = (answer: Encoded) => answer.identity.length + answer.br.length + answer.gzip.length;

export async function seasonRoutes(app: FastifyInstance) {
  const route = routes(app);

  route('public').get(
    '/api/public/seasons',
    {
      operationId: 'listSeasons',
      summary: 'The ended months: frozen or closed',
      description: 'Newest first: each ended month with its status (frozen, or closed with its winners), for the Hall of Fame.',
      tags: ['seasons'],
      response: {
        200: z
          .array(ZSeasonSummary)
          .describe(
            'Every ended month, newest first: protocol 2 months from their freeze (champions, list hash, drand round) and closed ones with their draw; protocol 1 months once closed.',
          ),
      },
    },
    async () => publicSeasons(app.ctx),
  );

  // Registered before /:month, which would otherwise take "current" for a month. Read by every
  // landing page: cached as encoded bytes like the other public reads (public/cache.ts), per month,
  // until the figures' feed moves (a settings change, a month's terms logged).
  const cache = publicCache(app.ctx.database.figures);
  app.get(
    '/api/public/seasons/current',
    {
      config: { access: 'public', etag: 'edge' },
      compress: false,
      schema: {
        operationId: 'getCurrentSeason',
        summary: 'This month: its terms (prizes, lottery, drand round) and their hash',
        description:
          'The running month, with the terms fixed when it began (prizes, lottery, drand round) and their SHA-256, so anyone can check they never change.',
        tags: ['seasons'],
        response: {
          200: ZCurrentSeason.describe('The running month (Cache-Control: no-cache: revalidate with If-None-Match).'),
          404: ZErrorBody.describe('The month has no terms yet: the server fixes them when it starts and ten minutes before the month begins.'),
        },
      },
    },
    async (request, reply) =>
      sendEncoded(request, reply, await cache.get('current', seasonOf(app.ctx.clock.now()), async () => ZCurrentSeason.parse(await currentSeason(app.ctx)))),
  );

  // A closed month never changes again (nothing updates a season after its close): its answer is
  // encoded once, kept, and immutable for a CDN and browsers alike. A frozen month still gets its draw: no-store.
  const closedMonths = new Map<string, Encoded>();
  let closedBytes = 0;
  route({ access: 'public', etag: 'immutable' }).get(
    '/api/public/seasons/:month',
    {
      operationId: 'getSeason',
      summary: 'An ended month, with everyone in its draw',
      description:
        'Frozen or closed: its champions, every entrant, the list hash and the drand round; once closed, the beacon and the lottery winners, so anyone can verify the draw.',
      tags: ['seasons'],
      params: ZSeasonParams,
      response: {
        200: ZSeasonDetail.describe(
          'The month, its champions, entrants and, once closed, its draw. A closed month is immutable (it never changes again); a frozen one is not stored.',
        ),
        400: badMonth,
        404: ZErrorBody.describe('That month has not ended (been frozen) yet.'),
      },
    },
    async (request, reply) => {
      const { month } = request.params;
      const kept = closedMonths.get(month);
      if (kept) return sendEncoded(request, reply, kept);
      const detail = ZSeasonDetail.parse(await publicSeasonDetail(app.ctx, month));
      if (detail.status !== 'closed') return detail;
      const encoded = await encodeJson(detail, 'immutable');
      if (!closedMonths.has(month)) {
        closedMonths.set(month, encoded);
        closedBytes += sizeOf(encoded);
        // The oldest kept first out; the one just kept stays, whatever its size.
        for (const [oldest, answer] of closedMonths) {
          if (closedBytes <= CLOSED_MONTHS_MAX_BYTES || oldest === month) break;
          closedMonths.delete(oldest);
          closedBytes -= sizeOf(answer);
        }
      }
      return sendEncoded(request, reply, encoded);
    },
  );

  route('superAdmin').get(
    '/api/super-admin/seasons',
    {
      operationId: 'listSeasonsForAdmin',
      summary: 'Every month and where it stands',
      description: 'For the super admin: every month with its terms, its stage (running, frozen, waiting for its drand round and why, closed) and its winners.',
      tags: ['super-admin'],
      response: { 200: z.array(ZSeasonAdminItem).describe('The months, newest first.') },
    },
    async () => seasonsForAdmin(app.ctx),
  );

  route('superAdmin').get(
    '/api/super-admin/seasons/:month/preview',
    {
      operationId: 'previewSeason',
      summary: 'What closing a month would decide',
      description: 'The standings, prizes and lottery entrants of the month as the ledger stands now, without freezing or closing anything.',
      tags: ['super-admin'],
      params: ZSeasonParams,
      response: {
        200: ZSeasonPreview.describe('The standings, prizes and entrants of the month.'),
        400: badMonth,
        404: ZErrorBody.describe('That month has not started yet.'),
      },
    },
    async (request) => previewSeason(app.ctx, request.params.month),
  );

  route('superAdmin').post(
    '/api/super-admin/seasons/:month/close',
    {
      operationId: 'closeSeason',
      summary: 'Close a protocol 1 month: award its prizes and draw its lottery',
      description:
        'Only months first seen before protocol 2 shipped, with the beacon (a BNB Smart Chain block hash) the draw is computed from. A protocol 2 month closes by itself once its drand round is fetched: a beacon sent for it is refused (400), a close without one is 409.',
      tags: ['super-admin'],
      params: ZSeasonParams,
      body: ZCloseSeasonInput,
      response: {
        200: ZSeasonSummary.describe('The closed month.'),
        400: ZErrorBody.describe('The month is not written YYYY-MM; the beacon is missing or too long (protocol 1) or given at all (protocol 2).'),
        404: ZErrorBody.describe('No such month.'),
        409: ZErrorBody.describe('The month has not ended yet, is already closed, or closes by itself (protocol 2).'),
      },
    },
    async (request) => closeSeason(app.ctx, requireUser(request), request.params.month, request.body.beacon),
  );

  route('public').get(
    '/api/public/drand',
    {
      operationId: 'getDrandChain',
      summary: 'The drand chain the monthly draw takes its beacon from',
      description:
        'quicknet in production; `scheme` names how a round is signed and checked (drand’s `bls-unchained-g1-rfc9380`). A verifier should check quicknet rounds against its own copy of the public key, never this answer’s.',
      tags: ['seasons'],
      response: { 200: ZDrandChainInfo.describe('The chain’s hash, public key, genesis time and period.') },
    },
    async () => ({
      ...app.ctx.config.drand.chain,
      scheme: DRAND_SCHEME,
      quicknet: app.ctx.config.drand.quicknet,
      production: app.ctx.config.env === 'production',
    }),
  );
}
