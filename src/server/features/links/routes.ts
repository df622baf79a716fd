import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZErrorBody } from '../../../shared/schemas/common.ts';
import { ZLinkProviderParams, ZLinkView, ZRoleConnection, ZTelegramLoginInput, ZXLinkInput } from '../../../shared/schemas/links.ts';
import { PAGES } from '../../../shared/pages.ts';
import { AppError } from '../../errors.ts';
import { requireAmbassador, requireUser } from '../../http.ts';
import { routes } from '../../routes.ts';
import { ownRoleConnection } from './role-connection.ts';
import { finishDiscord, linkCode, linkTelegram, linkX, listLinks, startDiscord, unlink } from './service.ts';

const tooMany = ZErrorBody.describe('Too many linking attempts from this account: try again after Retry-After seconds.');
const unavailable = ZErrorBody.describe(
  'The service did not answer in time or answered with a server error (`code`: PROVIDER_UNAVAILABLE): nothing was recorded; try again. Or linking this kind of account is not set up on this server (LINK_PROVIDER_NOT_CONFIGURED).',
);
const taken = ZErrorBody.describe(
  'The account is linked to another ambassador, or was until less than 30 days ago (`code`: LINK_TAKEN; `values.from`: when it can be linked again).',
);

const LINK_CODE_HEADER = {
  description: 'The ambassador’s link code: an X post that links the account must hold it.',
  required: true,
  schema: { type: 'string', example: 'GC-7K2QX9MB4D' },
};

/** Where the Discord callback sends the browser back: the profile's linked accounts, with the outcome. */
const LINKS_SECTION = 'linked-accounts';
export const LINKS_PAGE = `${PAGES.profile}#${LINKS_SECTION}`;

