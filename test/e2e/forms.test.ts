/**
 * Every form's validation messages (spec §5 texts), the route guard, the role
 * redirects, the not-found page, and the admin console's smaller flows, in a
 * real browser against the real server.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { createAdmin, createAmbassador, credit, uniqueEmail, validApplication, validReport, type CreatedAmbassador } from '../helpers/factories.ts';
import { SUPER_ADMIN } from '../helpers/server.ts';
import { utcDay } from '../helpers/clock.ts';
import { SETUP_LINK } from '../helpers/smtp.ts';
import {
  browserSuite,
  expectContent,
  expectNoHorizontalOverflow,
  expectNoText,
  expectOneVisibleToast,
  expectText,
  expectToast,
  screenshot,
  signInAsAmbassador,
  signInAsSuperAdmin,
} from './browser.ts';
import { E2E_WALLET } from '../helpers/wallets.ts';

let superAdmin: ApiClient;
let ambassador: CreatedAmbassador;
const suite = browserSuite({ env: { APPLICATIONS_PER_HOUR: '1000' } });
const { server, pages } = suite;

async function freshPage(): Promise<Page> {
  return (await pages.open()).page;
}

/**
 * The live regions (role alert, status or log, or aria-live) whose content a screen reader reads out
 * with this text: each region once, by its role, the text hidden from it (aria-hidden) left out.
 */
async function liveRegionsSaying(page: Page, text: string): Promise<string[]> {
  return page.evaluate((wanted) => {
    const regions = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const element = node.parentElement;
      if (!element || !(node.textContent ?? '').includes(wanted) || element.closest('[aria-hidden="true"]')) continue;
      const live = element.closest('[role="alert"], [role="status"], [role="log"], [aria-live]:not([aria-live="off"])');
      if (live) regions.add(live);
    }
    return [...regions].map((region) => region.getAttribute('role') ?? `aria-live=${region.getAttribute('aria-live')}`);
  }, text);
}

/** The token of a 'Forgot password?' link for this account, not used yet (valid 1 hour). */
async function resetToken(email: string): Promise<string> {
  const seen = server.mail.messages.length;
  expect((await new ApiClient(server).post('/api/forgot-password', { email })).status).toBe(200);
  await server.flushEmail();
  return server.mail.setupToken(await server.mail.waitFor(email, { after: seen, containing: SETUP_LINK }));
}

/** The token of a password link not used yet: an applicant approved now is emailed one. */
async function unusedSetupToken(): Promise<string> {
  const email = uniqueEmail('setup');
  const applied = await new ApiClient(server).post('/api/applications', validApplication({ email, fullName: 'Setup Link' }));
  expect(applied.status).toBe(201);
  const seen = server.mail.messages.length;
  expect((await superAdmin.post(`/api/admin/applications/${applied.body.id}/approve`)).status).toBe(200);
  await server.flushEmail();
  return server.mail.setupToken(await server.mail.waitFor(email, { after: seen, containing: SETUP_LINK }));
}

beforeAll(async () => {
  superAdmin = await superAdminClient(server);
  ambassador = await createAmbassador(server, { admin: superAdmin, fullName: 'Kofi Mensah' });
});

