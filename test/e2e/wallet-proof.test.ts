/**
 * Payout wallets proven by signature, in Chromium (issue 30, DECISIONS §6 Wallet proof), with
 * WALLET_PROOF=required: a wallet injected into the page (EIP-6963, no extension) signs the server's
 * SIWE message and the address shows 'Verified'; several wallets are chosen by name; a phone without
 * one copies the message and pastes the signature back; an exchange deposit address is declared
 * with its longer first hold; the admin desk labels each withdrawal and filters the list and the
 * Safe export by it.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { superAdminClient, type ApiClient } from '../helpers/client.ts';
import { HOUR } from '../helpers/clock.ts';
import { createAmbassador, credit, type CreatedAmbassador } from '../helpers/factories.ts';
import { WALLET_A, WALLET_B, WALLET_C } from '../helpers/wallets.ts';
import {
  browserSuite,
  expectContent,
  expectNoHorizontalOverflow,
  expectText,
  expectToast,
  screenshot,
  signInAsAmbassador,
  signInAsSuperAdmin,
} from './browser.ts';
import { injectWallets, TEST_KEYS } from './test-wallet.ts';

const EXCHANGE_HOURS = 72;
const HOLD_HOURS = 48;
const TOKEN = '0x55d398326f99059fF775485246999027B3197955';

// Sessions outlast the holds the tests wait out on the server's clock.
const suite = browserSuite({
  env: { WALLET_PROOF: 'required', EXCHANGE_ADDRESS_HOLD_HOURS: String(EXCHANGE_HOURS), SESSION_IDLE_MINUTES: String(6 * 24 * 60) },
});
const pages = suite.pages;

let admin: ApiClient;
let striker: CreatedAmbassador;
let trader: CreatedAmbassador;
const striking = privateKeyToAccount(TEST_KEYS.first);
/** The message the striker's wallet signed, as the admin desk should show it. */
let strikerSigned = '';

beforeAll(async () => {
  admin = await superAdminClient(suite.server);
  striker = await createAmbassador(suite.server, { admin, fullName: 'Verified Striker' });
  trader = await createAmbassador(suite.server, { admin, fullName: 'Exchange Trader' });
  for (const person of [striker, trader]) await credit(suite.server, person.ambassadorId, 'USDT', '300.00');
});

const proofLabel = (page: Page) => page.getByTestId('wallet-proof');
const withdrawButton = (page: Page) => page.getByRole('button', { name: 'Request Withdrawal' });

async function requestWithdrawal(page: Page, amount: string): Promise<void> {
  await withdrawButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Request Withdrawal' });
  await dialog.getByLabel(/^Amount \(USDT\)/).fill(amount);
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expectToast(page, 'Withdrawal Requested');
  // Settled: the dialog gone, so a click on the button that opens it again is not taken by the closing one.
  await dialog.waitFor({ state: 'detached' });
}

