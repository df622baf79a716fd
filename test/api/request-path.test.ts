/**
 * The request path made cheap for public reads (issue 31) keeps every guarantee it had: the security
 * headers on every answer (as one set per kind of answer), no-store on the API unless a route caches
 * by ETag, the request id in the header and in the log, the access rules (a public read never reads
 * the session, a signed-in route still does), the metrics, ETag/304, and request logs that scale:
 * changes, failed reads and admins' reads keep one full line each (the request and its answer), quiet reads are
 * counted and written as one line a minute. On both databases.
 */
import { describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rateLimits } from '../../src/server/db/schema.ts';
import { RequestLog, SLOW_REQUEST_MS } from '../../src/server/request-log.ts';
import { requestIds } from '../../src/server/request-id.ts';
import { createAmbassador } from '../helpers/factories.ts';
import { superAdminClient } from '../helpers/client.ts';
import type { TestServer } from '../helpers/server.ts';
import { describeEachDatabase } from '../helpers/suite.ts';

const TOKEN = 'metrics-token-request-path-0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Line {
  msg: string;
  reqId?: string;
  level: number;
  req?: { method: string; url: string; id: string };
  res?: { statusCode: number };
  responseTime?: number;
  quietReads?: { total: number; byStatus: Record<string, number> };
}

/**
 * The statements a request sends to the database, counted at the driver (every statement goes
 * through its client's query()); the outboxes' polls (mail and webhooks), which run beside it, are left out.
 */
async function statementsOf<T>(server: TestServer, send: () => Promise<T>): Promise<{ result: T; statements: number; texts: string[] }> {
  const client = (server.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query;
  const texts: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
    if (!/"email_outbox"|webhook_deliveries/.test(text)) texts.push(text);
    return query.apply(client, args);
  };
  try {
    const result = await send();
    return { result, statements: texts.length, texts };
  } finally {
    client.query = query;
  }
}

/**
 * The servers' log lines, one database's server after the other's: a test reads the lines of its own
 * requests by their ids, and counts only from a point it noted.
 */
const lines: Line[] = [];
const linesOf = (id: string) => lines.filter((l) => l.reqId === id);

const SERVER = { env: { METRICS_TOKEN: TOKEN }, logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) } };

