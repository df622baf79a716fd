/**
 * The programme's month in Chromium: a super admin closes an ended month from the console, a
 * winner sees the prize, and a stranger verifies the draw on the Hall of Fame page (Match), and
 * sees Mismatch when a published value (the secret) is altered.
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seasonLabel } from '../../src/shared/seasons.ts';
import { superAdminClient } from '../helpers/client.ts';
import { TestClock } from '../helpers/clock.ts';
import { createAmbassador, credit, type CreatedAmbassador } from '../helpers/factories.ts';
import { SUPER_ADMIN, startTestServer, type TestServer } from '../helpers/server.ts';
import { expectText, launchBrowser, pageTracker, screenshot, signInAsAmbassador, signInAsSuperAdmin } from './browser.ts';

// The month before the real one (browsers drop cookies that expire before their own clock, so
// the pages are visited at the real time, once that month has ended).
const now = new Date();
const MONTH = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10, 12)).toISOString().slice(0, 7);
const LABEL = seasonLabel(MONTH);

let server: TestServer;
let browser: Browser;
const people: CreatedAmbassador[] = [];
const pages = pageTracker(
  () => browser,
  () => server.url,
);

beforeAll(async () => {
  server = await startTestServer({ listen: true, clock: new TestClock(`${MONTH}-10T12:00:00Z`) });
  browser = await launchBrowser();
  const admin = await superAdminClient(server);
  for (let i = 0; i < 8; i++) people.push(await createAmbassador(server, { admin, fullName: `Striker ${i + 1}` }));
  for (const [i, person] of people.entries()) await credit(server, person.ambassadorId, 'GCM', `${(8 - i) * 100}.00`);
  await admin.patch('/api/super-admin/settings', { lotteryWinners: 2 });
  // The month has turned: it can be closed.
  server.clock.set(new Date());
});
afterEach(() => pages.closeAll());
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a month closed from the console', () => {
  it('pays the prizes, shows them to the winner, and lets anyone verify the draw', async () => {
    const { page } = await pages.open();
    await signInAsSuperAdmin(page, SUPER_ADMIN);
    await page.getByRole('tab', { name: 'Super Admin' }).click();
    await page.getByRole('button', { name: `Close month ${LABEL}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('1st: Striker 1').waitFor();
    await dialog.getByLabel(/^Beacon/).fill('bsc:43123456:0x9f3c0e1b2a4d5c6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6');
    await screenshot(page, 'season-close');
    await dialog.getByRole('button', { name: 'Close and pay' }).click();
    await dialog.getByText(`${LABEL} is closed and paid.`).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Closed', { exact: true }).first().waitFor();

    // The winner of 1st place sees it on the dashboard and in the wallet.
    const winner = await pages.open();
    await signInAsAmbassador(winner.page, people[0]?.email ?? '', people[0]?.password ?? '');
    await expectText(winner.page, new RegExp(`You won 1st place in ${LABEL}`));
    await winner.page.goto('/wallet');
    await winner.page.getByText('PRIZE').first().waitFor();

    // A stranger checks the draw in the browser.
    const stranger = await pages.open();
    await stranger.page.goto('/hall-of-fame');
    await stranger.page.getByRole('heading', { name: LABEL }).waitFor();
    await stranger.page.getByRole('button', { name: 'Verify in my browser' }).click();
    await expectText(stranger.page, 'Match: the published draw is what the algorithm gives.');
    await screenshot(stranger.page, 'hall-of-fame');

    // The same check against an altered publication says Mismatch.
    const altered = await pages.open();
    await altered.page.route(`**/api/public/seasons/${MONTH}`, async (route) => {
      const response = await route.fetch({ headers: { ...route.request().headers(), 'accept-encoding': 'identity' } });
      // A secret other than the committed one: the commitment step can never match. (An altered
      // beacon alone may, by chance, give the same few winners: 1 in 6 with 3 entrants and 2 winners.)
      const body = (await response.json()) as { lottery: { secret: string } };
      body.lottery.secret = '0'.repeat(64);
      // A fresh answer (not the original's headers: its length and encoding no longer apply).
      await route.fulfill({ status: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });
    });
    await altered.page.goto('/hall-of-fame');
    await altered.page.getByRole('heading', { name: LABEL }).waitFor();
    await altered.page.getByRole('button', { name: 'Verify in my browser' }).click();
    await expectText(altered.page, 'Mismatch: the published draw does not follow from its values.');
    expect(await altered.page.getByText('Mismatch', { exact: true }).count()).toBeGreaterThan(0);
  });
});

describe('the live leaderboard', () => {
  it('changes in place, without a reload, when an award is credited', async () => {
    const { page } = await pages.open();
    await page.goto('/leaderboard');
    const challenger = people[7] as CreatedAmbassador;
    // Everyone's GCM was earned last month: nobody has a place on this month's board yet.
    await page.getByText('No Data Available').waitFor();
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    await credit(server, challenger.ambassadorId, 'GCM', '5000.00');
    // The new leader and their 5,000 GCM appear with no navigation (the stream's event).
    await page.getByText(challenger.fullName).first().waitFor();
    await expectText(page, /5,?0{3}/);
    // The next award comes as a patch against that board (smaller than the board): applied in place.
    const runnerUp = people[6] as CreatedAmbassador;
    await credit(server, runnerUp.ambassadorId, 'GCM', '3000.00');
    await page.getByText(runnerUp.fullName).first().waitFor();
    const main = await page.locator('main').innerText();
    expect(main.indexOf(challenger.fullName)).toBeLessThan(main.indexOf(runnerUp.fullName));
    await credit(server, runnerUp.ambassadorId, 'GCM', '4000.00');
    await expect
      .poll(async () => {
        const text = await page.locator('main').innerText();
        return text.indexOf(runnerUp.fullName) < text.indexOf(challenger.fullName);
      })
      .toBe(true);
    expect(navigations).toEqual([]);
  });
});

describe('the prize pool', () => {
  it('shows this month’s prizes and lottery from the settings on the landing page and the leaderboard', async () => {
    const { page } = await pages.open();
    for (const path of ['/', '/leaderboard']) {
      await page.goto(path);
      const pool = page.getByRole('region', { name: /This month's prize pool/ });
      // 300 + 200 + 100 + 50 + 50, and 2 lottery winners of 20 (set above).
      await pool.getByText('$740.00').waitFor();
      await pool.getByText('1st').waitFor();
      expect(await pool.textContent()).toContain('2 winners of $20.00');
    }
    await screenshot(page, 'leaderboard-prize-pool');
  });
});
