/**
 * What a page says of the session and of failures, in Chromium: the public header of a signed-in
 * person, the report form after today's report, a page whose code cannot be loaded (Reload), a
 * session ended elsewhere (the message, then back to the page), and a server failure told as a
 * sentence with the request id, never its body.
 */
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/db/schema.ts';
import { superAdminClient } from '../helpers/client.ts';
import { createAdmin, createAmbassador, validReport, type CreatedAmbassador } from '../helpers/factories.ts';
import { SUPER_ADMIN } from '../helpers/server.ts';
import { utcDay } from '../helpers/clock.ts';
import { browserSuite, DESKTOP, expectText, expectToast, openPage, screenshot, signInAsAmbassador, signInAsSuperAdmin } from './browser.ts';

let member: CreatedAmbassador;
let reporter: CreatedAmbassador;
const suite = browserSuite();
const pages = suite.pages;

beforeAll(async () => {
  const admin = await superAdminClient(suite.server);
  member = await createAmbassador(suite.server, { admin, fullName: 'Header Person' });
  reporter = await createAmbassador(suite.server, { admin, fullName: 'Daily Reporter' });
});

describe('a header that knows who is signed in', () => {
  it('shows Login and Apply to visitors, Dashboard and Logout to an ambassador, Console to an admin', async () => {
    const { page } = await pages.open();
    await page.goto('/leaderboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Login' }).waitFor();
    await nav.getByRole('link', { name: 'Apply' }).waitFor();

    await signInAsAmbassador(page, member.email, member.password);
    await page.goto('/');
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Login' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Apply' }).count()).toBe(0);
    await screenshot(page, 'landing-signed-in');
    await nav.getByRole('button', { name: 'Logout' }).click();
    await expectToast(page, 'Logged out');
    await nav.getByRole('link', { name: 'Login' }).waitFor();

    const admin = await pages.open();
    await signInAsSuperAdmin(admin.page);
    await admin.page.goto('/leaderboard');
    await admin.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Console' }).click();
    await admin.page.waitForURL('**/admin');
  });
});

describe('the report form after today’s report', () => {
  it('says when the next report can be sent and stays closed', async () => {
    const { page } = await pages.open();
    await signInAsAmbassador(page, reporter.email, reporter.password);
    await page.goto('/submit-report');
    await page.getByLabel('Weekly Activity Report').fill(validReport().activityReport);
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await expectText(page, 'Report Submitted!');
    // One report a day: the confirmation says when the next one can be sent, instead of a button to a form that is closed.
    await expectText(page, /^You can send your next report from .+\.$/);
    expect(await page.getByRole('button', { name: 'Submit Another Report' }).count()).toBe(0);
    await page.goto('/submit-report');
    await expectText(page, /^You have already submitted a report today\. You can send the next one from .+\./);
    expect(await page.getByLabel('Weekly Activity Report').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Submit Report' }).isDisabled()).toBe(true);
    await screenshot(page, 'report-after-today');
  });
});

describe('a page whose code cannot be loaded', () => {
  it('says so with a Reload button instead of a blank page, and comes back by itself once it loads', async () => {
    // Not tracked: the browser logs the failed loads on purpose.
    const tracked = await openPage(suite.browser, suite.server.url, DESKTOP);
    try {
      const { page } = tracked;
      await page.goto('/');
      await page.getByRole('link', { name: 'Apply to Join' }).first().waitFor();
      // The connection drops just as the application page's chunk is needed (or a redeploy removed it).
      let down = true;
      await page.route('**/assets/apply-page-*.js', (route) => (down ? route.abort('connectionrefused') : route.fallback()));
      await page.getByRole('link', { name: 'Apply to Join' }).first().click();
      const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded.' });
      await alert.waitFor();
      await alert.getByRole('button', { name: 'Reload' }).waitFor();
      await screenshot(page, 'chunk-failed');
      // Back: the page appears without anyone pressing Reload.
      down = false;
      await page.getByRole('heading', { name: 'Ambassador Application' }).waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname).toBe('/apply');
    } finally {
      await tracked.close();
    }
  });
});

