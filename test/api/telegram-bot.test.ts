/**
 * Where ambassadors already are (DECISIONS §7, Telegram and Discord; ADR 032), against stand-ins of
 * Telegram's Bot API and Discord on loopback (test/helpers/providers.ts): a decision reaches the
 * linked ambassador's chat in their language, with the texts people wrote escaped and a link to its
 * page, once; /start and /rank in a private chat are answered (the right figures for a linked
 * chat, nobody's for another); an update without the secret header is refused and does nothing; a
 * 429 is waited out; a 5xx is retried after its wait and sent once; a blocked bot turns the ambassador's Telegram notifications off; the channel
 * hears a month's freeze and close with the link to verify its draw; Discord Linked Roles values are
 * pushed with the user's own token when a badge changes. The bot token is never logged or answered.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telegramMessages } from '../../src/server/db/schema.ts';
import { runSeasonsJob } from '../../src/server/features/seasons/service.ts';
import { redactToken, setTelegramWebhook } from '../../src/server/features/telegram/api.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { DATABASE_KINDS } from '../helpers/database.ts';
import type { DrandRelay } from '../helpers/drand-relay.ts';
import { createAmbassador, credit, type CreatedAmbassador } from '../helpers/factories.ts';
import { startProviders, TEST_BOT_TOKEN, TEST_DISCORD, widgetAnswer, type Providers } from '../helpers/providers.ts';
import type { TestServer } from '../helpers/server.ts';
import { startDrawServer } from './draw-server.ts';
import { describeEachDatabase } from '../helpers/suite.ts';

const WEBHOOK_SECRET = 'test-telegram-webhook-secret_0123456789';
const CHANNEL = '@ambassador_news';

let providers: Providers;
const logLines: string[] = [];
beforeAll(async () => {
  providers = await startProviders();
});
afterAll(async () => providers?.close());

let telegramIds = 5_100_000;
let updateIds = 1;
let discordIds = 800_000_000_000_000_000n;

const botEnv = () => ({ ...providers.env, TELEGRAM_CHANNEL_ID: CHANNEL, TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET });

/** The messages the stand-in accepted for one chat. */
const sentTo = (chatId: string | number) => providers.telegramSent.filter((m) => m.chatId === String(chatId));

/** Every tag of a message: only the bot's own markup may be there. */
const tagsOf = (html: string) => [...html.matchAll(/<\/?([a-z]+)[^>]*>/g)].map((m) => m[1]);

