/**
 * Linked accounts (DECISIONS §7, Linked accounts; ADR 029), against stand-ins of Telegram, Discord
 * and oEmbed on loopback (test/helpers/providers.ts): a widget answer signed with the bot's token
 * links Telegram, a wrong hash or a stale one is refused; Discord's state is bound to the session
 * that started it, the client secret never reaches an answer or the log, the tokens are stored
 * sealed and refreshed once expired; an X post holding the link code links its author's handle, a
 * post without it or by nobody is refused; a service that does not answer is 503 and links
 * nothing; one account links to one ambassador (also when two race), and another ambassador can
 * link it 30 days after its unlink; the proven wallet is listed and cannot be unlinked here.
 */
import { and, eq } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { linkedAccounts } from '../../src/server/db/schema.ts';
import { discordAccessToken } from '../../src/server/features/links/service.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { ApiClient, ApiResponse } from '../helpers/client.ts';
import { DAY } from '../helpers/clock.ts';
import { createAmbassador, type CreatedAmbassador } from '../helpers/factories.ts';
import { startProviders, TEST_BOT_TOKEN, TEST_DISCORD, widgetAnswer, type Providers } from '../helpers/providers.ts';
import { describeEachDatabase } from '../helpers/suite.ts';

let providers: Providers;
const logLines: string[] = [];
beforeAll(async () => {
  providers = await startProviders();
});
afterAll(async () => providers?.close());

function expectRefusal(response: ApiResponse<any>, status: number, code: string) {
  expect({ status: response.status, code: response.body?.code }, response.text).toEqual({ status, code });
  expect(typeof response.body.message).toBe('string');
}

let telegramIds = 7_000_000;
const nextTelegramUser = () => ({ id: (telegramIds += 1), first_name: 'Ada', username: `ada_${telegramIds}` });
let discordIds = 900_000_000_000_000_000n;
const nextDiscordUser = (guilds: Record<string, string[]> = {}) => ({ id: String((discordIds += 1n)), username: `ada${discordIds % 100_000n}`, guilds });

