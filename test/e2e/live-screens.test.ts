/**
 * Every open page is current, and a failed read says so (issue 27, DECISIONS §6), in Chromium with
 * two browser contexts: an admin approves a report and the ambassador's open dashboard shows its
 * GCM and USDT and the notification within 5 s; two admins on the desk, one approves an
 * application and the other's list and counts change, one opens a report and the other sees
 * 'Being reviewed by …'; a withdrawal marked paid shows 'Paid' on the open wallet page. Then the
 * API stops (a relay between the browser and the server is shut): every reading page shows its
 * error with 'Try again' and none of its empty-state texts, and when the API is back the page shown
 * catches up by itself, and the others read again when opened.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatGcm, formatUsdt } from '../../src/shared/format.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { createAdmin, createAmbassador, credit, validApplication, validReport, type CreatedAdmin, type CreatedAmbassador } from '../helpers/factories.ts';
import { freePort } from '../helpers/server.ts';
import {
  assertNoConsoleErrors,
  browserSuite,
  expectContent,
  expectNoText,
  expectText,
  expectToast,
  openPage,
  screenshot,
  signInAsAmbassador,
  signInAsSuperAdmin,
  type TrackedPage,
} from './browser.ts';
import { axeViolations, type AxeViolation } from './axe.ts';
import { WALLET_A } from '../helpers/wallets.ts';

/** What a page may show within 5 s of a change made elsewhere. */
const LIVE_MS = 5_000;
const WALLET = WALLET_A;
const TX_HASH = `0x${'cd34'.repeat(16)}`;

/** The empty states of the reading pages: none of them may stand for a failed read. */
const EMPTY_TEXTS = [
  'No reports submitted yet',
  'Your weekly earnings appear here once a report is approved.',
  'No transactions yet',
  'No Ambassador Profile',
  'Ambassador Profile Not Found',
  'No Data Available',
  'No month has been closed yet',
  'The log is empty',
  'No applications found',
];

const relayPort = await freePort();
// The relay's pages are the app's own origin too (their writes carry it).
const suite = browserSuite({ env: { ALLOWED_ORIGINS: `http://127.0.0.1:${relayPort}` } });
const pages = suite.pages;

let admin: ApiClient;
let reporter: CreatedAmbassador;
let reportId: string;
let payee: CreatedAmbassador;
let withdrawalId: string;
let deskAna: CreatedAdmin;
let deskBen: CreatedAdmin;
let claimed: CreatedAmbassador;

beforeAll(async () => {
  admin = await superAdminClient(suite.server);
  reporter = await createAmbassador(suite.server, { admin, fullName: 'Live Reporter' });
  const report = await reporter.client.post('/api/reports', validReport());
  expect(report.status).toBe(201);
  reportId = report.body.id;

  payee = await createAmbassador(suite.server, { admin, fullName: 'Live Payee' });
  await credit(suite.server, payee.ambassadorId, 'USDT', '200.00');
  const requested = await payee.client.post('/api/withdrawal-requests', { amount: '60.00', walletAddress: WALLET });
  expect(requested.status).toBe(201);
  withdrawalId = requested.body.id;
  expect((await admin.post(`/api/admin/withdrawals/${withdrawalId}/approve`, {})).status).toBe(200);

  deskAna = await createAdmin(suite.server, { superAdmin: admin, fullName: 'Desk Ana' });
  deskBen = await createAdmin(suite.server, { superAdmin: admin, fullName: 'Desk Ben' });
  claimed = await createAmbassador(suite.server, { admin, fullName: 'Claimed Reporter' });
  expect((await claimed.client.post('/api/reports', validReport())).status).toBe(201);
});

async function signInAsAdmin(page: Page, who: CreatedAdmin): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/admin');
  await page.getByText('Admin:', { exact: true }).waitFor();
}

async function pendingApplications(page: Page): Promise<string> {
  return ((await page.getByTestId('summary-pending-applications').textContent()) ?? '').trim();
}

