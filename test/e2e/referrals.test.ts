/**
 * Referrals in Chromium (DECISIONS §7): a visitor follows an ambassador's link in a fresh browser,
 * applies on the form it leads to, an admin approves, and the referrer's Referrals page, open all
 * along, shows the credit; a referral applied for from the referrer's own network is held, and the
 * referrer's page says why in Portuguese; the admins page through the held referrals. The server
 * trusts the loopback proxy's X-Forwarded-For, so each browser context can come from a network of
 * its own.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ensureSeason } from '../../src/server/features/seasons/service.ts';
import { seasonOf } from '../../src/shared/seasons.ts';
import { superAdminClient, type ApiClient } from '../helpers/client.ts';
import { createAmbassador, uniqueEmail, type CreatedAmbassador } from '../helpers/factories.ts';
import { apply, freshIp, join } from '../helpers/referrals.ts';
import { browserSuite, expectContent, expectText, signInAsAmbassador, signInAsSuperAdmin } from './browser.ts';
import { axeViolations, describeViolations, settle } from './axe.ts';

// The referral rule is set before the month is first seen (below): no terms fixed at start.
const suite = browserSuite({ env: { TRUST_PROXY: 'loopback' }, termsAtStart: false });
let admin: ApiClient;
let referrer: CreatedAmbassador;
let link: string;

async function applyOnTheForm(page: Page, person: { fullName: string; email: string }, labels = ENGLISH): Promise<void> {
  await page.getByLabel(labels.fullName).fill(person.fullName);
  await page.getByLabel(labels.email).fill(person.email);
  await page.getByLabel(labels.country).fill('Brazil');
  await page.getByLabel(labels.telegram).fill(`@ref_${Date.now().toString(36)}`);
  await page.getByRole('checkbox', { name: 'Twitter/X' }).click();
  await page.getByLabel(labels.twitter).fill('https://x.com/referee');
  await page.getByLabel(labels.followers).fill('1200');
  await page.getByLabel(labels.whyJoin).fill('I want to bring my football community on chain and share the farm game with them every week.');
  await page.getByLabel(labels.experience).fill('I run a Telegram group of 2,000 fans and post match threads on X every weekend of the season.');
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
}

const ENGLISH = {
  fullName: /^Full Name/,
  email: /^Email/,
  country: /^Country/,
  telegram: /^Personal Telegram Username/,
  twitter: /^Twitter\/X Profile URL/,
  followers: /^Total Followers/,
  whyJoin: /^Why do you want to join/,
  experience: /^Relevant experience/,
  submit: 'Submit',
};

async function approveByEmail(email: string): Promise<void> {
  const pending = (await admin.get('/api/admin/applications?limit=500')).body as Array<{ id: string; email: string }>;
  const application = pending.find((a) => a.email === email);
  if (!application) throw new Error(`no application from ${email}`);
  const approved = await admin.post(`/api/admin/applications/${application.id}/approve`);
  expect(approved.status, approved.text).toBe(200);
}

beforeAll(async () => {
  admin = await superAdminClient(suite.server);
  // The rule is set before the month is first seen, so this month's terms carry it.
  const set = await admin.patch('/api/super-admin/settings', { referral: { qualify: 'approved', gcm: '25', usdt: '2', monthlyCap: 5 } });
  expect(set.status, set.text).toBe(200);
  await ensureSeason(suite.server.ctx, seasonOf(suite.server.clock.now()));
  referrer = await createAmbassador(suite.server, { admin, fullName: 'Renata Referrer' });
  link = (await referrer.client.get('/api/referrals')).body.link;
});

describe('a referral link, end to end', () => {
  it('a visitor follows the link in a fresh browser and applies; once approved, the referrer’s open page shows the credit', async () => {
    const mine = await suite.pages.open();
    await signInAsAmbassador(mine.page, referrer.email, referrer.password);
    await mine.page.goto('/referrals');
    await mine.page.getByRole('heading', { name: 'Referrals', level: 1 }).waitFor();
    expect(await mine.page.getByTestId('referral-link').inputValue()).toBe(link);
    await mine.page.getByRole('img', { name: 'QR code of your referral link' }).waitFor();
    await settle(mine.page);
    const found = await axeViolations(mine.page, 'referrals page');
    expect(found, describeViolations(found)).toEqual([]);

    const visitor = await suite.pages.open();
    await visitor.context.setExtraHTTPHeaders({ 'x-forwarded-for': '203.0.113.10' });
    await visitor.page.goto(new URL(link).pathname);
    await visitor.page.waitForURL((url) => url.pathname === '/apply');
    const cookies = await visitor.context.cookies();
    expect(cookies.find((c) => c.name === 'ref')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const person = { fullName: 'Vera Visitor', email: uniqueEmail('visitor') };
    await applyOnTheForm(visitor.page, person);
    await expectText(visitor.page, 'Application Submitted!');
    await expectContent(mine.page.getByRole('table', { name: 'Your referees' }).or(mine.page.getByRole('list', { name: 'Your referees' })), 'Vera Visitor');

    await approveByEmail(person.email);
    // Live: the referrer's page hears its own change and shows the credit without a reload.
    const row = mine.page.getByRole('row', { name: /Vera Visitor/ }).or(mine.page.getByRole('listitem').filter({ hasText: 'Vera Visitor' }));
    await expectContent(row, 'Credited');
    await expectContent(mine.page.getByRole('definition').nth(3), '1');
  });

  it('holds a referral from the referrer’s own network, and tells the referrer why in Portuguese', async () => {
    expect((await referrer.client.patch('/api/user', { locale: 'pt-BR' })).status).toBe(200);
    const mine = await suite.pages.open();
    await signInAsAmbassador(mine.page, referrer.email, referrer.password);
    // Signed in (on the English form), the pages speak the account's language.
    await mine.context.addCookies([{ name: 'locale', value: 'pt-BR', url: suite.server.url }]);
    await mine.page.goto('/referrals');
    await mine.page.getByRole('heading', { name: 'Indicações', level: 1 }).waitFor();

    // No X-Forwarded-For: the loopback address the referrer applied from.
    const visitor = await suite.pages.open();
    await visitor.page.goto(new URL(link).pathname);
    await visitor.page.waitForURL((url) => url.pathname === '/apply');
    const person = { fullName: 'Nelson Network', email: uniqueEmail('network') };
    await applyOnTheForm(visitor.page, person);
    await expectText(visitor.page, 'Application Submitted!');
    await approveByEmail(person.email);

    const row = mine.page.getByRole('row', { name: /Nelson Network/ }).or(mine.page.getByRole('listitem').filter({ hasText: 'Nelson Network' }));
    await expectContent(row, 'Retida para análise');
    await expectContent(row, 'O indicado se inscreveu a partir da sua rede.');
    await settle(mine.page);
    const found = await axeViolations(mine.page, 'referrals page in Portuguese');
    expect(found, describeViolations(found)).toEqual([]);
  });

  it('the super admin sees the rule, and releases the held referral with the keyboard; the referrer is credited', async () => {
    const { page } = await suite.pages.open();
    await signInAsSuperAdmin(page, { tab: 'Super Admin' });
    const rule = page.getByRole('form', { name: 'Referral rule' });
    expect(await rule.getByLabel(/^GCM per referral/).inputValue()).toBe('25.00');
    expect(await rule.getByLabel(/^Monthly cap per referrer/).inputValue()).toBe('5');

    await page.getByRole('tab', { name: 'Referrals' }).click();
    const held = page.getByTestId('held-referral').filter({ hasText: 'Nelson Network' });
    await expectContent(held, 'Same network: the referee applied from the referrer’s network address');
    const reason = held.getByLabel('Reason');
    await reason.focus();
    await page.keyboard.press('ArrowDown');
    expect(await reason.inputValue()).not.toBe('');
    await page.keyboard.press('Tab');
    await page.keyboard.type('The referee lives with the referrer; checked by a call.');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Release: credit it');
    await page.keyboard.press('Enter');
    await held.waitFor({ state: 'detached' });
    const item = ((await referrer.client.get('/api/referrals')).body.items as Array<{ name: string; status: string }>).find((i) => i.name === 'Nelson Network');
    expect(item?.status).toBe('credited');
  });

  it('pages through the held referrals, twenty at a time, oldest first', async () => {
    // One browser for the referrer and 21 referees: 21 held (shared_device), one more than a page.
    const device = 'did=pagerBrowserId0000000P';
    const pager = await join(suite.server, admin, { ip: freshIp(), cookie: device, fields: { fullName: 'Petra Pager' } });
    const referralCode = (await pager.client.get('/api/ambassador')).body.referralCode as string;
    for (let i = 1; i <= 21; i++) {
      const applied = await apply(
        suite.server,
        { referralCode, fullName: `Pat Pager ${String(i).padStart(2, '0')}`, email: uniqueEmail('pager') },
        { cookie: device },
      );
      expect(applied.status, applied.text).toBe(201);
      const approved = await admin.post(`/api/admin/applications/${applied.body.id}/approve`);
      expect(approved.status, approved.text).toBe(200);
    }
    expect((await pager.client.get('/api/referrals')).body).toMatchObject({ held: 21 });

    const { page } = await suite.pages.open();
    await signInAsSuperAdmin(page, { tab: 'Referrals' });
    const pages = page.getByRole('navigation', { name: 'Held referrals pages' });
    await expectContent(pages, 'Showing 1–20 of 21');
    const held = page.getByTestId('held-referral');
    await expectContent(held.first(), 'Pat Pager 01');
    expect(await held.count()).toBe(20);
    await pages.getByRole('button', { name: 'Next' }).click();
    await expectContent(pages, 'Showing 21–21 of 21');
    await expectContent(held.first(), 'Pat Pager 21');
    expect(await held.count()).toBe(1);
  });
});
