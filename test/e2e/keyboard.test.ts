/**
 * Keyboard-only walks in Chromium (issue 18): apply, sign in, submit a report, review a report and
 * request a withdrawal with the keys alone (Tab, Shift+Tab, Enter, Space, arrows, typing), saying
 * after each step where the focus is, and that it is shown. Also: the skip links, the inline
 * editors, and a sticky header that never hides the focused element.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { createAmbassador, credit, validApplication, validReport, type CreatedAmbassador } from '../helpers/factories.ts';
import { SUPER_ADMIN } from '../helpers/server.ts';
import { utcDay } from '../helpers/clock.ts';
import { browserSuite, expectContent, expectToast, signInAsAmbassador, signInAsSuperAdmin } from './browser.ts';
import { E2E_WALLET } from '../helpers/wallets.ts';

const WIDE = { width: 1280, height: 900 } as const;
const NARROW = { width: 390, height: 844 } as const;

const suite = browserSuite();
const pages = suite.pages;

let signer: CreatedAmbassador;
let reporter: CreatedAmbassador;
let reviewed: CreatedAmbassador;
let saver: CreatedAmbassador;

beforeAll(async () => {
  const admin = await superAdminClient(suite.server);
  signer = await createAmbassador(suite.server, { admin, fullName: 'Keys Signer' });
  reporter = await createAmbassador(suite.server, { admin, fullName: 'Keys Reporter' });
  reviewed = await createAmbassador(suite.server, { admin, fullName: 'Keys Reviewed' });
  saver = await createAmbassador(suite.server, { admin, fullName: 'Keys Saver' });
  expect((await reviewed.client.post('/api/reports', validReport({ weekStartDate: utcDay(-7), weekEndDate: utcDay(0) }))).status).toBe(201);
  expect((await saver.client.patch('/api/ambassador', { usdtWalletAddress: E2E_WALLET })).status).toBe(200);
  await credit(suite.server, saver.ambassadorId, 'USDT', '300.00');
  expect((await new ApiClient(suite.server).post('/api/applications', validApplication({ fullName: 'Keys Applicant' }))).status).toBe(201);
});

interface Focus {
  role: string;
  name: string;
  /** The browser shows it as focused (:focus-visible). */
  visible: boolean;
}

/** Where the focus is: the focused element's role and accessible name (as getByRole reads them). */
async function focused(page: Page): Promise<Focus> {
  const element = page.locator('*:focus').last();
  if ((await element.count()) === 0) return { role: 'none', name: '', visible: false };
  const snapshot = (await element.ariaSnapshot()).split('\n')[0] ?? '';
  const match = /^- ([\w-]+)(?: "((?:[^"\\]|\\.)*)")?/.exec(snapshot);
  const visible = await element.evaluate((node) => node.matches(':focus-visible'));
  return { role: match?.[1] ?? 'unknown', name: (match?.[2] ?? '').replace(/\\"/g, '"'), visible };
}

/** Waits until the focus is on the element with this role and name, shown as focused. */
async function expectFocus(page: Page, role: string, name: string | RegExp): Promise<void> {
  await expect
    .poll(async () => {
      const now = await focused(page);
      const named = typeof name === 'string' ? now.name === name : name.test(now.name);
      return named && now.role === role && now.visible ? 'ok' : `${now.role} "${now.name}"${now.visible ? '' : ' (not shown)'}`;
    })
    .toBe('ok');
}

async function press(page: Page, key: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

/**
 * Tab until the focus reaches the element with this role and name (at most `max` presses); `key: 'Shift+Tab'` goes
 * backwards. Past a page's last control the focus leaves the page: a browser's own interface takes it and hands it
 * back at the page's start, but the headless shell the tests run in (test/e2e/browser.ts) has none, so a control
 * before the focus is reached backwards.
 */
async function tabTo(
  page: Page,
  role: string,
  name: string | RegExp,
  { max = 30, key = 'Tab' }: { max?: number; key?: 'Tab' | 'Shift+Tab' } = {},
): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (now.role === role && (typeof name === 'string' ? now.name === name : name.test(now.name))) return expectFocus(page, role, name);
  }
  throw new Error(`${key} did not reach ${role} "${String(name)}" in ${max} presses; the focus is on ${JSON.stringify(await focused(page))}`);
}

