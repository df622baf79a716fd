/**
 * Issue 5: "/" arrives with the landing page already in its HTML (prerendered
 * at build time), the browser hydrates it without a mismatch, and a signed-out
 * visit does not ask GET /api/user. Other page paths get the empty app.
 */
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAmbassador, type CreatedAmbassador } from '../helpers/factories.ts';
import { browserSuite, expectText, PHONE, signInAsAmbassador, type TrackedPage } from './browser.ts';

const HEADLINE = 'Ambassador Network';
const SESSION_HINT = 'ambassador.signed-in';

let ambassador: CreatedAmbassador;
const suite = browserSuite();
const { server, pages } = suite;

function freshPage(viewport?: { width: number; height: number }): Promise<TrackedPage> {
  return pages.open(viewport);
}

/** The page as served, before any script runs. */
async function servedHtml(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, html: await response.text() };
}

function userRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname === '/api/user') seen.push(`${request.method()} ${request.url()}`);
  });
  return seen;
}

/** Hydrated and the public figures loaded: the figures' list stops being busy. */
async function waitForLandingData(page: Page): Promise<void> {
  await page.locator('dl[aria-busy="false"]').waitFor();
}

beforeAll(async () => {
  ambassador = await createAmbassador(server, { fullName: 'Lena Prerender' });
});

describe('the prerendered landing page', () => {
  it('is in the HTML of "/" before any script runs, with the figures still loading', async () => {
    const { status, html } = await servedHtml('/');
    expect(status).toBe(200);
    expect(html).toContain(HEADLINE);
    expect(html).toContain('Official Ambassador Program');
    expect(html).toContain('Ambassador Benefits');
    expect(html).toMatch(/<dl[^>]*aria-busy="true"/);
    // The Content-Security-Policy allows no inline script.
    expect(html.match(/<script/g)).toHaveLength(1);
    // The landing route's chunk loads with the app's, not after it; the styles wait for no request.
    expect(html).toMatch(/<link rel="modulepreload"[^>]* href="\/assets\/landing-page-[^"]+\.js">/);
    expect(html).not.toContain('rel="stylesheet"');
    expect((await servedHtml('/?ref=telegram')).html).toContain(HEADLINE);
  });

  it('is not in any other page path, which gets the empty app', async () => {
    for (const path of ['/apply', '/leaderboard', '/auth', '/dashboard', '/restricted', '/no/such/page']) {
      const { status, html } = await servedHtml(path);
      // An unknown page gets the same app (its not-found screen) with a 404.
      expect(status, path).toBe(path === '/no/such/page' ? 404 : 200);
      expect(html, path).not.toContain(HEADLINE);
      expect(html, path).toContain('<div id="root"></div>');
    }
    expect((await servedHtml('/restricted')).html).toContain('<meta name="app-page" content="super-admin-login" />');
    // The prerendered file is the server's to send, not a static file of its own.
    expect((await servedHtml('/landing.html')).status).toBe(404);
  });

  it('is hydrated, not drawn again: the server-made nodes stay, the links work, and nothing asks /api/user', async () => {
    const tracked = await freshPage(PHONE);
    const { page } = tracked;
    const asked = userRequests(page);
    const entry = /<script type="module"[^>]* src="([^"]+)"/.exec((await servedHtml('/')).html)?.[1];
    expect(entry).toBeTruthy();
    // Hold the app's script until the server-made headline has been marked.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${entry}`, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await page.locator('h1').waitFor();
    await page.evaluate(() => document.querySelector('h1')?.setAttribute('data-from-server', ''));
    release();

    await waitForLandingData(page);
    expect(await page.locator('h1[data-from-server]').count()).toBe(1);
    await expectText(page, 'Official Ambassador Program');
    expect(asked).toEqual([]);

    // Interactive: the link navigates inside the app (no new document).
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.getByRole('link', { name: 'Apply to Join' }).click();
    await page.waitForURL((url) => url.pathname === '/apply');
    await expectText(page, 'Ambassador Application');
    expect(documents).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('other paths start empty and never show the landing page', async () => {
    const { page } = await freshPage();
    await page.goto('/leaderboard', { waitUntil: 'commit' });
    const shown = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const seen = () => document.body.textContent?.includes('Ambassador Network') ?? false;
          const observer = new MutationObserver(() => {
            if (seen()) resolve(true);
          });
          observer.observe(document, { childList: true, subtree: true, characterData: true });
          window.setTimeout(() => resolve(seen()), 1_500);
        }),
    );
    expect(shown).toBe(false);
  });
});

describe('the signed-in hint', () => {
  it('a signed-in visitor gets the same landing page, hydrated without a mismatch', async () => {
    const tracked = await freshPage();
    const { page } = tracked;
    await signInAsAmbassador(page, ambassador.email, ambassador.password);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), SESSION_HINT)).toBe('1');
    const asked = userRequests(page);
    await page.goto('/');
    await waitForLandingData(page);
    await expectText(page, 'Official Ambassador Program');
    // Signed in, so the app asks who is signed in (and gets an answer, not a 401).
    await expect.poll(() => asked.length).toBeGreaterThan(0);
  });

  it('is not authority: without it a page that needs a user still asks the server', async () => {
    const { page } = await freshPage();
    await signInAsAmbassador(page, ambassador.email, ambassador.password);
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/wallet');
    await page.getByRole('heading', { name: 'Wallet', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/wallet');
  });

  it('is cleared when the server answers 401, and by signing out', async () => {
    const { page, context } = await freshPage();
    await signInAsAmbassador(page, ambassador.email, ambassador.password);
    // The session ends behind the page's back: the next /api/user answers 401.
    await context.clearCookies();
    await page.goto('/');
    await waitForLandingData(page);
    await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), SESSION_HINT)).toBeNull();
    // The next visit does not ask at all.
    const asked = userRequests(page);
    await page.reload();
    await waitForLandingData(page);
    expect(asked).toEqual([]);

    await signInAsAmbassador(page, ambassador.email, ambassador.password);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate((key) => window.localStorage.getItem(key), SESSION_HINT)).toBeNull();
  });
});
