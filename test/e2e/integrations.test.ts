/**
 * The super admin's integrations in Chromium (DECISIONS §7, Webhooks and API keys; issue 45): a
 * webhook endpoint pointed at a receiver of the test's own on loopback (WEBHOOK_ALLOW_PRIVATE=true),
 * its secret read once from the page and checked against what arrives (with `standardwebhooks`, the
 * spec's reference implementation), a test event seen delivered in the log, a failure with its
 * next retry, a replay, a rotation signing with both secrets; an API key made with the keyboard
 * only, used from the test (200 in its scope, 403 outside it), revoked in the page (401 after).
 * axe on the tab in English and in Turkish, and the tab at 320 px.
 */
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, WEBHOOK_SECRET_PATTERN } from '../../src/shared/schemas/integrations.ts';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { axeViolations, describeViolations } from './axe.ts';
import { browserSuite, expectContent, expectNoHorizontalOverflow, expectToast, screenshot, signInAsSuperAdmin } from './browser.ts';

// Retries 5 s apart: a failed attempt shows its next retry for a while, and the retry comes within the test.
const suite = browserSuite({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SECONDS: '5,5,5' } });
let receiver: WebhookReceiver;
let hookUrl: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  hookUrl = `${receiver.url}/e2e`;
});
afterAll(async () => receiver?.close());

const mine = (): ReceivedWebhook[] => receiver.received.filter((r) => r.path === '/hook/e2e');

/** Whether a request the receiver got was signed with this secret (Standard Webhooks' own check). */
function signedWith(secret: string, request: ReceivedWebhook): boolean {
  try {
    new Webhook(secret).verify(request.body, { 'webhook-id': request.id, 'webhook-timestamp': request.timestamp, 'webhook-signature': request.signature });
    return true;
  } catch {
    return false;
  }
}

