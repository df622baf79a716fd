/**
 * Money rules under parallel requests, on each database (PostgreSQL when
 * TEST_DATABASE_URL is set: real connections racing on row locks).
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { transactions, withdrawalRequests } from '../../src/server/db/schema.ts';
import { ApiClient } from '../helpers/client.ts';
import { createAmbassador, credit, validReport, type CreatedAmbassador } from '../helpers/factories.ts';
import { describeEachDatabase } from '../helpers/suite.ts';
import { WALLET_A } from '../helpers/wallets.ts';

const wallet = WALLET_A;

describeEachDatabase('concurrency on %s', ({ server, superAdmin: admin }) => {
  let ambassador: CreatedAmbassador;
  beforeAll(async () => {
    ambassador = await createAmbassador(server, { admin });
  });

  it('never overdraws: 50 requests of 50 USDT against 100 USDT give exactly two, ten rounds', async () => {
    for (let round = 0; round < 10; round++) {
      await credit(server, ambassador.ambassadorId, 'USDT', '100.00');
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => ambassador.client.post('/api/withdrawal-requests', { amount: 50, walletAddress: wallet })),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(2);
      expect(statuses.filter((s) => s !== 201).every((s) => s === 400)).toBe(true);
      const position = (await ambassador.client.get('/api/ambassador')).body;
      expect(position.withdrawableUsdt).toBe('0.00');
    }
  });

  it('lets exactly one of approve and reject win on one withdrawal', async () => {
    const pending = await server.db.select().from(withdrawalRequests).where(eq(withdrawalRequests.status, 'pending')).limit(4);
    for (const withdrawal of pending) {
      const answers = await Promise.all([
        admin.post(`/api/admin/withdrawals/${withdrawal.id}/approve`, {}),
        admin.post(`/api/admin/withdrawals/${withdrawal.id}/reject`, {}),
        admin.post(`/api/admin/withdrawals/${withdrawal.id}/approve`, {}),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      const entries = await server.db.select().from(transactions).where(eq(transactions.withdrawalId, withdrawal.id));
      const decided = (await server.db.select().from(withdrawalRequests).where(eq(withdrawalRequests.id, withdrawal.id)))[0];
      expect(entries).toHaveLength(decided?.status === 'approved' ? 1 : 0);
    }
  });

  it('reviews a report once when two admins submit at once, crediting once', async () => {
    const report = await ambassador.client.post('/api/reports', validReport());
    expect(report.status).toBe(201);
    const before = (await ambassador.client.get('/api/ambassador')).body.totalGcmEarned;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => admin.post(`/api/admin/reports/${report.body.id}/review`, { status: 'approved', gcmAwarded: '100', usdtAwarded: 0 })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
    const after = (await ambassador.client.get('/api/ambassador')).body.totalGcmEarned;
    expect(Number(after) - Number(before)).toBe(100);
  });

  it('uses a setup link once when it is used twice at once', async () => {
    const other = await createAmbassador(server, { admin });
    const seen = server.mail.messages.length;
    expect((await admin.post(`/api/admin/ambassadors/${other.ambassadorId}/resend-password`)).status).toBe(200);
    await server.flushEmail();
    const token = server.mail.setupToken(await server.mail.waitFor(other.email, { after: seen }));
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => new ApiClient(server).post(`/api/setup-password/${token}`, { password: `Parallel-${i}` })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(4);
  });

  it('keeps the cached totals equal to the ledger while awards and withdrawals interleave', async () => {
    const target = await createAmbassador(server, { admin });
    await credit(server, target.ambassadorId, 'USDT', '60.00');
    await Promise.all([
      ...Array.from({ length: 10 }, () => credit(server, target.ambassadorId, 'USDT', '10.00')),
      ...Array.from({ length: 10 }, () => target.client.post('/api/withdrawal-requests', { amount: 50, walletAddress: wallet })),
      ...Array.from({ length: 5 }, () => credit(server, target.ambassadorId, 'GCM', '1.25')),
    ]);
    const rows = await server.db.execute(sql`
      select a.total_usdt_earned::text as cached_usdt, a.total_gcm_earned::text as cached_gcm,
        (select coalesce(sum(amount), 0)::numeric(20,2)::text from transactions t where t.ambassador_id = a.id and t.currency = 'USDT' and t.type = 'reward') as ledger_usdt,
        (select coalesce(sum(amount), 0)::numeric(20,2)::text from transactions t where t.ambassador_id = a.id and t.currency = 'GCM') as ledger_gcm,
        (select coalesce(sum(amount), 0)::numeric(20,2)::text from withdrawal_requests w where w.ambassador_id = a.id and w.status <> 'rejected') as held
      from ambassadors a where a.id = ${target.ambassadorId}`);
    const row = (rows as unknown as { rows: Record<string, string>[] }).rows[0];
    expect(row).toBeDefined();
    expect(row?.cached_usdt).toBe('160.00');
    expect(row?.ledger_usdt).toBe(row?.cached_usdt);
    expect(row?.cached_gcm).toBe('6.25');
    expect(row?.ledger_gcm).toBe('6.25');
    expect(Number(row?.held)).toBeLessThanOrEqual(160);
  });
});
