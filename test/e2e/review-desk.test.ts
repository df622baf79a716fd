/**
 * The fair review desk in Chromium (issue 29, DECISIONS §6): an ambassador whose report was
 * rejected reads the reason (its rule, linked to /rules, and the facts) on My Reports and appeals
 * it; the admin who rejected it cannot decide the appeal ('Another admin must decide this
 * appeal'); a second admin overturns it from the Appeals queue with awards; the ambassador sees
 * the report approved and the award. axe checks /rules, the appeal form, the reason step and the
 * Appeals queue on the way.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { weeklyReports } from '../../src/server/db/schema.ts';
import type { Page } from 'playwright-core';
import { superAdminClient, type ApiClient } from '../helpers/client.ts';
import { DAY, utcDay } from '../helpers/clock.ts';
import { createAdmin, createAmbassador, validReport, type CreatedAdmin, type CreatedAmbassador } from '../helpers/factories.ts';
import { axeViolations, describeViolations } from './axe.ts';
import { browserSuite, expectContent, expectText, expectToast, screenshot, signInAsAmbassador, signInAsSuperAdmin } from './browser.ts';

const FACTS = 'The links in the report open posts from March, not from this week. <b>not bold</b>';
const APPEAL = 'The posts were re-shared this week; the links show the new dates under the pinned thread.';

const suite = browserSuite();
const pages = suite.pages;
let lead: ApiClient;
let ambassador: CreatedAmbassador;
let second: CreatedAdmin;
let reportId: string;

async function expectAxeClean(page: Page, state: string): Promise<void> {
  expect(describeViolations(await axeViolations(page, state))).toBe('');
}

beforeAll(async () => {
  lead = await superAdminClient(suite.server);
  ambassador = await createAmbassador(suite.server, { admin: lead, fullName: 'Amara Okafor' });
  second = await createAdmin(suite.server, { superAdmin: lead, fullName: 'Second Reviewer' });
  const report = await ambassador.client.post('/api/reports', validReport({ weekStartDate: utcDay(-7), weekEndDate: utcDay(0) }));
  expect(report.status).toBe(201);
  reportId = String(report.body.id);
  const review = await lead.post(`/api/admin/reports/${reportId}/review`, {
    status: 'rejected',
    gcmAwarded: '0',
    usdtAwarded: '0',
    reasonCode: 'outside_period',
    adminNotes: FACTS,
  });
  expect(review.status).toBe(200);
});

describe('a rejected report, its reason and its one appeal', () => {
  it('the public /rules page has a section per reason, reached from the footer', async () => {
    const { page } = await pages.open();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Rules' }).click();
    await page.waitForURL('**/rules');
    await page.getByRole('heading', { level: 1, name: 'Programme Rules' }).waitFor();
    expect(await page.title()).toMatch(/Programme Rules/);
    await page.locator('section#outside_period').getByRole('heading', { name: 'Outside the week reported' }).waitFor();
    await expectAxeClean(page, 'rules');
  });

  it('the ambassador reads why on My Reports and appeals once', async () => {
    const { page } = await pages.open();
    await signInAsAmbassador(page, ambassador.email, ambassador.password);
    await page.goto(`/reports?id=${reportId}`);
    const detail = page.getByRole('dialog', { name: /^Report for/ });
    await detail.getByRole('heading', { name: 'Reason: Outside the week reported' }).waitFor();
    // The facts are text, never HTML.
    await expectContent(detail, FACTS);
    expect(await detail.locator('b').count()).toBe(0);
    // Whether an automatic check had flagged it when it was decided: none had.
    await expectContent(detail, 'No automatic check had flagged this when it was decided.');
    expect(await detail.getByRole('link', { name: /Read the rule/ }).getAttribute('href')).toBe('/rules#outside_period');
    await detail.getByRole('button', { name: 'Appeal' }).click();
    const form = detail.getByRole('form', { name: 'Appeal' });
    await form.getByLabel(/Why should this decision change/).fill(APPEAL);
    await expectAxeClean(page, 'appeal form');
    await form.getByRole('button', { name: 'Send appeal' }).click();
    await expectToast(page, 'Appeal sent');
    await expectText(page, 'Appeal sent: another admin will decide it.');
    expect(await detail.getByRole('button', { name: 'Appeal' }).count()).toBe(0);
    await screenshot(page, 'report-appealed');
    // Once: the server refuses a second appeal.
    expect((await ambassador.client.post(`/api/reports/${reportId}/appeal`, { text: 'again' })).status).toBe(409);
  });

  it('the admin who rejected it is refused; another admin overturns it with awards', async () => {
    const first = (await pages.open()).page;
    await signInAsSuperAdmin(first);
    // The tab says an appeal is waiting.
    await first.getByRole('tab', { name: 'Appeals 1 pending' }).waitFor();
    await first.getByRole('tab', { name: 'Appeals' }).click();
    await first.getByRole('button', { name: 'Decide appeal of Amara Okafor' }).click();
    const dialog = first.getByRole('dialog');
    await expectContent(dialog, APPEAL);
    // Said at once, before anything is filled in: there is no form to fill (issue 40).
    await expectContent(dialog.getByRole('alert'), 'Another admin must decide this appeal');
    expect(await dialog.getByLabel(/^Outcome/).count()).toBe(0);
    // The report that was rejected is there to read, its links as links.
    await expectContent(dialog.getByRole('region', { name: 'The report that was rejected' }), 'hosted a Telegram AMA with 300 attendees');
    await expectAxeClean(first, 'appeals queue');

    const { page } = await pages.open();
    await page.goto('/auth');
    await page.getByLabel('Email').fill(second.email);
    await page.getByLabel('Password').fill(second.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/auth');
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Appeals' }).click();
    await page.getByRole('button', { name: 'Decide appeal of Amara Okafor' }).click();
    const decide = page.getByRole('dialog');
    await expectContent(decide.getByRole('region', { name: 'The report that was rejected' }), 'hosted a Telegram AMA with 300 attendees');
    // Nothing is chosen for the admin: one click does not decide.
    expect(await decide.getByLabel(/^Outcome/).inputValue()).toBe('');
    await decide.getByRole('button', { name: 'Decide Appeal' }).click();
    await expectText(page, 'Choose whether the decision stands or is overturned');
    // Overturning asks for each award, 0 included, typed.
    await decide.getByLabel(/^Outcome/).selectOption('overturned');
    expect(await decide.getByLabel(/^GCM Awarded/).inputValue()).toBe('');
    await decide.getByRole('button', { name: 'Decide Appeal' }).click();
    expect(await decide.getByText('Enter the amount to award (type 0 for none)').count()).toBe(2);
    await decide.getByLabel(/^GCM Awarded/).fill('150');
    await decide.getByLabel(/^USDT Awarded/).fill('12.5');
    await decide.getByLabel('Admin Notes (optional)').fill('The re-shared posts are dated this week.');
    await decide.getByRole('button', { name: 'Decide Appeal' }).click();
    // A confirmation that says what it does; Back returns to the form, nothing decided.
    const confirmation = decide.getByTestId('overturn-confirmation');
    await expectContent(confirmation, 'The report is approved and Amara Okafor is credited 150 GCM and $12.50. This cannot be undone.');
    const [queued] = (await lead.get('/api/admin/appeals?status=pending')).body as { status: string }[];
    expect(queued?.status).toBe('pending');
    await screenshot(page, 'appeal-overturn-confirmation');
    await confirmation.getByRole('button', { name: 'Confirm overturn' }).click();
    await expectToast(page, 'Appeal Decided', 'The decision was overturned.');
    await screenshot(page, 'appeal-overturned');
  });

  it('the ambassador sees the report approved and the award', async () => {
    const { page } = await pages.open();
    await signInAsAmbassador(page, ambassador.email, ambassador.password);
    await page.goto('/reports');
    const row = page.getByRole('table', { name: 'My Reports' }).getByRole('row').nth(1);
    await expectContent(row, 'approved');
    await expectContent(row, '+150');
    // Its history keeps the rejection, its reason and the appeal (issue 40).
    await page.goto(`/reports?id=${reportId}`);
    const history = page.getByRole('dialog', { name: /^Report for/ }).getByTestId('decision-history');
    await history.getByRole('heading', { name: 'Reason: Outside the week reported' }).waitFor();
    await expectContent(history, FACTS);
    await expectContent(history, APPEAL);
    await expectContent(history, 'Appeal decided: the decision was overturned.');
    await screenshot(page, 'report-overturned-history');
    await page.goto('/wallet');
    await expectText(page, /\+\$12\.50/);
  });
});