describe('an ambassador proves the payout address', () => {
  it('with the wallet in the browser, in two clicks, and withdraws once the change hold is over', async () => {
    // A first address, then the wallet's: a change, so the 48-hour hold runs meanwhile.
    expect((await striker.client.patch('/api/ambassador', { usdtWalletAddress: WALLET_A })).status).toBe(200);
    expect((await striker.client.patch('/api/ambassador', { usdtWalletAddress: striking.address })).status).toBe(200);

    const { page } = await pages.open();
    const [wallet] = await injectWallets(page, [{ name: 'Test Wallet', key: TEST_KEYS.first }]);
    if (!wallet) throw new Error('no wallet');
    await signInAsAmbassador(page, striker.email, striker.password);
    await page.goto('/wallet');
    await expectContent(proofLabel(page), 'Unverified', { exact: true });
    await expectText(page, /^For your security, withdrawals are paused until .+ after a wallet address change\.$/);
    await screenshot(page, 'wallet-proof-unverified');

    // The wallet shares another account: nothing is asked to be signed, and the page says which.
    wallet.connected = privateKeyToAccount(TEST_KEYS.second).address;
    await page.getByRole('button', { name: 'Verify with your wallet' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Test Wallet is using 0x7099\.\.\.79C8, not your saved address 0xf39F\.\.\.2266\. Switch to that account in Test Wallet/ })
      .waitFor();
    expect(wallet.signed).toEqual([]);

    // The person declines in the wallet (EIP-1193 code 4001).
    wallet.connected = striking.address;
    wallet.answer = 'reject';
    await page.getByRole('button', { name: 'Verify with your wallet' }).click();
    await page.getByRole('alert').filter({ hasText: 'You declined the request in Test Wallet. Nothing was signed; you can try again.' }).waitFor();

    // Click one: Verify; click two: the wallet's Sign.
    wallet.answer = 'approve';
    await page.getByRole('button', { name: 'Verify with your wallet' }).click();
    await expectToast(page, 'Wallet Verified');
    await expectContent(proofLabel(page), /^Verified on \w{3} \d{1,2}, \d{4}$/);
    expect(await page.getByRole('button', { name: 'Verify with your wallet' }).count()).toBe(0);
    // The button pressed is gone: the focus stays in the wallet's box, on its Edit button, in the Tab order.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Edit USDT wallet address');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.tabIndex)).toBe(0);
    // The SIWE message the server issued: this site, this address, BNB Smart Chain.
    expect(wallet.signed).toHaveLength(1);
    strikerSigned = wallet.signed[0] ?? '';
    expect(strikerSigned).toContain(`${new URL(suite.server.url).host} wants you to sign in with your Ethereum account:\n${striking.address}\n`);
    expect(strikerSigned).toContain('Chain ID: 56');
    expect((await striker.client.get('/api/ambassador')).body).toMatchObject({ walletProof: 'verified' });
    await screenshot(page, 'wallet-proof-verified');

    // Still within the hold: no withdrawal yet. After it, the verified address is paid.
    expect(await withdrawButton(page).isDisabled()).toBe(true);
    suite.server.clock.advance(HOLD_HOURS * HOUR + 60_000);
    await page.reload();
    await expectContent(proofLabel(page), /^Verified on /);
    await expectText(page, 'You can withdraw up to $300.00.');
    await withdrawButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Request Withdrawal' });
    await dialog.getByText('Your saved address:').waitFor();
    await expectContent(dialog.getByText('Verified', { exact: true }), 'Verified');
    await dialog.getByLabel(/^Amount \(USDT\)/).fill('120');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expectToast(page, 'Withdrawal Requested');
  });

  it('lets the person choose among several wallets by name', async () => {
    const chooser = await createAmbassador(suite.server, { admin, fullName: 'Choosing Keeper' });
    const third = privateKeyToAccount(TEST_KEYS.third);
    expect((await chooser.client.patch('/api/ambassador', { usdtWalletAddress: third.address })).status).toBe(200);
    const { page } = await pages.open();
    const [other, holder] = await injectWallets(page, [
      { name: 'Other Wallet', key: TEST_KEYS.fourth },
      { name: 'Holding Wallet', key: TEST_KEYS.third },
    ]);
    await signInAsAmbassador(page, chooser.email, chooser.password);
    await page.goto('/wallet');
    await page.getByRole('button', { name: 'Verify with your wallet' }).click();
    const list = page.getByRole('region', { name: 'Which wallet holds this address?' });
    await list.waitFor();
    // Named, with each wallet's own icon beside its name.
    expect(await list.getByRole('button').allTextContents()).toEqual(['Other Wallet', 'Holding Wallet', 'Cancel']);
    expect(await list.locator('img').count()).toBe(2);
    await screenshot(page, 'wallet-proof-choose');
    await list.getByRole('button', { name: 'Holding Wallet' }).click();
    await expectContent(proofLabel(page), /^Verified on /);
    expect(other?.signed).toEqual([]);
    expect(holder?.signed).toHaveLength(1);
  });

  it('on a phone without a wallet: copies the message into a wallet app and pastes the signature back', async () => {
    const mobile = await createAmbassador(suite.server, { admin, fullName: 'Mobile Winger' });
    const signer = privateKeyToAccount(TEST_KEYS.second);
    expect((await mobile.client.patch('/api/ambassador', { usdtWalletAddress: signer.address })).status).toBe(200);
    const { page, context } = await pages.open({ width: 375, height: 740 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAsAmbassador(page, mobile.email, mobile.password);
    await page.goto('/wallet');
    await page.getByRole('button', { name: 'Verify with your wallet' }).click();
    const panel = page.getByRole('region', { name: 'Sign in another wallet app' });
    await panel.getByText('No wallet was found in this browser.', { exact: false }).waitFor();
    const messageBox = panel.getByRole('textbox', { name: 'Message to sign' });
    await page.waitForFunction(() => (document.querySelector('textarea[readonly]') as HTMLTextAreaElement | null)?.value.includes('Chain ID: 56'));
    const message = await messageBox.inputValue();
    expect(message).toContain(signer.address);
    await panel.getByRole('button', { name: 'Copy message' }).click();
    await panel.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(message);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'wallet-proof-copy-paste');

    // Another account's signature is refused under the field; the address stays unverified.
    const wrong = await privateKeyToAccount(TEST_KEYS.fourth).signMessage({ message });
    await panel.getByLabel(/^Signature/).fill(wrong);
    await panel.getByRole('button', { name: 'Verify signature' }).click();
    await panel.getByRole('alert').first().waitFor();
    await expectContent(proofLabel(page), 'Unverified', { exact: true });

    // A new message (a refused one may have used its nonce), signed by the right account.
    await panel.getByRole('button', { name: 'New message' }).click();
    await page.waitForFunction((previous) => {
      const value = (document.querySelector('textarea[readonly]') as HTMLTextAreaElement | null)?.value ?? '';
      return value.includes('Chain ID: 56') && value !== previous;
    }, message);
    const fresh = await messageBox.inputValue();
    await panel.getByLabel(/^Signature/).fill(await signer.signMessage({ message: fresh }));
    await panel.getByRole('button', { name: 'Verify signature' }).click();
    await expectToast(page, 'Wallet Verified');
    await expectContent(proofLabel(page), /^Verified on /);
    await page.setViewportSize({ width: 320, height: 640 });
    await expectNoHorizontalOverflow(page);
  });
});

describe('an exchange deposit address', () => {
  it('is declared with a plain warning, waits its longer first hold, and a new address is unverified again', async () => {
    expect((await trader.client.patch('/api/ambassador', { usdtWalletAddress: WALLET_B })).status).toBe(200);
    const { page } = await pages.open();
    await signInAsAmbassador(page, trader.email, trader.password);
    await page.goto('/wallet');
    // WALLET_PROOF=required: the page says what a withdrawal needs before the server has to refuse it.
    await expectText(page, 'To withdraw, verify your USDT address with your wallet, or say it is an exchange deposit address.');
    expect(await withdrawButton(page).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'This is an exchange deposit address' }).click();
    const dialog = page.getByRole('dialog', { name: 'This is an exchange deposit address' });
    await dialog
      .getByText(/cannot be verified/)
      .first()
      .waitFor();
    await dialog.getByText(`first withdrawal to it waits ${EXCHANGE_HOURS} hours`, { exact: false }).first().waitFor();
    await screenshot(page, 'wallet-proof-exchange-dialog');
    // Only an explicit acknowledgement marks it.
    await dialog.getByRole('button', { name: 'Confirm exchange address' }).click();
    await dialog.getByText('Tick the box to confirm you understand.').waitFor();
    await dialog.getByRole('checkbox', { name: /^I understand that this address cannot be verified/ }).click();
    await dialog.getByRole('button', { name: 'Confirm exchange address' }).click();
    await expectToast(page, 'Exchange Address Noted');
    await expectContent(proofLabel(page), 'Exchange deposit address (unverified)', { exact: true });
    await expectText(
      page,
      /^Your first withdrawal to an exchange deposit address can be requested from .+: an address that cannot be verified waits longer\.$/,
    );
    expect(await withdrawButton(page).isDisabled()).toBe(true);

    // After the exchange hold, the first withdrawal to it is accepted.
    suite.server.clock.advance(EXCHANGE_HOURS * HOUR + 60_000);
    await page.reload();
    await expectContent(proofLabel(page), 'Exchange deposit address (unverified)', { exact: true });
    await requestWithdrawal(page, '60');

    // Another address in the request: the server refuses it (a change hold starts), the dialog says
    // so, and the saved address, now the new one, is unverified.
    await withdrawButton(page).click();
    const request = page.getByRole('dialog', { name: 'Request Withdrawal' });
    await request.getByLabel(/^Amount \(USDT\)/).fill('55');
    await request.getByLabel(/^BEP20 Wallet Address/).fill(WALLET_C);
    await request.getByText(/^Another address replaces your saved one: it starts unverified/).waitFor();
    await request.getByRole('button', { name: 'Submit Request' }).click();
    await request
      .getByRole('alert')
      .filter({ hasText: /^For your security, withdrawals are paused for 48 hours after a wallet address change/ })
      .waitFor();
    await page.keyboard.press('Escape');
    await expectContent(page.getByTestId('usdt-wallet'), WALLET_C, { exact: true });
    await expectContent(proofLabel(page), 'Unverified', { exact: true });
    await page.getByRole('button', { name: 'This is an exchange deposit address' }).waitFor();
  });
});

