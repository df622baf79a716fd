/**
 * Money out with proof (DECISIONS §5, Money out): the Safe CSV export, marking a batch paid with its
 * transaction hash, the two-person rule under races, and the wallet-change hold.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { transactions } from '../../src/server/db/schema.ts';
import { ApiClient } from '../helpers/client.ts';
import { HOUR } from '../helpers/clock.ts';
import { ageAccounts, createAdmin, createAmbassador, type CreatedAmbassador, credit } from '../helpers/factories.ts';
import { describeEachDatabase } from '../helpers/suite.ts';
import { WALLET_A, WALLET_B, WALLET_C } from '../helpers/wallets.ts';

const HASH = (n: number) => `0x${n.toString(16).padStart(64, 'a')}`;

describeEachDatabase('money out (%s)', ({ server, superAdmin }) => {
  let admin: ApiClient;
  let adminEmail: string;

  beforeAll(async () => {
    adminEmail = (await createAdmin(server, { superAdmin })).email;
    // Both approvers have been admins long enough for a large withdrawal's two approvals to count.
    await ageAccounts(server, [adminEmail, 'super@example.com']);
  });
  beforeEach(async () => {
    await superAdmin.superAdminLogin();
    admin = await new ApiClient(server).login(adminEmail, 'AdminPass1');
  });

  async function funded(usdt: string, fullName?: string): Promise<CreatedAmbassador> {
    const amb = await createAmbassador(server, { admin: superAdmin, ...(fullName ? { fullName } : {}) });
    await credit(server, amb.ambassadorId, 'USDT', usdt);
    return amb;
  }

  async function request(amb: CreatedAmbassador, amount: string, walletAddress = WALLET_A) {
    return amb.client.post('/api/withdrawal-requests', { amount, walletAddress });
  }

  it('exports approved, unpaid withdrawals as a Safe CSV Airdrop file and a plain CSV, safe from formulas', async () => {
    const first = await funded('300.00', '=HYPERLINK("http://evil.example","click")');
    const second = await funded('300.00');
    const approved1 = (await request(first, '100.00')).body;
    const approved2 = (await request(second, '60.50', WALLET_B)).body;
    const pending = (await request(second, '50.00', WALLET_B)).body;
    const rejected = (await request(first, '50.00')).body;
    for (const id of [approved1.id, approved2.id]) expect((await superAdmin.post(`/api/admin/withdrawals/${id}/approve`, {})).status).toBe(200);
    expect((await superAdmin.post(`/api/admin/withdrawals/${rejected.id}/reject`, {})).status).toBe(200);

    const safe = await superAdmin.get('/api/admin/withdrawals/export.csv?format=safe');
    expect(safe.status).toBe(200);
    expect(safe.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(safe.headers['content-disposition']).toMatch(/^attachment; filename="withdrawals-to-pay-safe-\d{4}-\d{2}-\d{2}\.csv"$/);
    const token = '0x55d398326f99059fF775485246999027B3197955';
    expect(safe.text.split('\r\n')).toEqual([
      'token_type,token_address,receiver,amount,id',
      `erc20,${token},${WALLET_A},100.00,`,
      `erc20,${token},${WALLET_B},60.50,`,
      '',
    ]);
    const plain = await superAdmin.get('/api/admin/withdrawals/export.csv?format=plain');
    const lines = plain.text.split('\r\n');
    expect(lines[0]).toBe('withdrawal_id,ambassador,email,receiver,amount_usdt,approved_at');
    expect(lines[1]).toContain(`${approved1.id},"'=HYPERLINK(""http://evil.example"",""click"")",${first.email},${WALLET_A},100.00,`);
    expect(lines).toHaveLength(4);
    expect(plain.text).not.toContain(pending.id);
    expect((await superAdmin.get('/api/admin/withdrawals/export.csv?format=xls')).status).toBe(400);
    expect((await first.client.get('/api/admin/withdrawals/export.csv')).status).toBe(403);
  });

  it('marks a batch paid with one transaction hash, once, and the ambassador sees the proof', async () => {
    const amb = await funded('500.00');
    const one = (await request(amb, '100.00')).body;
    const two = (await request(amb, '120.00')).body;
    const waiting = (await request(amb, '50.00')).body;
    for (const id of [one.id, two.id]) await superAdmin.post(`/api/admin/withdrawals/${id}/approve`, {});

    const badHash = await admin.post('/api/admin/withdrawals/paid', { ids: [one.id], txHash: '0x1234' });
    expect(badHash.status).toBe(400);
    expect(badHash.body.message).toBe('Enter the transaction hash: 0x followed by 64 hexadecimal characters');
    const withPending = await admin.post('/api/admin/withdrawals/paid', { ids: [one.id, waiting.id], txHash: HASH(1) });
    expect(withPending.status).toBe(409);
    expect(withPending.body.message).toBe(`Only approved withdrawals that are not yet paid can be marked paid: ${waiting.id}`);
    expect((await amb.client.get('/api/withdrawal-requests')).body.every((w: { txHash: string | null }) => w.txHash === null)).toBe(true);

    await server.flushEmail();
    const seen = server.mail.messages.length;
    const paid = await admin.post('/api/admin/withdrawals/paid', { ids: [one.id, two.id], txHash: HASH(1).toUpperCase().replace('0X', '0x') });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ verifiedOnChain: false, txHash: HASH(1), txUrl: `https://bscscan.com/tx/${HASH(1)}` });
    const mine = (await amb.client.get('/api/withdrawal-requests')).body as {
      id: string;
      txHash: string | null;
      paidAt: string | null;
      txUrl: string | null;
    }[];
    const proof = mine.find((w) => w.id === one.id);
    expect(proof).toMatchObject({ txHash: HASH(1), txUrl: `https://bscscan.com/tx/${HASH(1)}` });
    expect(proof?.paidAt).toBeTruthy();
    await server.flushEmail();
    const email = await server.mail.waitFor(amb.email, { after: seen });
    expect(email.subject).toMatch(/has been paid$/);
    expect(email.text).toContain(`https://bscscan.com/tx/${HASH(1)}`);

    // Paid at most once, and a hash never covers a second batch.
    expect((await admin.post('/api/admin/withdrawals/paid', { ids: [one.id], txHash: HASH(2) })).status).toBe(409);
    await superAdmin.post(`/api/admin/withdrawals/${waiting.id}/approve`, {});
    const reused = await admin.post('/api/admin/withdrawals/paid', { ids: [waiting.id], txHash: HASH(1) });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe('This transaction hash was already recorded for another payout');
    // No money moved again: one ledger entry per approved withdrawal.
    const entries = await server.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.ambassadorId, amb.ambassadorId), eq(transactions.type, 'withdrawal')));
    expect(entries).toHaveLength(3);
    const log = (await superAdmin.get('/api/super-admin/actions')).body;
    expect(log.find((row: { action: string }) => row.action === 'mark_withdrawals_paid')).toMatchObject({
      details: expect.stringContaining('2 withdrawal(s), 220.00 USDT'),
    });
  });

  it('lists withdrawals by stage and exports only the selected ones', async () => {
    const amb = await funded('500.00');
    const toPay = (await request(amb, '70.00')).body;
    const alsoApproved = (await request(amb, '80.00')).body;
    const paidOne = (await request(amb, '90.00')).body;
    const toApprove = (await request(amb, '55.00')).body;
    for (const id of [toPay.id, alsoApproved.id, paidOne.id]) await superAdmin.post(`/api/admin/withdrawals/${id}/approve`, {});
    expect((await admin.post('/api/admin/withdrawals/paid', { ids: [paidOne.id], txHash: HASH(7) })).status).toBe(200);

    const ids = async (status: string) =>
      ((await admin.get(`/api/admin/withdrawal-requests?limit=100&status=${status}`)).body as { id: string }[]).map((w) => w.id);
    const awaiting = await ids('awaiting_payment');
    expect(awaiting).toEqual(expect.arrayContaining([toPay.id, alsoApproved.id]));
    expect(awaiting).not.toContain(paidOne.id);
    const paid = await ids('paid');
    expect(paid).toContain(paidOne.id);
    expect(paid).not.toContain(toPay.id);
    expect(await ids('approved')).toEqual(expect.arrayContaining([toPay.id, alsoApproved.id, paidOne.id]));
    expect(await ids('pending')).toContain(toApprove.id);
    const unknown = await admin.get('/api/admin/withdrawal-requests?status=unpaid');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('status must be pending, approved, awaiting_payment, paid, rejected or cancelled');

    // The selection, not the whole queue; a paid or pending id among them is simply not payable.
    const selected = await admin.get(`/api/admin/withdrawals/export.csv?format=plain&ids=${toPay.id},${paidOne.id},${toApprove.id}`);
    expect(selected.status).toBe(200);
    const rows = selected.text.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(new RegExp(`^${toPay.id},`));
    const tooMany = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join(',');
    for (const bad of ['not-an-id', tooMany, '']) {
      const refused = await admin.get(`/api/admin/withdrawals/export.csv?format=safe&ids=${bad}`);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('ids must be up to 100 withdrawal ids separated by commas');
    }
  });

  it('needs two different admins above the threshold, and gives exactly one final approval under races', async () => {
    const amb = await funded('5000.00');
    const big = (await request(amb, '600.00')).body;
    const first = await superAdmin.post(`/api/admin/withdrawals/${big.id}/approve`, {});
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'pending', approvals: 1 });
    const again = await superAdmin.post(`/api/admin/withdrawals/${big.id}/approve`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A second admin must approve this withdrawal');
    const list = (await admin.get('/api/admin/withdrawal-requests?status=pending')).body.find((w: { id: string }) => w.id === big.id);
    expect(list).toMatchObject({ needsSecondApproval: true, approvals: 1, approvedBy: ['super@example.com'] });
    const second = await admin.post(`/api/admin/withdrawals/${big.id}/approve`, {});
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ status: 'approved', approvals: 2 });

    // Two different admins at once: one first approval, one final.
    const race = (await request(amb, '700.00')).body;
    const both = await Promise.all([
      superAdmin.post(`/api/admin/withdrawals/${race.id}/approve`, {}),
      admin.post(`/api/admin/withdrawals/${race.id}/approve`, {}),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.body.status).sort()).toEqual(['approved', 'pending']);
    // The same admin twice at once: one approval counted, one 409.
    const same = (await request(amb, '800.00')).body;
    const twice = await Promise.all([admin.post(`/api/admin/withdrawals/${same.id}/approve`, {}), admin.post(`/api/admin/withdrawals/${same.id}/approve`, {})]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 409]);
    const entries = await server.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.ambassadorId, amb.ambassadorId), eq(transactions.type, 'withdrawal')));
    expect(entries.map((e) => e.amount).sort()).toEqual(['-600.00', '-700.00']);
    // At or below the threshold one approval is final.
    const small = (await request(amb, '500.00')).body;
    expect((await admin.post(`/api/admin/withdrawals/${small.id}/approve`, {})).body).toMatchObject({ status: 'approved', approvals: 1 });
  });

  it('pauses withdrawals after a payout address change, from the stored time, and emails the account', async () => {
    const amb = await funded('1000.00');
    // The first address has no hold.
    expect((await amb.client.patch('/api/ambassador', { usdtWalletAddress: WALLET_A })).status).toBe(200);
    const before = await request(amb, '50.00', WALLET_A);
    expect(before.status).toBe(201);
    const adminItem = async (id: string) =>
      (
        (await admin.get(`/api/admin/withdrawal-requests?search=${encodeURIComponent(amb.email)}&limit=500`)).body as Array<{
          id: string;
          addressChangedAt: string | null;
        }>
      ).find((w) => w.id === id);
    expect(await adminItem(before.body.id)).toMatchObject({ walletAddress: WALLET_A, addressChangedAt: null });

    await server.flushEmail();
    const seen = server.mail.messages.length;
    expect((await amb.client.patch('/api/ambassador', { usdtWalletAddress: WALLET_B })).status).toBe(200);
    const me = (await amb.client.get('/api/ambassador')).body;
    expect(new Date(me.withdrawalsPausedUntil).getTime() - server.clock.now().getTime()).toBeGreaterThan(47 * HOUR);
    const held = await request(amb, '50.00', WALLET_B);
    expect(held.status).toBe(403);
    expect(held.body.message).toBe('For your security, withdrawals are paused for 48 hours after a wallet address change');
    await server.flushEmail();
    const notice = await server.mail.waitFor(amb.email, { after: seen });
    expect(notice.subject).toMatch(/payout address was changed$/);
    expect(notice.text).toContain(WALLET_B);
    // The admin who approves the earlier request sees that the address changed after it, and when; it still pays WALLET_A.
    const changedAt = new Date(me.withdrawalsPausedUntil).getTime() - 48 * HOUR;
    const flagged = await adminItem(before.body.id);
    expect(flagged).toMatchObject({ walletAddress: WALLET_A, status: 'pending', addressChangedAt: expect.any(String) });
    expect(new Date(flagged?.addressChangedAt ?? 0).getTime()).toBe(changedAt);

    server.clock.advance(49 * HOUR);
    await amb.client.login(amb.email, amb.password);
    admin = await new ApiClient(server).login(adminEmail, 'AdminPass1');
    const after = await request(amb, '50.00', WALLET_B);
    expect(after.status).toBe(201);
    // A request made after the change is not flagged.
    expect(await adminItem(after.body.id)).toMatchObject({ addressChangedAt: null });

    // A request to another address replaces the saved one, starts the hold and is refused by it.
    const other = await request(amb, '50.00', WALLET_C);
    expect(other.status).toBe(403);
    expect((await amb.client.get('/api/ambassador')).body.usdtWalletAddress).toBe(WALLET_C);
    expect((await request(amb, '50.00', WALLET_C)).status).toBe(403);
  });
});