describe('what others do reaches an open page', () => {
  it('an admin approves a report: the ambassador’s open dashboard shows its GCM, USDT and the notification within 5 s', async () => {
    const member = await pages.open();
    await signInAsAmbassador(member.page, reporter.email, reporter.password);
    const earnings = member.page.locator('section[aria-label="Earnings"]');
    await expectContent(earnings, formatUsdt('0'));
    await expectText(member.page, 'pending');
    await member.page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    const desk = await pages.open();
    await signInAsSuperAdmin(desk.page, { tab: 'Reports' });
    await desk.page.getByRole('button', { name: 'Review report of Live Reporter' }).click();
    const dialog = desk.page.getByRole('dialog');
    await dialog.getByLabel('GCM Awarded').fill('150');
    await dialog.getByLabel('USDT Awarded').fill('25');
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expectToast(desk.page, 'Report Reviewed', 'The report was approved.');

    // No reload: the figures, the report's status and the bell move by themselves.
    await expectContent(earnings, formatUsdt('25'), { timeoutMs: LIVE_MS });
    await expectContent(earnings, formatGcm('150'), { timeoutMs: LIVE_MS });
    await member.page.getByRole('table', { name: 'Recent Activity Reports' }).getByText('approved', { exact: true }).waitFor({ timeout: LIVE_MS });
    await member.page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: LIVE_MS });
    expect((await reporter.client.get(`/api/reports/${reportId}`)).body.status).toBe('approved');
  });

  it('two admins on the desk: one approves an application, the other’s list and count change; one opens a report, the other sees who has it', async () => {
    const applicant = await new ApiClient(suite.server).post('/api/applications', validApplication({ fullName: 'Live Applicant' }));
    expect(applicant.status).toBe(201);
    const ana = await pages.open();
    await signInAsAdmin(ana.page, deskAna);
    const ben = await pages.open();
    await signInAsAdmin(ben.page, deskBen);
    for (const { page } of [ana, ben]) await page.getByRole('button', { name: 'View application of Live Applicant' }).waitFor();
    const before = Number(await pendingApplications(ben.page));
    expect(before).toBeGreaterThan(0);

    await ana.page.getByRole('button', { name: 'View application of Live Applicant' }).click();
    await ana.page.getByRole('button', { name: 'Approve & Send Setup Email' }).click();
    await expectToast(ana.page, 'Application Approved');
    await ben.page.getByRole('button', { name: 'View application of Live Applicant' }).waitFor({ state: 'detached', timeout: LIVE_MS });
    await expectContent(ben.page.getByTestId('summary-pending-applications'), String(before - 1), { exact: true, timeoutMs: LIVE_MS });

    // Ben opens a pending report, which claims it: Ana's list says so, and the claim goes when he closes it.
    await ana.page.getByRole('tab', { name: 'Reports' }).click();
    await ana.page.getByRole('button', { name: 'Review report of Claimed Reporter' }).waitFor();
    await ben.page.getByRole('tab', { name: 'Reports' }).click();
    await ben.page.getByRole('button', { name: 'Review report of Claimed Reporter' }).click();
    await ben.page.getByRole('dialog').getByRole('heading', { name: 'Claimed Reporter' }).waitFor();
    await ana.page.getByText('Being reviewed by Desk Ben', { exact: true }).waitFor({ timeout: LIVE_MS });
  });

  it('a withdrawal marked paid shows Paid on the ambassador’s open wallet page', async () => {
    const member = await pages.open();
    await signInAsAmbassador(member.page, payee.email, payee.password);
    await member.page.goto('/wallet');
    const requests = member.page.getByRole('table', { name: 'Withdrawal Requests' });
    await requests.getByText('Awaiting payment', { exact: true }).waitFor();

    const paid = await admin.post('/api/admin/withdrawals/paid', { ids: [withdrawalId], txHash: TX_HASH });
    expect(paid.status).toBe(200);
    await requests.getByText('Paid', { exact: true }).waitFor({ timeout: LIVE_MS });
    expect(await requests.getByText('Awaiting payment', { exact: true }).count()).toBe(0);
  });
});

