/**
 * Accessibility in Chromium (issue 18): axe-core checks every page and every open dialog against
 * WCAG 2.0 and 2.1 A and AA, at 1280 and 390 px, and finds nothing; each route has its own title;
 * required fields say so; the charts and the table scroll areas behave for the keyboard.
 */
import { seasons } from '../../src/server/db/schema.ts';
import { runSeasonsJob } from '../../src/server/features/seasons/service.ts';
import { commitmentOf, newSecret } from '../../src/shared/draw-protocol-1.ts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seasonLabel } from '../../src/shared/seasons.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { TestClock, utcDay } from '../helpers/clock.ts';
import { createAmbassador, credit, uniqueEmail, validApplication, validReport, type CreatedAmbassador } from '../helpers/factories.ts';
import { SUPER_ADMIN } from '../helpers/server.ts';
import { SETUP_LINK } from '../helpers/smtp.ts';
import { browserSuite, expectText, signInAsAmbassador, signInAsSuperAdmin } from './browser.ts';
import { axeViolations, describeViolations, settle, type AxeViolation } from './axe.ts';
import { WALLET_A } from '../helpers/wallets.ts';
import { privateKeyToAccount } from 'viem/accounts';
import { TEST_KEYS } from './test-wallet.ts';

const WIDE = { width: 1280, height: 900 } as const;
const NARROW = { width: 390, height: 844 } as const;
const WALLET = WALLET_A;
const BEACON = 'bsc:43123456:0x9f3c0e1b2a4d5c6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6';

const now = new Date();
const monthsAgo = (n: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 10, 12));
const CLOSED_MONTH = monthsAgo(2).toISOString().slice(0, 7);
const ENDED_MONTH = monthsAgo(1).toISOString().slice(0, 7);

// The server starts two months back, so that one month can be closed and another waits to be.
// Both past months were first seen before protocol 2 (rows inserted below): no terms fixed at start.
const suite = browserSuite({ clock: new TestClock(monthsAgo(2)), termsAtStart: false });
const pages = suite.pages;

let member: CreatedAmbassador;
let reporter: CreatedAmbassador;
let setupToken: string;

