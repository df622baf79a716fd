/**
 * A read never writes a month (issue 42 §3, docs/decisions/036-seasons-one-module-per-protocol.md):
 * every GET the server registers, as every role, on a database whose running month was never seen
 * (and eight minutes before the next one begins, when the job would fix that one's terms too), leaves
 * the `seasons` table and the public log's head as they were. The seasons job then makes both months.
 * A GET route added later is read here by itself (the list is the server's own route table).
 */
import { asc, desc } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { runSeasonsJob } from '../../src/server/features/seasons/service.ts';
import { publicLog, seasons } from '../../src/server/db/schema.ts';
import { ApiClient } from '../helpers/client.ts';
import { TestClock } from '../helpers/clock.ts';
import { createAdmin, createAmbassador } from '../helpers/factories.ts';
import type { TestServer } from '../helpers/server.ts';
import { describeEachDatabase } from '../helpers/suite.ts';

const UNKNOWN_ID = '7d3b2a52-0000-4000-8000-000000000000';
/** Each path parameter's values: for `:month`, the running month (never seen) and the next one. */
const PARAMS: Record<string, string[]> = {
  month: ['2026-10', '2026-11', '2026-09'],
  id: [UNKNOWN_ID],
  token: ['not-a-real-token'],
  code: ['NOTACODE'],
  name: ['ambassadors'],
  provider: ['discord'],
};

/** Every way of filling a route's path parameters. */
function urlsOf(route: string): string[] {
  let urls = [route];
  for (const [name, values] of Object.entries(PARAMS)) {
    if (!route.includes(`:${name}`)) continue;
    urls = urls.flatMap((url) => values.map((value) => url.replace(`:${name}`, value)));
  }
  return urls;
}

async function written(server: TestServer) {
  const rows = await server.db.select().from(seasons).orderBy(asc(seasons.month));
  const [head] = await server.db.select({ seq: publicLog.seq, hash: publicLog.hash }).from(publicLog).orderBy(desc(publicLog.seq)).limit(1);
  return { seasons: rows, head: head ?? null };
}

describeEachDatabase(
  'reads never write a month (%s)',
  () => ({ clock: new TestClock('2026-10-31T23:52:00Z') }),
  ({ server, superAdmin }) => {
    const clients: ApiClient[] = [];

    beforeAll(async () => {
      clients.push(
        new ApiClient(server),
        (await createAmbassador(server, { admin: superAdmin })).client,
        (await createAdmin(server, { superAdmin })).client,
        superAdmin,
      );
    });

    it('no GET, by anyone, makes a month or appends to the public log; the seasons job does', async () => {
      const before = await written(server);
      expect(before.seasons).toEqual([]);
      const reads = server.app.routeTable.filter((route) => route.method === 'GET' && !route.stream);
      // The month's own reads are among them.
      expect(reads.map((route) => route.url)).toEqual(
        expect.arrayContaining([
          '/api/public/seasons/current',
          '/api/public/seasons',
          '/api/public/seasons/:month',
          '/api/super-admin/seasons',
          '/api/super-admin/seasons/:month/preview',
        ]),
      );
      const unknownParams = reads.filter((route) => urlsOf(route.url).some((url) => /\/:/.test(url))).map((route) => route.url);
      expect(unknownParams, 'a GET route with a path parameter this test does not fill').toEqual([]);
      let answered = 0;
      for (const route of reads) {
        for (const url of urlsOf(route.url)) {
          for (const client of clients) {
            const response = await client.get(url);
            // An answer, not a crash (this server has no Discord app: 503 there).
            expect(response.status, `GET ${url}`).not.toBe(500);
            answered++;
          }
        }
      }
      expect(answered).toBeGreaterThan(100);
      // The month has no terms until the job (or the start of the app) fixes them: its page says so.
      expect((await new ApiClient(server).get('/api/public/seasons/current')).status).toBe(404);
      expect(await written(server)).toEqual(before);

      // The job fixes the running month's terms, and the next one's eight minutes before it begins.
      await runSeasonsJob(server.ctx);
      const after = await written(server);
      expect(after.seasons.map((row) => [row.month, row.protocol])).toEqual([
        ['2026-10', 2],
        ['2026-11', 2],
      ]);
      expect(after.head?.seq).toBeGreaterThan(before.head?.seq ?? 0);
      expect((await new ApiClient(server).get('/api/public/seasons/current')).body).toMatchObject({ month: '2026-10', protocol: 2 });
    });
  },
);
