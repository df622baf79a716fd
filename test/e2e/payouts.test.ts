/**
 * Money out with proof in Chromium (DECISIONS §5, Money out): the treasurer selects the approved
 * withdrawals, downloads the Safe CSV batch, marks them paid with the batch's hash, and each
 * ambassador sees 'Paid' with the link to the transaction; a large withdrawal waits for a second
 * admin; a wallet change pauses withdrawals and the wallet page says until when.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { superAdminClient, type ApiClient } from '../helpers/client.ts';
import { ageAccounts, createAdmin, createAmbassador, credit, type CreatedAmbassador } from '../helpers/factories.ts';
import { SUPER_ADMIN } from '../helpers/server.ts';
import { browserSuite, expectNoHorizontalOverflow, expectText, expectToast, screenshot, signInAsAmbassador, signInAsSuperAdmin } from './browser.ts';
import { WALLET_A, WALLET_B } from '../helpers/wallets.ts';

const TOKEN = '0x55d398326f99059fF775485246999027B3197955';
const TX_HASH = `0x${'ab12'.repeat(16)}`;

let admin: ApiClient;
let striker: CreatedAmbassador;
let keeper: CreatedAmbassador;
const suite = browserSuite();
const pages = suite.pages;

beforeAll(async () => {
  admin = await superAdminClient(suite.server);
  striker = await createAmbassador(suite.server, { admin, fullName: 'Paid Striker' });
  keeper = await createAmbassador(suite.server, { admin, fullName: 'Paid Keeper' });
  await credit(suite.server, striker.ambassadorId, 'USDT', '900.00');
  await credit(suite.server, keeper.ambassadorId, 'USDT', '300.00');
  for (const [person, amount, wallet] of [
    [striker, '120.00', WALLET_A],
    [keeper, '75.50', WALLET_B],
  ] as const) {
    const requested = await person.client.post('/api/withdrawal-requests', { amount, walletAddress: wallet });
    expect(requested.status).toBe(201);
    expect((await admin.post(`/api/admin/withdrawals/${requested.body.id}/approve`, {})).status).toBe(200);
  }
  // Above the two-person threshold (500): the super admin's approval is the first of two (an admin of long standing).
  await ageAccounts(suite.server, [SUPER_ADMIN.email]);
  const large = await striker.client.post('/api/withdrawal-requests', { amount: '600.00', walletAddress: WALLET_A });
  expect((await admin.post(`/api/admin/withdrawals/${large.body.id}/approve`, {})).body).toMatchObject({ status: 'pending', approvals: 1 });
});

describe('a payout batch from the console', () => {
  it('exports the selection for a Safe, marks it paid, and each ambassador sees the proof', async () => {
    const { page } = await pages.open();
    await signInAsSuperAdmin(page, { tab: 'Withdrawals' });

    // The large one waits for a second admin, and says who gave the first approval.
    await expectText(page, 'Needs a second approval (1 of 2)');
    await page.getByRole('button', { name: 'Review withdrawal of Paid Striker' }).click();
    // The admin who gave the first approval is told before the click that theirs cannot be the second.
    const review = page.getByRole('dialog');
    await review.getByRole('note').filter({ hasText: 'You gave the first approval (1 of 2). Another admin must give the second.' }).waitFor();
    expect(await review.getByRole('button', { name: 'Approve' }).getAttribute('aria-disabled')).toBe('true');
    await review.getByRole('button', { name: 'Close' }).click();

    await page.getByLabel('Status').selectOption({ label: 'Approved, awaiting payment' });
    await page.getByRole('checkbox', { name: /Select for payment: \$120\.00 to Paid Striker/ }).waitFor();
    await page.getByRole('button', { name: 'Select all on this page' }).click();
    await expectText(page, '2 selected');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Safe CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^withdrawals-to-pay-safe-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.trim().split('\r\n').sort()).toEqual(
      ['token_type,token_address,receiver,amount,id', `erc20,${TOKEN},${WALLET_A},120.00,`, `erc20,${TOKEN},${WALLET_B},75.50,`].sort(),
    );

    await page.getByRole('button', { name: 'Mark paid' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('2 withdrawal(s), $195.50 in one transaction').waitFor();
    // A malformed hash is refused under the field, and nothing is sent.
    await dialog.getByLabel(/^Transaction hash/).fill('0x1234');
    await dialog.getByRole('button', { name: 'Mark 2 paid' }).click();
    await dialog.getByText('Enter the transaction hash: 0x followed by 64 hexadecimal characters').waitFor();
    await dialog.getByLabel(/^Transaction hash/).fill(TX_HASH);
    await screenshot(page, 'admin-mark-paid');
    await dialog.getByRole('button', { name: 'Mark 2 paid' }).click();
    await expectToast(page, 'Marked as paid');
    await page.getByLabel('Status').selectOption({ label: 'Paid' });
    await page
      .getByRole('link', { name: /view the transaction on the block explorer/ })
      .first()
      .waitFor();
    await screenshot(page, 'admin-withdrawals-paid');

    for (const person of [striker, keeper]) {
      const member = await pages.open();
      await signInAsAmbassador(member.page, person.email, person.password);
      await member.page.goto('/wallet');
      const link = member.page.getByRole('link', { name: /view the transaction on the block explorer/ });
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(`https://bscscan.com/tx/${TX_HASH}`);
      await member.page.getByText('Paid', { exact: true }).first().waitFor();
      if (person === striker) await screenshot(member.page, 'wallet-paid');
    }
  });

  it('tells the approver of an address changed since the request, and that a first approval of two is only that', async () => {
    const mover = await createAmbassador(suite.server, { admin, fullName: 'Moving Winger' });
    await credit(suite.server, mover.ambassadorId, 'USDT', '900.00');
    expect((await mover.client.patch('/api/ambassador', { usdtWalletAddress: WALLET_A })).status).toBe(200);
    expect((await mover.client.post('/api/withdrawal-requests', { amount: '650.00', walletAddress: WALLET_A })).status).toBe(201);
    // After the request, the payout address changes (the person, or someone with their password).
    expect((await mover.client.patch('/api/ambassador', { usdtWalletAddress: WALLET_B })).status).toBe(200);

    const { page } = await pages.open();
    await signInAsSuperAdmin(page, { tab: 'Withdrawals' });
    const row = page.getByRole('row').filter({ hasText: 'Moving Winger' });
    await row.getByText(/Address changed since the request, \w{3} \d{1,2}, \d{4}$/).waitFor();
    await page.getByRole('button', { name: 'Review withdrawal of Moving Winger' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review Withdrawal' });
    await dialog
      .getByRole('note')
      .filter({ hasText: /Address changed since the request: the ambassador's payout address was changed on .+, after this request was made\./ })
      .waitFor();
    await screenshot(page, 'admin-withdrawal-address-changed');
    // 650 is above the two-person threshold: this approval is the first of two, and the toast says so.
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'First approval recorded', 'Another admin must approve this withdrawal before it is paid.');
    await row.getByText('Needs a second approval (1 of 2)').waitFor();
  });

  it('tells a new admin before the click that their approval counts only from a date, and lets them see why', async () => {
    const newcomer = await createAdmin(suite.server, { superAdmin: admin, fullName: 'New Treasurer' });
    const row = (await newcomer.client.get('/api/admin/withdrawal-requests?status=pending')).body.find(
      (w: { approvers: { reason?: string } }) => w.approvers.reason === 'APPROVER_TOO_NEW',
    );
    expect(row?.approvers.eligibleFrom).toEqual(expect.any(String));
    const { page } = await pages.open();
    await page.goto('/auth');
    await page.getByLabel('Email').fill(newcomer.email);
    await page.getByLabel('Password').fill(newcomer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    await page
      .getByRole('button', { name: `Review withdrawal of ${row.ambassador.fullName}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Review Withdrawal' });
    const note = dialog
      .getByRole('note')
      .filter({ hasText: /^Your approval cannot count yet: for a withdrawal that needs two admins, your admin account is too new\. It counts from .+\.$/ });
    await note.waitFor();
    // Never the old promise that this approval will be the first of 2.
    expect(await dialog.getByText('Your approval will be the first of 2.').count()).toBe(0);
    const approve = dialog.getByRole('button', { name: 'Approve' });
    expect(await approve.getAttribute('aria-disabled')).toBe('true');
    expect(await approve.getAttribute('aria-describedby')).toBe(await note.getAttribute('id'));
    await approve.click({ force: true });
    await screenshot(page, 'admin-withdrawal-approver-too-new');
    // Nothing was sent: still one approval.
    const after = (await newcomer.client.get('/api/admin/withdrawal-requests?status=pending')).body.find((w: { id: string }) => w.id === row.id);
    expect(after.approvals).toBe(1);
  });

  it('lets an ambassador take back a pending request at 320 px: confirmed, the money back at once, and Cancelled shown', async () => {
    const saver = await createAmbassador(suite.server, { admin, fullName: 'Changing Mind' });
    await credit(suite.server, saver.ambassadorId, 'USDT', '200.00');
    expect((await saver.client.post('/api/withdrawal-requests', { amount: '150.00', walletAddress: WALLET_A })).status).toBe(201);
    const { page } = await pages.open({ width: 320, height: 740 });
    await signInAsAmbassador(page, saver.email, saver.password);
    await page.goto('/wallet');
    await page.getByRole('button', { name: 'Cancel request for $150.00' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this withdrawal request?' });
    await dialog.getByText(/The amount becomes available to withdraw again at once\. A cancelled request cannot be re-opened/).waitFor();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'wallet-cancel-withdrawal');
    // Keeping it changes nothing.
    await dialog.getByRole('button', { name: 'Keep the request' }).click();
    expect((await saver.client.get('/api/withdrawal-requests')).body[0].status).toBe('pending');
    await page.getByRole('button', { name: 'Cancel request for $150.00' }).click();
    await page.getByRole('dialog', { name: 'Cancel this withdrawal request?' }).getByRole('button', { name: 'Cancel request' }).click();
    await expectToast(page, 'Request cancelled', '$150.00 is available to withdraw again.');
    await page.getByText('cancelled', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel request for $150.00' }).count()).toBe(0);
    expect((await saver.client.get('/api/ambassador')).body.withdrawableUsdt).toBe('200.00');
    await expectNoHorizontalOverflow(page);

    // The desk lists it under its own filter.
    const desk = await pages.open();
    await signInAsSuperAdmin(desk.page, { tab: 'Withdrawals' });
    await desk.page.getByLabel('Status').selectOption({ label: 'Cancelled' });
    await desk.page.getByRole('row').filter({ hasText: 'Changing Mind' }).getByText('cancelled', { exact: true }).waitFor();
  });

  it('says on the wallet page that a wallet change paused withdrawals, and until when', async () => {
    expect((await keeper.client.patch('/api/ambassador', { usdtWalletAddress: WALLET_A })).status).toBe(200);
    const { page } = await pages.open();
    await signInAsAmbassador(page, keeper.email, keeper.password);
    await page.goto('/wallet');
    await expectText(page, /^For your security, withdrawals are paused until .+ after a wallet address change\.$/);
    expect(await page.getByRole('button', { name: 'Request Withdrawal' }).isDisabled()).toBe(true);
  });
});