describeEachDatabase(
  'the Telegram bot and Discord Linked Roles (%s)',
  () => ({ env: botEnv(), logStream: { write: (line: string) => void logLines.push(line) } }),
  ({ server, superAdmin }) => {
    const nowSeconds = () => Math.floor(server.clock.now().getTime() / 1000);

    /** Links a fresh Telegram account to the ambassador; answers its id (their private chat's id too). */
    async function linkTelegram(person: CreatedAmbassador): Promise<number> {
      const user = { id: (telegramIds += 1), first_name: 'Ana', username: `ana_${telegramIds}` };
      const linked = await person.client.post('/api/links/telegram', widgetAnswer(user, nowSeconds()));
      expect(linked.status, linked.text).toBe(200);
      return user.id;
    }

    /** An update from Telegram: a private message from `fromId`. */
    function update(
      text: string,
      fromId: number,
      headers: Record<string, string> = { 'x-telegram-bot-api-secret-token': WEBHOOK_SECRET },
      languageCode?: string,
    ) {
      return server.app.inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({
          update_id: (updateIds += 1),
          message: {
            message_id: updateIds,
            date: nowSeconds(),
            from: { id: fromId, is_bot: false, first_name: 'Ana', ...(languageCode ? { language_code: languageCode } : {}) },
            chat: { id: fromId, type: 'private' },
            text,
          },
        }),
      });
    }

    /** Sends what is due, then lets a chat's one-a-second gap pass. */
    async function deliver() {
      await server.ctx.telegram.drain();
      server.clock.advance(1_100);
    }

    async function submitReport(person: CreatedAmbassador) {
      const day = (offset: number) => new Date(server.clock.real().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
      const report = await person.client.post('/api/reports', {
        weekStartDate: day(-7),
        weekEndDate: day(-1),
        activityReport: 'Publiqué 5 hilos en X sobre el juego (12k vistas) y organicé un AMA en Telegram con 300 asistentes.',
      });
      expect(report.status, report.text).toBe(201);
      return report.body as { id: string };
    }

    it('sends a decision to the linked ambassador’s chat in Spanish, the team’s words escaped, with a link to its page, once', async () => {
      const person = await createAmbassador(server, { admin: superAdmin });
      expect((await person.client.patch('/api/user', { locale: 'es' })).status).toBe(200);
      const chat = await linkTelegram(person);
      expect((await person.client.get('/api/ambassador')).body).toMatchObject({ notifyTelegram: true, telegramBot: true });
      const report = await submitReport(person);
      const rejected = await superAdmin.post(`/api/admin/reports/${report.id}/review`, {
        status: 'rejected',
        reasonCode: 'duplicate_link',
        facts: 'El enlace <i>ya</i> aparece en el informe 12 & <a href="https://evil.example">aquí</a>.',
      });
      expect(rejected.status, rejected.text).toBe(200);
      await deliver();
      const [message, ...more] = sentTo(chat);
      expect(more).toEqual([]);
      expect(message?.parseMode).toBe('HTML');
      expect(message?.text).toContain('<b>Tu informe semanal no ha sido aprobado</b>');
      expect(message?.text).toContain(
        'El enlace &lt;i&gt;ya&lt;/i&gt; aparece en el informe 12 &amp; &lt;a href=&quot;https://evil.example&quot;&gt;aquí&lt;/a&gt;.',
      );
      expect(message?.text).toContain(`<a href="${server.config.appUrl}/reports?id=${report.id}">`);
      // Only our own markup: the bold title and the one link to the page.
      expect(tagsOf(message?.text ?? '')).toEqual(['b', 'b', 'a', 'a']);
      // Never twice for one change, however often the sender runs.
      await deliver();
      expect(sentTo(chat)).toHaveLength(1);
      expect(logLines.some((line) => line.includes(TEST_BOT_TOKEN))).toBe(false);
    });

    it('answers /start with what the bot does, the ambassador’s name escaped, and /rank with their place, GCM, badge and the next badge', async () => {
      const person = await createAmbassador(server, { admin: superAdmin, fullName: 'Ana <b>Bold</b> & Co' });
      const chat = await linkTelegram(person);
      const started = await update('/start', chat);
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json()).toEqual({ ok: true });
      await deliver();
      const hello = sentTo(chat).at(-1)?.text ?? '';
      expect(hello).toContain('<b>Hello Ana &lt;b&gt;Bold&lt;/b&gt; &amp; Co!</b>');
      expect(tagsOf(hello)).toEqual(['b', 'b', 'a', 'a']);

      await credit(server, person.ambassadorId, 'GCM', '600.00');
      const board = (await new ApiClient(server).get('/api/public/leaderboard')).body as { id: string }[];
      const place = board.findIndex((entry) => entry.id === person.ambassadorId) + 1;
      expect(place).toBeGreaterThan(0);
      expect((await update('/rank@AmbassadorBot', chat)).statusCode).toBe(200);
      await deliver();
      const rank = sentTo(chat).at(-1)?.text ?? '';
      const ordinal = place === 1 ? '1st' : place === 2 ? '2nd' : place === 3 ? '3rd' : `${place}th`;
      expect(rank).toContain(`Your place this month: ${ordinal}`);
      expect(rank).toContain('GCM this month: 600');
      expect(rank).toContain('Badge: Bronze');
      expect(rank).toContain('1,400 GCM more this month for Silver.');
      expect(rank).toContain(`<a href="${server.config.appUrl}/leaderboard">`);
    });

    it('tells a chat that is not linked how to link, and shows it nobody’s figures', async () => {
      const stranger = (telegramIds += 1);
      await update('/rank', stranger, { 'x-telegram-bot-api-secret-token': WEBHOOK_SECRET }, 'es');
      await deliver();
      const [answer, ...more] = sentTo(stranger);
      expect(more).toEqual([]);
      expect(answer?.text).toContain('Esta cuenta de Telegram aún no está vinculada');
      expect(answer?.text).toContain(`${server.config.appUrl}/profile#linked-accounts`);
      expect(answer?.text).not.toMatch(/GCM|\d+(st|nd|rd|th)\b/);
      // Sent again by Telegram (the same update): answered once.
      const before = providers.telegramSent.length;
      await deliver();
      expect(providers.telegramSent.length).toBe(before);
    });

    it('tells Telegram where to deliver updates, with the secret (npm run telegram:webhook)', async () => {
      const result = await setTelegramWebhook(server.ctx);
      expect(result).toMatchObject({ ok: true, url: `${server.config.appUrl}/api/telegram/webhook` });
      expect(providers.telegramWebhook).toEqual({ url: `${server.config.appUrl}/api/telegram/webhook`, secretToken: WEBHOOK_SECRET });
      expect(JSON.stringify(result)).not.toContain(TEST_BOT_TOKEN);
    });

    it('refuses an update without the secret header (401) and does nothing', async () => {
      const person = await createAmbassador(server, { admin: superAdmin });
      const chat = await linkTelegram(person);
      const [{ n: before } = { n: 0 }] = await server.db.select({ n: count() }).from(telegramMessages);
      for (const headers of [
        {} as Record<string, string>,
        { 'x-telegram-bot-api-secret-token': 'wrong-secret-0000000000000' },
        { 'x-telegram-bot-api-secret-token': `${WEBHOOK_SECRET}x` },
      ]) {
        const refused = await update('/rank', chat, headers);
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toMatchObject({ code: 'TELEGRAM_SECRET_INVALID' });
      }
      const [{ n: after } = { n: 0 }] = await server.db.select({ n: count() }).from(telegramMessages);
      expect(after).toBe(before);
      await deliver();
      expect(sentTo(chat)).toEqual([]);
    });

    it('waits out a 429 for its retry_after, then sends', async () => {
      const person = await createAmbassador(server, { admin: superAdmin });
      const chat = await linkTelegram(person);
      providers.failChat(String(chat), { status: 429, retryAfter: 5 });
      await update('/start', chat);
      await server.ctx.telegram.drain();
      expect(providers.telegramAsked.filter((id) => id === String(chat))).toHaveLength(1);
      expect(sentTo(chat)).toEqual([]);
      // Not before retry_after has passed.
      server.clock.advance(2_000);
      await server.ctx.telegram.drain();
      expect(providers.telegramAsked.filter((id) => id === String(chat))).toHaveLength(1);
      server.clock.advance(3_500);
      await server.ctx.telegram.drain();
      expect(sentTo(chat)).toHaveLength(1);
      const [row] = await server.db
        .select()
        .from(telegramMessages)
        .where(eq(telegramMessages.chatId, String(chat)));
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    });

    it('retries a message Telegram answered with a 5xx after the first retry’s wait, and sends it once', async () => {
      const person = await createAmbassador(server, { admin: superAdmin });
      const chat = await linkTelegram(person);
      const rowOf = async () =>
        (
          await server.db
            .select()
            .from(telegramMessages)
            .where(eq(telegramMessages.chatId, String(chat)))
        )[0];
      providers.setMode('telegram', 'error');
      try {
        await update('/start', chat);
        await server.ctx.telegram.drain();
      } finally {
        providers.setMode('telegram', 'ok');
      }
      expect(sentTo(chat)).toEqual([]);
      expect(await rowOf()).toMatchObject({ status: 'pending', attempts: 1 });
      // Not before the first retry's wait (RETRY_MS[0], 5 s) has passed.
      server.clock.advance(4_000);
      await server.ctx.telegram.drain();
      expect(sentTo(chat)).toEqual([]);
      server.clock.advance(1_500);
      await server.ctx.telegram.drain();
      expect(sentTo(chat)).toHaveLength(1);
      expect(await rowOf()).toMatchObject({ status: 'sent', attempts: 2 });
      await deliver();
      expect(sentTo(chat)).toHaveLength(1);
    });

    it('keeps to Telegram’s flood limits: one message a second to a chat, 30 a second in all', async () => {
      server.clock.advance(1_100);
      const one = (telegramIds += 1);
      for (let i = 0; i < 3; i++) expect((await update('/start', one)).statusCode).toBe(200);
      const chats = Array.from({ length: 34 }, () => (telegramIds += 1));
      for (const chat of chats) expect((await update('/start', chat)).statusCode).toBe(200);
      await server.ctx.telegram.drain();
      // Before the clock moves on: 30 messages at most, one of them to the chat that asked three times.
      expect([one, ...chats].reduce((n, chat) => n + sentTo(chat).length, 0)).toBeLessThanOrEqual(30);
      expect(sentTo(one).length).toBeLessThanOrEqual(1);
      for (let second = 0; second < 4; second++) {
        server.clock.advance(1_100);
        await server.ctx.telegram.drain();
      }
      expect(sentTo(one)).toHaveLength(3);
      for (const chat of chats) expect(sentTo(chat)).toHaveLength(1);
      // As the table recorded them: no second holds more than 30, no chat two within a second.
      const rows = (
        await server.db
          .select()
          .from(telegramMessages)
          .where(inArray(telegramMessages.chatId, [one, ...chats].map(String)))
      )
        .map((r) => ({ chat: r.chatId, at: r.sentAt?.getTime() ?? 0 }))
        .sort((a, b) => a.at - b.at);
      expect(rows).toHaveLength(37);
      for (const row of rows) expect(rows.filter((r) => r.at >= row.at && r.at < row.at + 1_000).length).toBeLessThanOrEqual(30);
      const mine = rows.filter((r) => r.chat === String(one));
      for (let i = 1; i < mine.length; i++) expect((mine[i]?.at ?? 0) - (mine[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(1_000);
    });

    it('turns Telegram notifications off when the user blocked the bot (403), and not a message more', async () => {
      const person = await createAmbassador(server, { admin: superAdmin });
      const chat = await linkTelegram(person);
      providers.failChat(String(chat), { status: 403 }, 10);
      const report = await submitReport(person);
      expect((await superAdmin.post(`/api/admin/reports/${report.id}/review`, { status: 'approved', gcmAwarded: '10', usdtAwarded: '0' })).status).toBe(200);
      await deliver();
      await deliver();
      expect(providers.telegramAsked.filter((id) => id === String(chat))).toHaveLength(1);
      expect((await person.client.get('/api/ambassador')).body.notifyTelegram).toBe(false);
      const rows = await server.db
        .select()
        .from(telegramMessages)
        .where(eq(telegramMessages.chatId, String(chat)));
      expect(rows.map((r) => r.status)).toEqual(['dropped']);
      // They may turn it on again from their profile.
      const on = await person.client.patch('/api/ambassador', { notifyTelegram: true });
      expect(on.status, on.text).toBe(200);
      expect((await person.client.get('/api/ambassador')).body.notifyTelegram).toBe(true);
    });

    it('keeps the token out of any error text (the Bot API’s URL holds it)', () => {
      expect(redactToken(`request to http://x/bot${TEST_BOT_TOKEN}/sendMessage failed`, TEST_BOT_TOKEN)).toBe(
        'request to http://x/bot[redacted]/sendMessage failed',
      );
    });

    it('shows the super admin whether the bot works, never its token', async () => {
      const status = await superAdmin.get('/api/super-admin/telegram');
      expect(status.status).toBe(200);
      expect(status.body).toMatchObject({ configured: true, channel: true, webhook: true, lastSentAt: expect.any(String) });
      expect(status.body.lastError?.message).toContain('403');
      expect(status.text).not.toContain(TEST_BOT_TOKEN);
      const person = await createAmbassador(server, { admin: superAdmin });
      expect((await person.client.get('/api/super-admin/telegram')).status).toBe(403);
    });

    it('pushes the Discord Linked Roles metadata at start, and an ambassador’s values with their own token when their badge changes', async () => {
      await server.ctx.discordRoles.drain();
      expect(providers.discordMetadata.at(-1)).toEqual([
        expect.objectContaining({ key: 'badge_level', type: 2 }),
        expect.objectContaining({ key: 'months_active', type: 2 }),
        expect.objectContaining({ key: 'wallet_verified', type: 7 }),
      ]);
      const person = await createAmbassador(server, { admin: superAdmin });
      const user = { id: String((discordIds += 1n)), username: `dana${discordIds % 1000n}`, guilds: {} };
      const start = await person.client.get('/api/links/discord/start');
      const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
      const callback = await person.client.get(`/api/links/discord/callback?${new URLSearchParams({ code: providers.discordCode(user), state }).toString()}`);
      expect(String(callback.headers.location)).toContain('discord=linked');
      await server.ctx.discordRoles.drain();
      const mine = () => providers.discordRoleConnections.filter((c) => c.userId === user.id);
      expect(mine().at(-1)?.body).toMatchObject({
        metadata: { badge_level: '0', months_active: '0', wallet_verified: '0' },
        platform_username: person.fullName,
      });
      expect(mine().at(-1)?.accessToken).toBe(providers.discordTokens.filter((t) => t.userId === user.id).at(-1)?.accessToken);

      // A badge pinned by an admin changes the values: pushed.
      expect((await superAdmin.patch(`/api/admin/ambassadors/${person.ambassadorId}`, { badgeLevel: 'gold' })).status).toBe(200);
      await server.ctx.discordRoles.drain();
      expect(mine().at(-1)?.body.metadata).toEqual({ badge_level: '3', months_active: '0', wallet_verified: '0' });
      // GCM earned: a new active month.
      await credit(server, person.ambassadorId, 'GCM', '20.00');
      await server.ctx.discordRoles.drain();
      expect(mine().at(-1)?.body.metadata).toEqual({ badge_level: '3', months_active: '1', wallet_verified: '0' });
      const own = await person.client.get('/api/links/discord/role-connection');
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ metadata: { badge_level: 3, months_active: 1, wallet_verified: false }, linked: true, pushedAt: expect.any(String) });
      expect(logLines.some((line) => line.includes(TEST_DISCORD.botToken))).toBe(false);
    });
  },
);