export async function linkRoutes(app: FastifyInstance) {
  const route = routes(app);

  route({
    access: 'ambassador',
    document: { headers: { 'X-Link-Code': LINK_CODE_HEADER } },
  }).get(
    '/api/links',
    {
      operationId: 'listLinks',
      summary: 'The caller’s linked accounts',
      description:
        'Telegram, Discord and X accounts linked, and the payout wallet once proven by signature (`wallet`, read-only here). The ambassador’s `linkCode` (what a post linking X must hold) is in the X-Link-Code header, since the answer is a list.',
      tags: ['links'],
      response: { 200: z.array(ZLinkView).describe('The linked accounts, oldest first, then the proven wallet.') },
    },
    async (request, reply) => {
      const ambassador = requireAmbassador(request);
      reply.header('X-Link-Code', linkCode(app.ctx, ambassador.id));
      return listLinks(app.ctx, ambassador);
    },
  );

  route({ access: 'ambassador', document: { headers: { 'X-Link-Code': LINK_CODE_HEADER } } }).delete(
    '/api/links/:provider',
    {
      operationId: 'unlink',
      summary: 'Unlink an account',
      description: `The account is unlinked at once. Another ambassador can link it 30 days later; this ambassador can link it again at any time. The wallet is not unlinked here (it is the payout address).`,
      tags: ['links'],
      params: ZLinkProviderParams,
      response: {
        200: z.array(ZLinkView).describe('Unlinked: the accounts still linked, as GET /api/links answers them.'),
        404: ZErrorBody.describe('No account of this kind is linked (`code`: LINK_NOT_FOUND).'),
        409: ZErrorBody.describe('The payout wallet is not unlinked here (`code`: LINK_READ_ONLY).'),
      },
    },
    async (request, reply) => {
      const ambassador = requireAmbassador(request);
      await unlink(app.ctx, requireUser(request), ambassador, request.params.provider);
      reply.header('X-Link-Code', linkCode(app.ctx, ambassador.id));
      return listLinks(app.ctx, ambassador);
    },
  );

  route('ambassador').post(
    '/api/links/telegram',
    {
      operationId: 'linkTelegram',
      summary: 'Link a Telegram account (Login Widget)',
      description:
        'The fields the Telegram Login Widget gives the page, unchanged. Checked as Telegram documents it: the hash is the HMAC-SHA-256 of the data-check-string under the SHA-256 of the bot’s token, and auth_date is at most a day old.',
      tags: ['links'],
      body: ZTelegramLoginInput,
      response: {
        200: ZLinkView.describe('Linked.'),
        409: taken,
        422: ZErrorBody.describe('Not signed by this server’s bot (`code`: TELEGRAM_AUTH_INVALID), or more than a day old (TELEGRAM_AUTH_EXPIRED).'),
        429: tooMany,
        503: unavailable,
      },
    },
    async (request) => linkTelegram(app.ctx, requireUser(request), requireAmbassador(request), request.body),
  );

  route('ambassador').post(
    '/api/links/x',
    {
      operationId: 'linkX',
      summary: 'Link an X account (a public post holding the link code)',
      description:
        'The link of a public post whose text holds the ambassador’s link code (X-Link-Code of GET /api/links). The post is read through oEmbed; the linked handle is its author.',
      tags: ['links'],
      body: ZXLinkInput,
      response: {
        200: ZLinkView.describe('Linked.'),
        409: taken,
        422: ZErrorBody.describe(
          'The post was not found or is not public (`code`: POST_NOT_FOUND), does not hold the link code (TEXT_MISSING, `values.code`), or the answer could not be read (PROVIDER_ANSWER_MALFORMED).',
        ),
        429: tooMany,
        503: unavailable,
      },
    },
    async (request) => linkX(app.ctx, requireUser(request), requireAmbassador(request), request.body.postUrl),
  );

  route('ambassador').get(
    '/api/links/discord/role-connection',
    {
      operationId: 'discordRoleConnection',
      summary: 'The caller’s Discord Linked Roles values',
      description:
        'The values pushed to Discord’s role connection of the signed-in ambassador (their own only; no one reads another’s here: Discord itself shows a server’s admins only whether a member meets a role’s condition): `badge_level` (0 normal, 1 bronze, 2 silver, 3 gold), `months_active` (UTC months with a GCM credit), `wallet_verified`. They are pushed when Discord is linked and when they change (a badge, a new month with GCM, a wallet proven).',
      tags: ['links'],
      response: { 200: ZRoleConnection.describe('The caller’s values, whether Discord is linked, and when they were last pushed.') },
    },
    async (request) => ownRoleConnection(app.ctx, requireAmbassador(request).id),
  );

  route({
    access: 'ambassador',
    document: {
      responses: {
        302: {
          description: 'Redirects to Discord’s authorisation page, with a `state` bound to this session (valid 10 minutes, once).',
          headers: {
            Location: {
              description: 'DISCORD_OAUTH_URL/authorize with the scopes identify guilds.members.read role_connections.write.',
              required: true,
              schema: { type: 'string' },
            },
          },
        },
      },
    },
  }).get(
    '/api/links/discord/start',
    {
      operationId: 'startDiscordLink',
      summary: 'Start linking a Discord account (a redirect)',
      description: 'A browser navigation: sends the browser to Discord, which sends it back to GET /api/links/discord/callback.',
      tags: ['links'],
      response: { 429: tooMany, 503: unavailable },
    },
    async (request, reply) => {
      const url = await startDiscord(app.ctx, requireUser(request), requireAmbassador(request), request.sessionSid ?? '');
      return reply.redirect(url);
    },
  );

  route({
    access: 'ambassador',
    document: {
      responses: {
        302: {
          description: `Redirects to the profile’s linked accounts (${LINKS_PAGE}) with \`?discord=linked\`, or \`?discord=CODE\` naming the refusal: DISCORD_STATE_INVALID (a state not started in this session, used or expired), DISCORD_AUTH_DENIED, LINK_TAKEN, PROVIDER_UNAVAILABLE, PROVIDER_ANSWER_MALFORMED.`,
          headers: {
            Location: {
              description: 'The profile page with the outcome.',
              required: true,
              schema: { type: 'string', example: '/profile?discord=linked#linked-accounts' },
            },
          },
        },
      },
    },
  }).get(
    '/api/links/discord/callback',
    {
      operationId: 'finishDiscordLink',
      summary: 'Discord’s return (a redirect)',
      description: 'Where Discord sends the browser back: the state is checked against this session, the code exchanged, the user read and linked.',
      tags: ['links'],
      querystring: z.object({
        code: z.string().max(512).optional(),
        state: z.string().max(512).optional(),
        error: z.string().max(512).optional(),
        error_description: z.string().max(2048).optional(),
      }),
    },
    async (request, reply) => {
      let outcome = 'linked';
      try {
        await finishDiscord(app.ctx, requireUser(request), requireAmbassador(request), request.sessionSid ?? '', request.query);
      } catch (error) {
        if (!(error instanceof AppError) || !error.reason || error.code === 'RATE_LIMITED') throw error;
        outcome = error.reason;
      }
      return reply.redirect(`${PAGES.profile}?${new URLSearchParams({ discord: outcome }).toString()}#${LINKS_SECTION}`);
    },
  );
}
