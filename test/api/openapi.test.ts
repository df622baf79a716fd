/**
 * The API document (GET /api/openapi.json) tells the truth and is useful to a client generator:
 * Redocly's recommended rules find no error in it, every operation is named, tagged and secured
 * from its route's access level, and every answer of a representative run (every route as every
 * role, the main journeys, the error paths of the server's own plumbing) is what the document
 * says of its operation: a documented status, the documented headers, a body of the documented
 * schema (test/helpers/openapi.ts). An undocumented status fails the test.
 */
import { connect } from 'node:net';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { InjectOptions, LightMyRequestResponse as InjectResponse } from 'fastify';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../../src/server/http.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { createAdmin, createAmbassador, type CreatedAmbassador, credit, validApplication, validReport } from '../helpers/factories.ts';
import { ResponseValidator, type Answer } from '../helpers/openapi.ts';
import { SUPER_ADMIN, startTestServer, type TestServer } from '../helpers/server.ts';
import { WALLET_A as WALLET } from '../helpers/wallets.ts';

const UNKNOWN_ID = '7d3b2a52-0000-4000-8000-000000000000';
type Role = 'anonymous' | 'ambassador' | 'admin' | 'superAdmin';

/** The security each access level must be documented with. */
const SECURITY: Record<Access, unknown[]> = {
  public: [],
  optional: [{}, { session: [] }],
  user: [{ session: [] }],
  ambassador: [{ session: [] }],
  admin: [{ session: [] }],
  superAdmin: [{ session: [] }],
};

