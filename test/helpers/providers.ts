/**
 * Stand-ins for the outside services that link accounts and check tasks (DECISIONS §7), one small
 * HTTP server on loopback answering as each service documents it:
 *   Telegram Bot API  GET  /telegram/bot{token}/getChatMember?chat_id&user_id → {ok, result: {status, is_member?}}
 *                     POST /telegram/bot{token}/sendMessage {chat_id, text, parse_mode} → {ok, result: {message_id}}
 *                       (429 with parameters.retry_after, or 403 blocked, when `failChat` asks it)
 *                     POST /telegram/bot{token}/setWebhook {url, secret_token} → {ok, result: true}
 *   Discord OAuth     GET  /discord/oauth2/authorize → 302 back to redirect_uri with a code and the state
 *   Discord API       POST /discord/api/oauth2/token (authorization_code, refresh_token)
 *                     GET  /discord/api/users/@me
 *                     GET  /discord/api/users/@me/guilds/{guildId}/member
 *                     PUT  /discord/api/applications/{clientId}/role-connections/metadata (Authorization: Bot …)
 *                     PUT  /discord/api/users/@me/applications/{clientId}/role-connection (the user's Bearer token)
 *   oEmbed            GET  /oembed?url= → {url, author_name, author_url, html}
 * `setMode` makes a service fail the ways one can: answer 500, never answer, or answer garbage.
 * The settings to give the product are in `env`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { telegramLoginHash } from '../../src/server/features/links/telegram.ts';

export const TEST_BOT_TOKEN = '123456789:TEST-bot-token_for-the-stand-in-0123456';
export const TEST_DISCORD = {
  clientId: '111122223333444455',
  clientSecret: 'test-discord-client-secret-do-not-log',
  botToken: 'test-discord-bot-token-do-not-log',
};

/** A message the Telegram stand-in accepted. */
export interface SentTelegramMessage {
  chatId: string;
  text: string;
  parseMode: string | undefined;
}

export type ServiceName = 'telegram' | 'discord' | 'oembed';
/** ok: answers honestly; error: 500; hang: never answers; garbage: 200 with a body that is not the service's. */
export type ServiceMode = 'ok' | 'error' | 'hang' | 'garbage';

export interface DiscordUserStandIn {
  id: string;
  username: string;
  /** guildId → role ids; absent: not a member. */
  guilds: Record<string, string[]>;
}

export interface Providers {
  url: string;
  env: Record<string, string>;
  setMode(service: ServiceName, mode: ServiceMode): void;
  /** Holds the service's answers (they wait, then are answered as usual) until the function returned is called. */
  pause(service: ServiceName): () => void;
  /** Telegram: chat id → user id → member status (as getChatMember's `status`), with is_member for `restricted`. */
  setChatMember(chatId: string, userId: string, status: string, isMember?: boolean): void;
  /** Discord: the user a code (or a token) stands for. Answers the code to send to the callback. */
  discordCode(user: DiscordUserStandIn): string;
  /** Discord: access tokens issued by the stand-in, the newest last (refreshes included). */
  readonly discordTokens: readonly { accessToken: string; userId: string; expiresIn: number }[];
  /** Discord: issued tokens live this many seconds (default 3600). */
  setDiscordTokenLifetime(seconds: number): void;
  /** oEmbed: a post at `url` by `author` saying `text`. */
  setPost(url: string, author: string, text: string): void;
  /** Telegram: the messages accepted by sendMessage, in order. */
  readonly telegramSent: readonly SentTelegramMessage[];
  /** Telegram: every sendMessage asked (accepted or not), by chat id. */
  readonly telegramAsked: readonly string[];
  /** Telegram: the next `times` sendMessage calls to this chat answer 429 (with retry_after seconds) or 403 (the user blocked the bot). */
  failChat(chatId: string, fault: { status: 429; retryAfter: number } | { status: 403 }, times?: number): void;
  /** Telegram: what setWebhook was last given. */
  readonly telegramWebhook: { url?: string; secretToken?: string } | undefined;
  /** Discord: the metadata records PUT for the application, the newest last. */
  readonly discordMetadata: readonly unknown[];
  /** Discord: each role connection PUT, with the user whose token sent it. */
  readonly discordRoleConnections: readonly {
    userId: string;
    accessToken: string;
    body: { platform_name?: string; platform_username?: string; metadata?: Record<string, string> };
  }[];
  /** Requests received per service. */
  readonly counts: Record<ServiceName, number>;
  /** Every request's form body sent to the token endpoint (to check what was sent). */
  readonly tokenRequests: readonly URLSearchParams[];
  close(): Promise<void>;
}

