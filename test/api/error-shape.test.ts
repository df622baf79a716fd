/**
 * Bad input gets a 4xx in the project error shape (DECISIONS §2): Fastify's own errors, malformed
 * requests on the wire, a body trickled a byte at a time (408), JSON numbers judged by their text.
 */
import { connect } from 'node:net';
import { count } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { withdrawalRequests } from '../../src/server/db/schema.ts';
import { expectErrorShape } from '../helpers/client.ts';
import { createAmbassador, credit, type CreatedAmbassador } from '../helpers/factories.ts';
import { describeEachDatabase } from '../helpers/suite.ts';
import { WALLET_A as WALLET } from '../helpers/wallets.ts';

/** Sends raw bytes to a listening server and answers the status line and body of what comes back. */
function rawRequest(url: string, chunks: string[], gapMs = 0): Promise<{ status: number; body: string; raw: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (data) => (received += data.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      const body = received.split('\r\n\r\n').slice(1).join('\r\n\r\n');
      if (!received) reject(new Error('connection closed without an answer'));
      else resolve({ status, body, raw: received });
    });
    socket.on('connect', () => {
      const queue = [...chunks];
      if (!gapMs) {
        socket.write(queue.join(''));
        return;
      }
      socket.write(queue.shift() ?? '');
      timer = setInterval(() => {
        const next = queue.shift();
        if (next === undefined || socket.destroyed) clearInterval(timer);
        else socket.write(next);
      }, gapMs);
    });
  });
}

/** Listening, for raw bytes; a slow request is cut after a second. */
const SERVER = { listen: true, env: { REQUEST_TIMEOUT_SECONDS: '1' } };

