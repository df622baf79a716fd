/**
 * The Telegram bot in Chromium (DECISIONS §7, Telegram and Discord): an ambassador who linked
 * Telegram sees 'Telegram notifications' on beside the email switch on their profile and turns it
 * off; the super admin's Settings tab shows the bot working after a message went out, never its
 * token. Telegram's Bot API is the loopback stand-in (test/helpers/providers.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { superAdminClient, type ApiClient } from '../helpers/client.ts';
import { createAmbassador, type CreatedAmbassador } from '../helpers/factories.ts';
import { startProviders, TEST_BOT_TOKEN, widgetAnswer, type Providers } from '../helpers/providers.ts';
import { axeViolations, describeViolations, settle } from './axe.ts';
import { browserSuite, signInAsAmbassador, signInAsSuperAdmin } from './browser.ts';

// The stand-in starts first: the server reads its address from this object when it starts.
const env: Record<string, string> = {};
let providers: Providers;
beforeAll(async () => {
  providers = await startProviders();
  Object.assign(env, providers.env, { TELEGRAM_CHANNEL_ID: '@ambassador_news', TELEGRAM_WEBHOOK_SECRET: 'e2e-telegram-webhook-secret-0123456789' });
});
afterAll(async () => providers?.close());

const suite = browserSuite({ env });
let admin: ApiClient;
let person: CreatedAmbassador;
const chat = 6_200_001;

beforeAll(async () => {
  admin = await superAdminClient(suite.server);
  person = await createAmbassador(suite.server, { admin, fullName: 'Tania Telegram' });
  const linked = await person.client.post(
    '/api/links/telegram',
    widgetAnswer({ id: chat, first_name: 'Tania', username: 'tania_tg' }, Math.floor(suite.server.clock.now().getTime() / 1000)),
  );
  expect(linked.status, linked.text).toBe(200);
});

describe('Telegram notifications', () => {
  it('the profile shows the Telegram switch on once Telegram is linked, and the ambassador turns it off', async () => {
    const { page } = await suite.pages.open();
    await signInAsAmbassador(page, person.email, person.password);
    await page.goto('/profile');
    const telegram = page.getByRole('switch', { name: 'Telegram notifications' });
    await telegram.waitFor();
    expect(await telegram.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('switch', { name: 'Email notifications' }).getAttribute('aria-checked')).toBe('true');
    await settle(page);
    const found = await axeViolations(page, 'profile with Telegram notifications');
    expect(found, describeViolations(found)).toEqual([]);
    await telegram.click();
    await page.getByText('The bot will no longer send you decisions on Telegram.').waitFor();
    expect((await person.client.get('/api/ambassador')).body.notifyTelegram).toBe(false);
    expect(await telegram.getAttribute('aria-checked')).toBe('false');
  });

  it('the super admin sees the bot working after a message went out, never its token', async () => {
    // /start from the linked chat: the answer goes out through the outbox.
    const update = await suite.server.app.inject({
      method: 'POST',
      url: '/api/telegram/webhook',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': env.TELEGRAM_WEBHOOK_SECRET ?? '' },
      payload: JSON.stringify({
        update_id: 1,
        message: { message_id: 1, date: 0, from: { id: chat, is_bot: false, first_name: 'Tania' }, chat: { id: chat, type: 'private' }, text: '/start' },
      }),
    });
    expect(update.statusCode, update.body).toBe(200);
    await suite.server.ctx.telegram.drain();
    expect(providers.telegramSent.filter((m) => m.chatId === String(chat))).toHaveLength(1);

    const { page } = await suite.pages.open();
    await signInAsSuperAdmin(page, { tab: 'Super Admin' });
    const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Telegram bot' }) });
    await card.getByText('Working', { exact: true }).waitFor();
    await card.getByText('Last message sent').waitFor();
    expect(await page.content()).not.toContain(TEST_BOT_TOKEN);
    await settle(page);
    const found = await axeViolations(page, 'super admin tab with the Telegram bot card');
    expect(found, describeViolations(found)).toEqual([]);
  });
});
