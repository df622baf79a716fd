/**
 * The programme's month in Chromium (protocol 2): nobody types anything. The month is frozen and
 * closed by the product itself (the seasons job, with a stand-in drand relay of our own), the super
 * admin's console shows where it stands, a winner sees the prize, and a stranger verifies the draw
 * on the Hall of Fame page (Match; the Mismatch cases are in transparency.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonLabel } from '../../src/shared/seasons.ts';
import { superAdminClient } from '../helpers/client.ts';
import { TestClock } from '../helpers/clock.ts';
import { createAmbassador, credit, type CreatedAmbassador } from '../helpers/factories.ts';
import { startDrandRelay } from '../helpers/drand-relay.ts';
import { runSeasonsJob } from '../../src/server/features/seasons/service.ts';
import { seasonBounds } from '../../src/shared/seasons.ts';
import { monthIn } from '../../src/shared/localized-format.ts';
import { browserSuite, expectNoHorizontalOverflow, expectText, expectToast, screenshot, signInAsAmbassador, signInAsSuperAdmin } from './browser.ts';

// The month before the real one (browsers drop cookies that expire before their own clock, so
// the pages are visited at the real time, once that month has ended).
const now = new Date();
const MONTH = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10, 12)).toISOString().slice(0, 7);
const LABEL = seasonLabel(MONTH);

// The relay's clock is the server's (drand's latest round at the freeze must agree with the freeze's time, DECISIONS §7);
// once the server's clock is back at the real time, the month's round (an hour after its end) is out.
const clock = new TestClock(`${MONTH}-10T12:00:00Z`);
const relay = await startDrandRelay({ now: () => clock.now().getTime() });
// Registered before the suite's, so it runs after it (after-hooks run in reverse): the relay outlives the server.
afterAll(() => relay.close());
const suite = browserSuite({
  clock,
  env: { DRAND_TEST_CHAIN: JSON.stringify(relay.chain), DRAND_URLS: relay.url },
});
const { server, pages } = suite;
const people: CreatedAmbassador[] = [];

beforeAll(async () => {
  // The month's terms, fixed as it runs.
  await runSeasonsJob(server.ctx);
  const admin = await superAdminClient(server);
  for (let i = 0; i < 8; i++) people.push(await createAmbassador(server, { admin, fullName: `Striker ${i + 1}` }));
  for (const [i, person] of people.entries()) await credit(server, person.ambassadorId, 'GCM', `${(8 - i) * 100}.00`);
  // Changed during the month: applies from the next one (the prize pool below).
  await admin.patch('/api/super-admin/settings', { lotteryWinners: 2 });
  // Half a minute after the month's end the job freezes it; later, with its round out, it closes it.
  server.clock.set(new Date(seasonBounds(MONTH).end.getTime() + 30_000));
  expect((await runSeasonsJob(server.ctx)).frozen).toEqual([MONTH]);
  server.clock.set(new Date());
  expect((await runSeasonsJob(server.ctx)).closed).toEqual([MONTH]);
});

describe('a month that closes by itself', () => {
  it('shows its stage in the console, pays the prizes, shows them to the winner, and lets anyone verify the draw', async () => {
    const { page } = await pages.open();
    await signInAsSuperAdmin(page, { tab: 'Super Admin' });
    // No close form and no beacon to type: the month says where it stands.
    await page.getByText('Closed', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: `Close month ${LABEL}` }).count()).toBe(0);
    await screenshot(page, 'season-closed-by-itself');

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
    // The month's terms were fixed as it ran (the server first saw it on the 10th): a late step, never a Match (issue 40, item 5).
    await expectText(stranger.page, 'Late: the published draw is what the algorithm gives, but not every step was in time (see the late steps).');
    await stranger.page
      .getByRole('list', { name: 'Steps' })
      .getByRole('listitem')
      .filter({ hasText: /^Late Log: terms fixed before the month began/ })
      .waitFor();
    expect(await stranger.page.getByText('Mismatch', { exact: true }).count()).toBe(0);
    await screenshot(stranger.page, 'hall-of-fame');

    // The same check against an altered publication says Mismatch.
    const altered = await pages.open();
    await altered.page.route(`**/api/public/seasons/${MONTH}`, async (route) => {
      const response = await route.fetch({ headers: { ...route.request().headers(), 'accept-encoding': 'identity' } });
      // A randomness that is not the signature's hash: that step can never match.
      const body = (await response.json()) as { beacon: { randomness: string } };
      body.beacon.randomness = '0'.repeat(64);
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

describe('the prize settings form', () => {
  it('saves any number of lottery winners from 0 to 100, says once what it takes, and from which month it applies', async () => {
    const { page } = await pages.open();
    await signInAsSuperAdmin(page, { tab: 'Super Admin' });
    const form = page.getByRole('form', { name: 'Monthly prizes' });
    const field = form.getByLabel(/^Lottery winners/);
    await field.fill('4');
    await form.getByRole('button', { name: 'Save prizes' }).click();
    const next = seasonLabel(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 10)).toISOString().slice(0, 7));
    await expectToast(page, 'Prizes Updated');
    await expectText(page, `Changes apply from ${next}.`);
    expect((await (await fetch(`${server.url}/api/settings`)).json()).lotteryWinners).toBe(4);
    // Out of range: refused with the message, shown once (the hint says something else).
    await field.fill('101');
    await form.getByRole('button', { name: 'Save prizes' }).click();
    await expect.poll(() => form.getByText('The number of lottery winners is a whole number from 0 to 100').count()).toBe(1);
    expect((await (await fetch(`${server.url}/api/settings`)).json()).lotteryWinners).toBe(4);
  });
});

describe('the leaderboard and the Hall of Fame in Spanish and Portuguese, on a phone (issue 40)', () => {
  it('write GCM and counts as the language groups digits, plurals as it says them, and times with their zone', async () => {
    // This month's board (after the live test above): 7,000 and 5,000 GCM, and a third for the podium.
    await credit(server, (people[5] as CreatedAmbassador).ambassadorId, 'GCM', '1500.50');
    for (const [locale, closed, winners, entrants] of [
      ['es', 'Cerrado', 'Ganadores del sorteo (3 participantes)', 'Todos los participantes del sorteo (3)'],
      ['pt-BR', 'Encerrado', 'Vencedores do sorteio (3 participantes)', 'Todos no sorteio (3)'],
    ] as const) {
      const { page, context } = await pages.open({ width: 390, height: 844 });
      await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
      await page.goto('/leaderboard');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
      // '7,000 GCM' would read as seven in these languages.
      await expect.poll(() => page.getByTestId('podium-1').innerText()).toContain('7.000 GCM');
      expect(await page.getByTestId('podium-2').innerText()).toContain('5.000 GCM');
      expect(await page.getByTestId('podium-3').innerText()).toContain('1.501 GCM');
      const ranking = await page.getByRole('list', { name: /^(Clasificación|Classificação)$/ }).innerText();
      expect(ranking).toContain('7.000');
      expect(await page.locator('main').innerText()).not.toMatch(/\d,\d{3}\b/);
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `leaderboard-${locale}`);

      await page.goto('/hall-of-fame');
      await page.getByRole('heading', { name: monthIn(MONTH, locale) }).waitFor();
      const main = await page.locator('main').innerText();
      expect(main).toContain(winners);
      expect(main).toContain(entrants);
      // The close's time names its zone (it had none).
      expect(main).toMatch(new RegExp(`${closed}: [^\\n]*\\d:\\d{2} (UTC|GMT[+-]?[\\d:]*|[A-Z]{3,5})\\n`));
      expect(main).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `hall-of-fame-${locale}`);
    }
  });
});
