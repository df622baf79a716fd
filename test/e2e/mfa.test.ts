/**
 * Two-factor sign-in in Chromium: an admin enrols from the console (required mode walks them
 * there first), saves the recovery codes, then signs in with a code from the app, or with a
 * recovery code; a replayed code is refused.
 */
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SUPER_ADMIN } from '../helpers/server.ts';
import { browserSuite, expectText, screenshot } from './browser.ts';

const suite = browserSuite({ env: { ADMIN_MFA: 'required' } });
const { server, pages } = suite;

/** The code an authenticator app shows now, at the server's time. */
function code(secret: string): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(server.clock.now().getTime() / 30_000)), 6);
}

async function passwordStep(page: Page): Promise<void> {
  await page.goto('/restricted');
  await page.getByLabel('Email').fill(SUPER_ADMIN.email);
  await page.getByLabel('Password').fill(SUPER_ADMIN.password);
  await page.getByLabel('Super Admin Secret').fill(SUPER_ADMIN.secret);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('two-factor sign-in', () => {
  it('walks an admin through enrolment before the console, then asks for the code at sign-in', async () => {
    const { page } = await pages.open();
    // The live stream opens late, as on a busy machine: after the summary was refused.
    await page.route('**/api/events', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await passwordStep(page);
    await page.waitForURL('**/admin');
    await expectText(page, 'Set up two-factor authentication first');
    expect(await page.getByRole('tab', { name: 'Applications' }).count()).toBe(0);
    // And it stays so: reading the summary again (the live stream catching up on failed reads) never flashes the console up.
    await page.evaluate(() => {
      const seen = { tab: false };
      (window as unknown as { consoleSeen: typeof seen }).consoleSeen = seen;
      new MutationObserver(() => {
        if (document.querySelector('[role="tab"]')) seen.tab = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    // The stream, once open, reads the refused summary again.
    await page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/summary', { timeout: 30_000 });
    await expectText(page, 'Set up two-factor authentication first');
    expect(await page.evaluate(() => (window as unknown as { consoleSeen: { tab: boolean } }).consoleSeen.tab)).toBe(false);
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    const secret = (await page.getByTestId('mfa-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    await screenshot(page, 'mfa-enrol');
    await page.getByLabel('Code from your app').fill(code(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expectText(page, 'Your recovery codes');
    const recovery = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
    expect(recovery).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByRole('tab', { name: 'Applications' }).waitFor();

    // Sign in again: password, then a code from the app.
    await page.context().clearCookies();
    server.clock.advance(30_000);
    await passwordStep(page);
    await expectText(page, 'Enter the 6-digit code from your authenticator app.');
    await screenshot(page, 'mfa-code-step');
    const fresh = code(secret);
    await page.getByLabel('Authentication code').fill(fresh);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('tab', { name: 'Applications' }).waitFor();

    // The same code again is refused, with the message beside the field; a recovery code works once.
    const second = await pages.open();
    await passwordStep(second.page);
    await second.page.getByLabel('Authentication code').fill(fresh);
    await second.page.getByRole('button', { name: 'Verify' }).click();
    await expectText(second.page, 'That code is not valid. Check the time on your phone and try again.');
    await second.page.getByRole('button', { name: 'Use a recovery code' }).click();
    await second.page.getByLabel('Recovery code').fill(recovery[0] ?? '');
    await second.page.getByRole('button', { name: 'Verify' }).click();
    await second.page.waitForURL('**/admin');
    await second.page.getByRole('tab', { name: 'Security' }).click();
    await expectText(second.page, /9 recovery codes left/);
  });
});