beforeAll(async () => {
  const { server } = suite;
  // Two past months with GCM earned; the older one is closed, so the Hall of Fame has a draw. Both
  // were first seen before protocol 2 (their rows as protocol 1 made them), so the console still
  // has a close form to check (a protocol 2 month closes by itself: transparency.test.ts checks those pages).
  for (const month of [CLOSED_MONTH, ENDED_MONTH]) {
    const secret = newSecret();
    await server.db.insert(seasons).values({ month, protocol: 1, secret, commitment: await commitmentOf(secret), createdAt: server.clock.now() });
  }
  let admin = await superAdminClient(server);
  const champions: CreatedAmbassador[] = [];
  for (const name of ['Axe Champion', 'Axe Runner-Up', 'Axe Third']) champions.push(await createAmbassador(server, { admin, fullName: name }));
  for (const [i, person] of champions.entries()) await credit(server, person.ambassadorId, 'GCM', `${(3 - i) * 300}.00`);
  server.clock.set(monthsAgo(1));
  admin = await superAdminClient(server);
  // The month is seen (its draw committed) when it runs.
  expect((await admin.get('/api/super-admin/seasons')).status).toBe(200);
  for (const [i, person] of champions.entries()) await credit(server, person.ambassadorId, 'GCM', `${(i + 1) * 200}.00`);
  server.clock.set(new Date(now.getTime() - 3 * 86_400_000));
  // The running month's terms, fixed by the seasons job (every 30 s on a server; none runs here), never by a read.
  await runSeasonsJob(server.ctx);
  admin = await superAdminClient(server);
  expect((await admin.post(`/api/super-admin/seasons/${CLOSED_MONTH}/close`, { beacon: BEACON })).status).toBe(200);

  // The member: two reports (one approved with awards, one rejected with notes), a wallet, withdrawals.
  member = await createAmbassador(server, { admin, fullName: 'Amara Member' });
  const first = await member.client.post('/api/reports', validReport({ weekStartDate: utcDay(-10), weekEndDate: utcDay(-3) }));
  expect(first.status).toBe(201);
  expect((await admin.post(`/api/admin/reports/${first.body.id}/review`, { status: 'approved', gcmAwarded: '250', usdtAwarded: '20' })).status).toBe(200);
  // The next day (one report a day); the sessions idle out after a day, so both sign in again.
  server.clock.advance(86_400_000);
  admin = await superAdminClient(server);
  await member.client.login(member.email, member.password);
  const second = await member.client.post('/api/reports', validReport({ weekStartDate: utcDay(-9), weekEndDate: utcDay(-2) }));
  expect(second.status).toBe(201);
  const notes = 'Please link each thread next time so we can check the numbers.';
  expect(
    (await admin.post(`/api/admin/reports/${second.body.id}/review`, { status: 'rejected', gcmAwarded: '0', usdtAwarded: '0', adminNotes: notes })).status,
  ).toBe(200);

  // From here on, the real time (browsers drop cookies that expire before their own clock).
  server.clock.set(new Date());
  admin = await superAdminClient(server);
  await member.client.login(member.email, member.password);
  // This month's GCM (the leaderboard and the Bronze badge), and USDT to withdraw.
  await credit(server, member.ambassadorId, 'GCM', '650.00');
  await credit(server, member.ambassadorId, 'USDT', '400.00');
  expect((await member.client.patch('/api/ambassador', { usdtWalletAddress: WALLET })).status).toBe(200);
  const approved = await member.client.post('/api/withdrawal-requests', { amount: '75.00', walletAddress: WALLET });
  expect(approved.status).toBe(201);
  expect((await admin.post(`/api/admin/withdrawals/${approved.body.id}/approve`, {})).status).toBe(200);
  expect((await member.client.post('/api/withdrawal-requests', { amount: '60.00', walletAddress: WALLET })).status).toBe(201);

  // An ambassador whose address is proven by a signature (issue 30), with a pending withdrawal to it.
  const prover = await createAmbassador(server, { admin, fullName: 'Vera Prover' });
  const signer = privateKeyToAccount(TEST_KEYS.first);
  expect((await prover.client.patch('/api/ambassador', { usdtWalletAddress: signer.address })).status).toBe(200);
  const issued = await prover.client.post('/api/wallet/proof/nonce');
  expect(issued.status).toBe(200);
  const signature = await signer.signMessage({ message: issued.body.message });
  expect((await prover.client.post('/api/wallet/proof', { message: issued.body.message, signature })).status).toBe(200);
  await credit(server, prover.ambassadorId, 'USDT', '100.00');
  expect((await prover.client.post('/api/withdrawal-requests', { amount: '55.00', walletAddress: signer.address })).status).toBe(201);

  // Another ambassador with a pending report, on the same wallet (an abuse flag in the lists).
  reporter = await createAmbassador(server, { admin, fullName: 'Kofi Reporter' });
  expect((await reporter.client.patch('/api/ambassador', { usdtWalletAddress: WALLET })).status).toBe(200);
  expect((await reporter.client.post('/api/reports', validReport({ weekStartDate: utcDay(-7), weekEndDate: utcDay(0) }))).status).toBe(201);

  // A pending application, a second admin, and an approved applicant whose setup link is unused.
  expect((await new ApiClient(server).post('/api/applications', validApplication({ fullName: 'Pending Applicant' }))).status).toBe(201);
  expect((await admin.post('/api/super-admin/admins', { email: uniqueEmail('admin'), fullName: 'Second Admin' })).status).toBeLessThan(300);
  const email = uniqueEmail('setup');
  const applied = await new ApiClient(server).post('/api/applications', validApplication({ email, fullName: 'Setup Pending' }));
  const seen = server.mail.messages.length;
  expect((await admin.post(`/api/admin/applications/${applied.body.id}/approve`)).status).toBe(200);
  await server.flushEmail();
  setupToken = server.mail.setupToken(await server.mail.waitFor(email, { after: seen, containing: SETUP_LINK }));
});

/** Checks the page now; the violations found are kept for the test's assertion. */
function checker(page: Page) {
  const found: AxeViolation[] = [];
  return {
    found,
    async check(state: string) {
      found.push(...(await axeViolations(page, state)));
    },
  };
}

function expectNoViolations(found: readonly AxeViolation[]): void {
  expect(found, describeViolations(found)).toEqual([]);
}

async function openDialog(page: Page, opener: () => Promise<void>, name?: string | RegExp): Promise<void> {
  await opener();
  await page.getByRole('dialog', name ? { name } : {}).waitFor();
  await settle(page);
}

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