describeEachDatabase('the request path on %s', SERVER, ({ server }) => {
  it('sends the security headers and a request id on public reads, 304s, API errors and pages', async () => {
    const first = await server.app.inject({ method: 'GET', url: '/api/public/leaderboard', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    const answers = [
      first,
      await server.app.inject({ method: 'GET', url: '/api/public/leaderboard', headers: { 'if-none-match': etag } }),
      await server.app.inject({ method: 'GET', url: '/api/public/stats' }),
      await server.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      await server.app.inject({ method: 'GET', url: '/api/user' }),
      await server.app.inject({ method: 'GET', url: '/healthz' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 304, 200, 404, 401, 200]);
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(answer.headers['x-request-id']).toMatch(UUID);
    }
    expect(new Set(answers.map((a) => a.headers['x-request-id'])).size).toBe(answers.length);
    // The public reads cache by ETag (no-cache, revalidated); every other API answer is no-store; probes set nothing.
    expect(answers.map((a) => a.headers['cache-control'])).toEqual(['no-cache', 'no-cache', 'no-cache', 'no-store', 'no-store', undefined]);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toBe('Accept-Encoding');
    expect(answers[1]?.headers.etag).toBe(etag);
    expect(answers[1]?.body).toBe('');
    // A client that asks for no compression gets the JSON itself, with the same ETag.
    const plain = await server.app.inject({ method: 'GET', url: '/api/public/leaderboard' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.etag).toBe(etag);
    expect(Array.isArray(plain.json())).toBe(true);
  });

  it('reads no session on a public read, and still does on a signed-in route', async () => {
    const admin = await superAdminClient(server);
    const cookie = `sid=${admin.cookie ?? ''}`;
    const before = lines.length;
    const board = await server.app.inject({ method: 'GET', url: '/api/public/leaderboard', headers: { cookie } });
    expect(board.statusCode).toBe(200);
    // Signed in or not, a public read is the same quiet read: nobody was looked up, so no line.
    expect(linesOf(String(board.headers['x-request-id']))).toEqual([]);
    const me = await server.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    // The session was read: an admin's read keeps its one full line, with the request and its id.
    const meLines = linesOf(String(me.headers['x-request-id']));
    expect(meLines.map((l) => l.msg)).toEqual(['request completed']);
    expect(meLines[0]?.req).toMatchObject({ method: 'GET', url: '/api/user', id: me.headers['x-request-id'] });
    expect(meLines[0]?.res?.statusCode).toBe(200);
    // An ambassador reading their own pages is a quiet read: counted, no line of its own.
    const person = await createAmbassador(server, { admin });
    const own = await server.app.inject({ method: 'GET', url: '/api/ambassadors/me', headers: { cookie: `sid=${person.client.cookie ?? ''}` } });
    expect(own.statusCode).toBe(200);
    expect(linesOf(String(own.headers['x-request-id']))).toEqual([]);
    // The access rules hold: a signed-out admin route is 401, a cross-site change 403.
    expect((await server.app.inject({ method: 'GET', url: '/api/admin/ambassadors' })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, origin: 'https://evil.example' } })).statusCode).toBe(403);
    expect(lines.length).toBeGreaterThan(before);
  });

  it('answers the dashboard’s read in one round trip: the session, the record and its figures together', async () => {
    const person = await createAmbassador(server, { admin: await superAdminClient(server) });
    const cookie = `sid=${person.client.cookie ?? ''}`;
    const own = await statementsOf(server, () => server.app.inject({ method: 'GET', url: '/api/ambassadors/me', headers: { cookie } }));
    expect(own.result.statusCode).toBe(200);
    expect(own.result.json()).toMatchObject({ reportCount: 0, withdrawableUsdt: '0.00', wins: [], emailNotifications: true });
    expect(own.statements).toBe(1);
    // Another page's read of the same record still reads its figures (the session read brings only the record).
    const saved = await statementsOf(server, () =>
      server.app.inject({ method: 'PATCH', url: '/api/ambassador', headers: { cookie, origin: server.config.appUrl }, payload: {} }),
    );
    expect(saved.result.statusCode).toBe(200);
    expect(saved.texts.some((text) => text.includes('synchronous_commit'))).toBe(false);
    expect(saved.statements).toBeGreaterThan(1);
  });

  it('signs in with two statements: the attempt counted with the account read, the session started with the attempt given back', async () => {
    const person = await createAmbassador(server, { admin: await superAdminClient(server) });
    const signIn = (password: string) =>
      statementsOf(server, () =>
        server.app.inject({ method: 'POST', url: '/api/login', headers: { origin: server.config.appUrl }, payload: { email: person.email, password } }),
      );
    const signedIn = await signIn(person.password);
    expect(signedIn.result.statusCode).toBe(200);
    expect(signedIn.statements).toBe(2);
    // Both commit without waiting for the WAL's flush (rate-limit.ts COMMIT_WITHOUT_FLUSH); a change of anything else waits.
    const withoutFlush = "set_config('synchronous_commit', 'off', true)";
    expect(signedIn.texts.every((text) => text.includes(withoutFlush))).toBe(true);
    // The counters as a successful sign-in leaves them: the account's count starts again.
    const counts = await server.db.select().from(rateLimits);
    expect(counts.find((c) => c.key === `login:account:${person.email}`)?.count).toBe(0);
    // A wrong password: the attempt counted with the account read, nothing else.
    const wrong = await signIn('not-the-password');
    expect(wrong.result.statusCode).toBe(401);
    expect(wrong.statements).toBe(1);
  });

  it('logs every change in full, failed reads in one line, and counts the quiet reads', async () => {
    const quietBefore = lines.filter((l) => l.quietReads).length;
    const reads = await Promise.all(Array.from({ length: 5 }, () => server.app.inject({ method: 'GET', url: '/api/public/stats' })));
    for (const read of reads) expect(linesOf(String(read.headers['x-request-id']))).toEqual([]);
    const missing = await server.app.inject({ method: 'GET', url: '/api/public/nothing-here' });
    const missingLines = linesOf(String(missing.headers['x-request-id']));
    expect(missingLines.map((l) => l.msg)).toContain('request completed');
    expect(missingLines.find((l) => l.msg === 'request completed')?.res?.statusCode).toBe(404);
    const change = await server.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: server.origin, 'content-type': 'application/json' },
      payload: { email: 'nobody@example.com', password: 'Wrong-Password-1' },
    });
    expect(change.statusCode).toBe(401);
    // A change writes one line, when it completes, with the request and its answer.
    const changeLines = linesOf(String(change.headers['x-request-id']));
    expect(changeLines.map((l) => l.msg)).toEqual(['request completed']);
    expect(changeLines[0]).toMatchObject({ req: { method: 'POST', url: '/api/login' }, res: { statusCode: 401 } });
    expect(typeof changeLines[0]?.responseTime).toBe('number');
    // The counts of quiet reads are written on the minute and at close, not per read.
    expect(lines.filter((l) => l.quietReads).length).toBe(quietBefore);
  });

  it('counts public reads and 304s in the metrics by route pattern', async () => {
    const etag = String((await server.app.inject({ method: 'GET', url: '/api/public/stats' })).headers.etag);
    await server.app.inject({ method: 'GET', url: '/api/public/stats', headers: { 'if-none-match': etag } });
    const text = (await server.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const sample = (series: string) =>
      Number(
        text
          .split('\n')
          .find((l) => l.startsWith(`${series} `))
          ?.split(' ')[1],
      );
    expect(sample('http_requests_total{method="GET",route="/api/public/stats",status_code="200"}')).toBeGreaterThanOrEqual(7);
    expect(sample('http_requests_total{method="GET",route="/api/public/stats",status_code="304"}')).toBe(1);
    expect(sample('http_requests_total{method="GET",route="unmatched",status_code="404"}')).toBeGreaterThanOrEqual(2);
    const count = sample('http_request_duration_seconds_count{method="GET",route="/api/public/stats",status_code="200"}');
    expect(sample('http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/public/stats",status_code="200"}')).toBe(count);
    // Buckets are cumulative and never above the count.
    const buckets = text
      .split('\n')
      .filter((l) => l.startsWith('http_request_duration_seconds_bucket{') && l.includes('route="/api/public/stats",status_code="200"'))
      .map((l) => Number(l.split(' ')[1]));
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
  });
});