/** The secret or key in the dialog that shows it once; the dialog is then closed and it is gone from the page. */
async function readShownOnce(page: Page, title: string, label: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await expectContent(dialog, 'you will not see it again');
  const field = dialog.getByLabel(label);
  // The dialog opens on the value: a screen reader reads its label and the value.
  await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
  const value = await field.inputValue();
  await dialog.getByRole('button', { name: 'I have saved it' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await page.getByTestId('shown-once').count()).toBe(0);
  return value;
}

async function expectNoViolations(page: Page, state: string): Promise<void> {
  const found = await axeViolations(page, state);
  expect(found, describeViolations(found)).toEqual([]);
}

describe('webhooks in the console', () => {
  let secret: string;

  /** A super admin's Integrations tab, and the row of the endpoint added first. */
  async function endpointRow() {
    const { page } = await suite.pages.open();
    await signInAsSuperAdmin(page, { tab: 'Integrations' });
    return { page, row: page.getByRole('row', { name: new RegExp(hookUrl) }) };
  }

  it('adds an endpoint at the receiver, shows its secret once, and a test event arrives signed with it and shows delivered', async () => {
    const { page } = await suite.pages.open();
    await signInAsSuperAdmin(page, { tab: 'Integrations' });
    const form = page.getByRole('form', { name: 'Add a webhook endpoint' });
    await form.getByLabel(/^URL/).fill(hookUrl);
    await form.getByLabel(/^Description/).fill('CRM');
    await form.getByRole('checkbox', { name: 'application.created' }).click();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    secret = await readShownOnce(page, 'Webhook endpoint added', 'Signing secret');
    expect(secret).toMatch(WEBHOOK_SECRET_PATTERN);
    // The form is empty again, and says nothing is wrong with it.
    expect(await form.getByLabel(/^URL/).inputValue()).toBe('');
    expect(await form.getByText('Choose at least one event type').count()).toBe(0);

    const row = page.getByRole('row', { name: new RegExp(hookUrl) });
    await expectContent(row, 'Enabled');
    await expectContent(row, 'application.created');
    await row.getByRole('button', { name: `Send test event to ${hookUrl}` }).click();
    await expectToast(page, 'Test event sent');
    await receiver.waitFor(() => mine().some((r) => r.type === 'webhook.test'), 'the test event');
    expect(signedWith(secret, mine()[0] as ReceivedWebhook)).toBe(true);

    await row.getByRole('button', { name: `Delivery log of ${hookUrl}` }).click();
    const heading = page.getByRole('heading', { name: `Delivery log: ${hookUrl}` });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
    const log = page.getByRole('table', { name: 'Delivery log' });
    const delivered = log.getByRole('row').filter({ hasText: 'webhook.test' }).first();
    await expectContent(delivered, 'Delivered');
    await expectContent(delivered, 'HTTP 204');
    await expectNoViolations(page, 'integrations: an endpoint and its delivery log');
    await screenshot(page, 'integrations-delivery-log');
  });

  it('shows a failed attempt with its next retry, and replays it once the receiver is back', async () => {
    const { page, row } = await endpointRow();
    await row.getByRole('button', { name: `Delivery log of ${hookUrl}` }).click();
    const log = page.getByRole('table', { name: 'Delivery log' });
    await log.waitFor();

    receiver.answer(500);
    const before = mine().length;
    await row.getByRole('button', { name: `Send test event to ${hookUrl}` }).click();
    await receiver.waitFor(() => mine().length > before, 'the failing test event');
    const failing = log.getByRole('row').filter({ hasText: 'HTTP 500' }).first();
    // Live: the log shows the attempt as the sender makes it, with when it is tried again.
    await expectContent(failing, 'Pending');
    await expectContent(failing, 'Next retry:');
    await expectContent(failing, 'answer 500');
    const failedId = (mine().at(-1) as ReceivedWebhook).id;

    receiver.answer(204);
    await failing.getByRole('button', { name: /^Replay webhook\.test/ }).click();
    // The retry comes due (the test server's clock is moved by hand), then the replay, which waited behind it.
    suite.server.clock.advance(5_000);
    await expectToast(page, 'Delivery replayed');
    // The retry and the replay both arrive, with the event's one webhook-id.
    await receiver.waitFor(() => mine().filter((r) => r.id === failedId).length >= 3, 'the retry and the replay');
    await expect.poll(() => log.getByRole('row').filter({ hasText: 'Delivered' }).count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  });

  it('rotates the secret: the new one is shown once, and both sign for 24 hours', async () => {
    const { page, row } = await endpointRow();
    await row.getByRole('button', { name: `Rotate secret of ${hookUrl}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate secret' });
    await expectContent(confirm, 'For 24 hours both the old and the new secret sign');
    await confirm.getByRole('button', { name: 'Rotate secret' }).click();
    const fresh = await readShownOnce(page, 'New signing secret', 'Signing secret');
    expect(fresh).toMatch(WEBHOOK_SECRET_PATTERN);
    expect(fresh).not.toBe(secret);
    await expectContent(row, 'Old and new secret both sign until');

    const before = mine().length;
    await row.getByRole('button', { name: `Send test event to ${hookUrl}` }).click();
    await receiver.waitFor(() => mine().length > before, 'a test event after the rotation');
    const last = mine().at(-1) as ReceivedWebhook;
    expect(signedWith(fresh, last)).toBe(true);
    expect(signedWith(secret, last)).toBe(true);
  });
});

describe('API keys in the console', () => {
  it('makes a key with the keyboard only, which reads its scope, is refused outside it, and is refused once revoked in the page', async () => {
    const { page } = await suite.pages.open();
    await signInAsSuperAdmin(page, { tab: 'Integrations' });
    const form = page.getByRole('form', { name: 'Create an API key' });
    await form.getByLabel(/^Name/).focus();
    await page.keyboard.type('CRM export');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('api-key-scope-read-applications');
    await page.keyboard.press('Space');
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.textContent ?? '')).includes('Create key')) break;
    }
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'API key created' });
    await dialog.waitFor();
    const field = dialog.getByLabel('API key');
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    const key = await field.inputValue();
    expect(key).toMatch(API_KEY_PATTERN);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The focus is back on the form's button, not lost to the page.
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Create key');

    const row = page.getByRole('row', { name: /CRM export/ });
    await expectContent(row, key.slice(0, 12));
    await expectContent(row, 'read:applications');
    await expectContent(row, 'Never');

    const bearer = { authorization: `Bearer ${key}` };
    const read = await fetch(`${suite.server.url}/api/admin/applications`, { headers: bearer });
    expect(read.status).toBe(200);
    const outside = await fetch(`${suite.server.url}/api/admin/reports`, { headers: bearer });
    expect(outside.status).toBe(403);
    expect(((await outside.json()) as { code?: string }).code).toBe('SCOPE_MISSING');

    await page.reload();
    await page.getByRole('tab', { name: 'Integrations' }).click();
    // Last used: to the minute, so 'just now' or a minute ago.
    await expectContent(row, /just now|minute ago/);
    await expectNoViolations(page, 'integrations: an API key in the list');

    await row.getByRole('button', { name: 'Revoke CRM export' }).click();
    const revoke = page.getByRole('dialog', { name: 'Revoke API key' });
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await expectToast(page, 'API key revoked');
    await row.waitFor({ state: 'detached' });
    const after = await fetch(`${suite.server.url}/api/admin/applications`, { headers: bearer });
    expect(after.status).toBe(401);
    expect(((await after.json()) as { code?: string }).code).toBe('API_KEY_INVALID');
  });
});

describe('the tab in another language and on a narrow phone', () => {
  it('speaks Turkish with no axe violations, and fits 320 px', async () => {
    const { page, context } = await suite.pages.open();
    await signInAsSuperAdmin(page);
    // The super admin's account has no language of its own: the page's (the cookie's) is used.
    await context.addCookies([{ name: 'locale', value: 'tr', url: suite.server.url }]);
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('tr');
    await page.getByRole('tab', { name: 'Entegrasyonlar' }).click();
    const row = page.getByRole('row', { name: new RegExp(hookUrl) });
    await row
      .getByRole('button', { name: new RegExp(`${hookUrl}`) })
      .first()
      .click();
    await page.getByRole('table').last().waitFor();
    await expectNoViolations(page, 'integrations in Turkish');

    const phone = await suite.pages.open({ width: 320, height: 700 });
    await signInAsSuperAdmin(phone.page, { tab: 'Integrations' });
    await phone.page.getByRole('form', { name: 'Create an API key' }).waitFor();
    await phone.page.getByRole('list', { name: 'Webhook endpoints' }).waitFor();
    await expectNoHorizontalOverflow(phone.page);
    await expectNoViolations(phone.page, 'integrations at 320 px');
    await screenshot(phone.page, 'integrations-320');
  });
});
