/**
 * Longer languages fit (issue 32): each page served in the pseudo-locale (every translated text
 * 40% longer, padded with unbreakable '~' and marked ⟦…⟧; lingui.config.ts) at 390 px, with no
 * sideways scroll and no text cut off by its box. The server never chooses the pseudo-locale: the
 * test rewrites the page's `<html lang>` on its way to the browser, which is all the client reads.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PSEUDO_LOCALE } from '../../src/shared/locales.ts';
import { browserSuite, expectNoHorizontalOverflow, screenshot, signInAsAmbassador, signInAsSuperAdmin } from './browser.ts';
import { createAmbassador, requestWithdrawal, validApplication } from '../helpers/factories.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { SUPER_ADMIN } from '../helpers/server.ts';
import { WALLET_A } from '../helpers/wallets.ts';

const PHONE_390 = { width: 390, height: 844 } as const;
const suite = browserSuite();

/** Opens a path with the page's language set to the pseudo-locale. */
async function openPseudo(path: string, signIn?: { email: string; password: string } | ((page: Page) => Promise<void>)): Promise<Page> {
  const { page } = await suite.pages.open(PHONE_390);
  // Signed in first, in English (the sign-in helpers read English labels); the page under test is then drawn in the pseudo-locale.
  if (typeof signIn === 'function') await signIn(page);
  else if (signIn) await signInAsAmbassador(page, signIn.email, signIn.password);
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

/**
 * What the page says in English: the words of visible text outside the pseudo-locale's ⟦…⟧
 * marks (a mark may span several elements: a sentence with a link), and of accessible names and
 * placeholders, once the page's data is taken out: names and brands (`data`), and what no catalog
 * writes (addresses, hashes, ids, snake_case codes, and dates and months, which the pseudo-locale,
 * not a language of Intl, writes as English does, their time zone too).
 */
async function untranslated(page: Page, data: readonly string[] = []): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let open = false;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style')) continue;
      const shown = (parent.offsetParent !== null || parent.closest('.sr-only')) && !parent.closest('code, [translate="no"]');
      let outside = '';
      for (const char of node.textContent ?? '') {
        // A translated text between two values keeps them apart ('…UTC⟦, round⟧ 3442…' is two values, not 'UTC3442').
        if (char === '⟦' || char === '⟧') {
          open = char === '⟦';
          outside += ' ';
        } else if (!open) outside += char;
      }
      if (shown && outside.trim()) found.push(outside);
    }
    // Names a screen reader reads (not inside what is hidden from it, as the dashboard's chart).
    for (const element of Array.from(document.body.querySelectorAll('[aria-label], [placeholder]')).filter((e) => !e.closest('[aria-hidden="true"]')))
      for (const name of ['aria-label', 'placeholder']) {
        const value = element.getAttribute(name);
        if (value) found.push(value.replace(/⟦[^⟧]*⟧/g, ' '));
      }
    return found;
  });
  const NOT_WORDS = [
    /\S+@\S+/g, // emails
    /https?:\/\/\S+/g,
    /\b0x[0-9a-fA-F]+((\.\.\.|…)[0-9a-fA-F]+)?\b/g, // addresses, whole or shortened
    /[0-9a-f]{16,}/g, // hashes
    /\b[a-z]+(_[a-z]+)+\b/g, // codes
    /(?<![A-Za-z])(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/g,
    /\b[AP]M\b/g,
    /\b(UTC|GMT)([+-]\d{1,2}(:\d{2})?)?\b/g, // a time's zone, which Intl names as in English
  ];
  const left = new Set<string>();
  for (const text of texts) {
    let rest = text;
    for (const value of [...data, 'GoalChain Ambassador Program', 'GoalChain', 'Goal', 'Chain', 'Ambassadors', 'USDT', 'GCM', 'BEP20', 'alt+T'])
      rest = rest.split(value).join(' ');
    for (const pattern of NOT_WORDS) rest = rest.replace(pattern, ' ');
    if (/[A-Za-z]{3,}/.test(rest)) left.add(text.replace(/\s+/g, ' ').trim());
  }
  return [...left];
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
    it(`${path}: its texts in the pseudo-locale and no English but its data, nothing scrolls sideways, nothing cut off`, async () => {
      const page = await openPseudo(path);
      // The texts are the pseudo-locale's (marked ⟦…⟧), not English.
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toMatch(/⟦.*⟧/);
      await expectNoHorizontalOverflow(page);
      expect(await clippedText(page)).toEqual([]);
      // No English left but the page's data: the footer's links to Twitter and support, the form's example entries and platform names.
      expect(await untranslated(page, ['Twitter', 'Instagram', 'Telegram', 'Facebook', 'YouTube', '@username'])).toEqual([]);
      await screenshot(page, `pseudo-${name}`);
    });
  }

  it('/dashboard, /submit-report, /reports, /wallet, /profile, /referrals and /tasks of an ambassador with an approved report: their texts in the pseudo-locale and no English but their data, nothing scrolls sideways, nothing cut off', async () => {
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
    // The page's data: the ambassador's name, country, platforms and email, the report as written, the address.
    const mine = [
      'Pseudo Person',
      'Kenya',
      'Twitter/X',
      'YouTube',
      person.email,
      'Posted 5 threads on X about the farm game (12k views), hosted a Telegram AMA with 300 attendees.',
      WALLET_A,
    ];
    const page = await openPseudo('/dashboard', { email: person.email, password: person.password });
    await expect.poll(() => page.getByText(/⟦.*⟧/).count()).toBeGreaterThan(10);
    await expectNoHorizontalOverflow(page);
    expect(await clippedText(page)).toEqual([]);
    expect(await untranslated(page, mine)).toEqual([]);
    await screenshot(page, 'pseudo-dashboard');
    // The report form, closed until tomorrow (a report was sent today): its notice and fields in the pseudo-locale too.
    await page.goto('/submit-report');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toMatch(/⟦.*⟧/);
    await expectNoHorizontalOverflow(page);
    expect(await clippedText(page)).toEqual([]);
    expect(await untranslated(page, mine)).toEqual([]);
    await screenshot(page, 'pseudo-submit-report');
    // My Reports, and the approved report opened from it.
    await page.goto('/reports');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toMatch(/⟦.*⟧/);
    await expectNoHorizontalOverflow(page);
    expect(await clippedText(page)).toEqual([]);
    expect(await untranslated(page, mine)).toEqual([]);
    await page.goto(`/reports?id=${report.body.id}`);
    await page.getByRole('dialog').waitFor();
    await expectNoHorizontalOverflow(page);
    expect(await clippedText(page)).toEqual([]);
    expect(await untranslated(page, mine)).toEqual([]);
    await screenshot(page, 'pseudo-my-reports');
    // The wallet, with a saved address and its proof actions.
    expect((await person.client.patch('/api/ambassador', { usdtWalletAddress: WALLET_A })).status).toBe(200);
    await page.goto('/wallet');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toMatch(/⟦.*⟧/);
    await page.getByTestId('wallet-proof').waitFor();
    await expectNoHorizontalOverflow(page);
    expect(await clippedText(page)).toEqual([]);
    expect(await untranslated(page, mine)).toEqual([]);
    await screenshot(page, 'pseudo-wallet');
    // The profile, with its sections, linked accounts (the services' names and the link code are data) and two-factor settings.
    const linkCode = String((await person.client.get('/api/links')).headers['x-link-code']);
    await page.goto('/profile');
    // Its heading is the ambassador's name.
    await page.getByRole('heading', { level: 1, name: 'Pseudo Person' }).waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 2 }).first().textContent()).toMatch(/⟦.*⟧/);
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalOverflow(page);
    expect(await clippedText(page)).toEqual([]);
    expect(await untranslated(page, [...mine, 'Telegram', 'Discord', linkCode])).toEqual([]);
    await screenshot(page, 'pseudo-profile');
    // Referrals: the link to share (data), its QR code, the figures and the empty list of referees.
    await page.goto('/referrals');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toMatch(/⟦.*⟧/);
    const link = await page.getByTestId('referral-link').inputValue();
    await expectNoHorizontalOverflow(page);
    expect(await clippedText(page)).toEqual([]);
    expect(await untranslated(page, [...mine, link])).toEqual([]);
    // Tasks: one of each kind that needs no outside service set up here, with a refused claim and its evidence.
    for (const task of [
      { title: 'Post about the derby', kind: 'x_post', params: { mustContain: '#GoalChain' } },
      { title: 'Film a stadium tour', kind: 'manual', params: {} },
    ]) {
      const made = await admin.post('/api/admin/tasks', {
        ...task,
        description: 'Show your city what the club means to you.',
        gcmReward: '10',
        usdtReward: '1',
        period: 'weekly',
      });
      expect(made.status, made.text).toBe(201);
    }
    await page.goto('/tasks');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toMatch(/⟦.*⟧/);
    await page.getByRole('heading', { name: 'Post about the derby' }).waitFor();
    await expectNoHorizontalOverflow(page);
    expect(await clippedText(page)).toEqual([]);
    expect(
      await untranslated(page, [...mine, 'Post about the derby', 'Film a stadium tour', 'Show your city what the club means to you.', '#GoalChain']),
    ).toEqual([]);
    await screenshot(page, 'pseudo-tasks');
  });

  it('the admin console: every tab in the pseudo-locale, with no English but its data', async () => {
    const admin = await superAdminClient(suite.server);
    const person = await createAmbassador(suite.server, { admin, fullName: 'Console Person' });
    const application = validApplication({ fullName: 'Waiting Applicant' });
    expect((await new ApiClient(suite.server).post('/api/applications', application)).status).toBe(201);
    const day = (offset: number) => new Date(suite.server.clock.real().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const activity = 'Ran a watch party for the derby with 40 fans and posted the clips.';
    expect((await person.client.post('/api/reports', { weekStartDate: day(-7), weekEndDate: day(-1), activityReport: activity })).status).toBe(201);
    await requestWithdrawal(suite.server, person, { amount: '60', balance: '100' });
    const page = await openPseudo('/admin', (p) => signInAsSuperAdmin(p));
    // The console's data: people's names (the super admin's is 'Super Admin'), emails and what they wrote, the address.
    const data = [
      'Console Person',
      'Pseudo Person', // the ambassador of the test before, on the same server
      'Post about the derby', // and its tasks
      'Film a stadium tour',
      'Posted 5 threads on X about the farm game (12k views), hosted a Telegram AMA with 300 attendees.',
      'Waiting Applicant',
      'Kenya',
      person.email,
      application.email,
      SUPER_ADMIN.email,
      'Super Admin',
      activity,
      application.whyJoin,
      application.experience,
      application.personalTelegramHandle,
      'janedoe',
      WALLET_A,
      'Twitter',
      'YouTube',
    ];
    const tabs = page.getByRole('tab');
    await expect.poll(() => tabs.count()).toBeGreaterThan(4);
    for (let i = 0; i < (await tabs.count()); i++) {
      await tabs.nth(i).click();
      await page.getByRole('tabpanel').first().waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, `pseudo-admin-tab-${i + 1}`);
      expect(await untranslated(page, data), `tab ${i + 1}`).toEqual([]);
    }
  });
});
