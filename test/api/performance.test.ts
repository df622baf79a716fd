/**
 * What the performance work must not change for a user: cursor pages give the
 * same rows as offset pages, the maintained programme totals equal the
 * ambassadors' (hence the ledger's), and the cached public figures move as soon
 * as an award is credited, on this instance and on another one.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { DATABASE_KINDS } from '../helpers/database.ts';
import { createAmbassador, credit } from '../helpers/factories.ts';
import { describeEachDatabase, twoInstances } from '../helpers/suite.ts';

describeEachDatabase('performance paths on %s', ({ server, superAdmin: admin }) => {
  const ids: string[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 5; i++) ids.push((await createAmbassador(server, { admin, fullName: `Paging Person ${i}` })).ambassadorId);
  });

  it('walks the admin list by cursor in the same order as by offset', async () => {
    const byOffset = (await admin.get('/api/admin/ambassadors?limit=50')).body.map((a: { id: string }) => a.id);
    const walked: string[] = [];
    let page = await admin.get('/api/admin/ambassadors?limit=2');
    for (;;) {
      expect(page.status).toBe(200);
      expect(page.headers['x-total-count']).toBe('5');
      walked.push(...page.body.map((a: { id: string }) => a.id));
      const next = page.headers['x-next-cursor'];
      if (typeof next !== 'string') break;
      page = await admin.get(`/api/admin/ambassadors?limit=2&cursor=${encodeURIComponent(next)}`);
    }
    expect(walked).toEqual(byOffset);
    expect(walked).toHaveLength(5);
  });

  it('refuses a cursor it did not make', async () => {
    const response = await admin.get('/api/admin/ambassadors?cursor=not-a-cursor');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('cursor is not valid for this list');
  });

  it('finds ambassadors by name or email whatever the case', async () => {
    const byName = await admin.get('/api/admin/ambassadors?search=PAGING%20person%203');
    expect(byName.body.map((a: { id: string }) => a.id)).toEqual([ids[3]]);
    expect(byName.headers['x-total-count']).toBe('1');
  });

  it('keeps the programme totals equal to the ambassadors and shows an award at once', async () => {
    const before = await new ApiClient(server).get('/api/public/stats');
    expect(before.body.totalAmbassadors).toBe(5);
    await credit(server, ids[0] ?? '', 'GCM', '123.45');
    await credit(server, ids[1] ?? '', 'USDT', '10.05');
    const visitor = new ApiClient(server);
    expect((await visitor.get('/api/public/stats')).body).toEqual({
      totalAmbassadors: 5,
      totalGcmAwarded: '123.45',
      totalUsdtAwarded: '10.05',
      reviewTimes: null,
    });
    expect((await visitor.get('/api/public/leaderboard')).body[0]).toMatchObject({ id: ids[0], monthlyGcm: '123.45' });
    const check = await server.db.execute(sql`
      select p.ambassador_count = (select count(*) from ambassadors) as count_ok,
             p.total_gcm_earned = (select coalesce(sum(total_gcm_earned), 0) from ambassadors) as gcm_ok,
             p.total_usdt_earned = (select coalesce(sum(total_usdt_earned), 0) from ambassadors) as usdt_ok
      from (select sum(ambassador_count) as ambassador_count, sum(total_gcm_earned) as total_gcm_earned, sum(total_usdt_earned) as total_usdt_earned
            from programme_totals) p`);
    expect((check as unknown as { rows: unknown[] }).rows).toEqual([{ count_ok: true, gcm_ok: true, usdt_ok: true }]);
  });

  it('sends the public reads in the encoding the browser accepts, and revalidates them by ETag without hiding an award', async () => {
    const read = (headers: Record<string, string>) => server.app.inject({ method: 'GET', url: '/api/public/leaderboard', headers });
    const plain = await read({});
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    const board = plain.json();
    const br = await read({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(board);
    const gz = await read({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(board);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);

    const etag = String(plain.headers.etag);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect([br.headers.etag, gz.headers.etag]).toEqual([etag, etag]);
    const unchanged = await read({ 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);

    await credit(server, ids[2] ?? '', 'GCM', '1000.00');
    const changed = await read({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json()[0]).toMatchObject({ id: ids[2], monthlyGcm: '1000.00' });
  });
});

describe.runIf(DATABASE_KINDS.includes('postgres'))('two instances on one PostgreSQL database', () => {
  const { first, second } = twoInstances();

  it("drops the other instance's cached stats when an award is credited", async () => {
    const admin = await superAdminClient(first);
    const { ambassadorId } = await createAmbassador(first, { admin });
    const visitor = new ApiClient(second);
    expect((await visitor.get('/api/public/stats')).body.totalGcmAwarded).toBe('0.00');
    await credit(first, ambassadorId, 'GCM', '500.00');
    // The NOTIFY arrives within milliseconds; waiting less than the 5 s TTL shows it was the NOTIFY.
    let seen = '';
    for (let i = 0; i < 200 && seen !== '500.00'; i++) {
      seen = (await visitor.get('/api/public/stats')).body.totalGcmAwarded;
      if (seen !== '500.00') await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen).toBe('500.00');
  });
});