describe('the admin desk', () => {
  it('labels each withdrawal by its proof, shows the signed message, and filters the list and the Safe export', async () => {
    const { page } = await pages.open();
    await signInAsSuperAdmin(page, { tab: 'Withdrawals' });
    const rows = page.getByRole('table', { name: 'Withdrawal Requests' });
    const strikerRow = rows.getByRole('row').filter({ hasText: 'Verified Striker' });
    const traderRow = rows.getByRole('row').filter({ hasText: 'Exchange Trader' });
    await traderRow.getByText('Exchange (unverified)').waitFor();

    // Verified, with its date; a click shows the message the wallet signed.
    const proof = strikerRow.getByRole('button', { name: /^Verified on \w{3} \d{1,2}, \d{4}: show the message Verified Striker signed$/ });
    await proof.click();
    const evidence = page.getByRole('dialog', { name: 'Wallet proof' });
    expect((await evidence.getByLabel('Signed message').textContent())?.trim()).toBe(strikerSigned.trim());
    await screenshot(page, 'admin-wallet-proof');
    await evidence.getByRole('button', { name: 'Close' }).click();

    // The review dialog says it too, with the message under 'Signed message'.
    await page.getByRole('button', { name: 'Review withdrawal of Exchange Trader' }).click();
    const review = page.getByRole('dialog', { name: 'Review Withdrawal' });
    await review.getByText('Exchange (unverified)').waitFor();
    await review.getByText(/cannot sign, so nobody has proven who controls it/).waitFor();
    await review.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Review withdrawal of Verified Striker' }).click();
    await review.getByText('Show the signed message', { exact: true }).click();
    await review.getByLabel('Signed message').waitFor();
    await review.getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'Withdrawal Approved');

    // The list by proof: its own filter beside the stage's.
    await page.getByLabel('Wallet proof').selectOption({ label: 'Exchange (unverified)' });
    await strikerRow.waitFor({ state: 'detached' });
    await traderRow.waitFor();
    await page.getByLabel('Wallet proof').selectOption({ label: 'Verified' });
    await traderRow.waitFor({ state: 'detached' });
    await strikerRow.waitFor();
    const listExport = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(new URL(listExport ?? '', suite.server.url).searchParams.get('walletProof')).toBe('verified');

    // A payout batch of verified addresses only: the Safe CSV is filtered the same way.
    await page.getByLabel('Status').selectOption({ label: 'Approved, awaiting payment' });
    await page.getByRole('button', { name: 'Select all on this page' }).click();
    await expectText(page, '1 selected');
    await page.getByText(': 1 verified').waitFor();
    const safe = page.getByRole('link', { name: 'Safe CSV' });
    expect(new URL((await safe.getAttribute('href')) ?? '', suite.server.url).searchParams.get('walletProof')).toBe('verified');
    const [download] = await Promise.all([page.waitForEvent('download'), safe.click()]);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.trim().split('\r\n')).toEqual(['token_type,token_address,receiver,amount,id', `erc20,${TOKEN},${striking.address},120.00,`]);
  });
});