/** From a page just loaded: the skip link is the first Tab stop, and it leads into the content. */
async function skipToContent(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  await expectFocus(page, 'link', 'Skip to content');
  await page.keyboard.press('Enter');
}

describe('keyboard only', () => {
  it('applies: the form by keyboard, the first refused field takes the focus, then the confirmation’s heading', async () => {
    const { page } = await pages.open(WIDE);
    await page.goto('/apply');
    await page.getByRole('heading', { name: 'Ambassador Application' }).waitFor();
    expect(await page.title()).toMatch(/^Apply \| /);
    await skipToContent(page);
    await press(page, 'Tab');
    await expectFocus(page, 'textbox', 'Full Name');
    await page.keyboard.type('Nia Keyboard');
    await press(page, 'Tab');
    await expectFocus(page, 'textbox', 'Email');
    await page.keyboard.type('not-an-email');
    await press(page, 'Tab');
    await expectFocus(page, 'textbox', 'Country');
    await page.keyboard.type('Ghana');
    await press(page, 'Tab');
    await expectFocus(page, 'textbox', 'Personal Telegram Username');
    await page.keyboard.type('@nia_keys');
    await press(page, 'Tab');
    await expectFocus(page, 'checkbox', 'Twitter/X');
    await press(page, 'Space');
    expect(await page.getByRole('checkbox', { name: 'Twitter/X' }).getAttribute('aria-checked')).toBe('true');
    // The other four platforms, then the ticked one's profile link.
    await press(page, 'Tab', 4);
    await expectFocus(page, 'checkbox', 'YouTube');
    await press(page, 'Tab');
    await expectFocus(page, 'textbox', 'Twitter/X Profile URL');
    await page.keyboard.type('https://x.com/nia_keys');
    await press(page, 'Tab');
    await expectFocus(page, 'textbox', 'Total Followers');
    await page.keyboard.type('4200');
    await press(page, 'Tab');
    await expectFocus(page, 'textbox', 'Why do you want to join?');
    await page.keyboard.type('I run a football Telegram group and want to bring its members to GoalChain games.');
    await press(page, 'Tab');
    await expectFocus(page, 'textbox', 'Relevant experience');
    await page.keyboard.type('Three years of moderating fan groups and writing match threads that reach thousands.');
    await press(page, 'Tab');
    await expectFocus(page, 'link', 'Cancel');
    await press(page, 'Tab');
    await expectFocus(page, 'button', 'Submit');
    await press(page, 'Enter');
    // Refused: the focus goes to the field to fix, which says it is invalid.
    await expectFocus(page, 'textbox', 'Email');
    expect(await page.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true');
    await press(page, 'Control+A');
    await page.keyboard.type('nia.keyboard@example.com');
    await tabTo(page, 'button', 'Submit');
    await press(page, 'Enter');
    await expectFocus(page, 'heading', 'Application Submitted!');
    await press(page, 'Tab');
    await expectFocus(page, 'link', 'Back to Home');
    await press(page, 'Enter');
    await page.waitForURL((url) => url.pathname === '/');
    // In-app navigation: the new page's heading has the focus.
    await expectFocus(page, 'heading', /Join the GoalChain Ambassador Network/);
  });

  it('signs in: a wrong password is said beside the form and the focus stays; then the dashboard’s heading', async () => {
    const { page } = await pages.open(WIDE);
    await page.goto('/auth');
    await page.getByRole('heading', { name: 'Ambassador Login' }).waitFor();
    await skipToContent(page);
    await press(page, 'Tab');
    await expectFocus(page, 'textbox', 'Email');
    await page.keyboard.type(signer.email);
    await press(page, 'Tab');
    await expectFocus(page, 'textbox', 'Password');
    await page.keyboard.type('not-my-password');
    await press(page, 'Enter');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await expectToast(page, 'Login failed', 'Invalid email or password');
    await expectFocus(page, 'textbox', 'Password');
    await press(page, 'Control+A');
    await page.keyboard.type(signer.password);
    await press(page, 'Tab');
    await expectFocus(page, 'link', 'Forgot password?');
    await press(page, 'Tab');
    await expectFocus(page, 'button', 'Login');
    await press(page, 'Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expectFocus(page, 'heading', 'Keys Signer');
    expect(await page.title()).toMatch(/^Dashboard \| /);

    // Back through the header to another page: its heading takes the focus, the title changes.
    await tabTo(page, 'link', 'Wallet', { key: 'Shift+Tab' });
    await press(page, 'Enter');
    await expectFocus(page, 'heading', 'Wallet');
    expect(await page.title()).toMatch(/^Wallet \| /);
  });

  it('the super admin sign-in page has its skip link too, and the console it opens starts on its heading', async () => {
    const { page } = await pages.open(WIDE);
    await page.goto('/restricted');
    await page.getByRole('heading', { name: 'Restricted Access Only' }).waitFor();
    expect(await page.title()).toMatch(/^Restricted Access \| /);
    await skipToContent(page);
    await press(page, 'Tab');
    await expectFocus(page, 'textbox', 'Email');
    await page.keyboard.type(SUPER_ADMIN.email);
    await press(page, 'Tab');
    await page.keyboard.type(SUPER_ADMIN.password);
    await press(page, 'Tab');
    await page.keyboard.type(SUPER_ADMIN.secret);
    await press(page, 'Enter');
    // A full page load to the console: its heading takes the focus, not the page itself.
    await page.waitForURL((url) => url.pathname === '/admin');
    await expectFocus(page, 'heading', 'Admin Console');
    await press(page, 'Tab');
    expect((await focused(page)).role).not.toBe('none');
  });

  it('submits a report: the header’s link, the form, the confirmation’s heading, back to the dashboard', async () => {
    const { page } = await pages.open(WIDE);
    await signInAsAmbassador(page, reporter.email, reporter.password);
    await page.getByRole('heading', { name: 'Keys Reporter', level: 1 }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Keys Reporter', level: 1 }).waitFor();
    await skipToContent(page);
    await tabTo(page, 'link', 'Submit Weekly Report');
    await press(page, 'Enter');
    await page.waitForURL((url) => url.pathname === '/submit-report');
    await expectFocus(page, 'heading', 'Submit Weekly Report');
    // The two dates keep their defaults (each date field has a Tab stop per part).
    await tabTo(page, 'textbox', 'Weekly Activity Report');
    await page.keyboard.type('Hosted a Telegram AMA with 180 fans and posted three threads about the farm game beta (9,000 views).');
    await press(page, 'Tab');
    await expectFocus(page, 'link', 'Cancel');
    await press(page, 'Tab');
    await expectFocus(page, 'button', 'Submit Report');
    await press(page, 'Enter');
    await expectFocus(page, 'heading', 'Report Submitted!');
    await expectToast(page, 'Report Submitted!');
    await press(page, 'Tab');
    await expectFocus(page, 'link', 'View Dashboard');
    await press(page, 'Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expectFocus(page, 'heading', 'Keys Reporter');
    await expectContent(page.getByRole('table', { name: 'Recent Activity Reports' }).getByRole('row').nth(1), 'pending');
  });

  it('reviews a report: the tab, its panel, the row’s button, the dialog’s fields, Next pending, and back to the row', async () => {
    const { page } = await pages.open(WIDE);
    // Through the form: where the focus lands after signing in is part of what is checked.
    await signInAsSuperAdmin(page, { viaForm: true });
    await page.getByRole('heading', { name: 'Admin Console' }).waitFor();
    // Signed in on the restricted page, the console opens with the focus on its heading.
    await expectFocus(page, 'heading', 'Admin Console');
    await tabTo(page, 'tab', 'Applications');
    await press(page, 'ArrowRight');
    await expectFocus(page, 'tab', 'Reports');
    await press(page, 'Tab');
    await expectFocus(page, 'tabpanel', 'Reports');
    // The panel shows that it has the focus.
    const outline = await page.getByRole('tabpanel', { name: 'Reports' }).evaluate((node) => getComputedStyle(node).outlineStyle);
    expect(outline).not.toBe('none');
    await tabTo(page, 'button', 'Review report of Keys Reviewed');
    await press(page, 'Enter');
    const dialog = page.getByRole('dialog', { name: 'Weekly Report' });
    await dialog.waitFor();
    await expectFocus(page, 'textbox', 'GCM Awarded');
    await page.keyboard.type('150');
    await press(page, 'Tab');
    await expectFocus(page, 'textbox', 'USDT Awarded');
    await page.keyboard.type('12.5');
    await press(page, 'Tab');
    await expectFocus(page, 'textbox', 'Admin Notes (optional)');
    await page.keyboard.type('Good AMA.');
    await press(page, 'Tab');
    await expectFocus(page, 'combobox', 'Status');
    await press(page, 'Tab');
    await expectFocus(page, 'button', 'Submit Review');
    await press(page, 'Enter');
    await expectToast(page, 'Report Reviewed', 'The report was approved.');
    await expectFocus(page, 'button', 'Next pending');
    await press(page, 'Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Back on the row's button, which now views the reviewed report.
    await expectFocus(page, 'button', 'View report of Keys Reviewed');
    const all = (await (await superAdminClient(suite.server)).get('/api/admin/reports?limit=100')).body as Array<{
      status: string;
      gcmAwarded: string;
      ambassador: { fullName: string };
    }>;
    expect(all.find((r) => r.ambassador.fullName === 'Keys Reviewed')).toMatchObject({ status: 'approved', gcmAwarded: '150.00' });
  });

  it('approves an application: the dialog, its Approve button, and the list’s heading once the row has gone', async () => {
    const { page } = await pages.open(WIDE);
    // Through the form: the console opens with the focus on its heading after signing in.
    await signInAsSuperAdmin(page, { viaForm: true });
    await page.getByRole('heading', { name: 'Admin Console' }).waitFor();
    await expectFocus(page, 'heading', 'Admin Console');
    await tabTo(page, 'button', 'View application of Keys Applicant');
    await press(page, 'Enter');
    const dialog = page.getByRole('dialog', { name: 'Keys Applicant' });
    await dialog.waitFor();
    // No field to fill: the dialog opens on its first control.
    await expectFocus(page, 'button', 'Close');
    await tabTo(page, 'button', 'Approve & Send Setup Email');
    await press(page, 'Enter');
    await expectToast(page, 'Application Approved');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'View application of Keys Applicant' }).waitFor({ state: 'detached' });
    await expectFocus(page, 'heading', 'Pending Applications');
  });

  it('requests a withdrawal: the dialog opens on the amount, and the focus comes back to its button, which stays focusable', async () => {
    const { page } = await pages.open(WIDE);
    await signInAsAmbassador(page, saver.email, saver.password);
    await page.goto('/wallet');
    await page.getByRole('heading', { name: 'Wallet', level: 1 }).waitFor();
    await skipToContent(page);
    await tabTo(page, 'button', 'Request Withdrawal');
    await press(page, 'Enter');
    const dialog = page.getByRole('dialog', { name: 'Request Withdrawal' });
    await dialog.waitFor();
    await expectFocus(page, 'textbox', 'Amount (USDT)');
    await page.keyboard.type('260');
    await press(page, 'Tab');
    await expectFocus(page, 'textbox', 'BEP20 Wallet Address');
    await press(page, 'Tab');
    await expectFocus(page, 'button', 'Cancel');
    await press(page, 'Tab');
    await expectFocus(page, 'button', 'Submit Request');
    await press(page, 'Enter');
    await expectToast(page, 'Withdrawal Requested');
    await dialog.waitFor({ state: 'hidden' });
    await expectFocus(page, 'button', 'Request Withdrawal');
    // 40 left: under the minimum. The button is unavailable and says why, without losing the focus.
    const button = page.getByRole('button', { name: 'Request Withdrawal' });
    await expect.poll(() => button.getAttribute('aria-disabled')).toBe('true');
    await expectFocus(page, 'button', 'Request Withdrawal');
    expect(await button.isDisabled()).toBe(true);
    await press(page, 'Enter');
    expect(await dialog.count()).toBe(0);
    await expectContent(page.getByRole('table', { name: 'Withdrawal Requests' }), '$260.00');
  });

  it('inline editors: the first field takes the focus on opening, the Edit button on closing', async () => {
    const { page } = await pages.open(WIDE);
    await signInAsAmbassador(page, saver.email, saver.password);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Badge Progression' }).waitFor();
    await skipToContent(page);
    await tabTo(page, 'button', 'Edit social media profiles');
    await press(page, 'Enter');
    await expectFocus(page, 'textbox', 'Twitter/X');
    await tabTo(page, 'button', 'Cancel');
    await press(page, 'Enter');
    await expectFocus(page, 'button', 'Edit social media profiles');
    await tabTo(page, 'button', 'Edit wallet addresses');
    await press(page, 'Enter');
    await expectFocus(page, 'textbox', 'USDT Wallet Address (BEP20)');
    await press(page, 'Tab', 2);
    await expectFocus(page, 'button', 'Save');
    await press(page, 'Enter');
    await expectToast(page, 'Profile Updated');
    await expectFocus(page, 'button', 'Edit wallet addresses');

    await page.goto('/wallet');
    await page.getByTestId('usdt-wallet').waitFor();
    await page.getByRole('button', { name: 'Edit USDT wallet address' }).focus();
    await press(page, 'Enter');
    await expectFocus(page, 'textbox', 'USDT Wallet (BEP20)');
    await tabTo(page, 'button', 'Cancel');
    await press(page, 'Enter');
    await expectFocus(page, 'button', 'Edit USDT wallet address');
  });

  it('Shift+Tab onto a control half under the sticky header scrolls it out from under the header', async () => {
    const cases = [
      {
        viewport: NARROW,
        path: '/profile',
        control: 'Edit social media profiles',
        signIn: (page: Page) => signInAsAmbassador(page, saver.email, saver.password),
      },
      { viewport: WIDE, path: '/admin', control: 'Ambassadors', signIn: (page: Page) => signInAsSuperAdmin(page) },
    ];
    for (const { viewport, path, control, signIn } of cases) {
      const { page } = await pages.open(viewport);
      await signIn(page);
      await page.goto(path);
      const target = page.getByRole(path === '/admin' ? 'tab' : 'button', { name: control });
      await target.waitFor();
      await target.focus();
      await press(page, 'Tab');
      // The page scrolled so that the control is half under the header, the next one still in view.
      await target.evaluate((node) => {
        const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
        window.scrollBy(0, node.getBoundingClientRect().top - (header - node.getBoundingClientRect().height / 2));
      });
      await press(page, 'Shift+Tab');
      await expectFocus(page, path === '/admin' ? 'tab' : 'button', control);
      const { top, headerBottom } = await target.evaluate((node) => ({
        top: node.getBoundingClientRect().top,
        headerBottom: document.querySelector('header')?.getBoundingClientRect().bottom ?? 0,
      }));
      expect(top, `${path} at ${viewport.width} px`).toBeGreaterThanOrEqual(headerBottom);
    }
  });
});
