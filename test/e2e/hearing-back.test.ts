/**
 * Hearing back in Chromium (issue 11): an ambassador whose report was rejected with notes sees the
 * bell's unread count, opens it (which marks them read), follows the notification to the report and
 * reads the team's feedback; and a forgotten password, end to end: asked for on /forgot-password,
 * the emailed link sets a new one, which signs in, and the link used again is dead.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { superAdminClient } from '../helpers/client.ts';
import { createAmbassador, validReport, type CreatedAmbassador } from '../helpers/factories.ts';
import { utcDay } from '../helpers/clock.ts';

import {
  browserSuite,
  expectContent,
  expectLabelledControls,
  expectNoHorizontalOverflow,
  expectText,
  expectToast,
  screenshot,
  signInAsAmbassador,
} from './browser.ts';

const NOTES = 'Please add links to your threads and the AMA recording next time, so we can check the numbers.';
const FORGOT_ANSWER = 'If an account exists for this email, we have sent it a link to set a new password. The link is valid for 1 hour.';

let reviewed: CreatedAmbassador;
let forgetful: CreatedAmbassador;
let reportId: string;
// The real time (browsers drop cookies that expire before their own clock); few password
// attempts per address, so the last step meets the limit.
const suite = browserSuite({ env: { SETUP_PASSWORD_ATTEMPTS: '4' } });
const pages = suite.pages;

beforeAll(async () => {
  const admin = await superAdminClient(suite.server);
  reviewed = await createAmbassador(suite.server, { admin, fullName: 'Thandiwe Nkosi' });
  forgetful = await createAmbassador(suite.server, { admin, fullName: 'Musa Forgetful' });
  const report = await reviewed.client.post('/api/reports', validReport({ weekStartDate: utcDay(-7), weekEndDate: utcDay(0) }));
  expect(report.status).toBe(201);
  reportId = report.body.id;
  const review = await admin.post(`/api/admin/reports/${reportId}/review`, { status: 'rejected', gcmAwarded: '0', usdtAwarded: '0', adminNotes: NOTES });
  expect(review.status).toBe(200);
});

describe('the bell', () => {
  it('shows the unread count, marks them read when opened, and leads to the report with the team’s feedback', async () => {
    const { page } = await pages.open();
    await signInAsAmbassador(page, reviewed.email, reviewed.password);
    const unreadBell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await unreadBell.waitFor();
    await expectContent(page.getByTestId('notification-count'), '1', { exact: true });
    // The dashboard shows the rejected report's feedback at a glance, and leads to every report.
    await page.getByRole('link', { name: `Feedback from the team: ${NOTES}` }).waitFor();
    await page.getByRole('link', { name: /View all reports/ }).waitFor();

    // Keyboard: Enter opens the list, Escape closes it and the focus is back on the bell.
    await unreadBell.focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('dialog', { name: 'Notifications' });
    await list.waitFor();
    await list.getByText('Your weekly report was not approved').waitFor();
    await expectContent(list, `Feedback from the team: ${NOTES}`);
    // Opening it marked them read: the count is gone, on screen and on the server.
    const bell = page.getByRole('button', { name: 'Notifications', exact: true });
    await bell.waitFor();
    expect(await page.getByTestId('notification-count').count()).toBe(0);
    expect((await reviewed.client.get('/api/notifications')).headers['x-unread-count']).toBe('0');
    await screenshot(page, 'notifications');
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
    await expect.poll(() => bell.evaluate((node) => node === document.activeElement)).toBe(true);

    // The notification leads to the report, whose detail has the team's feedback.
    await bell.click();
    await list.getByRole('link', { name: /Your weekly report was not approved/ }).click();
    await page.waitForURL((url) => url.pathname === '/reports' && url.searchParams.get('id') === reportId);
    const detail = page.getByRole('dialog', { name: /^Report for/ });
    await detail.getByRole('heading', { name: 'Feedback from the team' }).waitFor();
    await expectContent(detail, NOTES);
    await expectContent(detail, 'rejected');
    await expectContent(detail, 'hosted a Telegram AMA with 300 attendees');
    await screenshot(page, 'report-feedback');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).search).toBe('');

    // My Reports lists it; at 390 px as a card, with nothing to scroll sideways, the detail a tap away.
    await expectContent(page.getByRole('table', { name: 'My Reports' }).getByRole('row').nth(1), 'rejected');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('list', { name: 'My Reports' }).waitFor();
    await expectNoHorizontalOverflow(page);
    await expectLabelledControls(page);
    await page.getByRole('button', { name: /^View report for/ }).click();
    await detail.getByRole('heading', { name: 'Feedback from the team' }).waitFor();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'report-feedback');
  });
});

describe('unsubscribing from an email', () => {
  it('opens a page that says what it stops and what still comes, unsubscribes with its one button, and says a forged link is not valid', async () => {
    const admin = await superAdminClient(suite.server);
    const person = await createAmbassador(suite.server, { admin, fullName: 'Lindiwe Quiet' });
    const report = await person.client.post('/api/reports', validReport({ weekStartDate: utcDay(-7), weekEndDate: utcDay(0) }));
    await suite.server.flushEmail();
    const seen = suite.server.mail.messages.length;
    await admin.post(`/api/admin/reports/${report.body.id}/review`, { status: 'rejected', gcmAwarded: '0', usdtAwarded: '0', adminNotes: 'Links next time' });
    await suite.server.flushEmail();
    const mail = await suite.server.mail.waitFor(person.email, { after: seen, containing: '/unsubscribe?' });
    const link = new URL(/unsubscribe: (\S+)/.exec(mail.text)?.[1] ?? '');
    expect(link.pathname).toBe('/unsubscribe');

    // The email's link, opened in a browser: what it stops, what still comes, one button.
    const { page } = await pages.open();
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Unsubscribe from decision emails?' }).waitFor();
    await expectText(page, /emails about your reports' reviews, your withdrawals, payouts and prizes/);
    await expectText(page, /security emails, such as a password or payout address change\./);
    expect(
      await page
        .getByRole('button')
        .filter({ hasText: /unsubscribe/i })
        .count(),
    ).toBe(1);
    expect((await person.client.get('/api/ambassador')).body.emailNotifications).toBe(true);
    await screenshot(page, 'unsubscribe');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'You will no longer get emails about decisions. Security emails are still sent.' }).waitFor();
    expect((await person.client.get('/api/ambassador')).body.emailNotifications).toBe(false);
    await screenshot(page, 'unsubscribed');

    // A link whose signature was changed, or cut short: it says so, and unsubscribes no one.
    for (const bad of [`?u=${link.searchParams.get('u')}&s=${'x'.repeat(43)}`, `?u=${link.searchParams.get('u')}`]) {
      await page.goto(`/unsubscribe${bad}`);
      await page.getByRole('heading', { name: 'This unsubscribe link is not valid' }).waitFor();
      await page.getByRole('alert').filter({ hasText: 'The link is incomplete or has been changed' }).waitFor();
      expect(await page.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(0);
    }
    await screenshot(page, 'unsubscribe-bad-link');
  });
});

describe('forgot password', () => {
  it('emails a link that sets a new password once; the password signs in; the used link is dead', async () => {
    const { page } = await pages.open();
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await expectText(page, 'Forgot Your Password?');
    await expectLabelledControls(page);
    await page.getByLabel(/^Email/).fill('not-an-email');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectText(page, 'Invalid email address');

    const seen = suite.server.mail.messages.length;
    await page.getByLabel(/^Email/).fill(forgetful.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('status').filter({ hasText: FORGOT_ANSWER }).waitFor();
    await screenshot(page, 'forgot-password-sent');
    await suite.server.flushEmail();
    const mail = await suite.server.mail.waitFor(forgetful.email, { after: seen });
    const link = /https?:\/\/\S+\/setup-password\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const path = new URL(link ?? '').pathname;

    // The emailed link opens the password form.
    await page.goto(path);
    await expectText(page, 'Reset Your Password');
    await page.getByLabel(/^Password/).fill('Brand-New-Pass-7');
    await page.getByLabel(/^Confirm Password/).fill('Brand-New-Pass-7');
    await page.getByRole('button', { name: 'Create Password' }).click();
    await expectText(page, 'Password Set Successfully!');

    // The new password signs in; the old one no longer does.
    const old = await pages.open();
    await old.page.goto('/auth');
    await old.page.getByLabel('Email').fill(forgetful.email);
    await old.page.getByLabel('Password').fill(forgetful.password);
    await old.page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(old.page, 'Login failed', 'Invalid email or password');
    await signInAsAmbassador(page, forgetful.email, 'Brand-New-Pass-7');

    // The same link again: dead, with the way to a new one and no form.
    await page.goto(path);
    await expectText(page, 'This link has expired or was already used');
    expect(await page.getByRole('button', { name: 'Create Password' }).count()).toBe(0);
    expect(await page.getByLabel(/^Confirm Password/).count()).toBe(0);
    await page.getByRole('link', { name: 'Get a new link' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');

    // Too many requests from one address: the server's message.
    const tooMany = page.getByRole('alert').filter({ hasText: 'Too many attempts. Please try again later.' });
    for (let attempt = 0; attempt < 6 && !(await tooMany.count()); attempt++) {
      await page.getByLabel(/^Email/).fill(forgetful.email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      const answer = page.getByRole('status').filter({ hasText: FORGOT_ANSWER }).or(tooMany);
      await answer.first().waitFor();
      if (await page.getByRole('button', { name: 'Send another link' }).count()) await page.getByRole('button', { name: 'Send another link' }).click();
    }
    await tooMany.waitFor();
  });
});
