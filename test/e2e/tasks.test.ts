/**
 * Linked accounts and tasks in Chromium (DECISIONS §7, Linked accounts, Tasks): an ambassador links
 * Telegram on the profile through the Login Widget (a stand-in for telegram.org's script, answering
 * with a user signed with the bot's token as Telegram documents it; nothing reaches the internet),
 * links Discord through the stand-in's authorisation page and unlinks it after a confirmation, then
 * claims a Telegram task the stand-in Bot API says they are a member for, and the open wallet page
 * shows the credit without a reload; an X task claimed with somebody else's post is refused, and the
 * refusal read in Spanish; the Tasks page and the linked accounts card pass axe; an admin creates a
 * task and reviews a manual claim with the keyboard.
 */
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { superAdminClient, type ApiClient } from '../helpers/client.ts';
import { createAdmin, createAmbassador, type CreatedAmbassador } from '../helpers/factories.ts';
import { startProviders, TEST_BOT_TOKEN, type Providers } from '../helpers/providers.ts';
import { browserSuite, expectContent, expectNoHorizontalOverflow, screenshot, signInAsAmbassador, signInAsSuperAdmin } from './browser.ts';
import { axeViolations, describeViolations, settle } from './axe.ts';

const BOT = 'GoalChainTestBot';
const WIDGET = 'https://telegram.org/js/telegram-widget.js?22';

// The stand-in services start first; the server reads their addresses when it starts (the suite's beforeAll, after this one).
const env: Record<string, string> = {};
let providers: Providers;
beforeAll(async () => {
  providers = await startProviders();
  Object.assign(env, providers.env, { TELEGRAM_BOT_USERNAME: BOT, PROVIDER_TIMEOUT_SECONDS: '30' });
});
afterAll(async () => {
  await providers?.close();
});
const suite = browserSuite({ env });

let admin: ApiClient;
beforeAll(async () => {
  admin = await superAdminClient(suite.server);
});

/** The Login Widget's answer for `user`, signed as https://core.telegram.org/widgets/login#checking-authorization says. */
function signedByTelegram(user: Record<string, string | number>, token = TEST_BOT_TOKEN): Record<string, string | number> {
  const checkString = Object.keys(user)
    .sort()
    .map((key) => `${key}=${user[key]}`)
    .join('\n');
  const secret = createHash('sha256').update(token).digest();
  return { ...user, hash: createHmac('sha256', secret).update(checkString).digest('hex') };
}

/**
 * telegram.org's widget script, stood in: it draws a button where the script is and, clicked, sends
 * the browser to the script's data-auth-url with the signed answer appended, as the widget does once
 * Telegram has authorised the person.
 */
async function standInWidget(page: Page, answer: Record<string, string | number>): Promise<void> {
  await page.route(WIDGET, (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: `(function () {
  var script = document.currentScript;
  var answer = ${JSON.stringify(answer)};
  var button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Log in with Telegram as ' + script.getAttribute('data-telegram-login');
  button.addEventListener('click', function () {
    var url = script.getAttribute('data-auth-url');
    var fields = Object.keys(answer).map(function (key) { return key + '=' + encodeURIComponent(answer[key]); }).join('&');
    location.href = url + (url.indexOf('?') >= 0 ? '&' : '?') + fields;
  });
  script.parentNode.insertBefore(button, script);
})();`,
    }),
  );
}

async function createTask(body: Record<string, unknown>): Promise<string> {
  const made = await admin.post('/api/admin/tasks', { description: '', gcmReward: '0', usdtReward: '0', period: 'once', ...body });
  expect(made.status, made.text).toBe(201);
  return made.body.id as string;
}

function taskCard(page: Page, title: string) {
  return page.getByTestId('task').filter({ has: page.getByRole('heading', { name: title }) });
}