describe('the appeal window, by the server’s clock (issue 40, item 3)', () => {
  async function rejected(fullName: string, reviewedDaysAgo: number) {
    const person = await createAmbassador(suite.server, { admin: lead, fullName });
    const report = await person.client.post('/api/reports', validReport({ weekStartDate: utcDay(-7), weekEndDate: utcDay(0) }));
    expect(report.status).toBe(201);
    const id = String(report.body.id);
    expect((await lead.post(`/api/admin/reports/${id}/review`, { status: 'rejected', reasonCode: 'low_effort' })).status).toBe(200);
    // Decided that many days ago by the server's reckoning.
    const reviewedAt = new Date(suite.server.clock.real().getTime() - reviewedDaysAgo * DAY);
    await suite.server.db.update(weeklyReports).set({ reviewedAt }).where(eq(weeklyReports.id, id));
    return { person, id, deadline: new Date(reviewedAt.getTime() + 14 * DAY) };
  }

  it('offers the appeal while the server takes it, though the phone’s clock runs a month ahead', async () => {
    const { person, id } = await rejected('Kofi Ahead', 1);
    const tracked = await pages.open();
    // The device believes the 14 days are long gone.
    await tracked.context.clock.install({ time: new Date(Date.now() + 30 * DAY) });
    await signInAsAmbassador(tracked.page, person.email, person.password);
    await tracked.page.goto(`/reports?id=${id}`);
    const detail = tracked.page.getByRole('dialog', { name: /^Report for/ });
    await detail.getByRole('button', { name: 'Appeal' }).waitFor();
    expect(await detail.getByTestId('appeal-closed').count()).toBe(0);
  });

  it('says when the window closed once the server’s deadline has passed, though the phone’s clock runs behind', async () => {
    const { person, id, deadline } = await rejected('Ama Behind', 20);
    const tracked = await pages.open();
    // The device believes the decision is recent.
    await tracked.context.clock.install({ time: new Date(Date.now() - 19 * DAY) });
    await signInAsAmbassador(tracked.page, person.email, person.password);
    await tracked.page.goto(`/reports?id=${id}`);
    const detail = tracked.page.getByRole('dialog', { name: /^Report for/ });
    const closedOn = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(deadline);
    await expectContent(detail.getByTestId('appeal-closed'), 'The appeal window closed on');
    await expectContent(detail.getByTestId('appeal-closed'), closedOn);
    expect(await detail.getByRole('button', { name: 'Appeal' }).count()).toBe(0);
    await screenshot(tracked.page, 'appeal-window-closed');
  });
});