/** Every labelled control whose label shows the required mark (*) says it is required (and there is one). */
async function expectRequiredAnnounced(page: Page): Promise<void> {
  const { marked, unannounced } = await page.evaluate(() => {
    const labels = Array.from(document.querySelectorAll('label')).filter((label) => /\*\s*$/.test(label.textContent ?? '') && label.control);
    const silent = labels.filter((label) => label.control?.getAttribute('aria-required') !== 'true' && !label.control?.hasAttribute('required'));
    return { marked: labels.length, unannounced: silent.map((label) => label.textContent) };
  });
  expect(marked, `${page.url()}: no field marked required`).toBeGreaterThan(0);
  expect(unannounced, `${page.url()}: required fields not announced`).toEqual([]);
}

/**
 * WCAG 1.4.11: the edge of each visible form control (text field, select, checkbox, switch) stands
 * out 3:1 from what is behind it (the backgrounds under it, composited). axe does not check this.
 */
async function expectControlBorders(page: Page): Promise<void> {
  const faint = await page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (color: string): Rgba => {
      const [r = 0, g = 0, b = 0, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, b, color.startsWith('rgba') ? a : 1];
    };
    const over = (top: Rgba, under: Rgba): Rgba => [0, 1, 2].map((i) => (top[i] ?? 0) * top[3] + (under[i] ?? 0) * (1 - top[3])).concat(1) as Rgba;
    const luminance = ([r, g, b]: Rgba) =>
      [r, g, b]
        .map((c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * ([0.2126, 0.7152, 0.0722][i] ?? 0), 0);
    const contrast = (a: Rgba, b: Rgba) => {
      const [hi = 0, lo = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    /** What is painted behind the element: the backgrounds of its ancestors, innermost on top. */
    const behind = (element: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let node = element.parentElement; node; node = node.parentElement) layers.push(parse(getComputedStyle(node).backgroundColor));
      return layers.reverse().reduce<Rgba>((under, layer) => over(layer, under), [255, 255, 255, 1]);
    };
    const controls = document.querySelectorAll(
      'input:not([type="hidden"]):not([aria-hidden="true"]), select, textarea, button[role="checkbox"], button[role="switch"]',
    );
    return (
      Array.from(controls)
        // A transparent control is drawn by what lies under it (the language menu's select over its
        // globe and language code, read as text like a ghost button): it has no edge of its own to see.
        .filter(
          (control) => (control as HTMLElement).offsetParent !== null && !(control as HTMLInputElement).disabled && getComputedStyle(control).opacity !== '0',
        )
        .map((control) => {
          const style = getComputedStyle(control);
          const back = behind(control);
          const edge = over(parse(style.borderTopColor), back);
          return { control: control.outerHTML.slice(0, 90), ratio: Math.round(contrast(edge, back) * 100) / 100, width: parseFloat(style.borderTopWidth) };
        })
        .filter(({ ratio, width }) => width < 1 || ratio < 3)
    );
  });
  expect(faint, `${page.url()}: form controls whose edge is under 3:1`).toEqual([]);
}

