/**
 * Browser helpers for the end-to-end tests: Debian's Chromium driven by
 * playwright-core, pages that record console errors, screenshots at desktop
 * and phone size into screenshots/ (git-ignored).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { SESSION_HINT_KEYS } from '../../src/client/lib/session-hint.ts';
import { SUPER_ADMIN, SUPER_ADMIN_LOGIN_PATH, startTestServer, type TestServer, type TestServerOptions } from '../helpers/server.ts';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const SCREENSHOTS = join(ROOT, 'screenshots');

export const DESKTOP = { width: 1366, height: 900 } as const;
export const PHONE = { width: 375, height: 740 } as const;

/**
 * Debian's Chromium headless shell (package chromium-headless-shell, .ci/run installs it): the same Blink
 * and V8 as /usr/bin/chromium, of the same Debian version, without the browser's own interface, which
 * playwright runs headless by default too. /usr/bin/chromium's headless mode is the whole browser: each
 * context opens a window, and each window preloads a renderer of its own for the browser's WebUI (its
 * tab search), which no test looks at; a page cost its Chromium twice the CPU (docs/testing.md, the
 * eighth session). CHROMIUM_PATH chooses another; without the shell, the whole browser.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}

let workerChromium: Promise<Browser> | undefined;

/**
 * The worker's one Chromium (a worker runs many test files: vitest.config.ts), launched when first
 * asked for and launched again if it went away; each test still gets a context of its own.
 */
export function workerBrowser(): Promise<Browser> {
  workerChromium ??= launchBrowser().then((browser) => {
    browser.on('disconnected', () => {
      workerChromium = undefined;
    });
    return browser;
  });
  return workerChromium;
}

/**
 * The browser's own log line for an HTTP error answer ("Failed to load resource:
 * the server responded with a status of 401"). Expected 4xx answers (signed out,
 * refused input) are part of the product; a 5xx is not, and fails the test.
 */
function isExpectedHttpLog(text: string): boolean {
  return /^Failed to load resource: the server responded with a status of 4\d\d/.test(text);
}

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** console.error lines and uncaught page errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/** The server each context was opened on: an API sign-in sends its Origin. */
const contextOrigins = new WeakMap<BrowserContext, string>();

export async function openPage(browser: Browser, baseURL: string, viewport: { width: number; height: number } = DESKTOP): Promise<TrackedPage> {
  const context = await browser.newContext({ baseURL, viewport, deviceScaleFactor: 1, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
  contextOrigins.set(context, new URL(baseURL).origin);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !isExpectedHttpLog(message.text())) errors.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 500) errors.push(`HTTP ${response.status()} for ${response.request().method()} ${response.url()}`);
  });
  // A route handler still fetching when the test ends would reject after the page is gone
  // ('Response has been disposed'): routes are dropped, their late errors ignored, before closing.
  const close = async (): Promise<void> => {
    await Promise.all([page.unrouteAll({ behavior: 'ignoreErrors' }), context.unrouteAll({ behavior: 'ignoreErrors' })]);
    await context.close();
  };
  return { page, context, errors, close };
}

/** Throws when the page logged a console error or threw. */
export function assertNoConsoleErrors(tracked: TrackedPage): void {
  if (tracked.errors.length) throw new Error(`The page reported errors:\n${tracked.errors.join('\n')}`);
}

/**
 * Pages a test file opens with `open`; after each test `closeAll` checks each for
 * console errors and closes it (the check fails the test that opened the page).
 */
export function pageTracker(browser: () => Browser, baseURL: () => string) {
  const pages: TrackedPage[] = [];
  return {
    async open(viewport?: { width: number; height: number }): Promise<TrackedPage> {
      const tracked = await openPage(browser(), baseURL(), viewport);
      pages.push(tracked);
      return tracked;
    },
    /** A picture of each page still open, into screenshots/failed-<test>-<n>: taken when a test fails. */
    async screenshotAll(testName: string): Promise<void> {
      const name = `failed-${testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}`;
      await Promise.all(pages.map((tracked, index) => takeScreenshot(tracked.page, `${name}-${index + 1}`).catch(() => undefined)));
    },
    async closeAll(): Promise<void> {
      const open = pages.splice(0);
      try {
        for (const tracked of open) assertNoConsoleErrors(tracked);
      } finally {
        await Promise.all(open.map((tracked) => tracked.close()));
      }
    },
  };
}