/** A Login Widget answer for `user`, signed with `token` (the stand-in's by default), dated `authDate` (unix seconds). */
export function widgetAnswer(user: { id: number; first_name: string; username?: string }, authDate: number, token = TEST_BOT_TOKEN) {
  const fields = { id: user.id, first_name: user.first_name, ...(user.username ? { username: user.username } : {}), auth_date: authDate };
  return { ...fields, hash: telegramLoginHash(token, fields) };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export async function startProviders(): Promise<Providers> {
  const modes: Record<ServiceName, ServiceMode> = { telegram: 'ok', discord: 'ok', oembed: 'ok' };
  const counts: Record<ServiceName, number> = { telegram: 0, discord: 0, oembed: 0 };
  const members = new Map<string, Map<string, { status: string; isMember?: boolean }>>();
  const codes = new Map<string, DiscordUserStandIn>();
  const tokens = new Map<string, DiscordUserStandIn>();
  const refreshes = new Map<string, DiscordUserStandIn>();
  const issued: { accessToken: string; userId: string; expiresIn: number }[] = [];
  const tokenRequests: URLSearchParams[] = [];
  const posts = new Map<string, { author: string; text: string }>();
  let lifetime = 3600;
  const telegramSent: SentTelegramMessage[] = [];
  const telegramAsked: string[] = [];
  const chatFaults = new Map<string, { fault: { status: 429; retryAfter: number } | { status: 403 }; times: number }>();
  let telegramWebhook: { url?: string; secretToken?: string } | undefined;
  const discordMetadata: unknown[] = [];
  const discordRoleConnections: Providers['discordRoleConnections'][number][] = [];
  const hanging = new Set<ServerResponse>();
  const paused = new Map<ServiceName, Promise<void>>();

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => resolve(body));
    });
  const issue = (user: DiscordUserStandIn) => {
    const accessToken = randomBytes(12).toString('hex');
    const refreshToken = randomBytes(12).toString('hex');
    tokens.set(accessToken, user);
    refreshes.set(refreshToken, user);
    issued.push({ accessToken, userId: user.id, expiresIn: lifetime });
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: lifetime,
      token_type: 'Bearer',
      scope: 'identify guilds.members.read role_connections.write',
    };
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const service: ServiceName | undefined = url.pathname.startsWith('/telegram/')
        ? 'telegram'
        : url.pathname.startsWith('/discord/')
          ? 'discord'
          : url.pathname === '/oembed'
            ? 'oembed'
            : undefined;
      if (!service) return json(res, 404, { error: 'unknown path' });
      counts[service] += 1;
      await paused.get(service);
      const mode = modes[service];
      // The browser's visit to the authorisation page is not a server call: it always answers.
      if (url.pathname !== '/discord/oauth2/authorize') {
        if (mode === 'hang') {
          hanging.add(res);
          return;
        }
        if (mode === 'error') return json(res, 502, { message: 'Bad gateway' });
        if (mode === 'garbage') {
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(service === 'oembed' ? '{"html": 42}' : '{"ok": true, "result": "member"}');
        }
      }

      if (service === 'telegram' && req.method === 'POST') {
        const match = /^\/telegram\/bot([^/]+)\/(sendMessage|setWebhook)$/.exec(url.pathname);
        if (!match || match[1] !== TEST_BOT_TOKEN) return json(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(await readBody(req)) as Record<string, unknown>;
        } catch {
          return json(res, 400, { ok: false, error_code: 400, description: 'Bad Request: body is not JSON' });
        }
        if (match[2] === 'setWebhook') {
          telegramWebhook = {
            ...(typeof body.url === 'string' ? { url: body.url } : {}),
            ...(typeof body.secret_token === 'string' ? { secretToken: body.secret_token } : {}),
          };
          return json(res, 200, { ok: true, result: true, description: 'Webhook was set' });
        }
        const chatId = String(body.chat_id ?? '');
        const text = typeof body.text === 'string' ? body.text : '';
        telegramAsked.push(chatId);
        if (!chatId || !text) return json(res, 400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
        const fault = chatFaults.get(chatId);
        if (fault && fault.times > 0) {
          fault.times -= 1;
          if (fault.fault.status === 429)
            return json(res, 429, {
              ok: false,
              error_code: 429,
              description: `Too Many Requests: retry after ${fault.fault.retryAfter}`,
              parameters: { retry_after: fault.fault.retryAfter },
            });
          return json(res, 403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' });
        }
        telegramSent.push({ chatId, text, parseMode: typeof body.parse_mode === 'string' ? body.parse_mode : undefined });
        return json(res, 200, {
          ok: true,
          result: { message_id: telegramSent.length, chat: { id: Number(chatId) || chatId }, date: Math.floor(Date.now() / 1000), text },
        });
      }

      if (service === 'telegram') {
        const match = /^\/telegram\/bot([^/]+)\/getChatMember$/.exec(url.pathname);
        if (!match || match[1] !== TEST_BOT_TOKEN) return json(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
        const chat = members.get(url.searchParams.get('chat_id') ?? '');
        if (!chat) return json(res, 400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
        const member = chat.get(url.searchParams.get('user_id') ?? '');
        if (!member) return json(res, 200, { ok: true, result: { status: 'left', user: { id: Number(url.searchParams.get('user_id')) } } });
        return json(res, 200, {
          ok: true,
          result: {
            status: member.status,
            user: { id: Number(url.searchParams.get('user_id')) },
            ...(member.isMember !== undefined ? { is_member: member.isMember } : {}),
          },
        });
      }

      if (service === 'oembed') {
        const post = posts.get(url.searchParams.get('url') ?? '');
        if (!post) return json(res, 404, { error: 'not found' });
        const postUrl = url.searchParams.get('url') ?? '';
        return json(res, 200, {
          url: postUrl.replace('https://x.com/', 'https://twitter.com/'),
          author_name: post.author,
          author_url: `https://twitter.com/${post.author}`,
          html: `<blockquote class="twitter-tweet"><p lang="en" dir="ltr">${escapeHtml(post.text)}</p>&mdash; ${post.author} (@${post.author}) <a href="${postUrl}">November 28, 2026</a></blockquote>\n`,
          width: 550,
          height: null,
          type: 'rich',
          version: '1.0',
          provider_name: 'Twitter',
        });
      }

      // Discord
      if (url.pathname === '/discord/oauth2/authorize') {
        const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
        const user = [...codes.values()].at(-1);
        const code = [...codes.entries()].find(([, value]) => value === user)?.[0] ?? 'no-code';
        redirect.searchParams.set('code', code);
        redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: redirect.toString() });
        return res.end();
      }
      if (url.pathname === '/discord/api/oauth2/token' && req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req));
        tokenRequests.push(form);
        if (form.get('client_id') !== TEST_DISCORD.clientId || form.get('client_secret') !== TEST_DISCORD.clientSecret)
          return json(res, 401, { error: 'invalid_client' });
        if (form.get('grant_type') === 'authorization_code') {
          const user = codes.get(form.get('code') ?? '');
          if (!user) return json(res, 400, { error: 'invalid_grant' });
          codes.delete(form.get('code') ?? '');
          return json(res, 200, issue(user));
        }
        if (form.get('grant_type') === 'refresh_token') {
          const user = refreshes.get(form.get('refresh_token') ?? '');
          if (!user) return json(res, 400, { error: 'invalid_grant' });
          refreshes.delete(form.get('refresh_token') ?? '');
          return json(res, 200, issue(user));
        }
        return json(res, 400, { error: 'unsupported_grant_type' });
      }
      if (url.pathname === `/discord/api/applications/${TEST_DISCORD.clientId}/role-connections/metadata` && req.method === 'PUT') {
        if (req.headers.authorization !== `Bot ${TEST_DISCORD.botToken}`) return json(res, 401, { message: '401: Unauthorized', code: 0 });
        const records = JSON.parse(await readBody(req)) as unknown;
        discordMetadata.push(records);
        return json(res, 200, records);
      }
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const user = bearer ? tokens.get(bearer) : undefined;
      const grant = issued.find((t) => t.accessToken === bearer);
      if (!user || !grant) return json(res, 401, { message: '401: Unauthorized', code: 0 });
      if (url.pathname === '/discord/api/users/@me')
        return json(res, 200, { id: user.id, username: user.username, global_name: user.username, discriminator: '0' });
      if (url.pathname === `/discord/api/users/@me/applications/${TEST_DISCORD.clientId}/role-connection` && req.method === 'PUT') {
        const body = JSON.parse(await readBody(req)) as Providers['discordRoleConnections'][number]['body'];
        discordRoleConnections.push({ userId: user.id, accessToken: bearer ?? '', body });
        return json(res, 200, body);
      }
      const member = /^\/discord\/api\/users\/@me\/guilds\/(\d+)\/member$/.exec(url.pathname);
      if (member?.[1]) {
        const roles = user.guilds[member[1]];
        if (!roles) return json(res, 404, { message: 'Unknown Guild', code: 10004 });
        return json(res, 200, {
          roles,
          joined_at: '2026-01-02T03:04:05.000000+00:00',
          nick: null,
          pending: false,
          user: { id: user.id, username: user.username },
        });
      }
      return json(res, 404, { message: '404: Not Found', code: 0 });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: {
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_API_URL: `${url}/telegram`,
      DISCORD_API_URL: `${url}/discord/api`,
      DISCORD_OAUTH_URL: `${url}/discord/oauth2`,
      DISCORD_CLIENT_ID: TEST_DISCORD.clientId,
      DISCORD_CLIENT_SECRET: TEST_DISCORD.clientSecret,
      DISCORD_BOT_TOKEN: TEST_DISCORD.botToken,
      OEMBED_URL: `${url}/oembed`,
      PROVIDER_TIMEOUT_SECONDS: '3',
    },
    setMode(service, mode) {
      modes[service] = mode;
    },
    pause(service) {
      let release = () => undefined as void;
      paused.set(
        service,
        new Promise<void>((resolve) => {
          release = () => {
            paused.delete(service);
            resolve();
          };
        }),
      );
      return () => release();
    },
    setChatMember(chatId, userId, status, isMember) {
      const chat = members.get(chatId) ?? new Map();
      chat.set(userId, { status, ...(isMember !== undefined ? { isMember } : {}) });
      members.set(chatId, chat);
    },
    discordCode(user) {
      const code = randomBytes(10).toString('hex');
      codes.set(code, user);
      return code;
    },
    discordTokens: issued,
    setDiscordTokenLifetime(seconds) {
      lifetime = seconds;
    },
    setPost(postUrl, author, text) {
      posts.set(postUrl, { author, text });
    },
    telegramSent,
    telegramAsked,
    failChat(chatId, fault, times = 1) {
      chatFaults.set(chatId, { fault, times });
    },
    get telegramWebhook() {
      return telegramWebhook;
    },
    discordMetadata,
    discordRoleConnections,
    counts,
    tokenRequests,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