describe('the API document', () => {
  let server: TestServer;
  let doc: any;
  let validator: ResponseValidator;
  const problems: string[] = [];
  /** Answers seen per documented operation ("GET /api/user"), and the statuses each gave. */
  const seen = new Map<string, Set<number>>();
  const clients = {} as Record<Role, ApiClient>;
  let ambassador: CreatedAmbassador;

  function record(answer: Answer): void {
    const found = validator.operationOf(answer.method, answer.url);
    if (found) {
      const key = `${answer.method} ${found.template}`;
      seen.set(key, (seen.get(key) ?? new Set()).add(answer.status));
    }
    problems.push(...validator.check(answer));
  }

  /** Every answer so far was as documented (and none is left over for the next test). */
  function expectDocumented(): void {
    expect(problems.splice(0)).toEqual([]);
  }

  beforeAll(async () => {
    server = await startTestServer({ listen: true, env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' } });
    doc = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    validator = new ResponseValidator(doc);
    // Every API answer of this file, whoever asks (the factories too), is checked against the document.
    const inject = server.app.inject.bind(server.app) as (options: InjectOptions) => Promise<InjectResponse>;
    Object.assign(server.app, {
      inject: async (options: InjectOptions) => {
        const response = await inject(options);
        const url = String(options.url ?? options.path ?? '');
        if (url.startsWith('/api/') && url !== '/api/openapi.json') {
          record({ method: String(options.method ?? 'GET').toUpperCase(), url, status: response.statusCode, headers: response.headers, body: response.body });
        }
        return response;
      },
    });
    clients.superAdmin = await superAdminClient(server);
    clients.admin = (await createAdmin(server, { superAdmin: clients.superAdmin, fullName: 'Plain Admin' })).client;
    ambassador = await createAmbassador(server, { admin: clients.superAdmin, fullName: 'Amara Okafor' });
    clients.ambassador = ambassador.client;
    clients.anonymous = new ApiClient(server);
    await credit(server, ambassador.ambassadorId, 'USDT', '500.00');
  });
  afterAll(async () => server?.close());

  it('passes Redocly’s recommended rules with no error', async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        // The API is the product's own (package.json "private"), published under no licence: there is none to name.
        'info-license': 'off',
        // Spectral's rule of the same name is on by default: every operation says what it does beyond its summary.
        'operation-description': 'warn',
      },
    });
    const lint = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const found = lint.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
    expect(found.filter((p) => p.startsWith('error'))).toEqual([]);
    // The warnings there is reason for: GET /api/login (DECISIONS §2), GET /api/unsubscribe (a link opened in a
    // browser goes to the unsubscribe page) and Discord's OAuth start and callback (browser navigations, DECISIONS §7)
    // only redirect, they have no 2xx answer.
    expect(found.sort()).toEqual([
      'warn operation-2xx-response #/paths/~1api~1links~1discord~1callback/get/responses: Operation must have at least one `2XX` response.',
      'warn operation-2xx-response #/paths/~1api~1links~1discord~1start/get/responses: Operation must have at least one `2XX` response.',
      'warn operation-2xx-response #/paths/~1api~1login/get/responses: Operation must have at least one `2XX` response.',
      'warn operation-2xx-response #/paths/~1api~1unsubscribe/get/responses: Operation must have at least one `2XX` response.',
    ]);
  });

  it('names, tags and secures every operation from its route, with servers from APP_URL', () => {
    expect(doc.servers).toEqual([{ url: server.config.appUrl, description: expect.any(String) }]);
    const ids: string[] = [];
    for (const route of server.app.routeTable) {
      if (!route.url.startsWith('/api/') || route.url === '/api/openapi.json') continue;
      const operation = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation.operationId, `${route.method} ${route.url}`).toMatch(/^[a-z][a-zA-Z0-9]+$/);
      // Its own words, not the document's stand-in (the method and path), and what it does beyond them.
      expect(operation.summary, `${route.method} ${route.url}`).not.toMatch(/^(GET|POST|PUT|PATCH|DELETE) \//);
      expect(operation.description, `${route.method} ${route.url}: no description`).toEqual(expect.any(String));
      expect(operation.description, `${route.method} ${route.url}`).not.toBe(operation.summary);
      expect(operation.tags?.length, `${route.method} ${route.url}`).toBeGreaterThan(0);
      // An admin list an API key may read also names the key's scheme, and the scope in x-api-key-scope (DECISIONS §7).
      expect(operation.security, `${route.method} ${route.url}`).toEqual(route.scope ? [...SECURITY[route.access], { apiKey: [] }] : SECURITY[route.access]);
      expect(operation['x-api-key-scope'], `${route.method} ${route.url}`).toBe(route.scope);
      ids.push(operation.operationId);
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        expect(response.$ref ?? response.description, `${route.method} ${route.url} ${status}`).not.toBe('Default Response');
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    // One error schema, referenced: no inline copy of it anywhere.
    const text = JSON.stringify(doc.paths);
    expect(text).not.toContain('"message":{"type":"string"},"errors"');
    expect(text.match(/#\/components\/schemas\/ErrorBody/g)?.length).toBeGreaterThan(50);
  });

  it('types what a client sends: money, dates, wallet addresses, and bodies required only where they are', () => {
    const schemas = doc.components.schemas;
    expect(schemas.WithdrawalInput.properties.amount.anyOf).toEqual([
      expect.objectContaining({ type: 'string', pattern: expect.any(String) }),
      expect.objectContaining({ type: 'number', minimum: 0 }),
    ]);
    const money = new RegExp(schemas.WithdrawalInput.properties.amount.anyOf[0].pattern);
    expect(['75', '75.5', '75.50'].every((a) => money.test(a))).toBe(true);
    expect(['1e2', '-5', '75.505', ''].some((a) => money.test(a))).toBe(false);
    expect(schemas.WithdrawalInput.properties.walletAddress.pattern).toBe('^0x[0-9a-fA-F]{40}$');
    expect(schemas.ReportInput.properties.weekStartDate.format).toBe('date');
    expect(schemas.ReportView.properties.weekEndDate.format).toBe('date');
    expect(schemas.ReportView.properties.createdAt.format).toBe('date-time');
    expect(schemas.SettingsInput.properties.lotteryPrizeUsdt.anyOf).toHaveLength(2);
    const body = (method: string, path: string) => doc.paths[path][method].requestBody;
    expect(body('post', '/api/admin/applications/{id}/reject').required).toBe(false);
    expect(body('post', '/api/admin/withdrawals/{id}/approve').required).toBe(false);
    expect(body('post', '/api/admin/reports/claim-next').required).toBe(false);
    expect(body('post', '/api/withdrawal-requests').required).toBe(true);
    expect(body('post', '/api/admin/reports/{id}/review').required).toBe(true);
    // RFC 8058's one-click POST: its form body, urlencoded or multipart, optional (the signed link is the authority).
    const unsubscribe = body('post', '/api/unsubscribe');
    expect(unsubscribe.required).toBe(false);
    expect(Object.keys(unsubscribe.content).sort()).toEqual(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data']);
    expect(unsubscribe.content['multipart/form-data'].schema).toEqual({ $ref: '#/components/schemas/UnsubscribeOneClick' });
    expect(schemas.UnsubscribeOneClick.properties['List-Unsubscribe']).toMatchObject({ type: 'string', example: 'One-Click' });
    // The drand chain names the scheme a verifier needs.
    const drand = doc.paths['/api/public/drand'].get.responses['200'].content['application/json'].schema;
    const chain = drand.$ref ? schemas[drand.$ref.split('/').at(-1)] : drand;
    expect(chain.properties.scheme).toMatchObject({ type: 'string', enum: ['bls-unchained-g1-rfc9380'] });
    expect(chain.required).toContain('scheme');
    // The live stream: its ids and reconnection, and the 204 that stops a replaced stream's reconnecting.
    const events = doc.paths['/api/events'].get;
    expect(Object.keys(events.responses)).toEqual(expect.arrayContaining(['200', '204', '401']));
    expect(events.responses['200'].content).toHaveProperty('text/event-stream');
    expect(events.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'last-event-id' })]));
    expect(events.description).toContain('Last-Event-ID');
    // The four admin lists document `search`, and each of them does it (test/api/admin-search.test.ts).
    for (const list of ['/api/admin/ambassadors', '/api/admin/applications', '/api/admin/reports', '/api/admin/withdrawal-requests']) {
      expect(doc.paths[list].get.parameters.map((p: any) => p.name)).toContain('search');
    }
  });

  it('answers every route, as every role, as documented', async () => {
    for (const entry of server.app.routeTable) {
      if (!entry.url.startsWith('/api/') || entry.url === '/api/openapi.json' || entry.stream) continue;
      const url = entry.url.replace(':id', UNKNOWN_ID).replace(':token', 'not-a-real-token').replace(':month', '2020-01').replace(':name', 'ambassadors');
      for (const role of ['anonymous', 'ambassador', 'admin', 'superAdmin'] as Role[]) {
        // Logout would end the session the next requests need.
        const caller = entry.url === '/api/logout' ? new ApiClient(server) : clients[role];
        await caller.request(entry.method, url, entry.method === 'GET' || entry.method === 'DELETE' ? undefined : {});
      }
    }
    expectDocumented();
  });

  it('answers the journeys as documented: paged lists, decisions, money, sessions', async () => {
    const { superAdmin, admin, anonymous } = clients;
    const mine = ambassador.client;
    // Lists: a full page names the next one (X-Next-Cursor), search narrows them.
    const applied = await anonymous.post('/api/applications', validApplication({ fullName: 'Zed Pending' }));
    expect(applied.status).toBe(201);
    await anonymous.post('/api/applications', validApplication());
    const page = await admin.get('/api/admin/applications?limit=1');
    expect(page.headers['x-next-cursor']).toEqual(expect.any(String));
    await admin.get(`/api/admin/applications?limit=1&cursor=${encodeURIComponent(String(page.headers['x-next-cursor']))}`);
    expect((await admin.get('/api/admin/applications?search=zed%20pend')).body).toHaveLength(1);
    await admin.get('/api/admin/ambassadors?search=amara&flagged=false');
    await admin.post(`/api/admin/applications/${applied.body.id}/reject`);
    expect((await admin.post(`/api/admin/applications/${applied.body.id}/reject`, { adminNotes: 'again' })).status).toBe(409);

    // A report, reviewed once with an Idempotency-Key: the retry gets the first answer again.
    const report = await mine.post('/api/reports', validReport());
    expect(report.status).toBe(201);
    expect((await mine.post('/api/reports', validReport())).status).toBe(409);
    await mine.get('/api/reports?limit=1');
    await mine.get(`/api/reports/${report.body.id}`);
    await admin.get('/api/admin/reports?status=pending&search=okafor');
    await admin.post(`/api/admin/reports/${report.body.id}/claim`);
    expect((await superAdmin.post(`/api/admin/reports/${report.body.id}/claim`)).status).toBe(409);
    const review = { status: 'approved', gcmAwarded: '120', usdtAwarded: 10, adminNotes: 'Good work' };
    const key = { 'idempotency-key': 'review-1' };
    expect((await admin.post(`/api/admin/reports/${report.body.id}/review`, review, key)).status).toBe(200);
    const replay = await admin.post(`/api/admin/reports/${report.body.id}/review`, review, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await admin.post(`/api/admin/reports/${report.body.id}/review`, { ...review, usdtAwarded: 11 }, key)).status).toBe(422);
    expect((await admin.post(`/api/admin/reports/${report.body.id}/review`, review, { 'idempotency-key': 'bad key' })).status).toBe(400);
    expect((await superAdmin.post(`/api/admin/reports/${report.body.id}/review`, review)).status).toBe(409);
    expect((await admin.post('/api/admin/reports/claim-next')).status).toBe(404);

    // Money out: a refused amount, a request, its approval, payment and the export.
    expect((await mine.post('/api/withdrawal-requests', { amount: '1e2', walletAddress: WALLET })).status).toBe(400);
    const withdrawal = await mine.post('/api/withdrawal-requests', { amount: 75, walletAddress: WALLET }, { 'idempotency-key': 'w-1' });
    expect(withdrawal.status).toBe(201);
    await mine.post('/api/withdrawal-requests', { amount: 75, walletAddress: WALLET }, { 'idempotency-key': 'w-1' });
    await mine.get('/api/withdrawal-requests');
    await mine.get('/api/transactions');
    await admin.get(`/api/admin/withdrawal-requests?search=${WALLET.slice(2, 12)}`);
    expect((await admin.post(`/api/admin/withdrawals/${withdrawal.body.id}/approve`, { adminNotes: 'ok' })).status).toBe(200);
    expect((await admin.post(`/api/admin/withdrawals/${withdrawal.body.id}/reject`)).status).toBe(409);
    expect((await admin.get('/api/admin/withdrawals/export.csv?format=plain')).status).toBe(200);
    await admin.get('/api/admin/export/withdrawals.csv?search=amara');
    const paid = await admin.post('/api/admin/withdrawals/paid', { ids: [withdrawal.body.id], txHash: `0x${'ab'.repeat(32)}` });
    expect(paid.status).toBe(200);
    expect((await admin.post('/api/admin/withdrawals/paid', { ids: [withdrawal.body.id], txHash: `0x${'cd'.repeat(32)}` })).status).toBe(409);

    // The ambassador's own record and notifications.
    await mine.patch('/api/ambassador', { usdtWalletAddress: WALLET, emailNotifications: true });
    await mine.get('/api/ambassadors/me');
    const notifications = await mine.get('/api/notifications?limit=5');
    expect(notifications.headers['x-unread-count']).toEqual(expect.any(String));
    await mine.post('/api/notifications/read', { all: true });
    await mine.get('/api/mfa');
    await mine.post('/api/mfa/enroll');
    await mine.post('/api/mfa/verify', { code: '000000' });

    // Wallet proof (DECISIONS §6): a real signature verifies; refusals; an exchange address; the admin filters.
    expect((await mine.post('/api/wallet/exchange', { acknowledged: true })).status).toBe(200);
    const signer = privateKeyToAccount(generatePrivateKey());
    const prover = await createAmbassador(server, { admin: superAdmin });
    await prover.client.patch('/api/ambassador', { usdtWalletAddress: signer.address });
    const issued = await prover.client.post('/api/wallet/proof/nonce');
    expect(issued.status).toBe(200);
    expect((await prover.client.post('/api/wallet/proof', { message: issued.body.message, signature: `0x${'00'.repeat(65)}` })).status).toBe(400);
    const proof = { message: issued.body.message, signature: await signer.signMessage({ message: issued.body.message }) };
    expect((await prover.client.post('/api/wallet/proof', { ...proof, signature: `0x${'ab'.repeat(100)}` })).status).toBe(422);
    expect((await prover.client.post('/api/wallet/proof', proof)).status).toBe(200);
    expect((await prover.client.post('/api/wallet/proof', proof)).status).toBe(409);
    expect((await prover.client.post('/api/wallet/exchange', { acknowledged: true })).status).toBe(409);
    await prover.client.get('/api/ambassador');
    await admin.get('/api/admin/withdrawal-requests?walletProof=exchange');
    expect((await admin.get('/api/admin/withdrawals/export.csv?format=safe&walletProof=verified')).status).toBe(200);

    // Admin desk and super admin views.
    await admin.get('/api/admin/summary');
    await admin.get('/api/admin/analytics');
    await admin.patch(`/api/admin/ambassadors/${ambassador.ambassadorId}`, { badgeLevel: 'auto' });
    await admin.post(`/api/admin/ambassadors/${ambassador.ambassadorId}/resend-password`);
    await superAdmin.get('/api/super-admin/actions?limit=2&admin=super');
    await superAdmin.get('/api/super-admin/admins');
    await superAdmin.patch('/api/super-admin/settings', { lotteryWinners: 10 });
    await superAdmin.get('/api/super-admin/seasons');
    await superAdmin.get(`/api/super-admin/seasons/${new Date().toISOString().slice(0, 7)}/preview`);
    await superAdmin.post(`/api/super-admin/seasons/${new Date().toISOString().slice(0, 7)}/close`, { beacon: 'bsc:1:0xabc' });

    // Public reads: an ETag, then 304 for the copy held.
    for (const url of ['/api/public/stats', '/api/public/leaderboard']) {
      const first = await anonymous.get(url);
      expect(first.headers.etag).toEqual(expect.any(String));
      const again = await anonymous.request('GET', url, undefined, { 'if-none-match': String(first.headers.etag) });
      expect(again.status).toBe(304);
    }
    await anonymous.get('/api/public/seasons');
    await anonymous.get('/api/public/seasons/current');
    await anonymous.get('/api/settings');

    // Sessions: a redirect, a refused and a limited sign-in, sign-out.
    expect((await anonymous.get('/api/login')).status).toBe(302);
    const leaving = await new ApiClient(server).login(ambassador.email, ambassador.password);
    await leaving.post('/api/logout');
    await leaving.get('/api/user');
    const stranger = new ApiClient(server, { ip: '10.9.8.7' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await stranger.post('/api/login', { email: ambassador.email, password: 'wrong-password' })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    await anonymous.post('/api/forgot-password', { email: ambassador.email });
    await anonymous.get('/api/setup-password/not-a-token/status');
    expect((await mine.post('/api/change-password', { currentPassword: 'nope-nope', newPassword: 'Another1!' })).status).toBe(400);
    expectDocumented();
  });

  it('answers the plumbing’s own errors as documented, Retry-After and all', async () => {
    const { anonymous, admin } = clients;
    const json = { 'content-type': 'application/json' };
    const send = (options: InjectOptions) => server.app.inject({ ...options, headers: { origin: server.origin, ...options.headers } });
    expect(
      (await send({ method: 'POST', url: '/api/login', headers: json, payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(70_000) }) })).statusCode,
    ).toBe(413);
    expect((await send({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' })).statusCode).toBe(415);
    expect((await send({ method: 'POST', url: '/api/login', headers: json, payload: '{"email":' })).statusCode).toBe(400);
    expect((await send({ method: 'GET', url: `/api/reports/${'x'.repeat(300)}` })).statusCode).toBe(414);
    expect((await send({ method: 'GET', url: '/api/public/log?after=%00' })).statusCode).toBe(400);
    // A read that takes no input at all ignores its query string, NUL or not.
    expect((await send({ method: 'GET', url: '/api/public/stats?x=%00' })).statusCode).toBe(200);
    // No Origin (or another site's): 403 on every change.
    expect((await new ApiClient(server, { origin: null }).post('/api/login', { email: 'a@b.co', password: 'whatever' })).status).toBe(403);
    expect((await new ApiClient(server, { origin: 'https://evil.example' }).post('/api/applications', validApplication())).status).toBe(403);
    expect((await admin.post(`/api/admin/withdrawals/${UNKNOWN_ID}/approve`)).status).toBe(404);
    // 503, from the real path: super admin sign-in with no secret configured.
    const config = server.ctx.config as { superAdminSecret: string | undefined };
    const secret = config.superAdminSecret;
    config.superAdminSecret = undefined;
    try {
      const refused = await anonymous.post('/api/super-admin-login', { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password, superAdminSecret: 'x' });
      expect(refused.status).toBe(503);
    } finally {
      config.superAdminSecret = secret;
    }
    // A 429 says when to come back.
    const limited = new ApiClient(server, { ip: '10.1.2.3' });
    let last;
    for (let i = 0; i < 4; i++) last = await limited.post('/api/login', { email: 'someone@example.com', password: 'wrong-password' });
    expect(last?.status).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expectDocumented();
  });

  it('answers a too long address on the wire with the documented 414', async () => {
    const url = `/api/public/stats?q=${'a'.repeat(20_000)}`;
    const answer = await rawRequest(server.url, `GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(414);
    record({ method: 'GET', url, ...answer });
    expectDocumented();
  });

  it('fails an answer the document does not describe', () => {
    const ok = { method: 'GET', url: '/api/settings', headers: { 'content-type': 'application/json', 'x-request-id': crypto.randomUUID() } };
    expect(validator.check({ ...ok, status: 418, body: '{}' })[0]).toContain('status 418 is not documented');
    expect(validator.check({ ...ok, status: 200, body: '{"reportSubmissionEnabled":"yes"}' })[0]).toContain('must be boolean');
    expect(validator.check({ ...ok, status: 200, headers: { 'content-type': 'application/json' }, body: '{}' }).join()).toContain('X-Request-Id');
    expect(validator.check({ ...ok, url: '/api/nothing-here', status: 200, body: '{}' })[0]).toContain('no operation');
  });

  it('saw every operation answer (but the live streams, opened in seasons.test.ts and live-changes.test.ts)', () => {
    const operations = Object.entries<any>(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    const streams = new Set(['GET /api/public/leaderboard/stream', 'GET /api/events']);
    expect(operations.filter((op) => !streams.has(op) && !seen.has(op))).toEqual([]);
  });
});

/** One request over a raw socket; the answer parsed. */
function rawRequest(url: string, text: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    socket.on('data', (data) => (received += data.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const [head = '', ...rest] = received.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      if (!received) return reject(new Error('connection closed without an answer'));
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.on('connect', () => socket.write(text));
  });
}