/** Pictures are taken when asked for (`SCREENSHOTS=1 npm test`), and of every page open when a test fails. */
export const TAKE_SCREENSHOTS = process.env.SCREENSHOTS === '1';

/** A full-page screenshot into screenshots/<name>-<desktop|phone>.png, when pictures are asked for (TAKE_SCREENSHOTS). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (TAKE_SCREENSHOTS) await takeScreenshot(page, name);
}

async function takeScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const size = page.viewportSize();
  const kind = size && size.width < 500 ? 'phone' : 'desktop';
  // Let transitions settle so the picture shows the page.
  await page.waitForFunction(() => document.querySelectorAll('.animate-spin').length === 0, undefined, { timeout: 5_000 }).catch(() => undefined);
  // Sticky headers land mid-page in a full-page picture taken while scrolled.
  const dialogOpen = await page.locator('[role="dialog"]').count();
  if (!dialogOpen) await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-${kind}.png`), fullPage: true, animations: 'disabled' });
}

/** Waits for a toast with this title (and description, when given). Only one toast is ever shown. */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  let toast = page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ has: page.locator('[data-title]', { hasText: title }) });
  if (description !== undefined) toast = toast.filter({ has: page.locator('[data-description]', { hasText: description }) });
  await toast.first().waitFor({ state: 'visible' });
}

/** Waits until the text is on the page (exact match of an element's text). */
export async function expectText(page: Page, text: string | RegExp): Promise<void> {
  await page
    .getByText(text, typeof text === 'string' ? { exact: true } : undefined)
    .first()
    .waitFor({ state: 'visible' });
}

export async function expectNoText(page: Page, text: string): Promise<void> {
  const count = await page.getByText(text, { exact: true }).count();
  if (count > 0) throw new Error(`'${text}' should not be on the page`);
}

/**
 * Signs the page's context in through the API, as the sign-in form does (the same request, its
 * session cookie kept by the context): for the tests that are not about the form, which is
 * tested on its own (forms.test.ts) and in the journeys (`viaForm`).
 */
async function signInByApi(page: Page, path: string, body: Record<string, string>, signInPage: string | null): Promise<void> {
  const origin = contextOrigins.get(page.context());
  if (!origin) throw new Error('the page was not opened by openPage');
  const response = await page.request.post(path, { data: body, headers: { origin } });
  if (!response.ok()) throw new Error(`sign-in through ${path} answered ${response.status()}: ${await response.text()}`);
  // What the forms leave in the browser on success (src/client/lib/session-hint.ts), there before the
  // next page's own scripts run, once: a later sign-out clears it as it would.
  await page.addInitScript(
    ({ keys, signInPage: where, once }) => {
      if (window.localStorage.getItem(once)) return;
      window.localStorage.setItem(once, '1');
      window.localStorage.setItem(keys.signedIn, '1');
      window.sessionStorage.removeItem(keys.ended);
      if (where) window.localStorage.setItem(keys.signInPage, where);
      else window.localStorage.removeItem(keys.signInPage);
    },
    { keys: SESSION_HINT_KEYS, signInPage, once: `test.signed-in-by-api.${randomUUID()}` },
  );
}

/** Signs an ambassador in and opens the dashboard; `viaForm` types into the sign-in form at /auth as a person does. */
export async function signInAsAmbassador(page: Page, email: string, password: string, { viaForm = false }: { viaForm?: boolean } = {}): Promise<void> {
  if (viaForm) {
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
  } else {
    await signInByApi(page, '/api/login', { email, password }, null);
    await page.goto('/dashboard');
  }
  await page.waitForURL('**/dashboard');
}

/**
 * The test server's super admin (SUPER_ADMIN) signs in and the console opens; with `tab`, then
 * opens that tab of the console. `viaForm` types into the form at /restricted as a person does.
 */
