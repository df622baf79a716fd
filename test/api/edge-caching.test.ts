/**
 * The edge (DECISIONS §7, Deployment and the edge): what a CDN in front of the product may keep.
 * - The changing public reads (stats, leaderboard, this month) carry `CDN-Cache-Control: max-age=1,
 *   stale-while-revalidate=30, stale-if-error=86400` beside the browsers' `Cache-Control: no-cache`,
 *   the same for a signed-in visitor, with no `Vary: Cookie` and no cookie set, on their 200 and 304.
 * - What never changes is immutable with an ETag (304 on If-None-Match): a closed month, and a full
 *   page of the log (`limit` entries after `after`), whose ETag holds while the log grows; a frozen
 *   month, a month not ended and the last, partial page of the log are never stored.
 * - A reader of the whole log takes the head from the last, partial page, so a full page a cache kept
 *   with an older head does not cut the log short.
 */
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { commitmentOf, newSecret } from '../../src/shared/draw-protocol-1.ts';
import { checkLog, readWholeLog } from '../../src/shared/verify-log.ts';
import { LOG_PAGE_MAX } from '../../src/shared/schemas/public-log.ts';
import { seasons } from '../../src/server/db/schema.ts';
import { appendLog } from '../../src/server/features/public-log/service.ts';
import { withTransaction } from '../../src/server/mutation.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { TestClock } from '../helpers/clock.ts';
import { createAmbassador, credit } from '../helpers/factories.ts';
import { buildLog } from '../helpers/published-month.ts';
import type { TestServer } from '../helpers/server.ts';
import { ResponseValidator } from '../helpers/openapi.ts';
import { describeEachDatabase } from '../helpers/suite.ts';

const EDGE = 'max-age=1, stale-while-revalidate=30, stale-if-error=86400';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const BEACON = 'bsc:43123456:0x9f3c0e1b2a4d5c6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6';
const PUBLIC_READS = ['/api/public/leaderboard', '/api/public/stats', '/api/public/seasons/current'];

async function legacySeason(server: TestServer, month: string): Promise<void> {
  const secret = newSecret();
  await server.db.insert(seasons).values({ month, protocol: 1, secret, commitment: await commitmentOf(secret), createdAt: server.clock.now() });
}

/** A payout logged publicly, as marking a withdrawal paid does. */
async function logPayout(server: TestServer): Promise<void> {
  await withTransaction(server.ctx, null, (m) =>
    appendLog(m, 'payout.paid', { withdrawalId: crypto.randomUUID(), amountUsdt: '1.00', txHash: `0x${'cd'.repeat(32)}`, paidAt: m.now.toISOString() }),
  );
}