describeEachDatabase(
  'linked accounts (%s)',
  () => ({ env: providers.env, logStream: { write: (line: string) => void logLines.push(line) } }),
  ({ server, superAdmin }) => {
    const nowSeconds = () => Math.floor(server.clock.now().getTime() / 1000);
    let amb: CreatedAmbassador;
    let other: CreatedAmbassador;

    beforeAll(async () => {
      amb = await createAmbassador(server, { admin: superAdmin });
      other = await createAmbassador(server, { admin: superAdmin });
    });

    /** The row of one ambassador's link to `provider`, as stored. */
    async function storedLink(ambassadorId: string, provider: (typeof linkedAccounts.$inferSelect)['provider']) {
      return (
        await server.db
          .select()
          .from(linkedAccounts)
          .where(and(eq(linkedAccounts.ambassadorId, ambassadorId), eq(linkedAccounts.provider, provider)))
      )[0];
    }

    async function linkDiscord(client: ApiClient, user: ReturnType<typeof nextDiscordUser>) {
      const start = await client.get('/api/links/discord/start');
      expect(start.status, start.text).toBe(302);
      const authorize = new URL(String(start.headers.location));
      const state = authorize.searchParams.get('state') ?? '';
      const code = providers.discordCode(user);
      return { state, code, callback: await client.get(`/api/links/discord/callback?${new URLSearchParams({ code, state }).toString()}`) };
    }

    it('lists nothing linked at first, with the ambassador’s link code', async () => {
      const links = await amb.client.get('/api/links');
      expect(links.status).toBe(200);
      expect(links.body).toEqual([]);
      expect(String(links.headers['x-link-code'])).toMatch(/^GC-[A-Z2-7]{10}$/);
      // Each ambassador has a code of their own, the same on every read.
      expect((await other.client.get('/api/links')).headers['x-link-code']).not.toBe(links.headers['x-link-code']);
      expect((await amb.client.get('/api/links')).headers['x-link-code']).toBe(links.headers['x-link-code']);
    });

    it('links Telegram from a widget answer signed with the bot’s token; refuses a wrong hash and one more than a day old', async () => {
      const user = nextTelegramUser();
      const forged = widgetAnswer(user, nowSeconds(), '999:another-bots-token-0000000000000000');
      expectRefusal(await amb.client.post('/api/links/telegram', forged), 422, 'TELEGRAM_AUTH_INVALID');
      // A field changed after signing breaks the hash.
      expectRefusal(
        await amb.client.post('/api/links/telegram', { ...widgetAnswer(user, nowSeconds()), username: 'someone_else' }),
        422,
        'TELEGRAM_AUTH_INVALID',
      );
      expectRefusal(await amb.client.post('/api/links/telegram', widgetAnswer(user, nowSeconds() - 86_400 - 5)), 422, 'TELEGRAM_AUTH_EXPIRED');
      expect((await amb.client.post('/api/links/telegram', { ...widgetAnswer(user, nowSeconds()), hash: 'nothex' })).status).toBe(400);

      const linked = await amb.client.post('/api/links/telegram', widgetAnswer(user, nowSeconds() - 86_000));
      expect(linked.status, linked.text).toBe(200);
      expect(linked.body).toMatchObject({ provider: 'telegram', handle: `@${user.username}`, externalId: String(user.id) });
      expect((await amb.client.get('/api/links')).body).toEqual([expect.objectContaining({ provider: 'telegram', externalId: String(user.id) })]);

      // The same Telegram account for another ambassador: taken.
      expectRefusal(await other.client.post('/api/links/telegram', widgetAnswer(user, nowSeconds())), 409, 'LINK_TAKEN');
    });

    it('lets another ambassador link an unlinked account only 30 days after its unlink; its former owner at once', async () => {
      const first = await createAmbassador(server, { admin: superAdmin });
      const second = await createAmbassador(server, { admin: superAdmin });
      const user = nextTelegramUser();
      expect((await first.client.post('/api/links/telegram', widgetAnswer(user, nowSeconds()))).status).toBe(200);
      expect((await first.client.delete('/api/links/telegram')).status).toBe(200);
      expect((await first.client.get('/api/links')).body).toEqual([]);
      expectRefusal(await first.client.delete('/api/links/telegram'), 404, 'LINK_NOT_FOUND');

      const early = await second.client.post('/api/links/telegram', widgetAnswer(user, nowSeconds()));
      expectRefusal(early, 409, 'LINK_TAKEN');
      const from = new Date(early.body.values.from).getTime();
      expect(from - server.clock.now().getTime()).toBeGreaterThan(29 * DAY);

      // Its former owner links it again at once, and unlinks it again.
      expect((await first.client.post('/api/links/telegram', widgetAnswer(user, nowSeconds()))).status).toBe(200);
      expect((await first.client.delete('/api/links/telegram')).status).toBe(200);

      server.clock.advance(30 * DAY + 60_000);
      try {
        // Sessions last 7 days: sign in again after a month.
        await second.client.login(second.email, second.password);
        const later = await second.client.post('/api/links/telegram', widgetAnswer(user, nowSeconds()));
        expect(later.status, later.text).toBe(200);
      } finally {
        server.clock.advance(-(30 * DAY + 60_000));
      }
      await second.client.login(second.email, second.password);
      await first.client.login(first.email, first.password);
      // The history is kept: two unlinked rows of the first ambassador, one live row of the second.
      const rows = await server.db
        .select()
        .from(linkedAccounts)
        .where(and(eq(linkedAccounts.provider, 'telegram'), eq(linkedAccounts.externalId, String(user.id))));
      expect(rows.filter((r) => r.unlinkedAt)).toHaveLength(2);
      expect(rows.filter((r) => !r.unlinkedAt).map((r) => r.ambassadorId)).toEqual([second.ambassadorId]);
    });

    it('links one account to one ambassador when several link it at once', async () => {
      const racers = await Promise.all(Array.from({ length: 4 }, () => createAmbassador(server, { admin: superAdmin })));
      const user = nextTelegramUser();
      const answers = await Promise.all(racers.map((r) => r.client.post('/api/links/telegram', widgetAnswer(user, nowSeconds()))));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
      for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.code).toBe('LINK_TAKEN');
      const live = await server.db
        .select()
        .from(linkedAccounts)
        .where(eq(linkedAccounts.externalId, String(user.id)));
      expect(live.filter((r) => !r.unlinkedAt)).toHaveLength(1);
    });

    it('links X from a public post holding the link code; the handle is the post’s author', async () => {
      const x = await createAmbassador(server, { admin: superAdmin });
      const code = String((await x.client.get('/api/links')).headers['x-link-code']);
      const author = `ada_${Date.now().toString(36).slice(-6)}`;
      const postUrl = `https://x.com/${author}/status/1862000000000000001${server.kind === 'postgres' ? '7' : '8'}`;
      providers.setPost(postUrl, author, `Joining the GoalChain ambassadors & linking my account: ${code} <3`);

      expect((await x.client.post('/api/links/x', { postUrl: 'https://example.com/ada/status/1' })).status).toBe(400);
      expectRefusal(await x.client.post('/api/links/x', { postUrl: `https://x.com/${author}/status/99` }), 422, 'POST_NOT_FOUND');
      const withoutCode = `https://x.com/${author}/status/42${server.kind === 'postgres' ? '7' : '8'}`;
      providers.setPost(withoutCode, author, 'Just a post about football');
      const missing = await x.client.post('/api/links/x', { postUrl: withoutCode });
      expectRefusal(missing, 422, 'TEXT_MISSING');
      expect(missing.body.values).toEqual({ code });

      const linked = await x.client.post('/api/links/x', { postUrl });
      expect(linked.status, linked.text).toBe(200);
      expect(linked.body).toMatchObject({ provider: 'x', handle: `@${author}`, externalId: author.toLowerCase() });
      const row = await storedLink(x.ambassadorId, 'x');
      expect(row?.evidence).toMatchObject({ author, textSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });

      // Someone else's post holding this ambassador's code still links its author, not the one who sent it: the same account for another ambassador is taken.
      const y = await createAmbassador(server, { admin: superAdmin });
      const yCode = String((await y.client.get('/api/links')).headers['x-link-code']);
      const yPost = `https://x.com/${author}/status/77${server.kind === 'postgres' ? '7' : '8'}`;
      providers.setPost(yPost, author, `code ${yCode}`);
      expectRefusal(await y.client.post('/api/links/x', { postUrl: yPost }), 409, 'LINK_TAKEN');
    });

    it('answers 503 PROVIDER_UNAVAILABLE and links nothing when the service errs or does not answer; a garbage answer is a refusal', async () => {
      const x = await createAmbassador(server, { admin: superAdmin });
      const code = String((await x.client.get('/api/links')).headers['x-link-code']);
      const postUrl = `https://x.com/outage_${server.kind}/status/555`;
      providers.setPost(postUrl, `outage_${server.kind}`, code);
      try {
        for (const mode of ['error', 'hang'] as const) {
          providers.setMode('oembed', mode);
          const answer = await x.client.post('/api/links/x', { postUrl });
          expectRefusal(answer, 503, 'PROVIDER_UNAVAILABLE');
          expect(answer.headers['retry-after']).toBeDefined();
        }
        providers.setMode('oembed', 'garbage');
        expectRefusal(await x.client.post('/api/links/x', { postUrl }), 422, 'PROVIDER_ANSWER_MALFORMED');
        expect((await x.client.get('/api/links')).body).toEqual([]);
      } finally {
        providers.setMode('oembed', 'ok');
      }
      expect((await x.client.post('/api/links/x', { postUrl })).status).toBe(200);
    });

    it('links Discord through OAuth with a state bound to the session; the secret never reaches an answer or the log; tokens are sealed and refreshed', async () => {
      const d = await createAmbassador(server, { admin: superAdmin });
      const start = await d.client.get('/api/links/discord/start');
      expect(start.status).toBe(302);
      const authorize = new URL(String(start.headers.location));
      expect(`${authorize.origin}${authorize.pathname}`).toBe(`${providers.url}/discord/oauth2/authorize`);
      expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
        response_type: 'code',
        client_id: TEST_DISCORD.clientId,
        scope: 'identify guilds.members.read role_connections.write',
        redirect_uri: `${server.config.appUrl}/api/links/discord/callback`,
      });
      const state = authorize.searchParams.get('state') ?? '';
      expect(state.length).toBeGreaterThanOrEqual(32);
      expect(start.text).not.toContain(TEST_DISCORD.clientSecret);

      // The same state from another session (the same ambassador signed in elsewhere) is refused, and so is one never issued.
      const user = nextDiscordUser({ '5550001': ['42'] });
      const elsewhere = await createAmbassador(server, { admin: superAdmin });
      const stolen = await elsewhere.client.get(`/api/links/discord/callback?${new URLSearchParams({ code: providers.discordCode(user), state }).toString()}`);
      expect(stolen.status).toBe(302);
      expect(String(stolen.headers.location)).toBe('/profile?discord=DISCORD_STATE_INVALID#linked-accounts');
      const forged = await d.client.get(`/api/links/discord/callback?code=x&state=${'a'.repeat(32)}`);
      expect(String(forged.headers.location)).toContain('discord=DISCORD_STATE_INVALID');

      const code = providers.discordCode(user);
      const done = await d.client.get(`/api/links/discord/callback?${new URLSearchParams({ code, state }).toString()}`);
      expect(done.status).toBe(302);
      expect(String(done.headers.location)).toBe('/profile?discord=linked#linked-accounts');
      // The link's Linked Roles values are pushed with the user's token (ADR 032): done before the token's refresh is checked below.
      await server.ctx.discordRoles.drain();
      expect((await d.client.get('/api/links')).body).toEqual([expect.objectContaining({ provider: 'discord', handle: user.username, externalId: user.id })]);
      // Used once: the same state again is refused.
      const again = await d.client.get(`/api/links/discord/callback?${new URLSearchParams({ code: providers.discordCode(user), state }).toString()}`);
      expect(String(again.headers.location)).toContain('discord=DISCORD_STATE_INVALID');

      // The client secret went to Discord's token endpoint, and nowhere else.
      expect(providers.tokenRequests.at(-1)?.get('client_secret')).toBe(TEST_DISCORD.clientSecret);
      expect(logLines.some((line) => line.includes(TEST_DISCORD.clientSecret) || line.includes(TEST_BOT_TOKEN))).toBe(false);

      // Stored sealed: neither token is in the row in clear.
      const issued = providers.discordTokens.filter((t) => t.userId === user.id).at(-1);
      const row = await storedLink(d.ambassadorId, 'discord');
      expect(row?.accessToken).toMatch(/^v1\./);
      expect(JSON.stringify(row)).not.toContain(issued?.accessToken);
      if (!row) throw new Error('no row');
      expect(await discordAccessToken(server.ctx, row)).toBe(issued?.accessToken);

      // Expired: refreshed through the token endpoint, the new tokens sealed in place.
      server.clock.advance(2 * 3_600_000);
      try {
        const refreshed = await discordAccessToken(server.ctx, row);
        expect(providers.tokenRequests.at(-1)?.get('grant_type')).toBe('refresh_token');
        const newest = providers.discordTokens.filter((t) => t.userId === user.id).at(-1);
        expect(refreshed).toBe(newest?.accessToken);
        expect(refreshed).not.toBe(issued?.accessToken);
        const after = (await server.db.select().from(linkedAccounts).where(eq(linkedAccounts.id, row.id)))[0];
        expect(after?.accessToken).not.toBe(row.accessToken);
        expect(after?.tokenExpiresAt?.getTime()).toBeGreaterThan(server.clock.now().getTime());
      } finally {
        server.clock.advance(-2 * 3_600_000);
      }

      // The same Discord account for another ambassador: taken (the redirect names it).
      const taken = await linkDiscord(elsewhere.client, user);
      expect(String(taken.callback.headers.location)).toContain('discord=LINK_TAKEN');
    });

    it('lists the proven payout wallet read-only, and refuses to unlink it', async () => {
      const w = await createAmbassador(server, { admin: superAdmin });
      const account = privateKeyToAccount(generatePrivateKey());
      expect((await w.client.patch('/api/ambassador', { usdtWalletAddress: account.address })).status).toBe(200);
      // Saved but not proven: not a link.
      expect((await w.client.get('/api/links')).body).toEqual([]);
      const { message } = (await w.client.post('/api/wallet/proof/nonce')).body;
      const proof = await w.client.post('/api/wallet/proof', { message, signature: await account.signMessage({ message }) });
      expect(proof.status, proof.text).toBe(200);
      expect((await w.client.get('/api/links')).body).toEqual([
        { provider: 'wallet', handle: account.address, externalId: account.address.toLowerCase(), linkedAt: proof.body.walletVerifiedAt },
      ]);
      expectRefusal(await w.client.delete('/api/links/wallet'), 409, 'LINK_READ_ONLY');
      expect((await w.client.delete('/api/links/facebook')).status).toBe(400);
    });
  },
);

