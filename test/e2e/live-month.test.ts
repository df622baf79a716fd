/**
 * What the seasons job and a payout write reaches a visitor's open pages (issue 42 §2, DECISIONS §6):
 * a Hall of Fame and a /transparency opened while September runs show it frozen by the job at its
 * end, then closed by it once its round is out, then a payout marked paid, each without a reload.
 * The job's steps publish `seasons` and `log` because they write the month and the log
 * (docs/decisions/033), not because a caller remembered to name them.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeasonsJob } from '../../src/server/features/seasons/service.ts';
import { seasonLabel } from '../../src/shared/seasons.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { runSeasonsJobUntil } from '../helpers/seasons-job.ts';
import { TestClock } from '../helpers/clock.ts';
import { startDrandRelay } from '../helpers/drand-relay.ts';
import { createAmbassador, credit, requestWithdrawal } from '../helpers/factories.ts';
import { browserSuite } from './browser.ts';

const MONTH = '2026-09';
const LABEL = seasonLabel(MONTH);
const TX_HASH = `0x${'b7'.repeat(32)}`;
const clock = new TestClock('2026-08-31T23:52:00Z');
// The relay's clock is the server's: a round is out once the server's time has reached it.
const relay = await startDrandRelay({ now: () => clock.now().getTime() });
// Registered before the suite's, so it runs after it: the relay outlives the server.
afterAll(() => relay.close());
const suite = browserSuite({ clock, env: { DRAND_TEST_CHAIN: JSON.stringify(relay.chain), DRAND_URLS: relay.url } });

let withdrawalId: string;

beforeAll(async () => {
  const { server } = suite;
  // September's terms, fixed before it begins.
  await runSeasonsJob(server.ctx);
  server.clock.set('2026-09-10T12:00:00Z');
  const admin = await superAdminClient(server);
  const people = [];
  for (const fullName of ['Lia Forward', 'Max Keeper', 'Noa Winger']) people.push(await createAmbassador(server, { admin, fullName }));
  for (const [i, person] of people.entries()) await credit(server, person.ambassadorId, 'GCM', `${(5 - i) * 100}.00`);
  const payee = people[0];
  if (!payee) throw new Error('no payee');
  const withdrawal = await requestWithdrawal(server, payee, { amount: '60', balance: '100.00' });
  expect((await admin.post(`/api/admin/withdrawals/${withdrawal.id}/approve`, {})).status).toBe(200);
  withdrawalId = withdrawal.id;
  server.clock.set('2026-09-30T23:50:00Z');
}, 180_000);

describe('a visitor’s open pages while the month ends by itself', () => {
  it('show the month frozen and closed by the job, and a payout marked paid, without a reload', async () => {
    const { server } = suite;
    const hallOfFame: Page = (await suite.pages.open()).page;
    const transparency: Page = (await suite.pages.open()).page;
    await hallOfFame.goto('/hall-of-fame');
    await hallOfFame.getByText('No month has been closed yet').waitFor();
    await transparency.goto('/transparency');
    const logMonth = transparency.locator(`[id="${MONTH}"]`);
    await logMonth.getByText(/before the month began/).waitFor();
    expect(await logMonth.getByText(/lottery entrants frozen/).count()).toBe(0);
    // Marks each page's document: a reload would lose the mark.
    for (const page of [hallOfFame, transparency]) await page.evaluate(() => Object.assign(window, { notReloaded: true }));

    // The month ends: the job freezes it, with nobody's request behind it.
    server.clock.set('2026-10-01T00:00:30Z');
    await runSeasonsJobUntil(suite.server, MONTH, 'frozen');
    const hallMonth = hallOfFame.locator(`[id="${MONTH}"]`);
    await hallMonth.getByRole('heading', { name: LABEL }).waitFor();
    await hallMonth.getByText(/\(waiting\)$/).waitFor();
    await hallMonth.getByText('Lia Forward', { exact: false }).first().waitFor();
    await logMonth.getByText(/Standings and \d+ lottery entrants frozen/).waitFor();

    // Its round is out: the job draws it and closes it.
    const frozen = (await new ApiClient(server).get(`/api/public/seasons/${MONTH}`)).body as { beacon: { at: string } };
    server.clock.set(new Date(Date.parse(frozen.beacon.at) + 10_000));
    await runSeasonsJobUntil(suite.server, MONTH, 'closed');
    await hallMonth.getByText(/^Lottery: drawn from drand round \d+ at .+[^)]$/).waitFor();
    await logMonth.getByText(/^Drawn .+ from drand round \d+\./).waitFor();

    // A payout marked paid: its entry in the public log reaches the open /transparency.
    expect(await transparency.getByText(TX_HASH).count()).toBe(0);
    const admin = await superAdminClient(server);
    const paid = await admin.post('/api/admin/withdrawals/paid', { ids: [withdrawalId], txHash: TX_HASH });
    expect(paid.status, paid.text).toBe(200);
    await transparency.getByText(TX_HASH).first().waitFor();

    for (const page of [hallOfFame, transparency]) expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });
});
