/** Review claims (DECISIONS §5, The admin desk): two reviewers never step on each other. */
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { createAdmin, createAmbassador, uniqueEmail, validReport } from '../helpers/factories.ts';
import { describeEachDatabase } from '../helpers/suite.ts';

describeEachDatabase('review claims (%s)', ({ server, superAdmin }) => {
  let lead: ApiClient = superAdmin;
  let second: ApiClient;
  let secondEmail: string;
  beforeAll(async () => {
    secondEmail = (await createAdmin(server, { superAdmin: lead, fullName: 'Second Reviewer', email: uniqueEmail('reviewer'), password: 'Reviewer1' })).email;
  });
  beforeEach(async () => {
    lead = await superAdminClient(server);
    second = await new ApiClient(server).login(secondEmail, 'Reviewer1');
  });

  async function pendingReport(): Promise<string> {
    const amb = await createAmbassador(server, { admin: lead });
    return (await amb.client.post('/api/reports', validReport())).body.id as string;
  }
  const review = { status: 'approved', gcmAwarded: '10', usdtAwarded: '0' };

  it('holds a claimed report for its reviewer for 10 minutes; others get 409 naming them, until it expires', async () => {
    const id = await pendingReport();
    const claimed = await second.post(`/api/admin/reports/${id}/claim`);
    expect(claimed.status).toBe(200);
    expect(claimed.body.claimedBy).toBe('Second Reviewer');
    expect(new Date(claimed.body.claimedUntil).getTime() - server.clock.now().getTime()).toBeGreaterThan(9 * 60_000);
    const list = (await lead.get('/api/admin/reports?status=pending')).body.find((r: { id: string }) => r.id === id);
    expect(list.claim).toMatchObject({ by: 'Second Reviewer' });

    for (const attempt of [lead.post(`/api/admin/reports/${id}/claim`), lead.post(`/api/admin/reports/${id}/review`, review)]) {
      const refused = await attempt;
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Being reviewed by Second Reviewer');
    }
    // The holder renews and reviews.
    expect((await second.post(`/api/admin/reports/${id}/claim`)).status).toBe(200);
    expect((await second.post(`/api/admin/reports/${id}/review`, review)).status).toBe(200);
    expect((await second.post(`/api/admin/reports/${id}/claim`)).status).toBe(409);

    // An expired claim holds nothing.
    const other = await pendingReport();
    await second.post(`/api/admin/reports/${other}/claim`);
    server.clock.advance(10 * 60_000 + 1_000);
    expect((await lead.post(`/api/admin/reports/${other}/review`, review)).status).toBe(200);
  });

  it("'Next pending' claims the oldest report nobody else holds, releases the one left, and splits the queue between two reviewers", async () => {
    // Drain what earlier tests left pending.
    for (;;) {
      const next = await lead.post('/api/admin/reports/claim-next', {});
      if (next.status === 404) {
        expect(next.body.message).toBe('No pending reports left to review');
        break;
      }
      expect((await lead.post(`/api/admin/reports/${next.body.id}/review`, review)).status).toBe(200);
    }
    const [r1, r2, r3, r4] = [await pendingReport(), await pendingReport(), await pendingReport(), await pendingReport()];
    expect((await second.post(`/api/admin/reports/${r1}/claim`)).status).toBe(200);
    const first = await lead.post('/api/admin/reports/claim-next', {});
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: r2, status: 'pending', claim: { by: 'Super Admin' } });
    expect(first.body.ambassador.email).toBeTruthy();
    // Leaving r2 for the next one releases it.
    expect((await lead.post('/api/admin/reports/claim-next', { exceptId: r2 })).body.id).toBe(r3);
    expect((await lead.get('/api/admin/reports?status=pending&limit=100')).body.find((r: { id: string }) => r.id === r2).claim).toBeNull();
    // The second reviewer leaves r1 and gets r2, now free; nobody is handed a report another holds.
    expect((await second.post('/api/admin/reports/claim-next', { exceptId: r1 })).body.id).toBe(r2);
    // Two at once: two different reports (r1 and r4 are free; r2 and r3 are held).
    const [a, b] = await Promise.all([
      lead.post('/api/admin/reports/claim-next', { exceptId: r3 }),
      second.post('/api/admin/reports/claim-next', { exceptId: r2 }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.id).not.toBe(b.body.id);
    expect(new Set([a.body.id, b.body.id, r2, r3, r4, r1]).size).toBe(4);
    expect((await lead.post('/api/admin/reports/claim-next', { exceptId: 'not-a-uuid' })).status).toBe(400);
    expect((await (await createAmbassador(server, { admin: lead })).client.post('/api/admin/reports/claim-next', {})).status).toBe(403);
  });

  it('gives one claim to two admins claiming at once', async () => {
    const id = await pendingReport();
    const both = await Promise.all([lead.post(`/api/admin/reports/${id}/claim`), second.post(`/api/admin/reports/${id}/claim`)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = both.find((r) => r.status === 200)?.body.claimedBy;
    expect(both.find((r) => r.status === 409)?.body.message).toBe(`Being reviewed by ${winner}`);
  });
});