describe('a session that ends elsewhere', () => {
  it('takes the open page to sign-in by itself, which says so', async () => {
    const person = await createAmbassador(suite.server, { admin, fullName: 'Ended Elsewhere' });
    const { page } = await pages.open();
    await signInAsAmbassador(page, person.email, person.password);
    await go(page, '/wallet');
    await page.getByRole('heading', { name: 'Wallet', exact: true }).waitFor();
    // Another device changes the password: the account's other sessions end, and with them this page's live stream.
    expect((await person.client.post('/api/change-password', { currentPassword: person.password, newPassword: 'N3w-Passw0rd!' })).status).toBe(200);
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('next') === '/wallet', { timeout: 10_000 });
    await expectText(page, 'Your session has ended. Please sign in again.');
  });
});

describe('what the programme does reaches a visitor', () => {
  it('a visitor on the landing page sees the figures move when an ambassador is approved', async () => {
    const { page } = await pages.open();
    const listening = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/public/leaderboard/stream');
    await page.goto('/');
    const ambassadors = page.getByTestId('stat-ambassadors');
    await expectContent(ambassadors, /^\d+$/);
    await listening;
    const before = Number((await ambassadors.textContent())?.trim());
    await createAmbassador(suite.server, { admin, fullName: 'Newly Approved' });
    await expectContent(ambassadors, String(before + 1), { exact: true, timeoutMs: LIVE_MS });
  });
});

/**
 * A TCP relay to the test server: the pages of the API-stopped test reach the app through it, and
 * stopping it stops everything they reach (reads, writes and live streams; connections refused),
 * as a stopped API server would.
 */
interface Relay {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

async function startRelay(port: number, target: number): Promise<Relay> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = () => new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  await listen();
  return { url: `http://127.0.0.1:${port}`, stop: cut, start: listen, close: () => (server.listening ? cut() : Promise.resolve()) };
}

/** A page of the app, reached as a link inside it would (the same document: its code is loaded, and so are its reads). */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
}

/** The page says its read failed, with 'Try again', and shows none of the empty states. */
async function expectFailureShown(page: Page, path: string): Promise<void> {
  await page
    .getByRole('alert')
    .filter({ has: page.getByRole('button', { name: 'Try again' }) })
    .first()
    .waitFor({ timeout: 15_000 });
  for (const text of EMPTY_TEXTS) {
    try {
      await expectNoText(page, text);
    } catch (error) {
      throw new Error(`${path}: ${(error as Error).message}`, { cause: error });
    }
  }
}

async function expectNoFailure(page: Page, timeout = 20_000): Promise<void> {
  await expect.poll(() => page.getByRole('button', { name: 'Try again' }).count(), { timeout }).toBe(0);
}

/** The member pages that read, with what each shows once read. */
const MEMBER_PAGES: Array<[path: string, shown: string]> = [
  ['/dashboard', 'Recent Activity Reports'],
  ['/wallet', 'Transaction History'],
  ['/profile', 'Badge Progression'],
  ['/reports', 'My Reports'],
  ['/submit-report', 'Submit Weekly Report'],
  ['/leaderboard', 'Ambassador Leaderboard'],
  ['/hall-of-fame', 'Hall of Fame'],
  ['/transparency', 'Checked in your browser'],
];

