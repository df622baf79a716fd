/**
 * Lists on a phone (390 px): the admin console's rows become cards whose actions stay on screen,
 * and the ambassador's wallet and dashboard keep every key fact of a row, with no sideways scroll;
 * the admin tab bar keeps the selected tab in view; and at 320 px nothing scrolls sideways.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { createAmbassador, credit, validReport, type CreatedAmbassador } from '../helpers/factories.ts';
import { utcDay } from '../helpers/clock.ts';
import { browserSuite, expectContent, expectNoHorizontalOverflow, expectText, screenshot, signInAsAmbassador, signInAsSuperAdmin } from './browser.ts';
import { E2E_WALLET } from '../helpers/wallets.ts';

const PHONE_390 = { width: 390, height: 844 } as const;
const PHONE_320 = { width: 320, height: 640 } as const;
// A long name, so a row's facts have to wrap rather than push its buttons away.
const NAME = 'Thandiwe Nomvula Mabuza-Okonkwo';

let superAdmin: ApiClient;
let ambassador: CreatedAmbassador;
const suite = browserSuite();
const { server, pages } = suite;

/** Inside the viewport's width, and the page itself does not scroll sideways. */
async function expectWithinViewport(page: Page, locator: Locator): Promise<void> {
  await locator.waitFor();
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await expectNoHorizontalOverflow(page);
}

beforeAll(async () => {
  superAdmin = await superAdminClient(server);
  ambassador = await createAmbassador(server, { admin: superAdmin, fullName: NAME });
  const client = ambassador.client;
  expect((await client.patch('/api/ambassador', { usdtWalletAddress: E2E_WALLET })).status).toBe(200);
  await credit(server, ambassador.ambassadorId, 'USDT', '400.00');
  expect((await client.post('/api/reports', validReport({ weekStartDate: utcDay(-7), weekEndDate: utcDay(0) }))).status).toBe(201);
  const paid = await client.post('/api/withdrawal-requests', { amount: 75.5, walletAddress: E2E_WALLET });
  expect(paid.status).toBe(201);
  expect((await superAdmin.post(`/api/admin/withdrawals/${paid.body.id}/approve`, { adminNotes: 'Sent' })).status).toBe(200);
  expect((await client.post('/api/withdrawal-requests', { amount: 120, walletAddress: E2E_WALLET })).status).toBe(201);
  const refused = await client.post('/api/withdrawal-requests', { amount: 60, walletAddress: E2E_WALLET });
  expect(refused.status).toBe(201);
  expect((await superAdmin.post(`/api/admin/withdrawals/${refused.body.id}/reject`, { reasonCode: 'wallet_mismatch', facts: REJECTION_FACTS })).status).toBe(
    200,
  );
});

const REJECTION_FACTS = 'The address on the request is not the one you verified last week; please verify the new address and ask again.';

/** How many lines a text box takes (its line boxes' distinct tops). */
async function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
  });
}

/** Width of an element against the card (list item) holding it. */
async function shareOfCard(locator: Locator): Promise<number> {
  return locator.evaluate((node) => {
    const card = node.closest('li');
    if (!card) return 0;
    const padding = parseFloat(getComputedStyle(card).paddingLeft) + parseFloat(getComputedStyle(card).paddingRight);
    return node.getBoundingClientRect().width / (card.getBoundingClientRect().width - padding);
  });
}

describe('the narrowest phones, 320 px', () => {
  it('the profile and the admin Withdrawals and Super Admin tabs do not scroll sideways', async () => {
    const member = await pages.open(PHONE_320);
    await signInAsAmbassador(member.page, ambassador.email, ambassador.password);
    await member.page.goto('/profile');
    await expectText(member.page, 'Badge Progression');
    await expectNoHorizontalOverflow(member.page);
    // Each section's editor too.
    for (const editor of ['Edit social media profiles', 'Edit wallet addresses', 'Edit password']) {
      await member.page.getByRole('button', { name: editor }).click();
      await expectNoHorizontalOverflow(member.page);
    }
    await screenshot(member.page, 'phone-320-profile');

    const { page } = await pages.open(PHONE_320);
    await signInAsSuperAdmin(page);
    await expectNoHorizontalOverflow(page);
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    await expectContent(page.getByRole('list', { name: 'Withdrawal Requests' }), '$120.00');
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'phone-320-admin-withdrawals');
    await page.getByRole('tab', { name: 'Super Admin' }).click();
    await page.getByRole('list', { name: 'Admin Accounts' }).waitFor();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'phone-320-admin-super-admin');
  });
});

describe('a rejected withdrawal on a phone (issue 40, item 2)', () => {
  for (const size of [PHONE_320, PHONE_390]) {
    it(`at ${size.width} px its reason and appeal form take the card's width, and the short address stays on one line`, async () => {
      const { page } = await pages.open(size);
      await signInAsAmbassador(page, ambassador.email, ambassador.password);
      await page.goto('/wallet');
      const item = page.getByRole('list', { name: 'Withdrawal Requests' }).getByRole('listitem').filter({ hasText: '$60.00' });
      await expectContent(item, 'rejected');
      const reason = item.getByTestId('decision-reason');
      await reason.waitFor();
      // The reason spans the card (it used to sit in the value column, one word or letter per line).
      expect(await shareOfCard(reason)).toBeGreaterThan(0.95);
      expect(await lineCount(item.getByText(REJECTION_FACTS))).toBeLessThanOrEqual(size.width === 320 ? 6 : 5);
      // Each shortened address (and date) is whole on one line, not '0x52 / 90…'.
      const address = item.getByTitle(E2E_WALLET);
      expect(await lineCount(address)).toBe(1);
      for (const other of await page.getByRole('list', { name: 'Withdrawal Requests' }).getByTitle(E2E_WALLET).all()) expect(await lineCount(other)).toBe(1);

      await item.getByRole('button', { name: 'Appeal' }).click();
      const textarea = item.getByLabel(/Why should this decision change/);
      await textarea.waitFor();
      // The appeal form's box is the card's width less the form's own padding (it was 26 px wide at 320 px).
      expect(await shareOfCard(textarea)).toBeGreaterThan(0.8);
      expect((await textarea.boundingBox())?.width ?? 0).toBeGreaterThan(size.width / 2);
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `phone-${size.width}-rejected-withdrawal`);
    });
  }
});