describe('linked accounts and tasks', () => {
  let fan: CreatedAmbassador;
  const telegramId = 7_000_123;
  const chatId = '-1001234567890';

  beforeAll(async () => {
    fan = await createAmbassador(suite.server, { admin, fullName: 'Tania Telegram' });
  });

  it('links Telegram through the Login Widget and Discord through its authorisation page, unlinks after a confirmation, says a refusal by its code; the card passes axe', async () => {
    const { page } = await suite.pages.open();
    const answer = signedByTelegram({ id: telegramId, first_name: 'Tania', username: 'tania_fan', auth_date: Math.floor(Date.now() / 1000) });
    await standInWidget(page, answer);
    await signInAsAmbassador(page, fan.email, fan.password);
    await page.goto('/profile');
    const card = page.getByTestId('linked-accounts');
    await card.getByRole('heading', { name: 'Linked accounts' }).waitFor();
    // The widget is given this server's bot, and X the ambassador's link code.
    const code = String((await fan.client.get('/api/links')).headers['x-link-code']);
    await expectContent(card.getByTestId('link-x'), code);
    await card.getByRole('button', { name: `Log in with Telegram as ${BOT}` }).click();
    await expectContent(card.getByTestId('link-telegram'), '@tania_fan');
    await expectContent(card.getByTestId('link-outcome'), 'Telegram account @tania_fan linked.');
    // The signed answer leaves the address once read.
    expect(new URL(page.url()).hash).toBe('#linked-accounts');
    expect((await fan.client.get('/api/links')).body).toEqual([expect.objectContaining({ provider: 'telegram', externalId: String(telegramId) })]);
    await card.getByRole('button', { name: 'Unlink Telegram' }).waitFor();

    // Discord: a full navigation to the (stand-in) authorisation page, which sends the browser back through the callback.
    providers.discordCode({ id: '900000000000000123', username: 'tania_discord', guilds: {} });
    await card.getByRole('link', { name: 'Link Discord' }).click();
    await page.waitForURL((url) => url.pathname === '/profile' && url.hash === '#linked-accounts' && !url.search);
    await expectContent(page.getByTestId('link-outcome'), 'Discord account linked.');
    await expectContent(page.getByTestId('link-discord'), 'tania_discord');
    // Unlinked after a confirmation.
    await page.getByTestId('link-discord').getByRole('button', { name: 'Unlink Discord' }).click();
    const confirm = page.getByRole('dialog', { name: 'Unlink Discord?' });
    await confirm.getByRole('button', { name: 'Unlink Discord' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expectContent(page.getByTestId('link-discord'), 'Not linked');
    expect(((await fan.client.get('/api/links')).body as Array<{ provider: string }>).map((link) => link.provider)).toEqual(['telegram']);
    // A refusal coming back from Discord is said by its code.
    await page.goto('/profile?discord=DISCORD_AUTH_DENIED#linked-accounts');
    await expectContent(page.getByTestId('link-refusal'), 'Discord did not authorise the link: start again from your profile');
    await settle(page);
    await screenshot(page, 'profile-linked-accounts');
    const found = await axeViolations(page, 'profile with linked accounts');
    expect(found, describeViolations(found)).toEqual([]);
    // At 320 px nothing scrolls sideways: the link code, the handles and the X field wrap.
    await page.setViewportSize({ width: 320, height: 700 });
    await expectNoHorizontalOverflow(page);
  });

  it('claims a Telegram task: credited at once with its evidence, and the open wallet page shows it without a reload', async () => {
    const title = 'Join the fan chat';
    await createTask({
      title,
      description: 'Join our Telegram chat and say hello.',
      kind: 'telegram_member',
      params: { chatId },
      gcmReward: '15',
      usdtReward: '2',
    });
    providers.setChatMember(chatId, String(telegramId), 'member');

    const wallet = await suite.pages.open();
    await signInAsAmbassador(wallet.page, fan.email, fan.password);
    await wallet.page.goto('/wallet');
    await wallet.page.getByRole('heading', { name: 'Transaction History' }).waitFor();

    const { page } = await suite.pages.open();
    await signInAsAmbassador(page, fan.email, fan.password);
    await page.goto('/tasks');
    await page.getByRole('heading', { name: 'Tasks', level: 1 }).waitFor();
    const card = taskCard(page, title);
    await expectContent(card, 'Join our Telegram chat and say hello.');
    await card.getByRole('button', { name: 'Claim' }).click();
    await expectContent(card.getByTestId('claim-status'), 'Credited');
    await expectContent(card.getByTestId('claim-evidence'), 'member');
    await expectContent(card.getByTestId('claim-evidence'), chatId);
    await expect.poll(() => card.getByRole('button', { name: 'Claim' }).count()).toBe(0);
    // Live: the wallet page, open all along, hears `me` and shows the credit.
    await expectContent(wallet.page.locator('main'), title);
    await settle(page);
    const found = await axeViolations(page, 'tasks page with a credited claim');
    expect(found, describeViolations(found)).toEqual([]);
    // At 320 px nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 700 });
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'tasks-credited-320');
  });

  it('shows a task an admin creates on the open Tasks page without a reload; a manual claim refused at review shows its reason and is appealed', async () => {
    const { page } = await suite.pages.open();
    await signInAsAmbassador(page, fan.email, fan.password);
    await page.goto('/tasks');
    await page.getByRole('heading', { name: 'Tasks', level: 1 }).waitFor();
    // Live: the page, open all along, hears `tasks` and shows the new task.
    const title = 'Host a fan space';
    const taskId = await createTask({ title, description: 'Host a space about the match.', kind: 'manual', params: {}, gcmReward: '10' });
    const card = taskCard(page, title);
    await expectContent(card, 'Host a space about the match.');
    await card.getByRole('button', { name: 'Claim' }).click();
    await expectContent(card.getByTestId('claim-status'), 'Sent to review');
    const claims = (await admin.get(`/api/admin/task-claims?taskId=${taskId}`)).body as Array<{ id: string }>;
    const refused = await admin.post(`/api/admin/task-claims/${claims[0]?.id}/review`, {
      decision: 'rejected',
      reasonCode: 'not_verifiable',
      facts: 'No recording found.',
    });
    expect(refused.status, refused.text).toBe(200);
    // The refusal arrives by `me`, with its reason and the facts, and an Appeal button.
    await expectContent(card.getByTestId('claim-facts'), 'No recording found.');
    await card.getByRole('button', { name: 'Appeal', exact: true }).click();
    await card.getByLabel('Why should it change?').fill('The recording is on my channel.');
    await card.getByRole('button', { name: 'Send appeal' }).click();
    await expectContent(card.getByTestId('claim-appeal'), 'waiting for another admin');
    await expect.poll(() => card.getByRole('button', { name: 'Appeal', exact: true }).count()).toBe(0);
    await settle(page);
    const found = await axeViolations(page, 'tasks page with an appealed claim');
    expect(found, describeViolations(found)).toEqual([]);
    // Another admin upholds it: the ambassador's page hears it, and no appeal is left pending for the tests after this one.
    const second = await createAdmin(suite.server, { superAdmin: admin, fullName: 'Second Admin' });
    const queued = ((await second.client.get('/api/admin/appeals?status=pending&limit=100')).body as Array<{ id: string; kind: string }>).filter(
      (a) => a.kind === 'task_claim',
    );
    for (const appeal of queued)
      expect((await second.client.post(`/api/admin/appeals/${appeal.id}/decide`, { outcome: 'upheld', facts: 'Checked again.' })).status).toBe(200);
    await expectContent(card.getByTestId('claim-appeal'), 'the refusal stands');
  });

  it('claims an X task with a post by somebody else: refused, and the reason read in Spanish', async () => {
    const writer = await createAmbassador(suite.server, { admin, fullName: 'Ximena Equis' });
    const code = String((await writer.client.get('/api/links')).headers['x-link-code']);
    const own = 'https://x.com/ximena_fan/status/1862000000000000001';
    providers.setPost(own, 'ximena_fan', `Linking my account ${code}`);
    const linked = await writer.client.post('/api/links/x', { postUrl: own });
    expect(linked.status, linked.text).toBe(200);
    const title = 'Post about the derby';
    await createTask({ title, kind: 'x_post', params: { mustContain: '#GoalChain' }, gcmReward: '5', usdtReward: '0' });
    const theirs = 'https://x.com/somebody_else/status/1862000000000000002';
    providers.setPost(theirs, 'somebody_else', 'What a derby #GoalChain');

    expect((await writer.client.patch('/api/user', { locale: 'es' })).status).toBe(200);
    const { page, context } = await suite.pages.open();
    await signInAsAmbassador(page, writer.email, writer.password);
    await context.addCookies([{ name: 'locale', value: 'es', url: suite.server.url }]);
    await page.goto('/tasks');
    await page.getByRole('heading', { name: 'Tareas', level: 1 }).waitFor();
    const card = taskCard(page, title);
    // The Telegram task of the test before says, before any claim, that it needs a Telegram account this ambassador has not linked.
    await expectContent(
      taskCard(page, 'Join the fan chat').getByTestId('task-needs-account'),
      'Esta tarea se comprueba con tu cuenta de Telegram, que aún no está vinculada: vincúlala en tu perfil y luego reclama.',
    );
    expect(await card.getByTestId('task-needs-account').count()).toBe(0);
    await card.getByRole('textbox').fill(theirs);
    await card.getByRole('button', { name: 'Reclamar' }).click();
    await expectContent(card.getByTestId('claim-status'), 'Rechazada');
    await expectContent(
      card.getByTestId('claim-reason'),
      'Esta publicación la escribió otra cuenta distinta de tu cuenta de X vinculada: reclama con una publicación tuya.',
    );
    await expectContent(card.getByTestId('claim-evidence'), 'somebody_else');
    // A refused claim may be tried again: the form stays.
    await card.getByRole('textbox').waitFor();
    await settle(page);
    await screenshot(page, 'tasks-refused-es');
    const found = await axeViolations(page, 'tasks page with a refused claim, in Spanish');
    expect(found, describeViolations(found)).toEqual([]);
  });

  it('an admin creates a task and reviews a manual claim with the keyboard; the ambassador is credited', async () => {
    const { page } = await suite.pages.open();
    await signInAsSuperAdmin(page, { tab: 'Tasks' });
    const create = page.getByRole('button', { name: 'New task' });
    await create.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New task' });
    await dialog.waitFor();
    // The dialog opens on its first field: the title.
    await page.keyboard.type('Film a stadium tour');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Film a short tour of your stadium and send us the link.');
    await page.keyboard.press('Tab');
    // The kind: the last of the list, manual.
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
    expect(await dialog.getByLabel(/^Kind/).inputValue()).toBe('manual');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByLabel(/^Period/).inputValue()).toBe('weekly');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('20');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('1.50');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const tasks = page.getByRole('table', { name: 'Tasks' }).or(page.getByRole('list', { name: 'Tasks' }));
    await expectContent(tasks, 'Film a stadium tour');
    const made = (
      (await admin.get('/api/admin/tasks?limit=100')).body as Array<{ id: string; title: string; kind: string; period: string; gcmReward: string }>
    ).find((task) => task.title === 'Film a stadium tour');
    expect(made).toMatchObject({ kind: 'manual', period: 'weekly', gcmReward: '20.00' });

    const filmer = await createAmbassador(suite.server, { admin, fullName: 'Fabio Filmer' });
    const claimed = await filmer.client.post(`/api/tasks/${made?.id}/claim`, { note: 'https://example.com/my-tour' });
    expect(claimed.status, claimed.text).toBe(201);
    expect(claimed.body.status).toBe('pending_review');

    // The claims list hears the review desk's change and shows the claim.
    const review = page.getByRole('button', { name: 'Review claim of Fabio Filmer' });
    await review.waitFor();
    await review.focus();
    await page.keyboard.press('Enter');
    const reviewing = page.getByRole('dialog', { name: 'Review claim of Fabio Filmer' });
    await expectContent(reviewing, 'https://example.com/my-tour');
    // The reason picker has the focus; approving needs none: on to the facts, then Reject, then Approve.
    await page.keyboard.press('Tab');
    await page.keyboard.type('Watched the tour: it is the stadium.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Approve: credit it');
    await page.keyboard.press('Enter');
    await reviewing.waitFor({ state: 'detached' });
    const mine = (await filmer.client.get('/api/tasks')).body as Array<{ id: string; claim: { status: string } | null }>;
    expect(mine.find((task) => task.id === made?.id)?.claim?.status).toBe('credited');
    await settle(page);
    await screenshot(page, 'admin-tasks-tab');
    const found = await axeViolations(page, 'admin tasks tab');
    expect(found, describeViolations(found)).toEqual([]);
    // On a phone the lists are cards, and nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 700 });
    await page.getByRole('list', { name: 'Task claims' }).waitFor();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'admin-tasks-tab-320');
  });
});