describe('the API stopped', () => {
  let relay: Relay;
  const tracked: TrackedPage[] = [];
  /** A browser page that reaches the server through the relay, its console checked after the tests. */
  const openThroughRelay = async () => {
    const opened = await openPage(suite.browser, relay.url);
    tracked.push(opened);
    return opened;
  };
  beforeAll(async () => {
    relay = await startRelay(relayPort, Number(new URL(suite.server.url).port));
  });
  afterAll(async () => {
    try {
      // A refused connection is logged by the browser; it is what this test does, nothing else is allowed.
      for (const one of tracked) {
        const expected = one.errors.filter((line) => /Failed to load resource: net::ERR_/.test(line));
        one.errors.splice(0, one.errors.length, ...one.errors.filter((line) => !expected.includes(line)));
        assertNoConsoleErrors(one);
      }
    } finally {
      await Promise.all(tracked.map((one) => one.close()));
      await relay.close();
    }
  });

  it('says, as a status, that live updates stopped while the server is away, and clears it when they are back', async () => {
    const watcher = await createAmbassador(suite.server, { admin, fullName: 'Offline Watcher' });
    const member = await openThroughRelay();
    const visitor = await openThroughRelay();
    const streams = suite.server.app.events.size;
    await signInAsAmbassador(member.page, watcher.email, watcher.password);
    await visitor.page.goto('/leaderboard');
    await expectText(visitor.page, 'Ambassador Leaderboard');
    const notice = (page: Page) => page.getByRole('status').filter({ hasText: 'Live updates have stopped. Reconnecting…' });
    // Listening: no notice.
    await expect.poll(() => suite.server.app.events.size).toBeGreaterThan(streams);
    expect(await notice(member.page).count()).toBe(0);
    expect(await notice(visitor.page).count()).toBe(0);

    await relay.stop();
    for (const { page } of [member, visitor]) await notice(page).waitFor();
    await screenshot(member.page, 'live-updates-stopped');
    expect(await axeViolations(member.page, 'live updates stopped')).toEqual([]);

    await relay.start();
    for (const { page } of [member, visitor]) await notice(page).waitFor({ state: 'detached', timeout: 20_000 });
    // The region stays, empty, for the next time.
    expect(await member.page.getByRole('status').filter({ hasText: 'Live updates' }).count()).toBe(0);
  });

  it('every reading page says its read failed, with Try again and no empty state, and catches up when the API is back', async () => {
    const fresh = await createAmbassador(suite.server, { admin, fullName: 'Offline Reader' });
    const member = await openThroughRelay();
    const desk = await openThroughRelay();
    await signInAsAmbassador(member.page, fresh.email, fresh.password);
    await signInAsSuperAdmin(desk.page);
    // Each page once while the API answers, so that its code is in the browser's cache; then a
    // fresh start on a page that reads nothing, so that nothing read before stands in for a failure.
    for (const [path, shown] of MEMBER_PAGES) {
      await go(member.page, path);
      await expectText(member.page, shown);
    }
    await go(desk.page, '/leaderboard');
    await expectText(desk.page, 'Ambassador Leaderboard');
    for (const { page } of [member, desk]) {
      await page.goto('/apply');
      await expectText(page, 'Ambassador Application');
    }

    await relay.stop();
    const violations: AxeViolation[] = [];
    for (const [path] of MEMBER_PAGES) {
      await go(member.page, path);
      await expectFailureShown(member.page, path);
      if (path === '/dashboard' || path === '/wallet') {
        await screenshot(member.page, `api-stopped${path.replace('/', '-')}`);
        violations.push(...(await axeViolations(member.page, `${path}, API stopped`)));
      }
    }
    await go(desk.page, '/admin');
    await expectFailureShown(desk.page, '/admin');
    await screenshot(desk.page, 'api-stopped-admin');
    violations.push(...(await axeViolations(desk.page, '/admin, API stopped')));
    // The error states are accessible: each an alert, named, with a button that says what it does.
    expect(violations).toEqual([]);
    // The counts are not shown as zeros.
    await expectContent(desk.page.getByTestId('summary-pending-applications'), '–', { exact: true });

    // The API is back: the live stream reconnects, and the page shown reads again by itself.
    await relay.start();
    await expectNoFailure(member.page);
    await expectText(member.page, 'Checked in your browser');
    await expectNoFailure(desk.page);
    await expectContent(desk.page.getByTestId('summary-pending-applications'), /^\d+$/);
    // The other pages read again when opened, and their empty states are true again.
    await go(member.page, '/wallet');
    await expectText(member.page, 'No transactions yet');
    await go(member.page, '/dashboard');
    await expectText(member.page, 'No reports submitted yet');
    await expectNoFailure(member.page, 5_000);
  });
});
