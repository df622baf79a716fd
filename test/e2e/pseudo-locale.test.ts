/**
 * Longer languages fit (issue 32): each page served in the pseudo-locale (every translated text
 * 40% longer, padded with unbreakable '~' and marked ⟦…⟧; lingui.config.ts) at 390 px, with no
 * sideways scroll and no text cut off by its box. The server never chooses the pseudo-locale: the
 * test rewrites the page's `<html lang>` on its way to the browser, which is all the client reads.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PSEUDO_LOCALE } from '../../src/shared/locales.ts';
import { browserSuite, expectNoHorizontalOverflow, screenshot, signInAsAmbassador } from './browser.ts';
import { createAmbassador } from '../helpers/factories.ts';
import { superAdminClient } from '../helpers/client.ts';
import { WALLET_A } from '../helpers/wallets.ts';

const PHONE_390 = { width: 390, height: 844 } as const;
const suite = browserSuite();

/** Opens a path with the page's language set to the pseudo-locale. */
async function openPseudo(path: string, signIn?: { email: string; password: string }): Promise<Page> {
  const { page } = await suite.pages.open(PHONE_390);
  // Signed in first, in English (the sign-in helper reads English labels); the page under test is then drawn in the pseudo-locale.
  if (signIn) await signInAsAmbassador(page, signIn.email, signIn.password);
  await page.route(
    (url) => url.origin === new URL(suite.server.url).origin && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'),
    async (route) => {
      const response = await route.fetch();
      const type = response.headers()['content-type'] ?? '';
      if (!type.startsWith('text/html')) return route.fulfill({ response });
      // The prerendered landing page is English: emptied, the page is drawn afresh rather than hydrated.
      const html = (await response.text())
        .replace(/<html lang="[^"]*"/, `<html lang="${PSEUDO_LOCALE}"`)
        .replace(/<div id="root">[\s\S]*<\/div>(\s*<\/body>)/, '<div id="root"></div>$1');
      return route.fulfill({ response, body: html });
    },
  );
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(PSEUDO_LOCALE);
  return page;
}

/**
 * Text cut off by its own box: an element whose content is wider or taller than it while its
 * overflow is hidden or clipped. A deliberately truncated line (text-overflow: ellipsis, a name
 * in a narrow column) shows that it is cut and is left out.
 */
async function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (!element.textContent?.trim() || element.offsetParent === null) continue;
      const style = getComputedStyle(element);
      if (style.textOverflow === 'ellipsis' || (style.position === 'absolute' && style.clip !== 'auto')) continue;
      if (element.classList.contains('sr-only')) continue;
      const clipsX = ['hidden', 'clip'].includes(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
      const clipsY = ['hidden', 'clip'].includes(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
      if ((clipsX || clipsY) && found.length < 8) {
        // Name what sticks out, so the message says which text to look at.
        const box = element.getBoundingClientRect();
        const out = Array.from(element.querySelectorAll<HTMLElement>('*')).find((child) => {
          const r = child.getBoundingClientRect();
          return r.width > 0 && (r.right > box.right + 1 || r.left < box.left - 1 || (clipsY && r.bottom > box.bottom + 1));
        });
        const what = out ? `<${out.tagName.toLowerCase()} class="${out.getAttribute('class') ?? ''}">: ${out.textContent?.trim().slice(0, 60) ?? ''}` : '';
        found.push(
          `<${element.tagName.toLowerCase()} class="${element.className}"> cuts ${what} (${element.scrollWidth}x${element.scrollHeight} in ${element.clientWidth}x${element.clientHeight})`,
        );
      }
    }
    return found;
  });
}

describe('the pseudo-locale, 40% longer, at 390 px', () => {
  for (const [path, name] of [
    ['/', 'landing'],
    ['/apply', 'apply'],
    ['/leaderboard', 'leaderboard'],
    ['/auth', 'login'],
    ['/forgot-password', 'forgot-password'],
    ['/setup-password/not-a-live-link', 'setup-password-dead-link'],
    ['/hall-of-fame', 'hall-of-fame'],
    ['/transparency', 'transparency'],
    ['/rules', 'rules'],
    ['/unsubscribe', 'unsubscribe-bad-link'],
    ['/no-such-page', 'not-found'],
  ] as const) {
    it(`${path}: its heading in the pseudo-locale, nothing scrolls sideways, nothing cut off`, async () => {
      const page = await openPseudo(path);
      // The texts are the pseudo-locale's (marked ⟦…⟧), not English.
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toMatch(/⟦.*⟧/);
      await expectNoHorizontalOverflow(page);
      expect(await clippedText(page)).toEqual([]);
      await screenshot(page, `pseudo-${name}`);
    });
  }

  it('/dashboard, /submit-report and /reports of an ambassador with an approved report: their texts in the pseudo-locale, nothing scrolls sideways, nothing cut off', async () => {
    const admin = await superAdminClient(suite.server);
    const person = await createAmbassador(suite.server, { admin, fullName: 'Pseudo Person' });
    const day = (offset: number) => new Date(suite.server.clock.real().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const report = await person.client.post('/api/reports', {
      weekStartDate: day(-7),
      weekEndDate: day(-1),
      activityReport: 'Posted 5 threads on X about the farm game (12k views), hosted a Telegram AMA with 300 attendees.',
    });
    expect(report.status, report.text).toBe(201);
    expect((await admin.post(`/api/admin/reports/${report.body.id}/review`, { status: 'approved', gcmAwarded: '1250.5', usdtAwarded: '12.25' })).status).toBe(
      200,
    );
    const page = await openPseudo('/dashboard', { email: person.email, password: person.password });
    await expect.poll(() => page.getByText(/⟦.*⟧/).count()).toBeGreaterThan(10);
    await expectNoHorizontalOverflow(page);
    expect(await clippedText(page)).toEqual([]);
    await screenshot(page, 'pseudo-dashboard');
    // The report form, closed until tomorrow (a report was sent today): its notice and fields in the pseudo-locale too.
    await page.goto('/submit-report');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toMatch(/⟦.*⟧/);
    await expectNoHorizontalOverflow(page);
    expect(await clippedText(page)).toEqual([]);
    await screenshot(page, 'pseudo-submit-report');
    // My Reports, and the approved report opened from it.
    await page.goto('/reports');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toMatch(/⟦.*⟧/);
    await expectNoHorizontalOverflow(page);
    expect(await clippedText(page)).toEqual([]);
    await page.goto(`/reports?id=${report.body.id}`);
    await page.getByRole('dialog').waitFor();
    await expectNoHorizontalOverflow(page);
    expect(await clippedText(page)).toEqual([]);
    await screenshot(page, 'pseudo-my-reports');
    // The wallet, with a saved address and its proof actions.
    expect((await person.client.patch('/api/ambassador', { usdtWalletAddress: WALLET_A })).status).toBe(200);
    await page.goto('/wallet');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toMatch(/⟦.*⟧/);
    await page.getByTestId('wallet-proof').waitFor();
    await expectNoHorizontalOverflow(page);
    expect(await clippedText(page)).toEqual([]);
    await screenshot(page, 'pseudo-wallet');
  });
});
