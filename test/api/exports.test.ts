/**
 * CSV exports of the admin tabs (DECISIONS §5, The admin desk): a header row, the tab's filter and
 * search, formula-safe cells, a dated file name, admins only, and paging through more than one page.
 */
import { beforeAll, expect, it } from 'vitest';
import { ApiClient } from '../helpers/client.ts';
import { createAmbassador, requestWithdrawal, validApplication, validReport, type CreatedAmbassador } from '../helpers/factories.ts';
import { describeEachDatabase } from '../helpers/suite.ts';
import { ambassadors, transactions } from '../../src/server/db/schema.ts';
import { WALLET_A as WALLET } from '../helpers/wallets.ts';

function parse(text: string): string[][] {
  // The exports quote only cells with commas, quotes or line breaks; these tests' cells have none but the formula one.
  return text
    .trimEnd()
    .split('\r\n')
    .map((line) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)?.map((cell) => cell.replace(/,$/, '').replace(/^"|"$/g, '').replaceAll('""', '"')) ?? [])
    .map((cells) => (cells.at(-1) === '' && cells.length > 1 ? cells.slice(0, -1) : cells));
}

describeEachDatabase('CSV exports (%s)', ({ kind, server, superAdmin: admin }) => {
  let evil: CreatedAmbassador;
  let plain: CreatedAmbassador;
  beforeAll(async () => {
    evil = await createAmbassador(server, { admin, fullName: '=HYPERLINK("http://evil.example","x")' });
    plain = await createAmbassador(server, { admin, fullName: 'Plain Exporter' });
    await plain.client.patch('/api/ambassador', { usdtWalletAddress: WALLET });
    await requestWithdrawal(server, plain, { amount: '75.00', walletAddress: WALLET, balance: '200.00' });
    await evil.client.post('/api/reports', validReport({ activityReport: '+SUM(A1:A9) and @cmd|calc, "quoted" text, enough characters to be a report.' }));
  });

  it('exports each tab with a header row, a dated file name and cells safe from formulas', async () => {
    const day = server.clock.now().toISOString().slice(0, 10);
    for (const name of ['ambassadors', 'applications', 'reports', 'transactions', 'withdrawals']) {
      const answer = await admin.get(`/api/admin/export/${name}.csv`);
      expect(answer.status, name).toBe(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(answer.headers['content-disposition']).toBe(`attachment; filename="${name}-${day}.csv"`);
      expect(answer.text.split('\r\n')[0]).toMatch(/^id,/);
    }
    const people = parse((await admin.get('/api/admin/export/ambassadors.csv')).text);
    expect(people[0]).toEqual([
      'id',
      'full_name',
      'email',
      'country',
      'status',
      'badge_level',
      'total_gcm_earned',
      'total_usdt_earned',
      'usdt_wallet_address',
      'personal_telegram',
      'joined_at',
      'flags',
    ]);
    const evilRow = people.find((row) => row[0] === evil.ambassadorId);
    expect(evilRow?.[1]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(people.find((row) => row[0] === plain.ambassadorId)?.[8]).toBe(WALLET);
    const reports = (await admin.get('/api/admin/export/reports.csv')).text;
    expect(reports).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(reports).not.toMatch(/,\+SUM/);
    const withdrawals = parse((await admin.get('/api/admin/export/withdrawals.csv?status=pending')).text);
    expect(withdrawals.slice(1).map((row) => [row[2], row[3], row[4], row[5]])).toEqual([[plain.email, '75.00', WALLET, 'pending']]);
    const ledger = parse((await admin.get(`/api/admin/export/transactions.csv?search=${encodeURIComponent(plain.email)}`)).text);
    expect(ledger.slice(1).map((row) => `${row[3]}:${row[5]}`)).toEqual(['reward:200.00']);
  });

  it('keeps to the tab’s filter and search, refuses a wrong one, and is for admins only', async () => {
    const searched = parse((await admin.get('/api/admin/export/ambassadors.csv?search=plain%20exp')).text);
    expect(searched.slice(1).map((row) => row[0])).toEqual([plain.ambassadorId]);
    expect(parse((await admin.get('/api/admin/export/reports.csv?status=approved')).text)).toHaveLength(1);
    expect(parse((await admin.get('/api/admin/export/withdrawals.csv?status=paid')).text)).toHaveLength(1);
    for (const [url, message] of [
      ['/api/admin/export/ledger.csv', 'The export is one of ambassadors, applications, reports, transactions, withdrawals'],
      ['/api/admin/export/ambassadors.csv?status=pending', 'status filters only the applications, reports and withdrawals exports'],
      ['/api/admin/export/applications.csv?status=paid', 'status must be one of pending, approved, rejected, all'],
      ['/api/admin/export/reports.csv?status=paid', 'status must be pending, approved or rejected'],
      ['/api/admin/export/reports.csv?flagged=maybe', 'flagged must be true or false'],
    ] as const) {
      const refused = await admin.get(url);
      expect(refused.status, url).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect((await plain.client.get('/api/admin/export/ambassadors.csv')).status).toBe(403);
    expect((await new ApiClient(server).get('/api/admin/export/ambassadors.csv')).status).toBe(401);
  });

  it('lists and exports decided applications too, by the tab’s status filter (issue 40)', async () => {
    const visitor = new ApiClient(server);
    const forms = Array.from({ length: 3 }, () => validApplication());
    const ids: string[] = [];
    for (const form of forms) ids.push(String((await visitor.post('/api/applications', form)).body.id));
    const [approvedId = '', rejectedId = '', pendingId = ''] = ids;
    expect((await admin.post(`/api/admin/applications/${approvedId}/approve`)).status).toBe(200);
    expect((await admin.post(`/api/admin/applications/${rejectedId}/reject`, { reasonCode: 'low_effort' })).status).toBe(200);
    const listed = async (query: string) =>
      ((await admin.get(`/api/admin/applications?limit=100${query}`)).body as { id: string; status: string }[]).filter((a) => ids.includes(a.id));
    const exported = async (query: string) =>
      parse((await admin.get(`/api/admin/export/applications.csv${query}`)).text)
        .slice(1)
        .filter((row) => ids.includes(row[0] ?? ''))
        .map((row) => `${row[0]}:${row[7]}`);
    // As before, pending when nothing is asked for.
    expect((await listed('')).map((a) => a.id)).toEqual([pendingId]);
    expect(await exported('')).toEqual([`${pendingId}:pending`]);
    expect((await listed('&status=approved')).map((a) => `${a.id}:${a.status}`)).toEqual([`${approvedId}:approved`]);
    expect(await exported('?status=rejected')).toEqual([`${rejectedId}:rejected`]);
    expect((await listed('&status=all')).map((a) => a.id).sort()).toEqual([...ids].sort());
    expect((await exported('?status=all')).sort()).toEqual([`${approvedId}:approved`, `${rejectedId}:rejected`, `${pendingId}:pending`].sort());
    expect((await admin.get('/api/admin/applications?status=maybe')).status).toBe(400);
  });

  it('pages through more rows than one page, each once, newest first', async () => {
    // 1,050 ambassadors straight into the table (the export reads pages of 1,000), without their
    // users or the totals' triggers: this is about paging only, and they are deleted after.
    const base = Date.UTC(2025, 0, 1);
    const rows = Array.from({ length: 1_050 }, (_, i) => ({
      userId: crypto.randomUUID(),
      fullName: `Bulk ${i}`,
      email: `bulk-${kind}-${i}@example.com`,
      country: 'Ghana',
      // Ten share each second: ties are broken by id.
      createdAt: new Date(base + Math.floor(i / 10) * 1_000),
    }));
    await server.db.execute('alter table ambassadors disable trigger all');
    try {
      for (let i = 0; i < rows.length; i += 500) await server.db.insert(ambassadors).values(rows.slice(i, i + 500));
      const exported = parse((await admin.get('/api/admin/export/ambassadors.csv?search=bulk-')).text).slice(1);
      expect(exported).toHaveLength(1_050);
      expect(new Set(exported.map((row) => row[0])).size).toBe(1_050);
      const times = exported.map((row) => row[10] ?? '');
      expect([...times].sort().reverse()).toEqual(times);
    } finally {
      await server.db.execute("delete from ambassadors where email like 'bulk-%'");
      await server.db.execute('alter table ambassadors enable trigger all');
    }
  });

  it('pages a table joined to its ambassadors the same way (the ledger)', async () => {
    // 1,050 ledger rows of one ambassador, straight into the table and deleted after: paging only.
    const base = Date.UTC(2025, 0, 1);
    const rows = Array.from({ length: 1_050 }, (_, i) => ({
      ambassadorId: plain.ambassadorId,
      type: 'reward' as const,
      currency: 'GCM' as const,
      amount: '1.00',
      description: `bulk ledger ${i}`,
      createdAt: new Date(base + Math.floor(i / 10) * 1_000),
    }));
    try {
      for (let i = 0; i < rows.length; i += 500) await server.db.insert(transactions).values(rows.slice(i, i + 500));
      const exported = parse((await admin.get(`/api/admin/export/transactions.csv?search=${encodeURIComponent(plain.email)}`)).text)
        .slice(1)
        .filter((row) => row[6]?.startsWith('bulk ledger '));
      expect(exported).toHaveLength(1_050);
      expect(new Set(exported.map((row) => row[0])).size).toBe(1_050);
      expect(exported.every((row) => row[1] === 'Plain Exporter' && row[2] === plain.email)).toBe(true);
      const times = exported.map((row) => row[9] ?? '');
      expect([...times].sort().reverse()).toEqual(times);
    } finally {
      await server.db.execute("delete from transactions where description like 'bulk ledger %'");
    }
  });
});