describe('the reason step on the admin desk', () => {
  it('asks for a reason before a reject, and passes axe', async () => {
    // Another ambassador: one report a day each.
    const other = await createAmbassador(suite.server, { admin: lead, fullName: 'Bisi Adeyemi' });
    const report = await other.client.post('/api/reports', validReport({ weekStartDate: utcDay(-7), weekEndDate: utcDay(0) }));
    expect(report.status).toBe(201);
    const { page } = await pages.open();
    await signInAsSuperAdmin(page, { tab: 'Reports' });
    await page.getByRole('button', { name: 'Review report of Bisi Adeyemi' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Status').selectOption('rejected');
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expectText(page, 'Choose the reason for this decision');
    await dialog.getByTestId('decision-flags').waitFor();
    await expectAxeClean(page, 'reason step');
    // Only the codes that fit a report.
    const options = await dialog
      .getByLabel(/^Reason/)
      .locator('option')
      .allTextContents();
    expect(options).not.toContain('Wallet problem');
    await dialog.getByLabel(/^Reason/).selectOption('low_effort');
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expectToast(page, 'Report Reviewed', 'The report was rejected.');
  });
});

describe('the service levels', () => {
  it('are set by the super admin: a refused value says why, a saved one is what the server keeps', async () => {
    const { page } = await pages.open();
    await signInAsSuperAdmin(page, { tab: 'Super Admin' });
    const form = page.getByRole('form', { name: 'Service levels' });
    const reports = form.getByLabel('Reports (business days)');
    await expect.poll(() => reports.inputValue()).toBe('5');
    await expectAxeClean(page, 'service levels');

    await reports.fill('0');
    await form.getByRole('button', { name: 'Save service levels' }).click();
    await expectContent(form, 'A service level is a whole number of business days from 1 to 60');
    expect((await lead.get('/api/settings')).body.serviceLevels.reports).toBe(5);

    await reports.fill('3');
    await form.getByLabel('Appeals (business days)').fill('4');
    await form.getByRole('button', { name: 'Save service levels' }).click();
    await expectToast(page, 'Service Levels Updated', 'The desk measures each pending item against the new service levels.');
    expect((await lead.get('/api/settings')).body.serviceLevels).toEqual({ reports: 3, applications: 7, withdrawals: 2, appeals: 4 });
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'service-levels');
  });
});
