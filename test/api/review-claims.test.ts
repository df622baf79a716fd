/** Review claims (DECISIONS §5, The admin desk): two reviewers never step on each other. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { DATABASE_KINDS } from '../helpers/database.ts';
import { createAmbassador, uniqueEmail, validReport } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe.each(DATABASE_KINDS)('review claims (%s)', (kind) => {
  let server: TestServer;
  let lead: ApiClient;
  let second: ApiClient;
  let secondEmail: string;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    lead = await superAdminClient(server);
    secondEmail = uniqueEmail('reviewer');
    await lead.post('/api/super-admin/admins', { email: secondEmail, fullName: 'Second Reviewer' });
    await server.flushEmail();
    const token = server.mail.setupToken(await server.mail.waitFor(secondEmail));
    await new ApiClient(server).post(`/api/setup-password/${token}`, { password: 'Reviewer1' });
  });
  beforeEach(async () => {
    lead = await superAdminClient(server);
    second = await new ApiClient(server).login(secondEmail, 'Reviewer1');
  });
  afterAll(async () => server?.close());

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

  it('gives one claim to two admins claiming at once', async () => {
    const id = await pendingReport();
    const both = await Promise.all([lead.post(`/api/admin/reports/${id}/claim`), second.post(`/api/admin/reports/${id}/claim`)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = both.find((r) => r.status === 200)?.body.claimedBy;
    expect(both.find((r) => r.status === 409)?.body.message).toBe(`Being reviewed by ${winner}`);
  });
});