describeEachDatabase(
  'the edge on %s',
  () => ({ clock: new TestClock('2026-09-10T12:00:00Z') }),
  ({ server, superAdmin }) => {
    const anonymous = () => new ApiClient(server);

    // Months first seen before protocol 2 shipped (their rows as protocol 1 made them), before anything reads this month.
    beforeAll(async () => {
      await legacySeason(server, '2026-08');
      await legacySeason(server, '2026-09');
    });

    it('lets a CDN keep the public reads a second while browsers revalidate, for everyone alike', async () => {
      const person = await createAmbassador(server, { admin: superAdmin });
      for (const url of PUBLIC_READS) {
        for (const [who, client] of [
          ['anonymous', anonymous()],
          ['signed in', person.client],
        ] as const) {
          const first = await client.request('GET', url, undefined, { 'accept-encoding': 'br, gzip' });
          expect(first.status, `${url} ${who}`).toBe(200);
          expect(first.headers['cache-control'], `${url} ${who}`).toBe('no-cache');
          expect(first.headers['cdn-cache-control'], `${url} ${who}`).toBe(EDGE);
          // The same answer for everyone: varied by encoding only, never by cookie, and no cookie set.
          expect(first.headers.vary, `${url} ${who}`).toBe('Accept-Encoding');
          expect(first.headers['set-cookie'], `${url} ${who}`).toBeUndefined();
          expect(first.headers.etag, `${url} ${who}`).toMatch(/^W\/"/);
          const again = await client.request('GET', url, undefined, { 'if-none-match': String(first.headers.etag) });
          expect(again.status, `${url} ${who}`).toBe(304);
          expect(again.headers['cache-control']).toBe('no-cache');
          expect(again.headers['cdn-cache-control']).toBe(EDGE);
          expect(again.headers.vary).toBe('Accept-Encoding');
          expect(again.headers['set-cookie']).toBeUndefined();
        }
      }
      // Browsers still see an award at once: the leaderboard's ETag moves with it.
      const before = await anonymous().get('/api/public/leaderboard');
      await credit(server, person.ambassadorId, 'GCM', '25.00');
      const after = await anonymous().request('GET', '/api/public/leaderboard', undefined, { 'if-none-match': String(before.headers.etag) });
      expect(after.status).toBe(200);
      expect(after.body.map((e: { id: string }) => e.id)).toContain(person.ambassadorId);
    });

    it('answers a closed month immutable with an ETag; a frozen month or one not ended is not stored', async () => {
      server.clock.set('2026-10-05T12:00:00Z');
      const admin = await superAdminClient(server);
      expect((await admin.post('/api/super-admin/seasons/2026-09/close', { beacon: BEACON })).status).toBe(200);

      for (const encoding of ['br, gzip', '']) {
        const closed = await server.app.inject({ method: 'GET', url: '/api/public/seasons/2026-09', headers: encoding ? { 'accept-encoding': encoding } : {} });
        expect(closed.statusCode).toBe(200);
        expect(closed.headers['content-encoding']).toBe(encoding ? 'br' : undefined);
        const text = encoding ? brotliDecompressSync(closed.rawPayload).toString('utf8') : closed.body;
        expect(JSON.parse(text)).toMatchObject({ month: '2026-09', protocol: 1, status: 'closed' });
        expect(closed.headers['cache-control']).toBe(IMMUTABLE);
        expect(closed.headers['cdn-cache-control']).toBeUndefined();
        expect(closed.headers.etag).toMatch(/^W\/"/);
        expect(String(closed.headers.vary ?? '')).not.toMatch(/cookie/i);
        const held = await anonymous().request('GET', '/api/public/seasons/2026-09', undefined, { 'if-none-match': String(closed.headers.etag) });
        expect(held.status).toBe(304);
        expect(held.headers['cache-control']).toBe(IMMUTABLE);
        expect(held.headers.etag).toBe(closed.headers.etag);
      }

      // August, frozen under protocol 2 but not drawn yet: its draw is still to come.
      await server.db.insert(seasons).values({
        month: '2026-07',
        protocol: 2,
        terms: {
          version: 2,
          month: '2026-07',
          prizesUsdt: ['10.00'],
          lotteryWinners: 0,
          lotteryPrizeUsdt: '0.00',
          beacon: { chain: 'ab'.repeat(32), round: 42 },
        },
        termsHash: 'cd'.repeat(32),
        frozenAt: new Date('2026-08-01T00:00:30Z'),
        beaconRound: 42,
        beaconAt: new Date('2099-01-01T00:00:00Z'),
        champions: [],
        entrantCount: 0,
        listHash: 'ef'.repeat(32),
        createdAt: new Date('2026-07-01T00:00:00Z'),
      });
      const frozen = await anonymous().get('/api/public/seasons/2026-07');
      expect(frozen.status).toBe(200);
      expect(frozen.body.status).toBe('frozen');
      expect(frozen.headers['cache-control']).toBe('no-store');
      expect(frozen.headers.etag).toBeUndefined();
      const running = await anonymous().get('/api/public/seasons/2026-10');
      expect(running.status).toBe(404);
      expect(running.headers['cache-control']).toBe('no-store');
    });

    it('answers a full page of the log immutable, with an ETag that holds while the log grows; the last page is never stored', async () => {
      await logPayout(server);
      await logPayout(server);
      const whole = await anonymous().get(`/api/public/log?after=0&limit=${LOG_PAGE_MAX}`);
      const head = whole.body.head as { seq: number; hash: string };
      expect(head.seq).toBeGreaterThanOrEqual(2);

      const fullUrl = `/api/public/log?after=${head.seq - 2}&limit=1`;
      const full = await anonymous().get(fullUrl);
      expect(full.status).toBe(200);
      expect(full.body.entries.map((e: { seq: number }) => e.seq)).toEqual([head.seq - 1]);
      expect(full.headers['cache-control']).toBe(IMMUTABLE);
      expect(full.headers.etag).toMatch(/^W\/"/);
      const held = await anonymous().request('GET', fullUrl, undefined, { 'if-none-match': String(full.headers.etag) });
      expect(held.status).toBe(304);
      expect(held.headers['cache-control']).toBe(IMMUTABLE);
      expect(held.text).toBe('');

      const last = await anonymous().get(`/api/public/log?after=${head.seq - 1}&limit=2`);
      expect(last.body.entries.map((e: { seq: number }) => e.seq)).toEqual([head.seq]);
      expect(last.headers['cache-control']).toBe('no-store');
      expect(last.headers.etag).toBeUndefined();
      expect((await anonymous().request('GET', `/api/public/log?after=${head.seq - 1}&limit=2`, undefined, { 'if-none-match': '*' })).status).toBe(200);

      // The log grows: the full page's entries and ETag stay, only its head moves.
      await logPayout(server);
      const later = await anonymous().get(fullUrl);
      expect(later.headers.etag).toBe(full.headers.etag);
      expect(later.body.entries).toEqual(full.body.entries);
      expect(later.body.head.seq).toBe(head.seq + 1);
      expect((await anonymous().request('GET', fullUrl, undefined, { 'if-none-match': String(full.headers.etag) })).status).toBe(304);
      // The page that was partial is full now, and immutable from then on.
      const filled = await anonymous().get(`/api/public/log?after=${head.seq - 1}&limit=2`);
      expect(filled.body.entries).toHaveLength(2);
      expect(filled.headers['cache-control']).toBe(IMMUTABLE);
    });

    it('answers these caching headers as the API document describes them', async () => {
      const validator = new ResponseValidator((await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
      const head = ((await anonymous().get(`/api/public/log?after=0&limit=${LOG_PAGE_MAX}`)).body as { head: { seq: number } }).head;
      const problems: string[] = [];
      for (const url of [
        ...PUBLIC_READS,
        '/api/public/seasons/2026-09',
        '/api/public/seasons/2026-07',
        `/api/public/log?after=0&limit=1`,
        `/api/public/log?after=${head.seq - 1}&limit=5`,
      ]) {
        const first = await server.app.inject({ method: 'GET', url });
        problems.push(...validator.check({ method: 'GET', url, status: first.statusCode, headers: first.headers, body: first.body }));
        if (!first.headers.etag) continue;
        const held = await server.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } });
        expect(held.statusCode, url).toBe(304);
        problems.push(...validator.check({ method: 'GET', url, status: held.statusCode, headers: held.headers, body: held.body }));
      }
      expect(problems).toEqual([]);
    });
  },
);

describe('reading the whole log through a cache', () => {
  it('takes the head from the last, partial page: a full page kept with an older head does not end the read', async () => {
    const log = await buildLog(
      Array.from({ length: LOG_PAGE_MAX + 3 }, (_, i) => ({
        at: new Date(Date.UTC(2026, 9, 1) + i * 60_000).toISOString(),
        kind: 'payout.paid',
        data: { withdrawalId: `w${i}`, amountUsdt: '1.00', txHash: `0x${'ab'.repeat(32)}`, paidAt: '2026-10-01T00:00:00.000Z' },
      })),
    );
    const asked: number[] = [];
    const read = await readWholeLog(async (after, limit) => {
      asked.push(after);
      const entries = log.entries.filter((e) => e.seq > after).slice(0, limit);
      // The first page as a CDN kept it when the log ended with it: its head is its own last entry.
      const stale = entries.length === limit ? entries.at(-1) : undefined;
      return { entries, head: stale ? { seq: stale.seq, hash: stale.hash } : log.head };
    });
    expect(asked).toEqual([0, LOG_PAGE_MAX]);
    expect(read.entries).toHaveLength(LOG_PAGE_MAX + 3);
    expect(read.head).toEqual(log.head);
    expect((await checkLog(read, [])).ok).toBe(true);
  });
});
