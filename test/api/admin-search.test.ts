/**
 * `search` on the four admin lists: a case-insensitive part of the ambassador's (or applicant's)
 * name or email, and on withdrawals of the wallet address too; LIKE's wildcards are taken as
 * text; the total (X-Total-Count) and the pages (cursor) are those of the search.
 */
import { beforeAll, expect, it } from 'vitest';
import { ApiClient } from '../helpers/client.ts';
import { createAmbassador, requestWithdrawal, uniqueEmail, validApplication, validReport, type CreatedAmbassador } from '../helpers/factories.ts';
import { describeEachDatabase } from '../helpers/suite.ts';
import { WALLET_A, WALLET_B } from '../helpers/wallets.ts';

const AMARA_WALLET = WALLET_A;
const BONGANI_WALLET = WALLET_B;

describeEachDatabase('admin list search (%s)', ({ server, superAdmin: admin }) => {
  let amara: CreatedAmbassador;
  let bongani: CreatedAmbassador;
  const names = (list: { fullName?: string; ambassador?: { fullName: string } }[]) => list.map((item) => item.ambassador?.fullName ?? item.fullName).sort();

  beforeAll(async () => {
    amara = await createAmbassador(server, { admin, fullName: 'Amara Okafor', email: uniqueEmail('amara.okafor') });
    bongani = await createAmbassador(server, { admin, fullName: 'Bongani Dlamini', email: uniqueEmail('bongani') });
    for (const [fullName, email] of [
      ['Chiara Rossi', uniqueEmail('chiara')],
      ['Chiara Bianchi', uniqueEmail('cb')],
      ['Dmitri 100%_sure', uniqueEmail('dmitri')],
    ]) {
      expect((await new ApiClient(server).post('/api/applications', validApplication({ fullName, email }))).status).toBe(201);
    }
    for (const [who, wallet] of [
      [amara, AMARA_WALLET],
      [bongani, BONGANI_WALLET],
    ] as const) {
      expect((await who.client.post('/api/reports', validReport())).status).toBe(201);
      await requestWithdrawal(server, who, { amount: '60', walletAddress: wallet, balance: '200.00' });
    }
  });

  it('finds pending applications by any part of the name or email, ignoring case', async () => {
    const chiara = await admin.get('/api/admin/applications?search=CHIARA');
    expect(names(chiara.body)).toEqual(['Chiara Bianchi', 'Chiara Rossi']);
    expect(chiara.headers['x-total-count']).toBe('2');
    expect(names((await admin.get('/api/admin/applications?search=rossi')).body)).toEqual(['Chiara Rossi']);
    const byEmail = await admin.get(`/api/admin/applications?search=${encodeURIComponent('cb')}`);
    expect(names(byEmail.body)).toEqual(['Chiara Bianchi']);
    // Approved applicants are no longer pending: not found, whatever matches.
    expect((await admin.get('/api/admin/applications?search=okafor')).body).toEqual([]);
    // A blank search is no search.
    expect((await admin.get('/api/admin/applications?search=%20%20')).headers['x-total-count']).toBe('3');
  });

  it('takes % and _ as text, not wildcards', async () => {
    expect(names((await admin.get(`/api/admin/applications?search=${encodeURIComponent('100%_')}`)).body)).toEqual(['Dmitri 100%_sure']);
    expect((await admin.get(`/api/admin/applications?search=${encodeURIComponent('%')}`)).body).toHaveLength(1);
    expect((await admin.get(`/api/admin/applications?search=${encodeURIComponent('a_a')}`)).body).toEqual([]);
  });

  it('pages through the matches by cursor', async () => {
    const first = await admin.get('/api/admin/applications?search=chiara&limit=1');
    expect(first.body).toHaveLength(1);
    expect(first.headers['x-total-count']).toBe('2');
    const cursor = String(first.headers['x-next-cursor']);
    const second = await admin.get(`/api/admin/applications?search=chiara&limit=1&cursor=${encodeURIComponent(cursor)}`);
    expect(names([...first.body, ...second.body])).toEqual(['Chiara Bianchi', 'Chiara Rossi']);
  });

  it('finds reports by their ambassador’s name or email, with the status filter', async () => {
    const okafor = await admin.get('/api/admin/reports?search=okafor');
    expect(names(okafor.body)).toEqual(['Amara Okafor']);
    expect(okafor.headers['x-total-count']).toBe('1');
    expect(names((await admin.get(`/api/admin/reports?search=${encodeURIComponent(bongani.email.slice(0, 9).toUpperCase())}`)).body)).toEqual([
      'Bongani Dlamini',
    ]);
    expect(names((await admin.get('/api/admin/reports?search=a&status=pending')).body)).toEqual(['Amara Okafor', 'Bongani Dlamini']);
    expect((await admin.get('/api/admin/reports?search=okafor&status=approved')).body).toEqual([]);
    const none = await admin.get('/api/admin/reports?search=nobody-at-all');
    expect(none.body).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('finds withdrawals by name, email or wallet address', async () => {
    expect(names((await admin.get('/api/admin/withdrawal-requests?search=dlamini')).body)).toEqual(['Bongani Dlamini']);
    expect(names((await admin.get(`/api/admin/withdrawal-requests?search=${encodeURIComponent(amara.email.split('@')[0] ?? '')}`)).body)).toEqual([
      'Amara Okafor',
    ]);
    // Any part of the address, in either case.
    const byWallet = await admin.get(`/api/admin/withdrawal-requests?search=${BONGANI_WALLET.slice(10, 24).toUpperCase()}`);
    expect(names(byWallet.body)).toEqual(['Bongani Dlamini']);
    expect(byWallet.headers['x-total-count']).toBe('1');
    expect(names((await admin.get(`/api/admin/withdrawal-requests?status=pending&search=${AMARA_WALLET.toLowerCase()}`)).body)).toEqual(['Amara Okafor']);
    expect((await admin.get(`/api/admin/withdrawal-requests?status=rejected&search=${AMARA_WALLET}`)).body).toEqual([]);
  });

  it('finds ambassadors as before', async () => {
    expect(names((await admin.get('/api/admin/ambassadors?search=AMARA')).body)).toEqual(['Amara Okafor']);
  });
});
