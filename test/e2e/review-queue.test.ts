/**
 * A reviewer works through the queue from one dialog (DECISIONS §5, The admin desk): the award
 * field has the focus; Alt+A approves and Alt+R rejects from any of the review's fields (the notes
 * keep their letters), `a` and `r` alone from the award fields; `n` opens the next pending report
 * nobody else holds, and a report another admin holds shows 'Being reviewed by …' and is never handed out.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { createAdmin, createAmbassador, validReport } from '../helpers/factories.ts';
import { browserSuite, expectText, expectToast, screenshot, signInAsSuperAdmin } from './browser.ts';

let lead: ApiClient;
const reportOf = new Map<string, string>();
const suite = browserSuite();
const pages = suite.pages;

async function focusedLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active) return '';
    const labelled = active.id ? document.querySelector(`label[for="${active.id}"]`)?.textContent : null;
    return (labelled ?? active.getAttribute('aria-label') ?? active.textContent ?? '').trim();
  });
}

beforeAll(async () => {
  lead = await superAdminClient(suite.server);
  const other = (await createAdmin(suite.server, { superAdmin: lead, fullName: 'Other Reviewer' })).client;
  for (const name of ['Queue First', 'Queue Held', 'Queue Second', 'Queue Third']) {
    const amb = await createAmbassador(suite.server, { admin: lead, fullName: name });
    reportOf.set(name, (await amb.client.post('/api/reports', validReport())).body.id as string);
  }
  expect((await other.post(`/api/admin/reports/${reportOf.get('Queue Held')}/claim`)).status).toBe(200);
});

describe('working through the review queue', () => {
  it('reviews three reports with the keyboard and Next pending, skipping the one another admin holds', async () => {
    const { page } = await pages.open();
    await signInAsSuperAdmin(page, { tab: 'Reports' });
    await expectText(page, 'Being reviewed by Other Reviewer');

    await page.getByRole('button', { name: 'Review report of Queue First' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Queue First' }).waitFor();
    await expect.poll(() => focusedLabel(page)).toBe('GCM Awarded');
    // The dialog says its keys.
    await dialog.getByText(/^Keys: Alt\+A approve, Alt\+R reject, Alt\+N next pending/).waitFor();
    await page.keyboard.type('120');
    await page.keyboard.press('Tab');
    await page.keyboard.type('5');
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('Admin Notes (optional)');
    // Letters typed in the notes stay letters (an 'a', an 'r', an 'n' among them)...
    await page.keyboard.type('Great AMA recap, and a new Telegram record.');
    expect(await dialog.getByLabel('Admin Notes (optional)').inputValue()).toBe('Great AMA recap, and a new Telegram record.');
    // ...and Alt+A approves from there.
    await page.keyboard.press('Alt+KeyA');
    await expectToast(page, 'Report Reviewed', 'The report was approved.');
    await expect.poll(() => focusedLabel(page)).toBe('Next pending');

    const seen: string[] = ['Queue First'];
    for (const decision of ['r', 'a'] as const) {
      await page.keyboard.press('n');
      const name = dialog.getByRole('heading', { name: /^Queue / });
      await expect.poll(async () => (await name.textContent()) ?? '').not.toBe(seen.at(-1));
      seen.push((await name.textContent()) ?? '');
      await expect.poll(() => focusedLabel(page)).toBe('GCM Awarded');
      await page.keyboard.press(decision);
      if (decision === 'r') {
        // A reject is a step: it asks for its reason first (DECISIONS §6), and Alt+R sends it from the picker.
        await expect.poll(() => focusedLabel(page)).toMatch(/^Reason/);
        await expectText(page, 'Choose the reason for this decision');
        await dialog.getByLabel('Reason').selectOption('low_effort');
        await page.keyboard.press('Alt+KeyR');
      }
      await expectToast(page, 'Report Reviewed', decision === 'r' ? 'The report was rejected.' : 'The report was approved.');
      // The reviewed report's form is gone; the focus is on the next step.
      await expect.poll(() => focusedLabel(page)).toBe('Next pending');
    }
    expect(seen.sort()).toEqual(['Queue First', 'Queue Second', 'Queue Third']);
    await page.keyboard.press('n');
    await expectText(page, 'No pending reports left to review.');
    await screenshot(page, 'admin-review-queue');

    // Reviewed as pressed; the held one is still pending, and still held by the other admin.
    const all = (await lead.get('/api/admin/reports?limit=100')).body as {
      id: string;
      status: string;
      gcmAwarded: string;
      adminNotes: string | null;
      claim: { by: string } | null;
    }[];
    const statusOf = (name: string) => all.find((r) => r.id === reportOf.get(name));
    expect(statusOf('Queue First')).toMatchObject({ status: 'approved', gcmAwarded: '120.00', adminNotes: 'Great AMA recap, and a new Telegram record.' });
    expect(statusOf('Queue Held')).toMatchObject({ status: 'pending', claim: { by: 'Other Reviewer' } });
    expect(['Queue Second', 'Queue Third'].map((name) => statusOf(name)?.status).sort()).toEqual(['approved', 'rejected']);
  });
});
