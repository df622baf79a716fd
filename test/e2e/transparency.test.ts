/**
 * Protocol 2 and the public programme log in Chromium (DECISIONS §5): a month lived on the test
 * clock with a stand-in drand relay (nothing reaches the internet), frozen at its end and closed by
 * itself once its round is out. A stranger finds themselves among the frozen month's entrants,
 * verifies the closed draw in the browser (Match, with the test chain's warning) and sees Mismatch
 * when a published winner is altered; /transparency checks the log, remembers its head, and raises
 * an alert when the chain is broken or no longer holds a head this browser saw.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { afterAll } from 'vitest';
import { runSeasonsJob } from '../../src/server/features/seasons/service.ts';
import { entryHash, formatHead, type LogEntry, type LogHead } from '../../src/shared/public-log.ts';
import { seasonLabel } from '../../src/shared/seasons.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { runSeasonsJobUntil } from '../helpers/seasons-job.ts';
import { TestClock } from '../helpers/clock.ts';
import { startDrandRelay } from '../helpers/drand-relay.ts';
import { createAmbassador, credit, type CreatedAmbassador } from '../helpers/factories.ts';
import { axeViolations, describeViolations } from './axe.ts';
import { browserSuite, expectNoHorizontalOverflow, expectText, screenshot } from './browser.ts';

const MONTH = '2026-09';
const LABEL = seasonLabel(MONTH);
/** Ten minutes before September: the job fixes September's terms ahead of it, so the log has them before it began. */
const clock = new TestClock('2026-08-31T23:52:00Z');
// The relay's clock is the server's: a round is out once the server's time has reached it.
const relay = await startDrandRelay({ now: () => clock.now().getTime() });
const suite = browserSuite({ clock, env: { DRAND_TEST_CHAIN: JSON.stringify(relay.chain), DRAND_URLS: relay.url } });
afterAll(() => relay.close());

const people: CreatedAmbassador[] = [];
const anonymous = () => new ApiClient(suite.server);

beforeAll(async () => {
  const { server } = suite;
  await runSeasonsJob(server.ctx);
  server.clock.set('2026-09-10T12:00:00Z');
  const admin = await superAdminClient(server);
  // Five champions and three lottery entrants, each with GCM in September.
  const names = ['Ada Striker', 'Bo Keeper', 'Cy Winger', 'Di Sweeper', 'Ed Libero', 'Fay Entrant', 'Gus Entrant', 'Hal Entrant'];
  for (const fullName of names) people.push(await createAmbassador(server, { admin, fullName }));
  for (const [i, person] of people.entries()) await credit(server, person.ambassadorId, 'GCM', `${(10 - i) * 100}.00`);

  // The month ends: frozen by the job, within the minute.
  server.clock.set('2026-10-01T00:00:30Z');
  await runSeasonsJobUntil(suite.server, MONTH, 'frozen');
}, 180_000);

describe('a month frozen at its end', () => {
  it('shows its champions, the drand round the lottery waits for, and its entrants to search', async () => {
    const { page } = await suite.pages.open();
    await page.goto('/hall-of-fame');
    const month = page.locator(`[id="${MONTH}"]`);
    await month.getByRole('heading', { name: LABEL }).waitFor();
    await month.getByText(/^Lottery: drawn from drand round \d+ at .+ \(waiting\)$/).waitFor();
    await month.getByText('Ada Striker', { exact: false }).first().waitFor();
    // Find oneself among the entrants.
    const entrants = month.getByRole('list', { name: `Entrants of ${LABEL}` });
    await entrants.getByText('Gus Entrant').waitFor();
    await month.getByLabel(/Find your name/).fill('gus');
    await expect.poll(() => entrants.getByRole('listitem').allTextContents()).toEqual(['Gus Entrant']);
    await month.getByLabel(/Find your name/).fill('nobody at all');
    await month.getByText('No entrant matches “nobody at all”.').waitFor();
    // What exists so far checks out; the draw itself waits.
    await month.getByRole('button', { name: 'Verify in my browser' }).click();
    await month.getByText(/^Everything published so far matches\. The draw waits for drand round \d+/).waitFor();
    expect(describeViolations(await axeViolations(page, 'hall of fame, frozen month'))).toBe('');
    await screenshot(page, 'hall-of-fame-frozen');
  });
});