describeEachDatabase('linked accounts without the services configured (%s)', ({ server, superAdmin }) => {
  it('answers 503 LINK_PROVIDER_NOT_CONFIGURED for Telegram and Discord', async () => {
    const amb = await createAmbassador(server, { admin: superAdmin });
    expect((await amb.client.post('/api/links/telegram', widgetAnswer({ id: 5, first_name: 'A' }, 1))).body.code).toBe('LINK_PROVIDER_NOT_CONFIGURED');
    const start = await amb.client.get('/api/links/discord/start');
    expect({ status: start.status, code: start.body.code }).toEqual({ status: 503, code: 'LINK_PROVIDER_NOT_CONFIGURED' });
  });
});

it('requires https:// for every outside service with NODE_ENV=production', () => {
  const base = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://mail.example:587', DATA_DIR: '/tmp/ambassador-test-unused' };
  expect(() => loadConfig(base)).not.toThrow();
  for (const name of ['TELEGRAM_API_URL', 'DISCORD_API_URL', 'DISCORD_OAUTH_URL', 'OEMBED_URL', 'BSC_RPC_URL']) {
    expect(() => loadConfig({ ...base, [name]: 'http://127.0.0.1:9' }), name).toThrow(new RegExp(`${name}: must be an https:// URL when NODE_ENV=production`));
    expect(() => loadConfig({ ...base, [name]: 'https://service.example' }), name).not.toThrow();
  }
  expect(() => loadConfig({ ...base, DISCORD_CLIENT_ID: '123' })).toThrow(/DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET are set together/);
});
