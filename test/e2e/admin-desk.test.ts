/**
 * The admin desk in Chromium (DECISIONS §5, The admin desk): abuse flags as badges that explain
 * themselves, 'Flagged only', each tab's CSV export with its filter, and the withdrawal review
 * naming the other ambassadors of a shared wallet.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { createAdmin, createAmbassador, credit, validApplication, type CreatedAmbassador } from '../helpers/factories.ts';
import { SUPER_ADMIN } from '../helpers/server.ts';
import { axeViolations, describeViolations } from './axe.ts';
import { browserSuite, expectText, screenshot, signInAsSuperAdmin } from './browser.ts';
import { WALLET_A } from '../helpers/wallets.ts';

const WALLET = WALLET_A;

let sharer: CreatedAmbassador;
let partner: CreatedAmbassador;
const suite = browserSuite();
const pages = suite.pages;

beforeAll(async () => {
  const admin = await superAdminClient(suite.server);
  sharer = await createAmbassador(suite.server, { admin, fullName: 'Wallet Sharer' });
  partner = await createAmbassador(suite.server, { admin, fullName: 'Wallet Partner' });
  await createAmbassador(suite.server, { admin, fullName: 'Honest Member' });
  for (const person of [sharer, partner]) expect((await person.client.patch('/api/ambassador', { usdtWalletAddress: WALLET })).status).toBe(200);
  await credit(suite.server, sharer.ambassadorId, 'USDT', '120.00');
  expect((await sharer.client.post('/api/withdrawal-requests', { amount: '60.00', walletAddress: WALLET })).status).toBe(201);
});

describe('the admin desk', () => {
  it('flags a shared wallet, filters to flagged rows, exports the filtered tab, and names the other owner in the review', async () => {
    const { page } = await pages.open();
    await signInAsSuperAdmin(page, { tab: 'Ambassadors' });
    const sharerRow = page.getByRole('row').filter({ hasText: 'Wallet Sharer' });
    const badge = sharerRow.getByText('Shared wallet');
    await badge.focus();
    await expectText(page, 'Shared wallet: this USDT address is also used by another ambassador.');
    await screenshot(page, 'admin-flags');

    await page.getByRole('checkbox', { name: 'Flagged only' }).click();
    await page.getByRole('row').filter({ hasText: 'Wallet Partner' }).waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Honest Member' }).count()).toBe(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^ambassadors-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toContain('Wallet Sharer');
    expect(csv).toContain('Wallet Partner');
    expect(csv).not.toContain('Honest Member');
    expect(csv).toContain('shared_wallet');

    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    // Searched by a part of the wallet address.
    await page.getByRole('searchbox', { name: 'Search by name, email or wallet' }).fill('5aaeb6053f');
    await page.getByRole('button', { name: 'Review withdrawal of Wallet Sharer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('This wallet is also used by:').waitFor();
    await dialog.getByText('Wallet Partner').waitFor();
    await screenshot(page, 'admin-withdrawal-shared-wallet');
    // The list of the wallet's other owners, read as the dialog opened, is as accessible as the rest.
    const found = await axeViolations(page, 'withdrawal review with a shared wallet');
    expect(found, describeViolations(found)).toEqual([]);
  });

  it('shows decided applications through the Applications tab’s status filter, and exports them (issue 40)', async () => {
    const admin = await superAdminClient(suite.server);
    const visitor = new ApiClient(suite.server);
    const applied = await visitor.post('/api/applications', validApplication({ fullName: 'Declined Applicant' }));
    expect((await admin.post(`/api/admin/applications/${applied.body.id}/reject`, { reasonCode: 'low_effort' })).status).toBe(200);
    const { page } = await pages.open();
    await signInAsSuperAdmin(page, { tab: 'Applications' });
    await page.getByRole('heading', { name: 'Pending Applications' }).waitFor();
    const status = page.getByRole('combobox', { name: 'Status' });
    expect(await status.inputValue()).toBe('pending');
    expect(await page.getByText('Declined Applicant').count()).toBe(0);
    await status.selectOption('rejected');
    await page.getByRole('row').filter({ hasText: 'Declined Applicant' }).waitFor();
    await page.getByRole('heading', { name: 'Applications', exact: true }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toContain('Declined Applicant');
    expect(csv).toContain('rejected');
    await screenshot(page, 'admin-applications-rejected');
  });

  it('shows what an edit changed in the activity log, filtered by action and admin, page by page', async () => {
    const admin = await superAdminClient(suite.server);
    expect((await admin.patch(`/api/admin/ambassadors/${partner.ambassadorId}`, { status: 'suspended' })).status).toBe(200);
    const { page } = await pages.open();
    await signInAsSuperAdmin(page, { tab: 'Super Admin' });
    await page.getByLabel('Action').selectOption({ label: 'Edited ambassador' });
    await page.getByLabel('Filter by admin email').fill('super@');
    const changes = page.getByRole('list', { name: 'Changes' }).first();
    await changes.waitFor();
    expect(await changes.textContent()).toMatch(/status: active →\s*changed to suspended/);
    await screenshot(page, 'admin-activity-changes');
  });
});

describe('changes to the admin team', () => {
  it('shows every admin a banner for 7 days when an admin is added', async () => {
    const admin = await superAdminClient(suite.server);
    const added = await createAdmin(suite.server, { superAdmin: admin, fullName: 'New Colleague' });
    const { page } = await suite.pages.open();
    await signInAsSuperAdmin(page);
    const banner = page.getByRole('region', { name: 'Changes to the admin team in the last 7 days' });
    await banner.getByText(`Added admin: New Colleague <${added.email}> by ${SUPER_ADMIN.email}`).waitFor();
    await expectText(page, /Every admin was emailed\./);
    await screenshot(page, 'admin-security-notices');
  });
});
