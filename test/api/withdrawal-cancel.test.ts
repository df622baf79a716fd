/**
 * Withdrawals an ambassador can take back (issue 40 item 1, DECISIONS §7): the owner cancels a
 * pending request no admin has approved yet; its amount is withdrawable again at once, the ledger
 * is untouched, and the request is final and not a decision (no reason, no appeal, not in the
 * month's figures). A cancel racing an approve and another cancel: exactly one wins. On both databases.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { adminActions, transactions, withdrawalRequests } from '../../src/server/db/schema.ts';
import { monthSummary } from '../../src/server/features/seasons/summary.ts';
import { formatCents, toCents } from '../../src/shared/money.ts';
import { ageAccounts, createAdmin, createAmbassador, credit, requestWithdrawal, type CreatedAdmin, type CreatedAmbassador } from '../helpers/factories.ts';
import { SUPER_ADMIN } from '../helpers/server.ts';
import { describeEachDatabase } from '../helpers/suite.ts';

describeEachDatabase('withdrawals an ambassador can take back (%s)', ({ server, superAdmin }) => {
  let amb: CreatedAmbassador;
  let other: CreatedAmbassador;
  let admin: CreatedAdmin;

  async function withdrawable(person: CreatedAmbassador): Promise<string> {
    const own = await person.client.get('/api/ambassador');
    expect(own.status).toBe(200);
    return own.body.withdrawableUsdt as string;
  }

  beforeAll(async () => {
    amb = await createAmbassador(server, { admin: superAdmin });
    other = await createAmbassador(server, { admin: superAdmin });
    admin = await createAdmin(server, { superAdmin });
    // Both old enough to give the two approvals of a large withdrawal.
    await ageAccounts(server, [SUPER_ADMIN.email, admin.email]);
  });

  it('takes back a pending request: cancelled, the amount withdrawable again at once, final, and not a decision', async () => {
    await credit(server, amb.ambassadorId, 'USDT', '300.00');
    const before = await withdrawable(amb);
    const request = await requestWithdrawal(server, amb, { amount: '200.00' });
    expect(await withdrawable(amb)).toBe(formatCents(toCents(before) - toCents('200.00')));
    const ledgerBefore = await server.db.select().from(transactions).where(eq(transactions.ambassadorId, amb.ambassadorId));

    const cancelled = await amb.client.post(`/api/withdrawal-requests/${request.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      id: request.id,
      status: 'cancelled',
      stage: 'cancelled',
      cancelledAt: expect.any(String),
      reviewedAt: null,
      reasonCode: null,
      reasonText: null,
      appeal: null,
      appealDeadline: null,
    });
    // The money is back at once; the ledger never had an entry for it.
    expect(await withdrawable(amb)).toBe(before);
    expect(await server.db.select().from(transactions).where(eq(transactions.ambassadorId, amb.ambassadorId))).toEqual(ledgerBefore);
    expect((await amb.client.get('/api/withdrawal-requests')).body.find((w: { id: string }) => w.id === request.id)).toMatchObject({ status: 'cancelled' });

    // Final: no second cancel, no decision, no appeal.
    const again = await amb.client.post(`/api/withdrawal-requests/${request.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('WITHDRAWAL_NOT_PENDING');
    expect((await superAdmin.post(`/api/admin/withdrawals/${request.id}/approve`, {})).status).toBe(409);
    expect((await superAdmin.post(`/api/admin/withdrawals/${request.id}/reject`, { reasonCode: 'other' })).status).toBe(409);
    expect((await amb.client.post(`/api/withdrawal-requests/${request.id}/appeal`, { text: 'Please' })).status).toBe(409);

    // The desk lists it as cancelled (its own filter and the export), and the log says who took it back.
    const listed = await superAdmin.get('/api/admin/withdrawal-requests?status=cancelled');
    expect(listed.body.map((w: { id: string }) => w.id)).toContain(request.id);
    expect(listed.body.find((w: { id: string }) => w.id === request.id)).toMatchObject({
      stage: 'cancelled',
      approvers: { needed: 1, given: 0, eligibleNow: false, reason: 'NOT_PENDING' },
    });
    expect((await superAdmin.get('/api/admin/withdrawal-requests?status=pending')).body.map((w: { id: string }) => w.id)).not.toContain(request.id);
    const csv = await superAdmin.get('/api/admin/export/withdrawals.csv?status=cancelled');
    expect(csv.status).toBe(200);
    expect(csv.text.split('\r\n').find((line) => line.startsWith(request.id))).toContain('cancelled');
    const logged = await server.db
      .select()
      .from(adminActions)
      .where(and(eq(adminActions.action, 'cancel_withdrawal'), eq(adminActions.targetId, request.id)));
    expect(logged).toHaveLength(1);
    expect(logged[0]?.adminEmail).toBe(amb.email);

    // Not a decision: the month's summary counts no withdrawal decided and no reason.
    const month = server.clock.now().toISOString().slice(0, 7);
    const summary = await monthSummary(server.db, month);
    expect(summary.withdrawals).toMatchObject({ decided: 0, approved: 0, rejected: 0 });
    expect(Object.values(summary.decisions.byKind.withdrawals ?? {}).every((n) => n === 0)).toBe(true);
    // The amount can be asked for again at once.
    expect((await amb.client.post('/api/withdrawal-requests', { amount: before, walletAddress: request.walletAddress })).status).toBe(201);
  });

  it('refuses someone else (404), an admin (403), a decided request and one an admin has begun to approve (409 with a code)', async () => {
    await credit(server, other.ambassadorId, 'USDT', '2000.00');
    const mine = await requestWithdrawal(server, other, { amount: '60.00' });
    expect((await amb.client.post(`/api/withdrawal-requests/${mine.id}/cancel`)).status).toBe(404);
    expect((await amb.client.post('/api/withdrawal-requests/not-a-uuid/cancel')).status).toBe(404);
    expect((await superAdmin.post(`/api/withdrawal-requests/${mine.id}/cancel`)).status).toBe(403);

    expect((await superAdmin.post(`/api/admin/withdrawals/${mine.id}/reject`, { reasonCode: 'other' })).status).toBe(200);
    const rejected = await other.client.post(`/api/withdrawal-requests/${mine.id}/cancel`);
    expect(rejected.status).toBe(409);
    expect(rejected.body).toEqual({ message: 'This withdrawal request is no longer pending, so it cannot be cancelled', code: 'WITHDRAWAL_NOT_PENDING' });

    const large = await requestWithdrawal(server, other, { amount: '600.00' });
    expect((await superAdmin.post(`/api/admin/withdrawals/${large.id}/approve`, {})).body).toMatchObject({ status: 'pending', approvals: 1 });
    const begun = await other.client.post(`/api/withdrawal-requests/${large.id}/cancel`);
    expect(begun.status).toBe(409);
    expect(begun.body).toEqual({
      message: 'An admin has already approved this withdrawal request, so it cannot be cancelled',
      code: 'WITHDRAWAL_APPROVAL_GIVEN',
    });
    expect((await server.db.select().from(withdrawalRequests).where(eq(withdrawalRequests.id, large.id)))[0]?.status).toBe('pending');
  });

  it('lets exactly one of a cancel, an approve and a second cancel sent at once win, and the balance stays exact', async () => {
    const person = await createAmbassador(server, { admin: superAdmin });
    await credit(server, person.ambassadorId, 'USDT', '5000.00');
    const earned = '5000.00';
    for (const amount of ['100.00', '100.00', '100.00', '700.00', '700.00', '700.00']) {
      const request = await requestWithdrawal(server, person, { amount });
      const answers = await Promise.all([
        person.client.post(`/api/withdrawal-requests/${request.id}/cancel`),
        admin.client.post(`/api/admin/withdrawals/${request.id}/approve`, {}),
        person.client.post(`/api/withdrawal-requests/${request.id}/cancel`),
      ]);
      const statuses = answers.map((a) => a.status);
      expect(
        statuses.filter((s) => s === 200),
        `${amount}: ${statuses.join(',')}`,
      ).toHaveLength(1);
      expect(
        statuses.filter((s) => s === 409),
        `${amount}: ${statuses.join(',')}`,
      ).toHaveLength(2);
      const row = (await server.db.select().from(withdrawalRequests).where(eq(withdrawalRequests.id, request.id)))[0];
      if (answers[1]?.status === 200) {
        // The approve won: a small one is approved, a large one has its first approval and stays pending.
        expect(row?.status).toBe(amount === '700.00' ? 'pending' : 'approved');
        if (row?.status === 'pending') expect((await superAdmin.post(`/api/admin/withdrawals/${request.id}/reject`, { reasonCode: 'other' })).status).toBe(200);
      } else {
        expect(row?.status).toBe('cancelled');
      }
    }
    // The balance is what the ledger says: earned less the approved withdrawals, nothing held.
    const rows = await server.db.select().from(withdrawalRequests).where(eq(withdrawalRequests.ambassadorId, person.ambassadorId));
    const approved = rows.filter((w) => w.status === 'approved').reduce((sum, w) => sum + toCents(w.amount), toCents('0'));
    const ledger = await server.db.select().from(transactions).where(eq(transactions.ambassadorId, person.ambassadorId));
    expect(ledger.filter((t) => t.type === 'withdrawal').reduce((sum, t) => sum - toCents(t.amount), toCents('0'))).toBe(approved);
    expect(await withdrawable(person)).toBe(formatCents(toCents(earned) - approved));
  });
});