describe('the month closed by itself, and checked by anyone', () => {
  let head: LogHead;
  let entries: LogEntry[];

  /** A visitor's Hall of Fame and /transparency, open while the month closes by itself (issue 40). */
  let watching: { hallOfFame: Page; transparency: Page };

  beforeAll(async () => {
    const { server } = suite;
    const frozen = (await anonymous().get(`/api/public/seasons/${MONTH}`)).body as { beacon: { at: string } };
    watching = { hallOfFame: (await suite.pages.open()).page, transparency: (await suite.pages.open()).page };
    await watching.hallOfFame.goto('/hall-of-fame');
    await watching.hallOfFame
      .locator(`[id="${MONTH}"]`)
      .getByText(/\(waiting\)$/)
      .waitFor();
    await watching.transparency.goto('/transparency');
    await watching.transparency
      .locator(`[id="${MONTH}"]`)
      .getByText(/Standings and 3 lottery entrants frozen/)
      .waitFor();
    expect(
      await watching.transparency
        .locator(`[id="${MONTH}"]`)
        .getByText(/^Drawn /)
        .count(),
    ).toBe(0);
    // Marks each page's document: a reload would lose the mark.
    for (const page of Object.values(watching)) await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    // Past the round's time: the relay has it, the job fetches it, verifies it and closes the month.
    server.clock.set(new Date(Date.parse(frozen.beacon.at) + 10_000));
    await runSeasonsJobUntil(suite.server, MONTH, 'closed');
    const log = (await anonymous().get('/api/public/log?after=0&limit=500')).body as { entries: LogEntry[]; head: LogHead };
    entries = log.entries;
    head = log.head;
  }, 120_000);

  it('reaches the Hall of Fame and /transparency open during the close, without a reload', async () => {
    const hall = watching.hallOfFame.locator(`[id="${MONTH}"]`);
    await hall.getByText(/^Lottery: drawn from drand round \d+ at .+[^)]$/).waitFor();
    await hall.getByText('Fay Entrant').first().waitFor();
    await watching.transparency
      .locator(`[id="${MONTH}"]`)
      .getByText(/^Drawn .+ from drand round \d+\./)
      .waitFor();
    for (const page of Object.values(watching)) expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  it('verifies the draw in the browser: Match, each step, winners by name, the test chain named', async () => {
    const { page } = await suite.pages.open();
    await page.goto(`/hall-of-fame#${MONTH}`);
    const month = page.locator(`[id="${MONTH}"]`);
    await month.getByRole('heading', { name: LABEL }).waitFor();
    await month.getByText(/^Lottery: drawn from drand round \d+ at .+[^)]$/).waitFor();
    await month.getByRole('button', { name: 'Verify in my browser' }).click();
    await expectText(page, 'Match: the published draw is what the algorithm gives.');
    expect(await month.getByText('Mismatch', { exact: true }).count()).toBe(0);
    await month
      .getByText(/Test chain, not drand quicknet/)
      .first()
      .waitFor();
    await month.getByText(/Beacon signature: round \d+ signed by the chain's key/).waitFor();
    await month.getByText('Log: terms fixed before the month began').waitFor();
    // Winners are named: each of the three entrants won (three of them, up to ten winners).
    const steps = await month.getByRole('list', { name: 'Steps' }).innerText();
    for (const name of ['Fay Entrant', 'Gus Entrant', 'Hal Entrant']) expect(steps).toContain(name);
    expect(describeViolations(await axeViolations(page, 'hall of fame, draw verified'))).toBe('');
    await screenshot(page, 'hall-of-fame-verified');
  });

  it('says Mismatch when a published winner is altered', async () => {
    const { page } = await suite.pages.open();
    await page.route(`**/api/public/seasons/${MONTH}`, async (route) => {
      const response = await route.fetch({ headers: { ...route.request().headers(), 'accept-encoding': 'identity' } });
      const body = (await response.json()) as { lottery: { winners: { position: number; ambassadorId: string; fullName: string }[] } };
      // The first two winners swapped: the same people, drawn in another order than the beacon gives.
      const [first, second] = body.lottery.winners;
      if (first && second) {
        body.lottery.winners[0] = { ...second, position: 1 };
        body.lottery.winners[1] = { ...first, position: 2 };
      }
      await route.fulfill({ status: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });
    });
    await page.goto('/hall-of-fame');
    const month = page.locator(`[id="${MONTH}"]`);
    await month.getByRole('heading', { name: LABEL }).waitFor();
    await month.getByRole('button', { name: 'Verify in my browser' }).click();
    await expectText(page, 'Mismatch: the published draw does not follow from its values.');
    const steps = month.getByRole('list', { name: 'Steps' });
    await steps
      .getByRole('listitem')
      .filter({ hasText: /^Mismatch Winner 1/ })
      .waitFor();
    await steps
      .getByRole('listitem')
      .filter({ hasText: /^Mismatch Log: the draw \(entry \d+\)/ })
      .waitFor();
  });

  it('/transparency checks the log, shows its head and each month, and remembers the head', async () => {
    const { page } = await suite.pages.open();
    await page.goto('/transparency');
    await page.getByRole('heading', { name: 'Transparency', level: 1 }).waitFor();
    expect(await page.title()).toMatch(/^Transparency \| /);
    await expectText(page, formatHead(head));
    await page.getByText(`Log head: ${formatHead(head)}`).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    const month = page.locator(`[id="${MONTH}"]`);
    await month.getByRole('heading', { name: LABEL }).waitFor();
    await month.getByText(/before the month began/).waitFor();
    await month.getByText(/Standings and 3 lottery entrants frozen/).waitFor();
    await month.getByRole('link', { name: 'Check this draw on the Hall of Fame' }).waitFor();
    await month.getByRole('table').waitFor();
    expect(describeViolations(await axeViolations(page, 'transparency'))).toBe('');
    await screenshot(page, 'transparency');
    // On a phone the page, its log head and its month table do not scroll sideways.
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      await month.getByRole('table').waitFor();
      await expectNoHorizontalOverflow(page);
      expect(await page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) <= window.innerWidth)).toBe(true);
      await screenshot(page, `transparency-${width}`);
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    // With the time it was seen (less the clock allowance): SEQ:HASH@ISO-TIME.
    const kept = JSON.parse((await page.evaluate(() => localStorage.getItem('programme-log-heads'))) ?? '[]') as string[];
    expect(kept).toHaveLength(1);
    expect(kept[0]?.startsWith(`${formatHead(head)}@`)).toBe(true);

    // Next visit: the log still holds the head this browser saw.
    await page.reload();
    await page.getByText(/It still contains the head this browser saw before/).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);

    // The footer, the leaderboard and the Hall of Fame lead here.
    await page.goto('/leaderboard');
    await page
      .getByRole('link', { name: /^Transparency/ })
      .first()
      .waitFor();
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Transparency' }).count()).toBe(1);
  });

  it("the landing page states the month's median review times beside the promise", async () => {
    const { page } = await suite.pages.open();
    await page.goto('/');
    const promise = page.getByTestId('review-promise');
    // Applications were decided in September (the ambassadors' approvals); no report was.
    await expect
      .poll(() => promise.textContent())
      .toMatch(
        new RegExp(
          `^Applications are reviewed within 5-7 business days and reports within 3-5\\. In ${LABEL}, the median time to a decision was [\\d.]+ (h|days) for applications and no reports were decided\\.$`,
        ),
      );
    await promise.scrollIntoViewIfNeeded();
    await screenshot(page, 'landing-review-times');
  });

  it('/transparency raises an alert naming the entry when a remembered head is no longer in the log', async () => {
    const tracked = await suite.pages.open();
    const seen = entries[1] as LogEntry;
    // A head this browser "saw" at entry 2 with another hash: the log was rewritten since.
    await tracked.context.addInitScript((text) => localStorage.setItem('programme-log-heads', JSON.stringify([text])), `${seen.seq}:${'f'.repeat(64)}`);
    await tracked.page.goto('/transparency');
    const alert = tracked.page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain(`entry ${seen.seq} changed`);
    await screenshot(tracked.page, 'transparency-alert');
  });

  it("the Hall of Fame's 'Verify this draw' fails a re-chained log in the browser that saw the old head", async () => {
    const witness = await suite.pages.open();
    await witness.page.goto('/transparency');
    await witness.page.getByText(`Log head: ${formatHead(head)}`).waitFor();
    const remembered = await witness.page.evaluate(() => localStorage.getItem('programme-log-heads'));
    // Remembered with the time it was seen (DECISIONS §7).
    expect(remembered).toMatch(new RegExp(`"${head.seq}:${head.hash}@\\d{4}-\\d{2}-\\d{2}T[^"]+Z"`));
    // Someone with the database rewrites the month's summary (which the draw's own steps do not read) and re-chains everything after it.
    const summary = entries.find((e) => e.kind === 'month.summary') as LogEntry;
    const rewritten: LogEntry[] = [];
    let prevHash = entries[summary.seq - 2]?.hash ?? '0'.repeat(64);
    for (const entry of entries) {
      if (entry.seq < summary.seq) {
        rewritten.push(entry);
        continue;
      }
      const data = entry.seq === summary.seq ? { ...(entry.data as object), gcmAwarded: '1.00' } : entry.data;
      const hash = await entryHash({ ...entry, data, prevHash });
      rewritten.push({ ...entry, data, prevHash, hash });
      prevHash = hash;
    }
    // The rewritten log, as the server would serve it, to each browser below.
    const serveRewritten = (page: Page) =>
      page.route('**/api/public/log?**', async (route) => {
        const after = Number(new URL(route.request().url()).searchParams.get('after') ?? 0);
        const body = { entries: rewritten.filter((e) => e.seq > after), head: { seq: head.seq, hash: prevHash } };
        await route.fulfill({ status: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });
      });
    await serveRewritten(witness.page);
    await witness.page.goto(`/hall-of-fame#${MONTH}`);
    const month = witness.page.locator(`[id="${MONTH}"]`);
    await month.getByRole('heading', { name: LABEL }).waitFor();
    await month.getByRole('button', { name: 'Verify in my browser' }).click();
    await expectText(witness.page, 'Mismatch: the published draw does not follow from its values.');
    await month
      .getByRole('list', { name: 'Steps' })
      .getByRole('listitem')
      .filter({ hasText: new RegExp(`^Mismatch Log: entry ${head.seq} holds`) })
      .waitFor();
    // A browser that never saw the old head finds nothing wrong with the draw: the remembered head is what catches it.
    const stranger = await suite.pages.open();
    await serveRewritten(stranger.page);
    await stranger.page.goto(`/hall-of-fame#${MONTH}`);
    const strangers = stranger.page.locator(`[id="${MONTH}"]`);
    await strangers.getByRole('button', { name: 'Verify in my browser' }).click();
    await expectText(stranger.page, 'Match: the published draw is what the algorithm gives.');
  });

  it('/transparency raises an alert naming the entry when an entry was changed', async () => {
    const { page } = await suite.pages.open();
    const changed = entries.find((e) => e.kind === 'season.frozen') as LogEntry;
    await page.route('**/api/public/log?**', async (route) => {
      const response = await route.fetch({ headers: { ...route.request().headers(), 'accept-encoding': 'identity' } });
      const body = (await response.json()) as { entries: LogEntry[] };
      for (const entry of body.entries) if (entry.seq === changed.seq) entry.data = { ...(entry.data as object), entrantCount: 99 };
      await route.fulfill({ status: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });
    });
    await page.goto('/transparency');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain(`The programme log's chain is broken at entry ${changed.seq}.`);
    // A log that does not check out is not remembered.
    expect(await page.evaluate(() => localStorage.getItem('programme-log-heads'))).toBeNull();
  });
});