describe('lists at 390 px', () => {
  it('the admin console keeps the Review and Edit buttons and the amounts on screen', async () => {
    const { page } = await pages.open(PHONE_390);
    await signInAsSuperAdmin(page, { tab: 'Reports' });
    const reports = page.getByRole('list', { name: 'Reports' });
    await expectContent(reports, NAME);
    await expectContent(reports, 'pending');
    await expectWithinViewport(page, reports.getByRole('button', { name: `Review report of ${NAME}` }));
    await screenshot(page, 'phone-admin-reports');

    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    const withdrawals = page.getByRole('list', { name: 'Withdrawal Requests' });
    const pending = withdrawals.getByRole('listitem').filter({ hasText: '$120.00' });
    await expectContent(pending, 'pending');
    await expectWithinViewport(page, pending.getByText('$120.00', { exact: true }));
    await expectWithinViewport(page, pending.getByRole('button', { name: `Review withdrawal of ${NAME}` }));
    // Only a pending request offers review.
    const approved = withdrawals.getByRole('listitem').filter({ hasText: '$75.50' });
    await expectContent(approved, 'approved');
    expect(await approved.getByRole('button').count()).toBe(0);
    await screenshot(page, 'phone-admin-withdrawals');
    // The card's button opens the same review dialog.
    await pending.getByRole('button', { name: `Review withdrawal of ${NAME}` }).click();
    await page.getByRole('dialog', { name: 'Review Withdrawal' }).getByText(E2E_WALLET).waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Ambassadors' }).click();
    await expectWithinViewport(page, page.getByRole('list', { name: 'Ambassadors' }).getByRole('button', { name: `Edit ${NAME}` }));
    await page.getByRole('tab', { name: 'Super Admin' }).click();
    await page.getByRole('list', { name: 'Admin Accounts' }).waitFor();
    await expectNoHorizontalOverflow(page);
  });

  it('the admin tab bar keeps the tab tapped in view', async () => {
    const { page } = await pages.open(PHONE_390);
    await signInAsSuperAdmin(page);
    const bar = page.getByRole('tablist', { name: 'Admin sections' });
    await bar.waitFor();
    // A tab the bar shows only in part, tapped where it shows (a finger does not scroll it first).
    const target = await bar.evaluate((list) => {
      const box = list.getBoundingClientRect();
      for (const tab of Array.from(list.querySelectorAll('[role="tab"]'))) {
        const rect = tab.getBoundingClientRect();
        if (rect.right > box.right + 1 && rect.left < box.right - 12) {
          return { name: (tab.textContent ?? '').trim(), x: (rect.left + box.right) / 2, y: rect.top + rect.height / 2 };
        }
      }
      return null;
    });
    expect(target, 'a tab shown in part at 390 px').not.toBeNull();
    if (!target) return;
    await page.touchscreen.tap(target.x, target.y);
    const tab = bar.getByRole('tab', { name: target.name });
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    // The selected tab is wholly in view in the bar.
    const inView = () =>
      tab.evaluate((node) => {
        const list = node.closest('[role="tablist"]')?.getBoundingClientRect();
        const rect = node.getBoundingClientRect();
        return Boolean(list && rect.left >= list.left - 1 && rect.right <= list.right + 1);
      });
    await expect.poll(inView).toBe(true);
    // And with the keyboard: the last tab, then back to the first.
    await page.keyboard.press('End');
    const last = bar.getByRole('tab').last();
    await expect.poll(() => last.getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(() =>
        last.evaluate((node) => {
          const list = node.closest('[role="tablist"]')?.getBoundingClientRect();
          const rect = node.getBoundingClientRect();
          return Boolean(list && rect.left >= list.left - 1 && rect.right <= list.right + 1);
        }),
      )
      .toBe(true);
    await screenshot(page, 'phone-admin-tab-bar');
  });

  it('the wallet shows each withdrawal’s amount and status, and the dashboard each report’s', async () => {
    const { page } = await pages.open(PHONE_390);
    await signInAsAmbassador(page, ambassador.email, ambassador.password);
    const recent = page.getByRole('list', { name: 'Recent Activity Reports' });
    await expectContent(recent, 'pending');
    await expectNoHorizontalOverflow(page);

    await page.goto('/wallet');
    const withdrawals = page.getByRole('list', { name: 'Withdrawal Requests' });
    for (const [amount, status] of [
      ['$120.00', 'pending'],
      ['$75.50', 'approved'],
    ] as const) {
      const item = withdrawals.getByRole('listitem').filter({ hasText: amount });
      await expectContent(item, status);
      await expectWithinViewport(page, item.getByText(amount, { exact: true }));
      await expectWithinViewport(page, item.getByText(status, { exact: true }));
    }
    await expectContent(withdrawals.getByRole('listitem').filter({ hasText: '$75.50' }), 'Sent');
    const history = page.getByRole('list', { name: 'Transaction History' });
    await expectContent(history, '-$75.50');
    await expectWithinViewport(page, history.getByText('+$400.00', { exact: true }));
    await expectText(page, 'Available to withdraw');
    await screenshot(page, 'phone-wallet');
  });
});