describe('a session ended elsewhere', () => {
  it('says so on the login page and returns to the page after sign-in', async () => {
    const person = await createAmbassador(suite.server, { fullName: 'Ended Session' });
    const { page } = await pages.open();
    await signInAsAmbassador(page, person.email, person.password);
    await page.goto('/wallet');
    await page.getByRole('heading', { name: 'Wallet', exact: true }).waitFor();
    // Another device changes the password: every other session of the account ends.
    const elsewhere = person.client;
    expect((await elsewhere.post('/api/change-password', { currentPassword: person.password, newPassword: 'N3w-Passw0rd!' })).status).toBe(200);
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/profile');
    await expectText(page, 'Your session has ended. Please sign in again.');
    await screenshot(page, 'session-ended');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill('N3w-Passw0rd!');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
  });

  it('sends a super admin back to the super admin login, and an admin to /auth (issue 40, item 8)', async () => {
    /** Every session of the account ends, as a timeout or a password change elsewhere would end it. */
    const endSessions = async (email: string) => {
      const ids = (await suite.server.db.select({ id: users.id }).from(users).where(eq(users.email, email))).map((row) => row.id);
      await suite.server.db.delete(sessions).where(inArray(sessions.userId, ids));
    };
    const { page } = await pages.open();
    await signInAsSuperAdmin(page);
    await endSessions(SUPER_ADMIN.email);
    await page.goto('/admin');
    // Not the ambassador sign-in, which refuses a super admin as 'Invalid email or password'.
    await page.waitForURL((url) => url.pathname === '/restricted');
    await expectText(page, 'Your session has ended. Please sign in again.');
    await page.getByLabel('Super Admin Secret').waitFor();
    await screenshot(page, 'super-admin-session-ended');

    const admin = await createAdmin(suite.server, { fullName: 'Plain Admin' });
    const other = await pages.open();
    await signInAsAmbassadorOrAdmin(other.page, admin.email, admin.password);
    await other.page.goto('/admin');
    await other.page.getByText('Admin:', { exact: true }).waitFor();
    await endSessions(admin.email);
    await other.page.reload();
    await other.page.waitForURL((url) => url.pathname === '/auth');
    await expectText(other.page, 'Your session has ended. Please sign in again.');
  });

  it('never returns to another site', async () => {
    const person = await createAmbassador(suite.server, { fullName: 'Next Checker' });
    const { page } = await pages.open();
    await page.goto('/auth?next=//evil.example/wallet');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(new URL(page.url()).host).toBe(new URL(suite.server.url).host);
  });
});

/** The /auth sign-in, for any account it takes (an admin lands on the console or the dashboard). */
async function signInAsAmbassadorOrAdmin(page: import('playwright-core').Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/auth');
}

describe('a suite.server failure', () => {
  it('shows a sentence with the request id, never the body', async () => {
    // Not tracked: this page sees a 500 on purpose.
    const tracked = await openPage(suite.browser, suite.server.url, DESKTOP);
    try {
      const { page } = tracked;
      const person = await createAmbassador(suite.server, { fullName: 'Failure Witness' });
      await signInAsAmbassador(page, person.email, person.password);
      await page.route('**/api/reports', async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        await route.fulfill({
          status: 500,
          contentType: 'text/html',
          headers: { 'X-Request-Id': '3f0e5c1a-7b2d-4c8e-9f10-2a3b4c5d6e7f' },
          body: '<!doctype html><html><body><pre>TypeError: Cannot read properties of undefined\n    at handler (/srv/app/src/server/reports.ts:42:7)</pre></body></html>',
        });
      });
      await page.goto('/submit-report');
      await page.getByLabel('Weekly Activity Report').fill(validReport({ weekStartDate: utcDay(-7), weekEndDate: utcDay(0) }).activityReport);
      await page.getByRole('button', { name: 'Submit Report' }).click();
      await expectToast(page, 'Submission Failed', 'Something went wrong on our side. Please try again. (Reference: 3f0e5c1a-7b2d-4c8e-9f10-2a3b4c5d6e7f)');
      expect(await page.getByText('TypeError').count()).toBe(0);
      expect(await page.getByText('<html', { exact: false }).count()).toBe(0);
      await screenshot(page, 'server-failure-toast');
    } finally {
      await tracked.close();
    }
  });
});