describe.each([
  ['1280 px', WIDE],
  ['390 px', NARROW],
])('axe-core at %s', (_width, viewport) => {
  it('finds nothing on the public pages, the sign-in pages and their errors', async () => {
    const { page } = await pages.open(viewport);
    const axe = checker(page);
    const titles = new Set<string>();

    await page.goto('/');
    await expectText(page, 'Ambassador Benefits');
    await axe.check('landing');
    titles.add(await page.title());

    await page.goto('/apply');
    await expectText(page, 'Ambassador Application');
    await page.getByRole('checkbox', { name: 'Twitter/X' }).click();
    await axe.check('apply');
    await expectRequiredAnnounced(page);
    await expectControlBorders(page);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByText('Full name must be at least 2 characters').first().waitFor();
    await axe.check('apply with errors');
    titles.add(await page.title());

    await page.goto('/leaderboard');
    await page.getByRole('list', { name: 'Ranking' }).waitFor();
    await axe.check('leaderboard');
    titles.add(await page.title());

    await page.goto('/hall-of-fame');
    await page.getByRole('heading', { name: seasonLabel(CLOSED_MONTH) }).waitFor();
    await page.getByRole('button', { name: 'Verify in my browser' }).first().click();
    await expectText(page, 'Match: the published draw is what the algorithm gives.');
    await axe.check('hall of fame, draw verified');
    titles.add(await page.title());

    await page.goto('/auth');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await axe.check('login, wrong password');
    await expectRequiredAnnounced(page);
    await expectControlBorders(page);
    titles.add(await page.title());

    await page.goto('/forgot-password');
    await expectText(page, 'Forgot Your Password?');
    await axe.check('forgot password');
    titles.add(await page.title());

    await page.goto(`/setup-password/${setupToken}`);
    await expectText(page, 'Create Your Password');
    await axe.check('setup password, valid link');
    await expectRequiredAnnounced(page);
    titles.add(await page.title());

    await page.goto('/setup-password/no-such-token-at-all');
    await expectText(page, 'This link has expired or was already used');
    await axe.check('setup password, dead link');

    await page.goto('/no/such/page');
    await expectText(page, 'Page Not Found');
    await axe.check('not found');
    titles.add(await page.title());

    await page.goto('/restricted');
    await expectText(page, 'Restricted Access Only');
    await page.getByLabel('Email').fill(SUPER_ADMIN.email);
    await page.getByLabel('Password').fill('wrong');
    await page.getByLabel('Super Admin Secret').fill('wrong');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').first().waitFor();
    await axe.check('restricted, refused');
    titles.add(await page.title());

    // One title per route.
    expect(titles.size).toBe(9);
    expectNoViolations(axe.found);
  });

  it('finds nothing on the ambassador pages, their dialogs and editors', async () => {
    const { page } = await pages.open(viewport);
    const axe = checker(page);
    await signInAsAmbassador(page, member.email, member.password);
    await page.getByRole('heading', { name: 'Amara Member', level: 1 }).waitFor();
    await page.locator('.recharts-surface').first().waitFor();
    await axe.check('dashboard');
    // The chart is hidden from screen readers, so it is no Tab stop either.
    expect(await page.locator('svg[tabindex], .recharts-wrapper[tabindex]').count()).toBe(0);

    await openDialog(page, () => page.getByRole('button', { name: /^Notifications/ }).click(), 'Notifications');
    await axe.check('notifications');
    await closeDialog(page);

    await page.goto('/wallet');
    await page.getByRole('heading', { name: 'Wallet', level: 1 }).waitFor();
    await page
      .getByRole('table', { name: 'Transaction History' })
      .or(page.getByRole('list', { name: 'Transaction History' }))
      .waitFor();
    await axe.check('wallet');
    // Named for what it edits, its visible word first (WCAG 2.5.3).
    await page.getByRole('button', { name: 'Edit USDT wallet address', exact: true }).click();
    await axe.check('wallet, address editor open');
    // Exact: the pending withdrawal's 'Cancel request' button is named 'Cancel request for …'.
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    // Taking back the pending request (issue 40 item 1): its confirmation.
    await openDialog(page, () => page.getByRole('button', { name: /^Cancel request for / }).click(), 'Cancel this withdrawal request?');
    await axe.check('cancel withdrawal request dialog');
    await closeDialog(page);
    // Proving the address (issue 30): the copy-and-paste way, and the exchange declaration.
    await page.getByRole('button', { name: 'Sign in another wallet app' }).click();
    await page.getByRole('textbox', { name: 'Message to sign' }).waitFor();
    await page.waitForFunction(() => (document.querySelector('textarea[readonly]') as HTMLTextAreaElement | null)?.value.includes('Chain ID'));
    await page.getByRole('button', { name: 'Verify signature' }).click();
    await page.getByText('The signature must be 0x followed by hexadecimal digits, as your wallet gives it').waitFor();
    await axe.check('wallet, signing in another wallet app, with an error');
    await expectRequiredAnnounced(page);
    await expectControlBorders(page);
    await page.getByRole('button', { name: 'Close: sign in another wallet app' }).click();
    await openDialog(page, () => page.getByRole('button', { name: 'This is an exchange deposit address' }).click(), 'This is an exchange deposit address');
    await page.getByRole('button', { name: 'Confirm exchange address' }).click();
    await page.getByText('Tick the box to confirm you understand.').waitFor();
    await axe.check('exchange address dialog, not acknowledged');
    await expectControlBorders(page);
    await closeDialog(page);
    await openDialog(page, () => page.getByRole('button', { name: 'Request Withdrawal' }).click(), 'Request Withdrawal');
    await axe.check('withdrawal request dialog');
    await expectRequiredAnnounced(page);
    await expectControlBorders(page);
    await closeDialog(page);

    await page.goto('/submit-report');
    await page.getByRole('heading', { name: 'Submit Weekly Report' }).waitFor();
    await axe.check('submit report');
    await expectRequiredAnnounced(page);

    await page.goto('/reports');
    await page.getByRole('heading', { name: 'My Reports', level: 1 }).waitFor();
    await axe.check('my reports');
    await openDialog(
      page,
      () =>
        page
          .getByRole('button', { name: /^View report for/ })
          .first()
          .click(),
      /^Report for/,
    );
    await axe.check('report detail dialog');
    await closeDialog(page);

    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Badge Progression' }).waitFor();
    await axe.check('profile');
    await expectControlBorders(page);
    await page.getByRole('button', { name: 'Edit password' }).click();
    await axe.check('profile, password editor open');
    await expectRequiredAnnounced(page);
    expectNoViolations(axe.found);
  });

  it('finds nothing in the admin console, each tab and each dialog', async () => {
    const { page } = await pages.open(viewport);
    const axe = checker(page);
    await signInAsSuperAdmin(page);
    const tab = (name: string) => page.getByRole('tab', { name });
    const rows = (label: string) => page.getByRole('table', { name: label }).or(page.getByRole('list', { name: label }));

    await rows('Applications').getByText('Pending Applicant').first().waitFor();
    await axe.check('admin, applications');
    await openDialog(page, () => page.getByRole('button', { name: 'View application of Pending Applicant' }).click(), 'Pending Applicant');
    await axe.check('application review dialog');
    await closeDialog(page);

    await tab('Reports').click();
    await rows('Reports').getByText('Kofi Reporter').first().waitFor();
    await axe.check('admin, reports');
    await openDialog(page, () => page.getByRole('button', { name: 'Review report of Kofi Reporter' }).click(), 'Weekly Report');
    await axe.check('report review dialog');
    await closeDialog(page);
    await openDialog(page, () => page.getByRole('button', { name: 'View report of Amara Member' }).first().click(), 'Weekly Report');
    await axe.check('reviewed report dialog');
    await closeDialog(page);

    await tab('Ambassadors').click();
    await rows('Ambassadors').getByText('Amara Member').first().waitFor();
    await axe.check('admin, ambassadors');
    await openDialog(page, () => page.getByRole('button', { name: 'Edit Amara Member' }).click(), 'Edit Amara Member');
    await axe.check('ambassador edit dialog');
    await expectControlBorders(page);
    await closeDialog(page);

    await tab('Withdrawals').click();
    await rows('Withdrawal Requests').getByText('$60.00').first().waitFor();
    await axe.check('admin, withdrawals');
    await openDialog(page, () => page.getByRole('button', { name: 'Review withdrawal of Amara Member' }).click(), 'Review Withdrawal');
    await axe.check('withdrawal review dialog');
    await closeDialog(page);
    // A verified address (issue 30): its label opens the signed message; the review shows it too.
    await openDialog(page, () => page.getByRole('button', { name: /^Verified on .+: show the message Vera Prover signed$/ }).click(), 'Wallet proof');
    await axe.check('wallet proof dialog');
    await closeDialog(page);
    await openDialog(page, () => page.getByRole('button', { name: 'Review withdrawal of Vera Prover' }).click(), 'Review Withdrawal');
    await page.getByText('Show the signed message').click();
    await axe.check('withdrawal review dialog, signed message shown');
    await closeDialog(page);
    await page.getByRole('checkbox', { name: /^Select for payment: \$75\.00 to Amara Member/ }).click();
    await axe.check('admin, withdrawals, payout batch selected');
    await openDialog(page, () => page.getByRole('button', { name: 'Mark paid' }).click(), 'Mark as paid');
    await axe.check('mark paid dialog');
    await closeDialog(page);

    await tab('Analytics').click();
    await expectText(page, 'Oldest waiting in each queue');
    await page.locator('.recharts-surface').first().waitFor();
    await axe.check('admin, analytics');
    expect(await page.locator('svg[tabindex], .recharts-wrapper[tabindex]').count()).toBe(0);

    await tab('Super Admin').click();
    await rows('Admin Accounts').getByText('Second Admin').first().waitFor();
    await rows('Admin Activity Log').waitFor();
    await axe.check('admin, super admin');
    await expectControlBorders(page);
    await openDialog(page, () => page.getByRole('button', { name: `Close month ${seasonLabel(ENDED_MONTH)}` }).click());
    await page
      .getByRole('dialog')
      .getByLabel(/^Beacon/)
      .waitFor();
    await axe.check('season close preview dialog');
    await closeDialog(page);
    await openDialog(page, () => page.getByRole('button', { name: 'Reset password of Second Admin' }).click(), 'Reset Password');
    await axe.check('reset admin password dialog');
    await closeDialog(page);
    await openDialog(page, () => page.getByRole('button', { name: 'Remove Second Admin' }).click(), 'Remove Admin');
    await axe.check('remove admin dialog');
    await closeDialog(page);

    await tab('Security').click();
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await page.getByLabel(/^Code from your app/).waitFor();
    await axe.check('admin, security, enrolling');
    expectNoViolations(axe.found);
  });
});
