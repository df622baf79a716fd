/** Retries are safe: the same Idempotency-Key gives one effect and the same answer. */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { transactions, withdrawalRequests } from '../../src/server/db/schema.ts';
import { createAmbassador, credit, validReport, type CreatedAmbassador } from '../helpers/factories.ts';
import { describeEachDatabase } from '../helpers/suite.ts';
import { WALLET_C } from '../helpers/wallets.ts';

const wallet = WALLET_C;

describeEachDatabase('Idempotency-Key on %s', ({ server, superAdmin: admin }) => {
  let amb: CreatedAmbassador;

  beforeAll(async () => {
    amb = await createAmbassador(server, { admin });
    await credit(server, amb.ambassadorId, 'USDT', '1000');
  });

  const count = async () => (await server.db.select().from(withdrawalRequests).where(eq(withdrawalRequests.ambassadorId, amb.ambassadorId))).length;

  it('replays a withdrawal request in sequence: one effect, the same answer', async () => {
    const before = await count();
    const first = await amb.client.post('/api/withdrawal-requests', { amount: 60, walletAddress: wallet }, { 'idempotency-key': 'seq-1' });
    const second = await amb.client.post('/api/withdrawal-requests', { amount: '60.00', walletAddress: wallet.toLowerCase() }, { 'idempotency-key': 'seq-1' });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await count()).toBe(before + 1);
  });

  it('replays at once: ten parallel requests with one key make one withdrawal', async () => {
    const before = await count();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => amb.client.post('/api/withdrawal-requests', { amount: 55, walletAddress: wallet }, { 'idempotency-key': 'burst-1' })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await count()).toBe(before + 1);
  });

  it('refuses the same key with a different body, and a malformed key', async () => {
    await amb.client.post('/api/withdrawal-requests', { amount: 70, walletAddress: wallet }, { 'idempotency-key': 'diff-1' });
    const other = await amb.client.post('/api/withdrawal-requests', { amount: 71, walletAddress: wallet }, { 'idempotency-key': 'diff-1' });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe('This Idempotency-Key was already used for a different request');
    expect((await amb.client.post('/api/withdrawal-requests', { amount: 70, walletAddress: wallet }, { 'idempotency-key': 'x'.repeat(201) })).status).toBe(400);
  });

  it('does not remember refused requests, and keys are per user', async () => {
    const refused = await amb.client.post('/api/withdrawal-requests', { amount: 100_000, walletAddress: wallet }, { 'idempotency-key': 'refused-1' });
    expect(refused.status).toBe(400);
    expect((await amb.client.post('/api/withdrawal-requests', { amount: 50, walletAddress: wallet }, { 'idempotency-key': 'refused-1' })).status).toBe(201);
    const other = await createAmbassador(server, { admin });
    await credit(server, other.ambassadorId, 'USDT', '100');
    const mine = await other.client.post('/api/withdrawal-requests', { amount: 50, walletAddress: wallet }, { 'idempotency-key': 'seq-1' });
    expect(mine.status).toBe(201);
    expect(mine.headers['idempotent-replayed']).toBeUndefined();
  });

  it('replays a review: one credit for parallel retries with one key', async () => {
    const report = await amb.client.post('/api/reports', validReport());
    const body = { status: 'approved', gcmAwarded: '250', usdtAwarded: '5.50', adminNotes: 'ok' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => admin.post(`/api/admin/reports/${report.body.id}/review`, body, { 'idempotency-key': `review-${report.body.id}` })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200));
    expect(answers.every((a) => JSON.stringify(a.body) === JSON.stringify(answers[0]?.body))).toBe(true);
    const credits = await server.db.select().from(transactions).where(eq(transactions.reportId, report.body.id));
    expect(credits.map((c) => c.amount).sort()).toEqual(['250.00', '5.50']);
    // Without the key a second review is the ordinary 409.
    expect((await admin.post(`/api/admin/reports/${report.body.id}/review`, body)).status).toBe(409);
  });
});