describe.each(DATABASE_KINDS)('the channel hears a month’s freeze and close (%s)', (kind) => {
  let server: TestServer;
  let relay: DrandRelay;

  beforeAll(async () => {
    ({ server, relay } = await startDrawServer({ kind, at: '2026-09-20T12:00:00Z', env: botEnv() }));
    const admin = await superAdminClient(server);
    const champion = await createAmbassador(server, { admin, fullName: 'Zoe <b>Champion</b>' });
    const second = await createAmbassador(server, { admin, fullName: 'Yan Runner' });
    await credit(server, champion.ambassadorId, 'GCM', '50.00');
    await credit(server, second.ambassadorId, 'GCM', '40.00');
    server.clock.set('2026-10-01T00:00:30Z');
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await relay?.close();
  });

  it('posts the freeze (entrants, the beacon round and when it is drawn), then the close (champions, winners, the verify link)', async () => {
    const before = providers.telegramSent.length;
    expect((await runSeasonsJob(server.ctx)).frozen).toEqual(['2026-09']);
    await server.ctx.telegram.drain();
    const frozen = (await new ApiClient(server).get('/api/public/seasons/2026-09')).body;
    const [freezePost] = providers.telegramSent.slice(before).filter((m) => m.chatId === CHANNEL);
    expect(freezePost?.text).toContain('<b>September 2026 is frozen</b>');
    expect(freezePost?.text).toContain(`${frozen.entrantCount} ambassadors entered the lottery.`);
    expect(freezePost?.text).toContain(`It will be drawn from drand round ${frozen.beacon.round} at`);

    // Once the beacon's round is out, the month closes itself.
    server.clock.set(new Date(Date.parse(frozen.beacon.at) + 60_000).toISOString());
    expect((await runSeasonsJob(server.ctx)).closed).toEqual(['2026-09']);
    await server.ctx.telegram.drain();
    const posts = providers.telegramSent.slice(before).filter((m) => m.chatId === CHANNEL);
    expect(posts).toHaveLength(2);
    const closePost = posts[1]?.text ?? '';
    expect(closePost).toContain('<b>September 2026 is closed</b>');
    expect(closePost).toContain('1. Zoe &lt;b&gt;Champion&lt;/b&gt;');
    expect(closePost).toContain('2. Yan Runner');
    expect(closePost).toContain(`<a href="${server.config.appUrl}/hall-of-fame?month=2026-09">Verify this draw</a>`);
    // The job again: nothing more is posted.
    await runSeasonsJob(server.ctx);
    await server.ctx.telegram.drain();
    expect(providers.telegramSent.slice(before).filter((m) => m.chatId === CHANNEL)).toHaveLength(2);
    const rows = await server.db
      .select()
      .from(telegramMessages)
      .where(and(eq(telegramMessages.kind, 'channel'), eq(telegramMessages.status, 'sent')));
    expect(rows.map((r) => r.dedupeKey).sort()).toEqual(['season.closed:2026-09', 'season.frozen:2026-09']);
  });
});
