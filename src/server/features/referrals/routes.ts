import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZErrorBody, ZIdParams, ZListQuery } from '../../../shared/schemas/common.ts';
import { decisionFacts, ZReasonRefused } from '../../../shared/schemas/decisions.ts';
import { REFERRAL_COOKIE_DAYS, ZAdminReferral, ZAdminReferralsQuery, ZReferralDecisionInput, ZReferralsView } from '../../../shared/schemas/referrals.ts';
import { requireAmbassador, requireUser, sendPage, typed } from '../../http.ts';
import { routes } from '../../routes.ts';
import { appealRoute } from '../decisions/index.ts';
import { DEVICE_ID_COOKIE, ensureDeviceId, setReferralCookie } from './cookies.ts';
import { appealReferral, countClick, listAdminReferrals, ownReferrals, referrerByCode, refuseReferral, releaseReferral } from './service.ts';

/** Where a referral link leads: the application form. */
const APPLY_PATH = '/apply';

export async function referralRoutes(app: FastifyInstance) {
  const r = typed(app);
  const route = routes(app);
  const production = app.ctx.config.env === 'production';

  // A page link, not an API route: `/r/{code}` and a bare `/r/` both lead to the form. A code that is
  // no ambassador's (or garbage) leads there without a referrer, setting nothing.
  r.get(
    '/r/:code',
    {
      config: { access: 'public' },
      schema: { hide: true, params: z.object({ code: z.string() }) },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const referrer = await referrerByCode(app.ctx.db, request.params.code);
      if (!referrer) return reply.redirect(APPLY_PATH, 302);
      // Public reads parse no cookies (app.ts): the device id is read here, as the pages read theirs.
      const cookies = request.headers.cookie ? app.parseCookie(request.headers.cookie) : {};
      const deviceId = ensureDeviceId(reply, cookies[DEVICE_ID_COOKIE], production);
      setReferralCookie(reply, referrer.code, production);
      await countClick(app.ctx, referrer, { deviceId, address: request.ip, userAgent: request.headers['user-agent'] });
      return reply.redirect(APPLY_PATH, 302);
    },
  );

  r.get('/r', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.header('Cache-Control', 'no-store').redirect(APPLY_PATH, 302),
  );

  route('ambassador').get(
    '/api/referrals',
    {
      operationId: 'getOwnReferrals',
      summary: 'The signed-in ambassador’s referral link and referrals',
      description: `The code and link (\`/r/{code}\`, remembered ${REFERRAL_COOKIE_DAYS} days on the visitor’s browser), clicks (one per visitor a day, bots not counted), and each referee with their status and, when held, refused or not credited, the reason (DECISIONS §7).`,
      tags: ['ambassador'],
      response: { 200: ZReferralsView.describe('The link, the counts and the referees, newest first.') },
    },
    async (request) => ownReferrals(app.ctx, requireAmbassador(request)),
  );

  appealRoute(
    route,
    {
      path: '/api/referrals/:id/appeal',
      operationId: 'appealReferral',
      summary: 'Appeal the refusal of one of the caller’s referrals',
      description: 'Once per refusal, within 14 days of it; an admin other than the one who refused decides (the Appeals queue).',
      notFound: 'The caller has no referral with this id.',
      conflict: 'Already appealed, not refused (`code`: REFERRAL_NOT_APPEALABLE), or the 14 days have passed.',
    },
    (actor, ambassadorId, id, text) => appealReferral(app.ctx, actor, ambassadorId, id, text),
  );

  route('admin').get(
    '/api/admin/referrals',
    {
      operationId: 'listReferrals',
      summary: 'Referrals (held unless asked for another status)',
      description: 'Oldest first, one page at a time (`limit` with `offset` or `cursor`), each with the flags that held it, its referrer and referee.',
      tags: ['admin'],
      querystring: ZListQuery.omit({ search: true }).extend(ZAdminReferralsQuery.shape),
      response: { 200: z.array(ZAdminReferral).describe('One page of referrals.') },
    },
    async (request, reply) => sendPage(reply, await listAdminReferrals(app.ctx, request.query)),
  );

  for (const action of ['release', 'refuse'] as const) {
    route('admin').post(
      `/api/admin/referrals/:id/${action}`,
      {
        operationId: action === 'release' ? 'releaseReferral' : 'refuseReferral',
        summary: action === 'release' ? 'Release a held referral' : 'Refuse a held referral',
        description:
          action === 'release'
            ? 'Credits it now under the rule of the month it qualified in, up to that month’s cap (nothing for a referrer suspended since), with an optional reason code and facts.'
            : 'It earns nothing; the reason code and facts are shown to the referrer, who may appeal once.',
        tags: ['admin'],
        params: ZIdParams,
        body: ZReferralDecisionInput,
        response: {
          200: ZAdminReferral.describe('The referral as decided.'),
          400: ZReasonRefused,
          404: ZErrorBody.describe('No referral has this id.'),
          409: ZErrorBody.describe('The referral is not held (`code`: REFERRAL_NOT_HELD).'),
        },
      },
      async (request) => {
        const decision = { reasonCode: request.body?.reasonCode ?? null, facts: decisionFacts(request.body) };
        const decide = action === 'release' ? releaseReferral : refuseReferral;
        return decide(app.ctx, requireUser(request), request.params.id, decision);
      },
    );
  }
}
