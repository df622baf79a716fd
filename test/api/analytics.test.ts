/**
 * The admin desk's analytics against figures worked out by hand (DECISIONS §5, The admin desk), and
 * the daily figures they are read from (ADR 017): kept by each change equal to what the rows
 * themselves give, written in the change's transaction or not at all, never losing a count to a
 * race.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../src/server/db/client.ts';
import * as figures from '../../src/server/features/analytics/figures.ts';
import { medianOfCounts } from '../../src/server/features/analytics/service.ts';
import { withTransaction } from '../../src/server/mutation.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { TestClock } from '../helpers/clock.ts';
import { DATABASE_KINDS } from '../helpers/database.ts';
import { createAmbassador, credit, uniqueEmail, validApplication, validReport, type CreatedAmbassador } from '../helpers/factories.ts';
import { type TestServer } from '../helpers/server.ts';
import { blockServer, describeEachDatabase } from '../helpers/suite.ts';
import { WALLET_A } from '../helpers/wallets.ts';

/** A clock of its own on each database, from the morning of Tuesday 10 November. */
const ownClock = () => ({ clock: new TestClock('2026-11-10T08:00:00Z') });

describeEachDatabase('admin analytics (%s)', ownClock, ({ server }) => {
  /** `amb` sends a report of `week` at `sentAt`; an admin reviews it at `reviewedAt`. */
  async function reportReviewedAt(
    amb: CreatedAmbassador,
    week: { weekStartDate: string; weekEndDate: string },
    sentAt: string,
    reviewedAt: string,
    review: { status: 'approved' | 'rejected'; gcmAwarded: string; usdtAwarded: string },
  ) {
    server.clock.set(sentAt);
    await amb.client.login(amb.email, amb.password);
    const report = (await amb.client.post('/api/reports', validReport(week))).body;
    server.clock.set(reviewedAt);
    const admin = await superAdminClient(server);
    await admin.post(`/api/admin/reports/${report.id}/review`, review);
  }

  it('counts each week and month from SQL aggregates, newest first, and the age of each queue', async () => {
    let admin = await superAdminClient(server);
    // Week of Monday 9 November: two applications, one approved; a report reviewed 6 hours after it was sent.
    const amb = await createAmbassador(server, { admin });
    server.clock.set('2026-11-10T09:00:00Z');
    await new ApiClient(server).post('/api/applications', validApplication({ email: uniqueEmail('waiting') }));
    const firstWeek = { weekStartDate: '2026-11-02', weekEndDate: '2026-11-08' };
    await reportReviewedAt(amb, firstWeek, '2026-11-11T10:00:00Z', '2026-11-11T16:00:00Z', { status: 'approved', gcmAwarded: '100', usdtAwarded: '5' });

    // Week of Monday 16 November: a report reviewed after 3 hours (rejected), 100 USDT credited, 50 withdrawn.
    const secondWeek = { weekStartDate: '2026-11-09', weekEndDate: '2026-11-15' };
    await reportReviewedAt(amb, secondWeek, '2026-11-17T09:00:00Z', '2026-11-17T12:00:00Z', { status: 'rejected', gcmAwarded: '0', usdtAwarded: '0' });
    await credit(server, amb.ambassadorId, 'USDT', '100.00');
    server.clock.set('2026-11-18T10:00:00Z');
    await amb.client.login(amb.email, amb.password);
    const withdrawal = (await amb.client.post('/api/withdrawal-requests', { amount: '50', walletAddress: WALLET_A })).body;
    admin = await superAdminClient(server);
    await admin.post(`/api/admin/withdrawals/${withdrawal.id}/approve`, {});
    await amb.client.post('/api/withdrawal-requests', { amount: '50', walletAddress: WALLET_A });

    server.clock.set('2026-11-18T12:00:00Z');
    admin = await superAdminClient(server);
    const response = await admin.get('/api/admin/analytics');
    expect(response.status).toBe(200);
    const { weeks, months, queues } = response.body;
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toEqual({
      week: '2026-11-16',
      applications: 0,
      approvedApplications: 0,
      reports: 1,
      reviewedReports: 1,
      gcmAwarded: '0.00',
      usdtAwarded: '100.00',
      medianReviewHours: 3,
    });
    expect(weeks[1]).toEqual({
      week: '2026-11-09',
      applications: 2,
      approvedApplications: 1,
      reports: 1,
      reviewedReports: 1,
      gcmAwarded: '100.00',
      usdtAwarded: '5.00',
      medianReviewHours: 6,
    });
    expect(weeks[2]).toMatchObject({ week: '2026-11-02', applications: 0, reports: 0, medianReviewHours: null });
    expect(months[0]).toEqual({ month: '2026-11', activeAmbassadors: 1, gcmAwarded: '100.00', usdtAwarded: '105.00', withdrawnUsdt: '50.00' });
    expect(months[1]).toEqual({ month: '2026-10', activeAmbassadors: 0, gcmAwarded: '0.00', usdtAwarded: '0.00', withdrawnUsdt: '0.00' });
    // The waiting application since 10 Nov 09:00, the pending withdrawal since 18 Nov 10:00; no pending report.
    expect(queues).toEqual({ oldestPendingApplicationHours: 195, oldestPendingReportHours: null, oldestPendingWithdrawalHours: 2 });
    expect((await amb.client.get('/api/admin/analytics')).status).toBe(403);
  });

  it('keeps the daily figures equal to what the rows give, by the rebuild and by the migration', async () => {
    // More on top of the first test: a rejected application, a second report in the month, a prize-like credit.
    server.clock.set('2026-11-19T09:00:00Z');
    const admin = await superAdminClient(server);
    const amb = await createAmbassador(server, { admin });
    await amb.client.post('/api/reports', validReport({ weekStartDate: '2026-11-09', weekEndDate: '2026-11-15' }));
    server.clock.set('2026-11-20T09:30:00Z');
    await amb.client.login(amb.email, amb.password);
    const report = (await amb.client.post('/api/reports', validReport({ weekStartDate: '2026-11-10', weekEndDate: '2026-11-16' }))).body;
    server.clock.set('2026-11-20T11:15:00Z');
    const reviewer = await superAdminClient(server);
    expect((await reviewer.post(`/api/admin/reports/${report.id}/review`, { status: 'approved', gcmAwarded: '12.34', usdtAwarded: '0.01' })).status).toBe(200);

    const kept = await snapshot(server);
    expect(kept.days.length).toBeGreaterThan(0);
    await figures.rebuildFigures(server.db);
    expect(await snapshot(server)).toEqual(kept);

    // The migration's backfill, run on the same rows, arrives at the same figures.
    for (const table of ['daily_figures', 'active_months', 'review_times']) await server.db.execute(sql.raw(`delete from ${table}`));
    const migration = readFileSync(join(MIGRATIONS_FOLDER, '0012_daily_figures.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').filter((statement) => /^\s*(--[^\n]*\n\s*)*INSERT/i.test(statement));
    expect(backfill).toHaveLength(3);
    for (const statement of backfill) await server.db.execute(sql.raw(statement));
    expect(await snapshot(server)).toEqual(kept);
  });

  it('writes the figures with the change or not at all', async () => {
    const before = await snapshot(server);
    await expect(
      withTransaction(server.ctx, null, async (m) => {
        figures.count(m, 'applications', m.now);
        figures.addMoney(m, 'gcmAwarded', 1_000n, m.now);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await snapshot(server)).toEqual(before);
  });
});

describe('the median of review times kept as counts', () => {
  it('is the middle one, or halfway between the two middle ones, as percentile_cont(0.5)', () => {
    expect(medianOfCounts([])).toBeNull();
    expect(medianOfCounts([[30, 1]])).toBe(3);
    expect(
      medianOfCounts([
        [60, 1],
        [30, 1],
      ]),
    ).toBe(4.5);
    expect(
      medianOfCounts([
        [10, 2],
        [20, 1],
        [90, 1],
      ]),
    ).toBe(1.5);
    expect(
      medianOfCounts([
        [10, 3],
        [20, 1],
        [90, 1],
      ]),
    ).toBe(1);
    expect(
      medianOfCounts([
        [5, 0],
        [7, 1],
      ]),
    ).toBe(0.7);
  });
  it('rounds a wait to the nearest tenth of an hour', () => {
    const sent = new Date('2026-11-20T10:00:00Z');
    expect(figures.reviewTenths(sent, new Date('2026-11-20T10:02:59Z'))).toBe(0);
    expect(figures.reviewTenths(sent, new Date('2026-11-20T10:03:00Z'))).toBe(1);
    expect(figures.reviewTenths(sent, new Date('2026-11-20T16:00:00Z'))).toBe(60);
    expect(figures.reviewTenths(sent, new Date('2026-11-20T09:00:00Z'))).toBe(0);
  });
});

describe.runIf(DATABASE_KINDS.includes('postgres'))('daily figures under concurrent changes (postgres)', () => {
  const server = blockServer({ kind: 'postgres' });

  it('counts every one of many applications, reports and credits sent at once', async () => {
    const admin = await superAdminClient(server);
    const people = await Promise.all(Array.from({ length: 6 }, () => createAmbassador(server, { admin })));
    const before = (await snapshot(server)).days.at(-1);
    const applied = await Promise.all(
      Array.from({ length: 12 }, () => new ApiClient(server).post('/api/applications', validApplication({ email: uniqueEmail('burst') }))),
    );
    expect(applied.map((r) => r.status)).toEqual(Array(12).fill(201));
    const sent = await Promise.all(people.map((p) => p.client.post('/api/reports', validReport())));
    expect(sent.map((r) => r.status)).toEqual(Array(6).fill(201));
    await Promise.all(people.map((p) => credit(server, p.ambassadorId, 'USDT', '0.10')));
    const after = (await snapshot(server)).days.at(-1);
    expect(Number(after?.applications) - Number(before?.applications ?? 0)).toBe(12);
    expect(Number(after?.reports) - Number(before?.reports ?? 0)).toBe(6);
    expect(Number(after?.active_ambassadors) - Number(before?.active_ambassadors ?? 0)).toBe(6);
    expect(Number(after?.usdt_awarded) - Number(before?.usdt_awarded ?? 0)).toBeCloseTo(0.6, 10);
    const kept = await snapshot(server);
    await figures.rebuildFigures(server.db);
    expect(await snapshot(server)).toEqual(kept);
  });
});

type Figures = { days: Record<string, unknown>[]; active: Record<string, unknown>[]; times: Record<string, unknown>[] };

async function snapshot(server: TestServer): Promise<Figures> {
  const all = async (query: ReturnType<typeof sql>) => (await server.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return {
    days: (
      await all(sql`select day::text, applications, approved_applications, reports, reviewed_reports, active_ambassadors,
      gcm_awarded::text, usdt_awarded::text, withdrawn_usdt::text from daily_figures order by day`)
    ).rows,
    active: (await all(sql`select month::text, ambassador_id from active_months order by 1, 2`)).rows,
    times: (await all(sql`select day::text, tenths, n from review_times order by 1, 2`)).rows,
  };
}