describeEachDatabase('bad input gets a 4xx in the project error shape (%s)', SERVER, ({ server, superAdmin: admin }) => {
  let ambassador: CreatedAmbassador;
  beforeAll(async () => {
    ambassador = await createAmbassador(server, { admin });
    await credit(server, ambassador.ambassadorId, 'USDT', '500.00');
  });

  const lists = ['/api/admin/ambassadors', '/api/admin/reports', '/api/admin/withdrawal-requests', '/api/admin/applications'];
  const encode = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
  const uuid = '00000000-0000-4000-8000-000000000000';
  const cursors: [string, string][] = [
    ['a timestamp below bigint', encode(['-9223372036854775809', uuid])],
    ['a timestamp above bigint', encode(['99999999999999999999', uuid])],
    ['a timestamp past year 9999', encode(['253402300800000000', uuid])],
    ['an int above integer', encode(['2147483648', '0', uuid])],
    ['an int far above integer', encode(['999999999999', '0', uuid])],
    ['a malformed uuid', encode(['0', 'not-a-uuid'])],
    ['numbers instead of strings', encode([0, 0])],
    ['too few values', encode(['0'])],
    ['too many values', encode(['0', '0', '0', uuid])],
    ['an object', encode({ a: 1 })],
    ['nested arrays', encode([['0'], [uuid]])],
    ['not JSON', encode('{')],
    ['not base64url', '%%%'],
  ];

  it.each(lists)('%s refuses offset and cursor together', async (list) => {
    const response = await admin.get(`${list}?offset=5&cursor=${encode(['0', uuid])}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Use either offset or cursor, not both');
  });

  it.each(lists)('%s answers every crafted cursor with 400', async (list) => {
    for (const [, cursor] of cursors) {
      const response = await admin.get(`${list}?cursor=${encodeURIComponent(cursor)}`);
      expect(response.status, `${list} ${cursor}`).toBe(400);
      expectErrorShape(response.body);
    }
  });

  it('answers the Fastify errors a client can cause in the project error shape', async () => {
    const post =
      (url: string, payload: string, contentType = 'application/json') =>
      () =>
        server.app.inject({ method: 'POST', url, headers: { origin: server.origin, 'content-type': contentType }, payload });
    const cases: { name: string; status: number; send: () => Promise<{ statusCode: number; body: string }> }[] = [
      { name: 'bad URL', status: 400, send: () => server.app.inject({ method: 'GET', url: '/api/%E0%A4%A' }) },
      { name: 'long path parameter', status: 414, send: post(`/api/setup-password/${'x'.repeat(300)}`, '{}') },
      { name: 'bad JSON', status: 400, send: post('/api/login', '{"email":') },
      { name: 'empty JSON body', status: 400, send: post('/api/login', '') },
      { name: '__proto__ key', status: 400, send: post('/api/login', '{"email":"a@example.com","password":"whatever1","__proto__":{"isAdmin":true}}') },
      { name: 'wrong content type', status: 415, send: post('/api/login', '<a/>', 'application/xml') },
      { name: 'too large', status: 413, send: post('/api/login', JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(100_000) })) },
      {
        name: 'many query parameters',
        status: 400,
        send: async () => {
          const response = await admin.get(`/api/admin/ambassadors?limit=x&${Array.from({ length: 2000 }, (_, i) => `p${i}=1`).join('&')}`);
          return { statusCode: response.status, body: response.text };
        },
      },
    ];
    for (const test of cases) {
      const response = await test.send();
      expect(response.statusCode, test.name).toBe(test.status);
      expectErrorShape(JSON.parse(response.body));
    }
  });

  it('answers malformed requests on the wire in the project error shape', async () => {
    const malformed = await rawRequest(server.url, ['GET /api/public/stats HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n']);
    expect(malformed.status).toBe(400);
    expectErrorShape(JSON.parse(malformed.body));
    const huge = await rawRequest(server.url, [`GET /api/public/stats HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`]);
    expect(huge.status).toBe(431);
    expectErrorShape(JSON.parse(huge.body));
    const badLength = await rawRequest(server.url, ['POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n']);
    expect(badLength.status).toBe(400);
    expectErrorShape(JSON.parse(badLength.body));
    // An address too long for the request line is 414 (not 'headers too large'); each answer has its X-Request-Id.
    const longUrl = await rawRequest(server.url, [`GET /api/public/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`]);
    expect(longUrl.status).toBe(414);
    expect(JSON.parse(longUrl.body)).toEqual({ message: 'The address is too long', code: 'ADDRESS_TOO_LONG' });
    for (const answer of [malformed, huge, badLength, longUrl]) expect(answer.raw).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/i);
    // HTTP/1.1 without Host: refused in the same shape (Node's own answer has no body).
    const noHost = await rawRequest(server.url, ['GET /api/public/stats HTTP/1.1\r\nConnection: close\r\n\r\n']);
    expect(noHost.status).toBe(400);
    expect(JSON.parse(noHost.body)).toEqual({ message: 'The request has no Host header', code: 'HOST_MISSING' });
    // Fastify's own 414 for a too long path parameter, on the wire.
    const longParam = await rawRequest(server.url, [`GET /api/reports/${'x'.repeat(300)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`]);
    expect(longParam.status).toBe(414);
    expectErrorShape(JSON.parse(longParam.body));
    expect(longParam.raw).toMatch(/\r\nx-request-id: [0-9a-f-]{36}\r\n/i);
  });

  it('answers 408 to a body trickled a byte at a time, and closes the connection', async () => {
    const body = JSON.stringify({ email: 'slow@example.com', password: 'slow-password' });
    const head = `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${server.origin}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    // One byte every 300 ms: the whole body would take about 15 s; the limit here is 1 s.
    const answer = await rawRequest(server.url, [head, ...body.split('')], 300);
    expect(answer.status).toBe(408);
    expectErrorShape(JSON.parse(answer.body));
  });

  it('judges a JSON number by its text: more than 2 decimals is refused whatever the digits', async () => {
    const post = (amount: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/withdrawal-requests',
        headers: { origin: server.origin, cookie: `sid=${ambassador.client.cookie}`, 'content-type': 'application/json' },
        payload: `{"amount": ${amount}, "walletAddress": "${WALLET}"}`,
      });
    for (const amount of ['50.0000000000000001', '50.000000000000000000000001', '99.999999999999999', '5.0000000000000000001e1']) {
      const response = await post(amount);
      expect(response.statusCode, amount).toBe(400);
      expect(response.json().message).toBe('Amount can have at most 2 decimal places');
    }
    expect((await server.db.select({ n: count() }).from(withdrawalRequests))[0]?.n).toBe(0);
    const exact = await post('50.10');
    expect(exact.statusCode).toBe(201);
    expect(exact.json().amount).toBe('50.10');
    const exponent = await post('6e1');
    expect(exponent.statusCode).toBe(201);
    expect(exponent.json().amount).toBe('60.00');
  });
});