describe('request logs that scale', () => {
  const fakeRequest = (method: string, user: unknown = null) => ({ method, user, url: '/x', id: 'id-1' }) as unknown as FastifyRequest;
  const written: string[] = [];
  const log = {
    info: (_o: unknown, msg: string) => written.push(`info ${msg}`),
    error: (_o: unknown, msg: string) => written.push(`error ${msg}`),
  };
  const fakeReply = (statusCode: number, elapsedTime: number) => ({ statusCode, elapsedTime, log }) as unknown as FastifyReply;

  it('writes a change, and a slow, failed or admin’s read, in full, counts the rest, and writes the counts once', () => {
    const controller = new RequestLog();
    written.length = 0;
    controller.requestCompleted(null, fakeRequest('GET'), fakeReply(200, 1));
    controller.requestCompleted(null, fakeRequest('HEAD'), fakeReply(304, 1));
    expect(written).toEqual([]);
    controller.requestCompleted(null, fakeRequest('GET'), fakeReply(200, SLOW_REQUEST_MS));
    controller.requestCompleted(null, fakeRequest('GET'), fakeReply(500, 1));
    controller.requestCompleted(new Error('boom'), fakeRequest('GET'), fakeReply(200, 1));
    controller.requestCompleted(null, fakeRequest('GET', { id: 'an-admin', isAdmin: true, isSuperAdmin: false }), fakeReply(200, 1));
    controller.requestCompleted(null, fakeRequest('GET', { id: 'the-super-admin', isAdmin: true, isSuperAdmin: true }), fakeReply(200, 1));
    expect(written).toEqual(['info request completed', 'info request completed', 'error request errored', 'info request completed', 'info request completed']);
    // An ambassador reading their own pages is counted, as a public read is.
    controller.requestCompleted(null, fakeRequest('GET', { id: 'an-ambassador', isAdmin: false, isSuperAdmin: false }), fakeReply(200, 1));
    expect(written).toHaveLength(5);
    // A change, however quick and whoever made it, gets its one line when it completes, none when it arrives.
    controller.incomingRequest();
    controller.requestCompleted(null, fakeRequest('POST'), fakeReply(201, 1));
    expect(written).toEqual([...written.slice(0, 5), 'info request completed']);
    const summaries: unknown[] = [];
    controller.flushQuiet({ info: (o: unknown) => summaries.push(o) } as never);
    expect(summaries).toEqual([{ quietReads: { total: 3, byStatus: { 200: 2, 304: 1 }, seconds: expect.any(Number) as number } }]);
    controller.flushQuiet({ info: (o: unknown) => summaries.push(o) } as never);
    expect(summaries).toHaveLength(1);
  });

  it('makes request ids in UUID form, each different', () => {
    const next = requestIds();
    const ids = Array.from({ length: 1000 }, next);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    expect(requestIds()()).not.toBe(requestIds()());
  });
});
