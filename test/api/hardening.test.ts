/**
 * The hardening pass: forged addresses, slow bodies, crafted cursors, Fastify's own errors, JSON
 * numbers judged by their text, DNS rebinding, and a production start that would print setup links.
 * Each case failed on the code before it was fixed.
 */
import { connect } from 'node:net';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { withdrawalRequests } from '../../src/server/db/schema.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { DATABASE_KINDS } from '../helpers/database.ts';
import { createAmbassador, credit, uniqueEmail, type CreatedAmbassador } from '../helpers/factories.ts';
import { TEST_SESSION_SECRET, startTestServer, type TestServer } from '../helpers/server.ts';
import { WALLET_A as WALLET } from '../helpers/wallets.ts';

/** Every error body is {message, errors?} and nothing else (DECISIONS §2). */
function expectErrorShape(body: unknown): void {
  expect(body).toEqual(expect.objectContaining({ message: expect.any(String) }));
  expect(Object.keys(body as object).every((k) => k === 'message' || k === 'errors')).toBe(true);
}

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

describe('configuration that would weaken the product is refused at start', () => {
  const base = { NODE_ENV: 'test', SESSION_SECRET: TEST_SESSION_SECRET, DATA_DIR: '/tmp/ambassador-test-unused' };

  it('refuses TRUST_PROXY=true, naming it and saying what to write instead', () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust every hop.*number of proxies/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY: not a proxy address or CIDR: proxy.example/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16', 'loopback']);
    expect(loadConfig({ ...base }).trustProxy).toBe(false);
  });

  it('refuses a production start without SMTP_URL (setup links would be printed), unless EMAIL_TO_LOG=true', () => {
    const production = { ...base, NODE_ENV: 'production' };
    expect(() => loadConfig(production)).toThrow(/SMTP_URL: is required when NODE_ENV=production.*EMAIL_TO_LOG=true/);
    expect(loadConfig({ ...production, EMAIL_TO_LOG: 'true' }).emailToLog).toBe(true);
    expect(loadConfig({ ...production, SMTP_URL: 'smtp://mail.example:587' }).emailToLog).toBe(false);
  });

  it('refuses an ALLOWED_ORIGINS entry that is not an origin', () => {
    expect(() => loadConfig({ ...base, ALLOWED_ORIGINS: 'https://app.example/path' })).toThrow(/ALLOWED_ORIGINS: not an origin/);
    expect(loadConfig({ ...base, ALLOWED_ORIGINS: 'https://app.example, http://localhost:5173' }).allowedOrigins).toEqual([
      'https://app.example',
      'http://localhost:5173',
    ]);
  });
});