export async function signInAsSuperAdmin(page: Page, { tab, viaForm = false }: { tab?: string; viaForm?: boolean } = {}): Promise<void> {
  if (viaForm) {
    await page.goto('/restricted');
    await page.getByLabel('Email').fill(SUPER_ADMIN.email);
    await page.getByLabel('Password').fill(SUPER_ADMIN.password);
    await page.getByLabel('Super Admin Secret').fill(SUPER_ADMIN.secret);
    await page.getByRole('button', { name: 'Sign In' }).click();
  } else {
    await signInByApi(
      page,
      '/api/super-admin-login',
      { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password, superAdminSecret: SUPER_ADMIN.secret },
      SUPER_ADMIN_LOGIN_PATH,
    );
    await page.goto('/admin');
  }
  await page.waitForURL('**/admin');
  await page.getByText('Admin:', { exact: true }).waitFor();
  if (tab) await page.getByRole('tab', { name: tab }).click();
}

/** The page does not scroll sideways (phone layouts). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, clientWidth, culprits } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const rect = element.getBoundingClientRect();
      if (rect.right > width + 1 && wide.length < 5)
        wide.push(`<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> right=${Math.round(rect.right)}`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, clientWidth: width, culprits: wide };
  });
  if (scrollWidth > clientWidth + 1)
    throw new Error(`${page.url()} scrolls sideways: ${scrollWidth}px wide in a ${clientWidth}px viewport\n${culprits.join('\n')}`);
}

/** Polls until the locator's text passes the check (playwright-core has no auto-retrying expect). */
export async function expectContent(locator: Locator, expected: string | RegExp, options: { exact?: boolean; timeoutMs?: number } = {}): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const last = (
      (await locator
        .first()
        .textContent({ timeout: Math.max(1, deadline - Date.now()) })
        .catch(() => null)) ?? ''
    ).trim();
    const ok = typeof expected === 'string' ? (options.exact ? last === expected : last.includes(expected)) : expected.test(last);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`Expected text ${options.exact ? 'equal to' : 'containing'} ${String(expected)}, got '${last}'`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Spec §9: one toast visible at a time. */
export async function expectOneVisibleToast(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('[data-sonner-toast][data-visible="true"]:not([data-removed="true"])').length === 1, undefined, {
    timeout: 5_000,
  });
}

/** Every visible form control has an accessible name (a tied label or aria-label). */
export async function expectLabelledControls(page: Page): Promise<void> {
  const unlabelled = await page.evaluate(() => {
    const missing: string[] = [];
    for (const element of Array.from(document.querySelectorAll('input, select, textarea, button[role="checkbox"], button[role="switch"]'))) {
      const control = element as HTMLElement & { labels?: NodeListOf<HTMLLabelElement> | null };
      if (control.getAttribute('type') === 'hidden' || control.getAttribute('aria-hidden') === 'true') continue;
      if (!control.offsetParent && getComputedStyle(control).position !== 'fixed') continue;
      const named = (control.labels?.length ?? 0) > 0 || control.getAttribute('aria-label') || control.getAttribute('aria-labelledby');
      if (!named) missing.push(control.outerHTML.slice(0, 120));
    }
    return missing;
  });
  if (unlabelled.length) throw new Error(`${page.url()} has controls without a label:\n${unlabelled.join('\n')}`);
}

/**
 * One listening server for a test file and the worker's Chromium: the server started before its
 * tests (before the file's own beforeAll, which can seed through `suite.server`), its pages checked
 * for console errors and closed after each test, and the server stopped at the end.
 */
export interface BrowserSuite {
  readonly server: TestServer;
  browser: Browser;
  pages: ReturnType<typeof pageTracker>;
}

export function browserSuite(options: Omit<TestServerOptions, 'listen'> = {}): BrowserSuite {
  // The server is one object from the start, filled in when it is up: a file may keep it (`const { server } = suite`).
  const suite = { server: {} as TestServer } as BrowserSuite;
  suite.pages = pageTracker(
    () => suite.browser,
    () => suite.server.url,
  );
  beforeAll(async () => {
    // A page is read from a started server: the running month's terms are fixed, as a server's start fixes them.
    Object.assign(suite.server, await startTestServer({ termsAtStart: true, ...options, listen: true }));
    suite.browser = await workerBrowser();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' || task.result?.errors?.length) await suite.pages.screenshotAll(task.name);
    await suite.pages.closeAll();
  });
  afterAll(async () => {
    // The worker's Chromium stays for the next file; what this one left open in it goes.
    await Promise.all(suite.browser?.contexts().map((context) => context.close().catch(() => undefined)) ?? []);
    await suite.server.close?.();
  });
  return suite;
}