describe('public pages', () => {
  it('shows the not-found page with a way home, not the router hint', async () => {
    const page = await freshPage();
    const response = await page.goto('/this/page/does-not-exist');
    expect(response?.status()).toBe(404);
    await expectText(page, 'Page Not Found');
    await expectNoText(page, 'Did you forget to add the page to the router?');
    await screenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectText(page, 'Official Ambassador Program');
  });

  it('sends visitors from protected pages to /auth, and from the dashboard through /api/login after a toast', async () => {
    const page = await freshPage();
    for (const path of ['/wallet', '/profile', '/submit-report', '/admin']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/auth');
      await expectText(page, 'Ambassador Login');
    }
    await page.goto('/dashboard');
    await expectToast(page, 'Unauthorized', 'You are logged out. Logging in again...');
    await page.waitForURL((url) => url.pathname === '/auth');
    await expectText(page, 'Ambassador Login');
  });

  it('the application form shows every message of spec §5 beside its field', async () => {
    const page = await freshPage();
    await page.goto('/apply');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    for (const message of [
      'Full name must be at least 2 characters',
      'Invalid email address',
      'Country is required',
      'Personal Telegram username is required for invitations',
      'Select at least one platform',
      'Total followers must be a positive number',
    ]) {
      await expectText(page, message);
    }
    expect(await page.getByText('Please provide at least 50 characters', { exact: true }).count()).toBe(2);
    await expect(page.getByLabel(/^Full Name/).getAttribute('aria-invalid')).resolves.toBe('true');

    // A platform's URL field appears only when it is ticked.
    expect(await page.getByLabel(/^Instagram Profile URL/).count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Instagram' }).click();
    await page.getByLabel(/^Instagram Profile URL/).waitFor();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expectText(page, 'Please provide valid URLs for all selected social media platforms');
    await page.getByLabel(/^Instagram Profile URL/).fill('https://example.com/someone');
    await page.getByRole('checkbox', { name: 'Twitter/X' }).click();
    // A bare username is not a profile URL (spec §5): admins would get no link to open.
    await page.getByLabel(/^Twitter\/X Profile URL/).fill('mariasantos');
    await page.getByLabel(/^Total Followers/).fill('-4');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expectText(page, 'Please enter a valid Instagram profile URL (e.g., instagram.com/username)');
    await expectText(page, 'Please enter a valid Twitter/X profile URL (e.g., x.com/username)');
    await expectText(page, 'Total followers must be a positive number');
    await screenshot(page, 'apply-errors');
    await page.getByRole('checkbox', { name: 'Instagram' }).click();
    expect(await page.getByLabel(/^Instagram Profile URL/).count()).toBe(0);

    // An email that already belongs to an ambassador gets the same answer as a new one (nobody learns
    // who is an ambassador); its owner is emailed instead.
    await page.getByLabel(/^Full Name/).fill('Kofi Again');
    await page.getByLabel(/^Email/).fill(ambassador.email);
    await page.getByLabel(/^Country/).fill('Ghana');
    await page.getByLabel(/^Personal Telegram Username/).fill('@kofi');
    await page.getByLabel(/^Twitter\/X Profile URL/).fill('x.com/kofi');
    await page.getByLabel(/^Total Followers/).fill('300');
    await page.getByLabel(/^Why do you want to join/).fill('x'.repeat(49));
    await page.getByLabel(/^Relevant experience/).fill('I have been running football fan pages for three seasons now.');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expectText(page, 'Please provide at least 50 characters');
    await page.getByLabel(/^Why do you want to join/).fill('I want to grow the GoalChain community in Ghana and run watch parties.');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expectText(page, 'Application Submitted!');
  });

  it('login forms: required fields, server refusals in toasts and inline', async () => {
    const page = await freshPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectText(page, 'Email is required');
    await expectText(page, 'Password is required');
    await page.getByLabel('Email').fill(ambassador.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Login failed', 'Invalid email or password');
    // Shown twice (under the form and in the spec's toast), said once: only the form's alert reaches a screen reader.
    expect(await liveRegionsSaying(page, 'Invalid email or password')).toEqual(['alert']);
    await screenshot(page, 'login');

    await page.goto('/restricted');
    await expectText(page, 'Restricted Access Only');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectText(page, 'Email is required');
    await expectText(page, 'Password is required');
    await expectText(page, 'Super admin secret is required');
    await page.getByLabel('Email').fill(SUPER_ADMIN.email);
    await page.getByLabel('Password').fill(SUPER_ADMIN.password);
    await page.getByLabel('Super Admin Secret').fill('not-the-secret');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Login Failed', 'Invalid credentials or secret');
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials or secret' }).waitFor();
    expect(await liveRegionsSaying(page, 'Invalid credentials or secret')).toEqual(['alert']);
    await screenshot(page, 'super-admin-login');
  });

  it('password setup: a dead link says so without a form; length, match, and the server refusal inline', async () => {
    const page = await freshPage();
    // A link that was never issued (or was used, or has expired): the message and the way to a new one, no form.
    await page.goto('/setup-password/not-a-real-token');
    await expectText(page, 'This link has expired or was already used');
    expect(await page.getByLabel(/^Password/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create Password' }).count()).toBe(0);
    await screenshot(page, 'setup-password-dead');
    await page.getByRole('link', { name: 'Get a new link' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await expectText(page, 'Forgot Your Password?');

    // A live link: an approved applicant's, not used yet.
    const token = await unusedSetupToken();
    await page.goto(`/setup-password/${token}`);
    await expectText(page, 'This link is valid for 48 hours. If it has expired, contact support at support@goalchain.io.');
    await page.getByRole('heading', { name: 'Create Your Password' }).waitFor();
    await expect.poll(() => page.title()).toMatch(/^Create Your Password/);
    // A forgotten password's link opens the same page, which says the truth of that link: 1 hour (as its email says),
    // and that it resets the password the account has.
    const forgetful = await createAmbassador(server, { admin: superAdmin, fullName: 'Forgetful Fola' });
    const forgotten = await pages.open();
    await forgotten.page.goto(`/setup-password/${await resetToken(forgetful.email)}`);
    await expectText(forgotten.page, 'This link is valid for 1 hour. If it has expired, contact support at support@goalchain.io.');
    await forgotten.page.getByRole('heading', { name: 'Reset Your Password' }).waitFor();
    expect(await forgotten.page.getByRole('form', { name: 'Reset your password' }).count()).toBe(1);
    expect(await forgotten.page.getByText('Create Your Password').count()).toBe(0);
    // The tab (and a screen reader's page name) says it too.
    await expect.poll(() => forgotten.page.title()).toMatch(/^Reset Your Password/);
    // Once set, the page takes them to the sign-in (not the home page), which lands on their dashboard.
    await forgotten.page.getByLabel(/^Password/).fill('Remembered-1');
    await forgotten.page.getByLabel(/^Confirm Password/).fill('Remembered-1');
    await forgotten.page.getByRole('button', { name: 'Create Password' }).click();
    await expectText(forgotten.page, 'Password Set Successfully!');
    await forgotten.page.waitForURL((url) => url.pathname === '/auth');
    await forgotten.page.getByLabel('Email').fill(forgetful.email);
    await forgotten.page.getByLabel('Password').fill('Remembered-1');
    await forgotten.page.getByRole('button', { name: 'Login', exact: true }).click();
    await forgotten.page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByLabel(/^Password/).fill('12345');
    await page.getByLabel(/^Confirm Password/).fill('12345');
    await page.getByRole('button', { name: 'Create Password' }).click();
    await expectText(page, 'Password must be at least 6 characters long');
    await page.getByLabel(/^Password/).fill('123456');
    await page.getByLabel(/^Confirm Password/).fill('1234567');
    await page.getByRole('button', { name: 'Create Password' }).click();
    await expectText(page, 'Passwords do not match');
    // Meanwhile the link is used somewhere else (another tab): the server refuses it, inline.
    expect((await new ApiClient(server).post(`/api/setup-password/${token}`, { password: 'Elsewhere-1' })).status).toBe(200);
    await page.getByLabel(/^Confirm Password/).fill('123456');
    await page.getByRole('button', { name: 'Create Password' }).click();
    await page.getByRole('alert').filter({ hasText: 'This password setup link is invalid or has expired.' }).waitFor();
    await expectNoText(page, 'Password Set Successfully!');
    // Opened again, the used link says so at once.
    await page.reload();
    await expectText(page, 'This link has expired or was already used');
    expect(await page.getByRole('button', { name: 'Create Password' }).count()).toBe(0);
  });
});

describe('signed in', () => {
  it('redirects by role: ambassadors to the dashboard, admins to the console', async () => {
    const page = await freshPage();
    await signInAsAmbassador(page, ambassador.email, ambassador.password, { viaForm: true });
    await page.goto('/auth');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.goto('/admin');
    await expectText(page, 'Access Denied');
    await expectText(page, "You don't have permission to access this page.");
    await screenshot(page, 'access-denied');
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    const admin = await freshPage();
    await signInAsSuperAdmin(admin, { viaForm: true });
    await admin.goto('/dashboard');
    await admin.waitForURL((url) => url.pathname === '/admin');
    await admin.goto('/auth');
    await admin.waitForURL((url) => url.pathname === '/admin');
    await admin.goto('/wallet');
    await expectText(admin, 'No Ambassador Profile');
    await expectText(admin, 'Your ambassador profile could not be found.');
  });

  it('the report form: text length, week order, and the disabled setting', async () => {
    const page = await freshPage();
    await signInAsAmbassador(page, ambassador.email, ambassador.password);
    await page.goto('/submit-report');
    await expect(page.getByLabel(/^Week End Date/).inputValue()).resolves.toBe(utcDay(0));
    await expect(page.getByLabel(/^Week Start Date/).inputValue()).resolves.toBe(utcDay(-7));
    await page.getByLabel(/^Weekly Activity Report/).fill('Too short.');
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await expectText(page, 'Please provide at least 50 characters for your weekly report');
    await page.getByLabel(/^Week Start Date/).fill(utcDay(-1));
    await page.getByLabel(/^Week End Date/).fill(utcDay(-3));
    await page.getByLabel(/^Weekly Activity Report/).fill('Ran two Twitter spaces and answered 60 questions in the Telegram group.');
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await expectText(page, 'Week end date cannot be before the week start date');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    expect((await superAdmin.patch('/api/super-admin/settings', { reportSubmissionEnabled: false })).status).toBe(200);
    await page.goto('/submit-report');
    await expectText(page, 'Report submission is currently disabled');
    expect(await page.getByRole('button', { name: 'Submit Report' }).isDisabled()).toBe(true);
    expect((await superAdmin.patch('/api/super-admin/settings', { reportSubmissionEnabled: true })).status).toBe(200);
  });

  it('the profile: one section at a time, change-password toasts in order, server messages', async () => {
    const page = await freshPage();
    await signInAsAmbassador(page, ambassador.email, ambassador.password);
    await page.goto('/profile');
    await expectText(page, 'Badge Progression');

    await page.getByRole('button', { name: 'Edit social media profiles' }).click();
    await page.getByRole('form', { name: 'Edit social media profiles' }).waitFor();
    await page.getByRole('button', { name: 'Edit wallet addresses' }).click();
    // Opening the wallet section closes the social one.
    expect(await page.getByRole('form', { name: 'Edit social media profiles' }).count()).toBe(0);
    await expectText(page, 'Coming Soon - GCM wallet integration pending');
    expect(await page.getByLabel('GCM Wallet Address').isDisabled()).toBe(true);
    await expect(page.getByLabel('USDT Wallet Address (BEP20)').getAttribute('placeholder')).resolves.toBe('0x...');
    await page.getByLabel('USDT Wallet Address (BEP20)').fill('0x1234');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Update Failed', 'Please provide a valid BEP20 wallet address');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Edit social media profiles' }).click();
    // Links follow the application form's rule: another site is refused with its message.
    await page.getByLabel('Twitter/X').fill('https://evil.example/login');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Update Failed', 'Please enter a valid Twitter/X profile URL (e.g., x.com/username)');
    // A bare username is not the profile URL spec §5 asks for: refused with the same message.
    await page.getByLabel('Twitter/X').fill('@kofi_m');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Update Failed', 'Please enter a valid Twitter/X profile URL (e.g., x.com/username)');
    await page.getByLabel('Twitter/X').fill('x.com/kofi_m');
    await page.getByLabel('Telegram').fill('https://t.me/kofichannel');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Profile Updated', 'Your profile has been updated successfully.');
    await expect(page.getByRole('link', { name: 'https://x.com/kofi_m' }).getAttribute('href')).resolves.toBe('https://x.com/kofi_m');
    await expect(page.getByRole('link', { name: 'https://t.me/kofichannel' }).getAttribute('href')).resolves.toBe('https://t.me/kofichannel');

    await page.getByRole('button', { name: 'Edit password' }).click();
    await expectText(page, 'Minimum 6 characters');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Error', 'Please enter your current password');
    await page.getByLabel('Current Password').fill('wrong-one');
    await page.getByLabel(/^New Password/).fill('12345');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Error', 'New password must be at least 6 characters');
    await page.getByLabel(/^New Password/).fill('123456');
    await page.getByLabel('Confirm New Password').fill('654321');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Error', 'Passwords do not match');
    await page.getByLabel('Confirm New Password').fill('123456');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Password Change Failed', 'Current password is incorrect');
    await expectOneVisibleToast(page);
    await screenshot(page, 'profile-password');
  });

  it('the wallet: empty address, the 50 USDT rule on the withdrawable balance, withdrawal checks', async () => {
    const page = await freshPage();
    await signInAsAmbassador(page, ambassador.email, ambassador.password);
    await page.goto('/wallet');
    await expectText(page, 'Please add your USDT wallet address to enable withdrawals');
    expect(await page.getByRole('button', { name: 'Request Withdrawal' }).isDisabled()).toBe(true);
    expect(await page.getByRole('table', { name: 'Withdrawal Requests' }).count()).toBe(0);
    await expectText(page, 'No transactions yet');
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('button', { name: 'Save Wallet' }).click();
    await expectText(page, 'Please enter a valid USDT wallet address');
    await expectToast(page, 'Error', 'Please enter a valid USDT wallet address');
    await page.getByLabel('USDT Wallet (BEP20)').fill(E2E_WALLET);
    await page.getByRole('button', { name: 'Save Wallet' }).click();
    await expectToast(page, 'Wallet Updated');
    await expectText(page, 'You need at least 50 USDT to request a withdrawal');
    expect(await page.getByRole('button', { name: 'Request Withdrawal' }).isDisabled()).toBe(true);

    await credit(server, ambassador.ambassadorId, 'USDT', '120.00');
    await page.reload();
    await page.getByRole('button', { name: 'Request Withdrawal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Withdrawal' });
    await dialog.getByLabel('Amount (USDT)').fill('20');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expectToast(page, 'Invalid Amount', 'Minimum withdrawal amount is 50 USDT');
    await dialog.getByLabel('Amount (USDT)').fill('120.01');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expectToast(page, 'Insufficient Balance', "You don't have enough USDT to withdraw this amount");
    await dialog.getByLabel('Amount (USDT)').fill('60');
    await dialog.getByLabel('BEP20 Wallet Address').fill('');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expectToast(page, 'Invalid Address', 'Please enter a valid BEP20 wallet address');
    await dialog.getByLabel('BEP20 Wallet Address').fill('0xnot-an-address-at-all-really');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expectToast(page, 'Request Failed', 'Please provide a valid BEP20 wallet address');
    await dialog.getByLabel('BEP20 Wallet Address').fill(E2E_WALLET);
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expectToast(page, 'Withdrawal Requested');
    // 120 earned, 60 held by the pending request: 60 left to withdraw.
    await expectText(page, 'You can withdraw up to $60.00.');

    // Keyboard: the dialog takes the focus, Escape closes it and gives the focus back.
    const opener = page.getByRole('button', { name: 'Request Withdrawal' });
    await opener.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Radix gives the focus back when the dialog unmounts, a moment after it is hidden.
    await expect.poll(() => opener.evaluate((node) => node === document.activeElement)).toBe(true);
    await expectContent(page.getByRole('table', { name: 'Withdrawal Requests' }), '$60.00');

    // In Spanish (the language menu, kept on the account), '50,5' is 50.50 USDT (issue 32).
    await credit(server, ambassador.ambassadorId, 'USDT', '10.00');
    try {
      await page.getByLabel('Language').selectOption('es');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
      // The page in Spanish, its figures as Spanish writes them.
      await expectContent(page.getByRole('table', { name: 'Solicitudes de retiro' }), '60,00 USDT');
      await page.getByRole('button', { name: 'Solicitar retiro' }).click();
      const solicitud = page.getByRole('dialog', { name: 'Solicitar retiro' });
      await solicitud.getByLabel('Importe (USDT)').fill('50,5');
      await solicitud.getByRole('button', { name: 'Enviar solicitud' }).click();
      await expectToast(page, 'Retiro solicitado');
      const requests = (await ambassador.client.get('/api/withdrawal-requests')).body as { amount: string }[];
      expect(requests.map((r) => r.amount).sort()).toEqual(['50.50', '60.00']);
      expect((await ambassador.client.get('/api/user')).body).toMatchObject({ locale: 'es' });
      // The page and the session stayed.
      expect(new URL(page.url()).pathname).toBe('/wallet');
    } finally {
      // Back to English: the later tests of this file sign in as this ambassador and read English pages.
      expect((await ambassador.client.patch('/api/user', { locale: 'en' })).status).toBe(200);
    }
  });
});

describe('admin console', () => {
  it('pages through applications, rejects one, and searches and edits ambassadors', async () => {
    const anon = new ApiClient(server);
    for (let i = 0; i < 23; i += 1) {
      const extra = i === 22 ? { socialMediaPlatforms: ['twitter', 'instagram', 'youtube'], instagramHandle: 'https://instagram.com/applicant22' } : {};
      const response = await anon.post(
        '/api/applications',
        validApplication({ fullName: `Applicant ${String(i).padStart(2, '0')}`, email: uniqueEmail('paged'), totalFollowers: 1000 + i, ...extra }),
      );
      expect(response.status).toBe(201);
    }
    const page = await freshPage();
    await signInAsSuperAdmin(page);
    await expectContent(page.getByTestId('summary-pending-applications'), '23', { exact: true });
    await expectText(page, /Showing 1–20 of 23/);
    await expectContent(page.getByRole('table', { name: 'Applications' }).getByRole('row').nth(1), 'Applicant 22');
    await expectContent(page.getByRole('table', { name: 'Applications' }).getByRole('row').nth(1), '+1');
    await page.getByRole('button', { name: 'Next' }).click();
    await expectText(page, /Showing 21–23 of 23/);
    // On a 1366x800 laptop the decision's buttons are in view as the dialog opens, without scrolling.
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.getByRole('row').filter({ hasText: 'Applicant 00' }).click();
    // Rejecting is a step: the reason is required on the desk (DECISIONS §6).
    const applicationDialog = page.getByRole('dialog');
    for (const name of ['Reject', 'Approve & Send Setup Email']) {
      const box = await applicationDialog.getByRole('button', { name, exact: true }).boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= 800).toBe(true);
    }
    await screenshot(page, 'application-dialog-1366x800');
    await applicationDialog.getByRole('button', { name: 'Reject' }).click();
    await applicationDialog.getByRole('button', { name: 'Reject Application' }).click();
    await expectText(page, 'Choose the reason for this decision');
    await applicationDialog.getByLabel('Reason').selectOption('not_verifiable');
    await applicationDialog.getByLabel('Admin Notes (optional)').fill('The Twitter account does not exist.');
    await applicationDialog.getByRole('button', { name: 'Reject Application' }).click();
    await expectToast(page, 'Application Rejected');
    await expectContent(page.getByTestId('summary-pending-applications'), '22', { exact: true });

    await page.getByRole('tab', { name: 'Ambassadors' }).click();
    const search = page.getByRole('searchbox', { name: 'Search by name or email' });
    await search.fill('KOFI');
    await expectContent(page.getByRole('table', { name: 'Ambassadors' }), 'Kofi Mensah');
    await search.fill('nobody-matches-this');
    await expectText(page, 'No ambassadors found');
    await search.fill('');
    await page.getByRole('button', { name: 'Edit Kofi Mensah' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Badge Level').selectOption('gold');
    await dialog.getByLabel('Status').selectOption('suspended');
    await dialog.getByLabel('Reason').selectOption('rule_breach');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Ambassador Updated');
    const row = page.getByRole('row').filter({ hasText: 'Kofi Mensah' });
    await expectContent(row, 'suspended');
    await expectContent(row, 'Gold');
    const suspended = await freshPage();
    await signInAsAmbassador(suspended, ambassador.email, ambassador.password);
    await expectText(suspended, /account is suspended/);
    await suspended.goto('/submit-report');
    await expectText(suspended, /account is suspended/);
    expect(await suspended.getByRole('button', { name: 'Submit Report' }).isDisabled()).toBe(true);
    await row.getByRole('button', { name: 'Edit Kofi Mensah' }).click();
    await expect(dialog.getByLabel('Badge Level').inputValue()).resolves.toBe('gold');
    await dialog.getByLabel('Badge Level').selectOption('auto');
    await dialog.getByLabel('Status').selectOption('active');
    await dialog.getByLabel('USDT Wallet').fill('0xbad');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Error', 'Failed to update ambassador');
    await dialog.getByLabel('USDT Wallet').fill(E2E_WALLET);
    await dialog.getByLabel('Telegram Channel URL').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Error', 'Failed to update ambassador: Please enter a valid Telegram channel URL (e.g., t.me/channelname)');
    await dialog.getByLabel('Telegram Channel URL').fill('https://t.me/kofichannel');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Ambassador Updated');
    await expectContent(row, 'active');
    await row.getByRole('button', { name: 'Edit Kofi Mensah' }).click();
    const seen = server.mail.messages.length;
    await dialog.getByRole('button', { name: 'Send Password Reset Email' }).click();
    await expectToast(page, 'Password Setup Email Sent');
    await server.flushEmail();
    await server.mail.waitFor(ambassador.email, { after: seen });
  });

  it('reviews need valid awards; super admin settings, admins and the activity log', async () => {
    const created = await createAmbassador(server, { admin: superAdmin, fullName: 'Lerato Dube' });
    expect((await created.client.post('/api/reports', validReport({ weekStartDate: utcDay(-7), weekEndDate: utcDay(0) }))).status).toBe(201);
    const page = await freshPage();
    await signInAsSuperAdmin(page, { tab: 'Reports' });
    await page.getByLabel('Status').selectOption('pending');
    await page.getByRole('button', { name: 'Review report of Lerato Dube' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('GCM Awarded').fill('-5');
    await dialog.getByLabel('USDT Awarded').fill('1.234');
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expectText(page, 'GCM awarded must be a number of at least 0');
    await expectText(page, 'USDT awarded can have at most 2 decimal places');
    await dialog.getByLabel('GCM Awarded').fill('0');
    await dialog.getByLabel('USDT Awarded').fill('0');
    await dialog.getByLabel('Status').selectOption('rejected');
    await dialog.getByLabel('Reason').selectOption('outside_period');
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expectToast(page, 'Report Reviewed');
    // The dialog stays on the reviewed report, with 'Next pending' to go on; closed here.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expectText(page, 'No reports found');

    await page.getByRole('tab', { name: 'Super Admin' }).click();
    await page.getByRole('switch', { name: 'Report Submission' }).click();
    await expectToast(page, 'Settings Updated');
    await expectText(page, 'Report submission is currently disabled');
    await page.getByRole('switch', { name: 'Report Submission' }).click();
    await expectText(page, 'Ambassadors can submit reports (one per day)');

    await page.getByRole('button', { name: 'Add Admin' }).click();
    await expectText(page, 'Email is required');
    await expectText(page, 'Full name is required');
    await page
      .getByRole('form', { name: 'Add New Admin' })
      .getByLabel(/^Email/)
      .fill('new.admin@example.com');
    await page
      .getByRole('form', { name: 'Add New Admin' })
      .getByLabel(/^Full Name/)
      .fill('Nia Admin');
    await page.getByRole('button', { name: 'Add Admin' }).click();
    await expectToast(page, 'Admin Added');
    const row = page.getByRole('table', { name: 'Admin Accounts' }).getByRole('row').filter({ hasText: 'Nia Admin' });
    await expectContent(row, 'Admin');
    await row.getByRole('button', { name: 'Reset password of Nia Admin' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset Password' });
    await reset.getByPlaceholder('Enter new password (min 6 characters)').fill('12345');
    expect(await reset.getByRole('button', { name: 'Update Password' }).isDisabled()).toBe(true);
    await reset.getByPlaceholder('Enter new password (min 6 characters)').fill('123456');
    await reset.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Password Updated');
    await row.getByRole('button', { name: 'Remove Nia Admin' }).click();
    await page.getByRole('dialog', { name: 'Remove Admin' }).getByRole('button', { name: 'Remove' }).click();
    await expectToast(page, 'Admin Removed');
    await expectContent(page.getByRole('table', { name: 'Admin Activity Log' }), 'new.admin@example.com');
    // The super admin row has no actions.
    const superRow = page.getByRole('table', { name: 'Admin Accounts' }).getByRole('row').filter({ hasText: SUPER_ADMIN.email });
    expect(await superRow.getByRole('button').count()).toBe(0);

    // A plain admin does not get the Super Admin tab.
    await createAdmin(server, { superAdmin, fullName: 'Plain Admin', email: 'plain.admin@example.com', password: 'PlainPass1' });
    const plain = await freshPage();
    await plain.goto('/auth');
    await plain.getByLabel('Email').fill('plain.admin@example.com');
    await plain.getByLabel('Password').fill('PlainPass1');
    await plain.getByRole('button', { name: 'Login', exact: true }).click();
    await plain.waitForURL((url) => url.pathname === '/admin');
    await plain.getByRole('tab', { name: 'Withdrawals' }).waitFor();
    expect(await plain.getByRole('tab', { name: 'Super Admin' }).count()).toBe(0);
    // The console greets them by their name, not by their email (the account's username).
    expect(await plain.getByRole('banner').getByText('Admin:', { exact: true }).locator('..').textContent()).toBe('Admin: Plain Admin');
  });

  it('the leaderboard podium shows 2nd, 1st, 3rd', async () => {
    const names = ['Podium Gold', 'Podium Silver', 'Podium Bronze'];
    const amounts = ['6000.40', '3000.50', '1000.00'];
    for (const [index, name] of names.entries()) {
      const created = await createAmbassador(server, { admin: superAdmin, fullName: name });
      await credit(server, created.ambassadorId, 'GCM', amounts[index] ?? '0');
    }
    // Earned only USDT this month: not ranked (DECISIONS §3, a place is earned).
    const idle = await createAmbassador(server, { admin: superAdmin, fullName: 'Podium Idle' });
    await credit(server, idle.ambassadorId, 'USDT', '80.00');
    const page = await freshPage();
    await page.goto('/leaderboard');
    const podium = page.getByRole('region', { name: 'Podium' });
    await podium.waitFor();
    const order = await podium.locator('[data-testid^="podium-"]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
    expect(order).toEqual(['podium-2', 'podium-1', 'podium-3']);
    await expectContent(page.getByTestId('podium-1'), 'Podium Gold');
    await expectContent(page.getByTestId('podium-1'), '6,000');
    await expectContent(page.getByTestId('podium-2'), '3,001');
    await expectContent(page.getByTestId('podium-3'), 'Podium Bronze');
    expect(await page.getByText('Podium Idle').count()).toBe(0);
    await screenshot(page, 'leaderboard');
    // On phones each name is whole (wrapped, never cut with an ellipsis), and nothing scrolls sideways.
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 800 });
      for (const [place, name] of [
        [1, 'Podium Gold'],
        [2, 'Podium Silver'],
        [3, 'Podium Bronze'],
      ] as const) {
        const shown = page.getByTestId(`podium-${place}`).getByText(name, { exact: true });
        expect(
          await shown.evaluate((node) => node.scrollWidth <= node.clientWidth && getComputedStyle(node).textOverflow !== 'ellipsis'),
          `${name} at ${width}`,
        ).toBe(true);
      }
      await expectNoHorizontalOverflow(page);
    }
    await screenshot(page, 'leaderboard-320');
  });
});