describe('per-address limits under forged X-Forwarded-For', () => {
  const LIMIT = 4;
  // A proxy appends the address it saw; everything to its left came from the client, who can write anything.
  const forged = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` });

  async function wrongSignIns(server: TestServer, attempts: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < attempts; i++) {
      const response = await new ApiClient(server).post('/api/login', { email: uniqueEmail('nobody'), password: 'wrong-password' }, forged(i));
      statuses.push(response.status);
    }
    return statuses;
  }

  for (const trust of ['1', '127.0.0.1', '127.0.0.0/8,10.0.0.0/8', undefined]) {
    it(`holds with TRUST_PROXY=${trust ?? '(unset)'}`, async () => {
      const server = await startTestServer({
        env: { LOGIN_MAX_FAILURES_PER_ADDRESS: String(LIMIT), ...(trust ? { TRUST_PROXY: trust } : {}) },
      });
      try {
        const statuses = await wrongSignIns(server, LIMIT + 3);
        expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
        expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);
      } finally {
        await server.close();
      }
    });
  }

  it('counts the address the trusted proxy appended: another client behind the same proxy is not limited', async () => {
    const server = await startTestServer({ env: { TRUST_PROXY: '1', LOGIN_MAX_FAILURES_PER_ADDRESS: String(LIMIT) } });
    try {
      await wrongSignIns(server, LIMIT + 1);
      const other = await new ApiClient(server).post(
        '/api/login',
        { email: uniqueEmail('nobody'), password: 'wrong-password' },
        { 'x-forwarded-for': '203.0.113.8' },
      );
      expect(other.status).toBe(401);
      const same = await new ApiClient(server).post(
        '/api/login',
        { email: uniqueEmail('nobody'), password: 'wrong-password' },
        { 'x-forwarded-for': '203.0.113.7' },
      );
      expect(same.status).toBe(429);
    } finally {
      await server.close();
    }
  });
});

describe('DNS rebinding: Origin is compared with APP_URL, and production answers only for its host', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ALLOWED_ORIGINS: 'https://admin.example' } });
  });
  afterAll(async () => server?.close());

  it('refuses a state change whose Origin equals a hostile Host header', async () => {
    for (const host of ['evil.example', 'evil.example:5000', '127.0.0.1.nip.io']) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { host, origin: `http://${host}`, 'content-type': 'application/json' },
        payload: { email: 'a@example.com', password: 'whatever1' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-site request refused' });
    }
  });

  it('accepts APP_URL and the ALLOWED_ORIGINS entries', async () => {
    for (const origin of [server.origin, 'https://admin.example']) {
      const response = await new ApiClient(server, { origin }).post('/api/login', { email: 'a@example.com', password: 'whatever1' });
      expect(response.status).toBe(401);
    }
  });

  it('answers 421 in production to a Host that is not APP_URL, except health probes', async () => {
    const production = await startTestServer({ env: { NODE_ENV: 'production', APP_URL: 'https://ambassadors.example' } });
    try {
      const foreign = await production.app.inject({ method: 'GET', url: '/api/public/stats', headers: { host: 'evil.example' } });
      expect(foreign.statusCode).toBe(421);
      expectErrorShape(foreign.json());
      const own = await production.app.inject({ method: 'GET', url: '/api/public/stats', headers: { host: 'ambassadors.example' } });
      expect(own.statusCode).toBe(200);
      const probe = await production.app.inject({ method: 'GET', url: '/healthz', headers: { host: '10.0.0.12:5000' } });
      expect(probe.statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});

describe.each(DATABASE_KINDS)('signing in again in the same browser (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  });
  afterAll(async () => server?.close());

  it('ends the session the cookie held, whichever account it was', async () => {
    const first = await createAmbassador(server);
    const second = await createAmbassador(server);
    const browser = first.client;
    const replaced = browser.cookie;
    await browser.login(first.email, first.password);
    expect(browser.cookie).not.toBe(replaced);
    // The replaced id, replayed from a copy of the old cookie, is dead.
    const stale = new ApiClient(server);
    stale.cookie = replaced;
    expect((await stale.get('/api/user')).status).toBe(401);
    // Another account signed in over it ends it too.
    const before = browser.cookie;
    await browser.login(second.email, second.password);
    stale.cookie = before;
    expect((await stale.get('/api/user')).status).toBe(401);
    expect((await browser.get('/api/user')).body.email).toBe(second.email);
  });

  it('ends it on the super admin sign-in as well', async () => {
    const admin = await superAdminClient(server);
    const replaced = admin.cookie;
    const again = await superAdminClient(server);
    again.cookie = replaced;
    const response = await again.post('/api/super-admin-login', {
      email: 'super@example.com',
      password: 'SuperPass123!',
      superAdminSecret: 'test-super-secret',
    });
    expect(response.status).toBe(200);
    const stale = new ApiClient(server);
    stale.cookie = replaced;
    expect((await stale.get('/api/user')).status).toBe(401);
  });
});

describe.each(DATABASE_KINDS)('bad input gets a 4xx in the project error shape (%s)', (kind) => {
  let server: TestServer;
  let admin: ApiClient;
  let ambassador: CreatedAmbassador;
  beforeAll(async () => {
    server = await startTestServer({ kind, listen: true, env: { REQUEST_TIMEOUT_SECONDS: '1' } });
    admin = await superAdminClient(server);
    ambassador = await createAmbassador(server, { admin });
    await credit(server, ambassador.ambassadorId, 'USDT', '500.00');
  });
  afterAll(async () => server?.close());

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
    const cases: { name: string; status: number; send: () => Promise<{ statusCode: number; body: string }> }[] = [
      { name: 'bad URL', status: 400, send: () => server.app.inject({ method: 'GET', url: '/api/%E0%A4%A' }) },
      {
        name: 'long path parameter',
        status: 414,
        send: () =>
          server.app.inject({
            method: 'POST',
            url: `/api/setup-password/${'x'.repeat(300)}`,
            headers: { origin: server.origin, 'content-type': 'application/json' },
            payload: '{}',
          }),
      },
      {
        name: 'bad JSON',
        status: 400,
        send: () =>
          server.app.inject({
            method: 'POST',
            url: '/api/login',
            headers: { origin: server.origin, 'content-type': 'application/json' },
            payload: '{"email":',
          }),
      },
      {
        name: 'empty JSON body',
        status: 400,
        send: () =>
          server.app.inject({ method: 'POST', url: '/api/login', headers: { origin: server.origin, 'content-type': 'application/json' }, payload: '' }),
      },
      {
        name: '__proto__ key',
        status: 400,
        send: () =>
          server.app.inject({
            method: 'POST',
            url: '/api/login',
            headers: { origin: server.origin, 'content-type': 'application/json' },
            payload: '{"email":"a@example.com","password":"whatever1","__proto__":{"isAdmin":true}}',
          }),
      },
      {
        name: 'wrong content type',
        status: 415,
        send: () =>
          server.app.inject({ method: 'POST', url: '/api/login', headers: { origin: server.origin, 'content-type': 'application/xml' }, payload: '<a/>' }),
      },
      {
        name: 'too large',
        status: 413,
        send: () =>
          server.app.inject({
            method: 'POST',
            url: '/api/login',
            headers: { origin: server.origin, 'content-type': 'application/json' },
            payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(100_000) }),
          }),
      },
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
    expect(JSON.parse(longUrl.body)).toEqual({ message: 'The address is too long' });
    for (const answer of [malformed, huge, badLength, longUrl]) expect(answer.raw).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/i);
    // HTTP/1.1 without Host: refused in the same shape (Node's own answer has no body).
    const noHost = await rawRequest(server.url, ['GET /api/public/stats HTTP/1.1\r\nConnection: close\r\n\r\n']);
    expect(noHost.status).toBe(400);
    expect(JSON.parse(noHost.body)).toEqual({ message: 'The request has no Host header' });
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
