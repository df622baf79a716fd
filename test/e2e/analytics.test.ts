/**
 * The Analytics tab in Chromium (DECISIONS §5, The admin desk): the queues' oldest items, and the
 * charts with their axes named and each said in a sentence and a table for screen readers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { createAmbassador, validApplication, validReport } from '../helpers/factories.ts';
import { browserSuite, expectNoHorizontalOverflow, expectText, PHONE, screenshot, signInAsSuperAdmin } from './browser.ts';

const suite = browserSuite();
const pages = suite.pages;

beforeAll(async () => {
  const admin = await superAdminClient(suite.server);
  const first = await createAmbassador(suite.server, { admin, fullName: 'Chart One' });
  const second = await createAmbassador(suite.server, { admin, fullName: 'Chart Two' });
  expect((await new ApiClient(suite.server).post('/api/applications', validApplication({ fullName: 'Still Waiting' }))).status).toBe(201);
  const reported = await first.client.post('/api/reports', validReport());
  expect((await second.client.post('/api/reports', validReport())).status).toBe(201);
  expect((await admin.post(`/api/admin/reports/${reported.body.id}/review`, { status: 'approved', gcmAwarded: '250', usdtAwarded: '12.50' })).status).toBe(200);
});

describe('the Analytics tab', () => {
  it('shows the queues and the charts, each in words too', async () => {
    const { page } = await pages.open();
    await signInAsSuperAdmin(page, { tab: 'Analytics' });
    await expectText(page, 'Oldest waiting in each queue');
    expect(await page.getByTestId('queue-applications').textContent()).toBe('Less than an hour');
    expect(await page.getByTestId('queue-withdrawals').textContent()).toBe('Nothing waiting');
    await expectText(page, /^Last 12 weeks: 3 applications, 2 approved\. This week: 3 received, 2 approved\.$/);
    await expectText(page, /^Last 12 weeks: 2 reports sent, 1 reviewed\./);
    await expectText(page, /^This month: 250 GCM and \$12\.50 USDT\./);
    await expectText(page, /^This month: 2 active\./);
    // Each chart names its axes and units.
    await page.locator('.recharts-label', { hasText: 'USDT ($)' }).first().waitFor();
    await page.locator('.recharts-label', { hasText: 'Hours' }).first().waitFor();
    // The charts are hidden from screen readers and out of the Tab order; their tables are read instead.
    expect(await page.locator('svg.recharts-surface[tabindex]').count()).toBe(0);
    expect(await page.getByRole('table', { name: 'Awards per month' }).count()).toBe(1);
    await screenshot(page, 'admin-analytics');
  });

  it('says there is no data yet rather than naming a busiest month of nobody', async () => {
    const { page } = await pages.open();
    // The figures of a programme that has just started: the same answer, every count at zero.
    await page.route('**/api/admin/analytics', async (route) => {
      const real = (await (await route.fetch()).json()) as {
        weeks: Record<string, unknown>[];
        months: Record<string, unknown>[];
        queues: Record<string, unknown>;
      };
      const zero = (row: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(row).map(([key, value]) => [
            key,
            typeof value === 'number' ? 0 : typeof value === 'string' && /^\d+\.\d{2}$/.test(value) ? '0.00' : key === 'medianReviewHours' ? null : value,
          ]),
        );
      await route.fulfill({
        json: { weeks: real.weeks.map(zero), months: real.months.map(zero), queues: Object.fromEntries(Object.keys(real.queues).map((k) => [k, null])) },
      });
    });
    await signInAsSuperAdmin(page, { tab: 'Analytics' });
    await expectText(page, 'No data yet: no ambassador has sent a report in these months.');
    expect(await page.getByText(/Busiest month/).count()).toBe(0);
  });

  it('fits a phone', async () => {
    const { page } = await pages.open(PHONE);
    await signInAsSuperAdmin(page, { tab: 'Analytics' });
    await expectText(page, 'Oldest waiting in each queue');
    await page.locator('.recharts-surface').first().waitFor();
    await expectNoHorizontalOverflow(page);
  });
});
