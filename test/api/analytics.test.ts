/** The admin desk's analytics against figures worked out by hand (DECISIONS §5, The admin desk). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { TestClock } from '../helpers/clock.ts';
import { DATABASE_KINDS } from '../helpers/database.ts';
import { createAmbassador, credit, uniqueEmail, validApplication, validReport } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe.each(DATABASE_KINDS)('admin analytics (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, clock: new TestClock('2026-11-10T08:00:00Z') });
  });
  afterAll(async () => server?.close());

  it('counts each week and month from SQL aggregates, newest first, and the age of each queue', async () => {
    let admin = await superAdminClient(server);
    // Week of Monday 9 November: two applications, one approved; a report reviewed 6 hours after it was sent.
    const amb = await createAmbassador(server, { admin });
    server.clock.set('2026-11-10T09:00:00Z');
    await new ApiClient(server).post('/api/applications', validApplication({ email: uniqueEmail('waiting') }));
    server.clock.set('2026-11-11T10:00:00Z');
    await amb.client.login(amb.email, amb.password);
    const first = (await amb.client.post('/api/reports', validReport({ weekStartDate: '2026-11-02', weekEndDate: '2026-11-08' }))).body;
    server.clock.set('2026-11-11T16:00:00Z');
    admin = await superAdminClient(server);
    await admin.post(`/api/admin/reports/${first.id}/review`, { status: 'approved', gcmAwarded: '100', usdtAwarded: '5' });

    // Week of Monday 16 November: a report reviewed after 3 hours (rejected), 100 USDT credited, 50 withdrawn.
    server.clock.set('2026-11-17T09:00:00Z');
    await amb.client.login(amb.email, amb.password);
    const second = (await amb.client.post('/api/reports', validReport({ weekStartDate: '2026-11-09', weekEndDate: '2026-11-15' }))).body;
    server.clock.set('2026-11-17T12:00:00Z');
    admin = await superAdminClient(server);
    await admin.post(`/api/admin/reports/${second.id}/review`, { status: 'rejected', gcmAwarded: '0', usdtAwarded: '0' });
    await credit(server, amb.ambassadorId, 'USDT', '100.00');
    server.clock.set('2026-11-18T10:00:00Z');
    await amb.client.login(amb.email, amb.password);
    const withdrawal = (await amb.client.post('/api/withdrawal-requests', { amount: '50', walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' })).body;
    admin = await superAdminClient(server);
    await admin.post(`/api/admin/withdrawals/${withdrawal.id}/approve`, {});
    await amb.client.post('/api/withdrawal-requests', { amount: '50', walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' });

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
});
