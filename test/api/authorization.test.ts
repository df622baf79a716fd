/**
 * The authorisation matrix, built from the server's own route list: every
 * route times anonymous, ambassador, other ambassador, admin and super admin.
 * A route that is not in the table below fails the test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { createAdmin, createAmbassador, validReport } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { fixMonthTerms } from '../../src/server/features/seasons/terms.ts';

type Role = 'anonymous' | 'ambassador' | 'otherAmbassador' | 'admin' | 'superAdmin';
type Row = [anonymous: number, ambassador: number, otherAmbassador: number, admin: number, superAdmin: number];
const ROLES: Role[] = ['anonymous', 'ambassador', 'otherAmbassador', 'admin', 'superAdmin'];
const UNKNOWN_ID = '7d3b2a52-0000-4000-8000-000000000000';

/**
 * Expected status per role for the request the test sends: an empty JSON body
 * `{}` on POST/PATCH, and an id that does not exist in `:id` / `:token`.
 */
const MATRIX: Record<string, Row> = {
  'GET /healthz': [200, 200, 200, 200, 200],
  'GET /readyz': [200, 200, 200, 200, 200],
  // GET /metrics exists only with METRICS_TOKEN (test/api/metrics.test.ts); there is no GET /backup (test/api/operator-doors.test.ts).
  'GET /api/openapi.json': [200, 200, 200, 200, 200],
  'GET /api/user': [401, 200, 200, 200, 200],
  'PATCH /api/user': [401, 400, 400, 400, 400],
  'POST /api/login': [400, 400, 400, 400, 400],
  'GET /api/login': [302, 302, 302, 302, 302],
  'POST /api/super-admin-login': [400, 400, 400, 400, 400],
  'POST /api/register': [403, 403, 403, 403, 403],
  'POST /api/logout': [200, 200, 200, 200, 200],
  'POST /api/setup-password/:token': [400, 400, 400, 400, 400],
  'POST /api/change-password': [401, 400, 400, 400, 400],
  'GET /api/public/stats': [200, 200, 200, 200, 200],
  'GET /api/public/leaderboard': [200, 200, 200, 200, 200],
  'GET /api/public/log': [200, 200, 200, 200, 200],
  'GET /api/public/drand': [200, 200, 200, 200, 200],
  // Public to everyone; 404 here because the test server does not anchor (test/api/anchor.test.ts has it on).
  'GET /api/public/anchor': [404, 404, 404, 404, 404],
  'GET /api/settings': [200, 200, 200, 200, 200],
  'POST /api/applications': [400, 400, 400, 400, 400],
  'GET /api/ambassadors/me': [401, 200, 200, 404, 404],
  'GET /api/ambassador': [401, 200, 200, 404, 404],
  'PATCH /api/ambassador': [401, 200, 200, 403, 403],
  'GET /api/reports': [401, 200, 200, 404, 404],
  'GET /api/reports/:id': [401, 404, 404, 404, 404],
  'POST /api/reports': [401, 400, 400, 403, 403],
  'GET /api/transactions': [401, 200, 200, 404, 404],
  'GET /api/withdrawal-requests': [401, 200, 200, 404, 404],
  'POST /api/withdrawal-requests': [401, 400, 400, 403, 403],
  // Wallet proof (DECISIONS §6): these ambassadors have no USDT address saved, so no message to sign (409); test/api/wallet-proof.test.ts proves one.
  'POST /api/wallet/proof/nonce': [401, 409, 409, 403, 403],
  'POST /api/wallet/proof': [401, 400, 400, 403, 403],
  'POST /api/wallet/exchange': [401, 400, 400, 403, 403],
  // Linked accounts (DECISIONS §7): ':provider' is no provider (400); this server has no Discord app configured (503, and the callback's redirect names it). test/api/linked-accounts.test.ts links real ones.
  'GET /api/links': [401, 200, 200, 404, 404],
  'DELETE /api/links/:provider': [401, 400, 400, 403, 403],
  'POST /api/links/telegram': [401, 400, 400, 403, 403],
  'POST /api/links/x': [401, 400, 400, 403, 403],
  'GET /api/links/discord/start': [401, 503, 503, 404, 404],
  'GET /api/links/discord/callback': [401, 302, 302, 404, 404],
  // Discord Linked Roles (DECISIONS §7): the caller's own values only.
  'GET /api/links/discord/role-connection': [401, 200, 200, 404, 404],
  // The Telegram bot's webhook: Telegram's servers call it with the secret header; this server has no bot (404 for anyone). test/api/telegram-bot.test.ts sends real updates.
  'POST /api/telegram/webhook': [404, 404, 404, 404, 404],
  'GET /api/super-admin/telegram': [401, 403, 403, 403, 200],
  // Tasks (DECISIONS §7): an empty task is no task (400), no task or claim has this id (404); test/api/tasks.test.ts claims real ones.
  'POST /api/admin/tasks': [401, 403, 403, 400, 400],
  'GET /api/admin/tasks': [401, 403, 403, 200, 200],
  'PATCH /api/admin/tasks/:id': [401, 403, 403, 404, 404],
  'GET /api/tasks': [401, 200, 200, 404, 404],
  'POST /api/tasks/:id/claim': [401, 404, 404, 403, 403],
  'GET /api/admin/task-claims': [401, 403, 403, 200, 200],
  'POST /api/admin/task-claims/:id/review': [401, 403, 403, 400, 400],
  // An empty body has no appeal text (400); test/api/task-appeals.test.ts appeals a real refusal.
  'POST /api/task-claims/:id/appeal': [401, 400, 400, 403, 403],
  'GET /api/admin/summary': [401, 403, 403, 200, 200],
  'GET /api/admin/applications': [401, 403, 403, 200, 200],
  'POST /api/admin/applications/:id/approve': [401, 403, 403, 404, 404],
  'POST /api/admin/applications/:id/reject': [401, 403, 403, 404, 404],
  'GET /api/admin/reports': [401, 403, 403, 200, 200],
  'POST /api/admin/reports/:id/review': [401, 403, 403, 400, 400],
  'GET /api/admin/ambassadors': [401, 403, 403, 200, 200],
  'PATCH /api/admin/ambassadors/:id': [401, 403, 403, 404, 404],
  'POST /api/admin/ambassadors/:id/resend-password': [401, 403, 403, 404, 404],
  'GET /api/admin/withdrawal-requests': [401, 403, 403, 200, 200],
  'GET /api/admin/withdrawals/:id/shared-wallet': [401, 403, 403, 404, 404],
  'POST /api/admin/withdrawals/:id/approve': [401, 403, 403, 404, 404],
  'POST /api/admin/withdrawals/:id/reject': [401, 403, 403, 404, 404],
  'GET /api/super-admin/admins': [401, 403, 403, 403, 200],
  'POST /api/super-admin/admins': [401, 403, 403, 403, 400],
  'DELETE /api/super-admin/admins/:id': [401, 403, 403, 403, 404],
  'PATCH /api/super-admin/admins/:id/password': [401, 403, 403, 403, 400],
  'GET /api/super-admin/actions': [401, 403, 403, 403, 200],
  'PATCH /api/super-admin/settings': [401, 403, 403, 403, 400],
  // No half-signed-in session in these callers' cookies: 400 for the empty body first.
  'POST /api/login/mfa': [400, 400, 400, 400, 400],
  'GET /api/notifications': [401, 200, 200, 200, 200],
  'GET /api/admin/security-notices': [401, 403, 403, 200, 200],
  'GET /api/admin/analytics': [401, 403, 403, 200, 200],
  'POST /api/admin/reports/:id/claim': [401, 403, 403, 404, 404],
  // Nothing is pending here: 404 'No pending reports left to review' (test/api/review-claims.test.ts claims them).
  'POST /api/admin/reports/claim-next': [401, 403, 403, 404, 404],
  // ':name' stays in the address as sent: not an export's name (400); test/api/exports.test.ts reads each.
  'GET /api/admin/export/:name.csv': [401, 403, 403, 400, 400],
  'POST /api/notifications/read': [401, 400, 400, 400, 400],
  'POST /api/forgot-password': [400, 400, 400, 400, 400],
  'POST /api/unsubscribe': [400, 400, 400, 400, 400],
  // Without the link's u and s: 400 for anyone (test/api/hearing-back.test.ts opens a real link).
  'GET /api/unsubscribe': [400, 400, 400, 400, 400],
  'GET /api/unsubscribe/status': [400, 400, 400, 400, 400],
  'GET /api/setup-password/:token/status': [200, 200, 200, 200, 200],
  'GET /api/admin/withdrawals/export.csv': [401, 403, 403, 200, 200],
  'POST /api/admin/withdrawals/paid': [401, 403, 403, 400, 400],
  'GET /api/mfa': [401, 200, 200, 200, 200],
  'POST /api/mfa/enroll': [401, 200, 200, 200, 200],
  'POST /api/mfa/verify': [401, 400, 400, 400, 400],
  'POST /api/mfa/recovery-codes': [401, 400, 400, 400, 400],
  'POST /api/mfa/disable': [401, 400, 400, 400, 400],
  // A stream that never ends by itself: opened and read in test/api/seasons.test.ts, not here.
  'GET /api/public/leaderboard/stream': [200, 200, 200, 200, 200],
  'GET /api/events': [401, 200, 200, 200, 200],
  'GET /api/public/seasons': [200, 200, 200, 200, 200],
  'GET /api/public/seasons/current': [200, 200, 200, 200, 200],
  'GET /api/public/seasons/:month': [400, 400, 400, 400, 400],
  'GET /api/super-admin/seasons': [401, 403, 403, 403, 200],
  'GET /api/super-admin/seasons/:month/preview': [401, 403, 403, 403, 400],
  'POST /api/super-admin/seasons/:month/close': [401, 403, 403, 403, 400],
  // The review desk (DECISIONS §6): an empty body has no appeal text or outcome (400); test/api/review-desk.test.ts sends real ones.
  'POST /api/reports/:id/appeal': [401, 400, 400, 403, 403],
  'POST /api/withdrawal-requests/:id/appeal': [401, 400, 400, 403, 403],
  // No request has this id: 404 for its would-be owner (test/api/withdrawal-cancel.test.ts cancels real ones).
  'POST /api/withdrawal-requests/:id/cancel': [401, 404, 404, 403, 403],
  'GET /api/admin/appeals': [401, 403, 403, 200, 200],
  'POST /api/admin/appeals/:id/decide': [401, 403, 403, 400, 400],
  // API keys (DECISIONS §7): the super admin's; test/api/api-keys.test.ts makes, uses and revokes real ones.
  'POST /api/admin/api-keys': [401, 403, 403, 403, 400],
  'GET /api/admin/api-keys': [401, 403, 403, 403, 200],
  'DELETE /api/admin/api-keys/:id': [401, 403, 403, 403, 404],
  // Webhook endpoints (DECISIONS §7): the super admin's; an empty body names no url/events (400), no endpoint has this id (404);
  // test/api/webhooks.test.ts keeps real ones.
  'POST /api/admin/webhooks': [401, 403, 403, 403, 400],
  'GET /api/admin/webhooks': [401, 403, 403, 403, 200],
  'GET /api/admin/webhooks/:id': [401, 403, 403, 403, 404],
  'PATCH /api/admin/webhooks/:id': [401, 403, 403, 403, 400],
  'DELETE /api/admin/webhooks/:id': [401, 403, 403, 403, 404],
  'POST /api/admin/webhooks/:id/rotate-secret': [401, 403, 403, 403, 404],
  'POST /api/admin/webhooks/:id/test': [401, 403, 403, 403, 404],
  'GET /api/admin/webhooks/:id/deliveries': [401, 403, 403, 403, 404],
  'POST /api/admin/webhook-deliveries/:id/replay': [401, 403, 403, 403, 404],
  // Referrals (DECISIONS §7): a link is a page, sent on to /apply (here ':code' is garbage; test/api/referral-links.test.ts follows real ones).
  'GET /r/:code': [302, 302, 302, 302, 302],
  'GET /r': [302, 302, 302, 302, 302],
  'GET /api/referrals': [401, 200, 200, 404, 404],
  // An empty body has no appeal text (400); test/api/referral-credits.test.ts appeals a real refusal.
  'POST /api/referrals/:id/appeal': [401, 400, 400, 403, 403],
  'GET /api/admin/referrals': [401, 403, 403, 200, 200],
  'POST /api/admin/referrals/:id/release': [401, 403, 403, 404, 404],
  'POST /api/admin/referrals/:id/refuse': [401, 403, 403, 404, 404],
};

/** Public reads cached by ETag (features/public/cache.ts); every other API answer is no-store. */
const PUBLIC_READS = new Set(['GET /api/public/stats', 'GET /api/public/leaderboard', 'GET /api/public/seasons/current']);
/** Immutable when what they answer can never change (a full page of the log, a closed month), else no-store (test/api/edge-caching.test.ts). */
const IMMUTABLE_WHEN_COMPLETE = new Set(['GET /api/public/log', 'GET /api/public/seasons/:month']);

describe('authorisation matrix', () => {
  let server: TestServer;
  const clients = {} as Record<Role, ApiClient>;

  beforeAll(async () => {
    server = await startTestServer();
    // The running month's terms, as a server's start fixes them (this test server runs no seasons job): a read never makes them.
    await fixMonthTerms(server.ctx);
    const superAdmin = await superAdminClient(server);
    const admin = await createAdmin(server, { superAdmin, fullName: 'Plain Admin' });
    clients.anonymous = new ApiClient(server);
    clients.ambassador = (await createAmbassador(server, { admin: superAdmin })).client;
    clients.otherAmbassador = (await createAmbassador(server, { admin: superAdmin })).client;
    clients.admin = admin.client;
    clients.superAdmin = superAdmin;
  });
  afterAll(async () => server?.close());

  it('has an expected row for every route the server registers, and no stale rows', () => {
    const registered = server.app.routeTable.map((r) => `${r.method} ${r.url}`);
    const missing = registered.filter((key) => !(key in MATRIX));
    expect(missing, 'routes without a row in the authorisation matrix').toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !registered.includes(key))).toEqual([]);
  });

  it('answers every route with the expected status for every role', async () => {
    const failures: string[] = [];
    for (const entry of server.app.routeTable) {
      const key = `${entry.method} ${entry.url}`;
      const row = MATRIX[key];
      // A stream never ends by itself: it is opened over real HTTP in seasons.test.ts.
      if (!row || entry.stream) continue;
      const url = entry.url.replace(':id', UNKNOWN_ID).replace(':token', 'not-a-real-token');
      for (const [index, role] of ROLES.entries()) {
        // Logout would end the session the next rows need: use a throwaway copy of the cookie for it.
        const client = clients[role];
        const caller = key === 'POST /api/logout' ? Object.assign(new ApiClient(server), { cookie: undefined }) : client;
        const body = entry.method === 'POST' || entry.method === 'PATCH' ? {} : undefined;
        const response = await caller.request(entry.method, url, body);
        if (response.status !== row[index]) failures.push(`${key} as ${role}: expected ${row[index]}, got ${response.status} ${response.text.slice(0, 120)}`);
        // Every API answer, whoever asks, is kept by no cache, except the public reads' own ETag caching.
        const cacheControl = String(response.headers['cache-control'] ?? '');
        const expected = PUBLIC_READS.has(key) && response.status < 400 ? 'no-cache' : 'no-store';
        const immutable = IMMUTABLE_WHEN_COMPLETE.has(key) && response.status === 200 && cacheControl === 'public, max-age=31536000, immutable';
        if (entry.url.startsWith('/api') && cacheControl !== expected && !immutable) {
          failures.push(`${key} as ${role}: Cache-Control ${cacheControl || '(none)'}, expected ${expected}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('checks roles before the body: a huge or malformed body still gets 401 / 403', async () => {
    const junk = '{"not json';
    expect((await clients.anonymous.request('POST', '/api/reports', junk)).status).toBe(401);
    expect((await clients.ambassador.request('POST', '/api/super-admin/admins', junk)).status).toBe(403);
    expect((await clients.anonymous.request('PATCH', '/api/super-admin/settings', 'x'.repeat(200_000))).status).toBe(401);
  });

  it('keeps each ambassador to their own records', async () => {
    const mine = clients.ambassador;
    const other = clients.otherAmbassador;
    const report = await mine.post('/api/reports', validReport());
    expect(report.status).toBe(201);
    expect((await other.get('/api/reports')).body).toEqual([]);
    expect((await other.get(`/api/reports/${report.body.id}`)).status).toBe(404);
    expect((await mine.get(`/api/reports/${report.body.id}`)).body.id).toBe(report.body.id);
    const myProfile = (await mine.get('/api/ambassador')).body;
    const otherProfile = (await other.get('/api/ambassador')).body;
    expect(otherProfile.id).not.toBe(myProfile.id);
    // An ambassadorId in the body is ignored: the report is the caller's own.
    const posted = await other.post('/api/reports', { ...validReport(), ambassadorId: myProfile.id });
    expect(posted.status).toBe(201);
    expect(posted.body.ambassadorId).toBe(otherProfile.id);
    expect((await mine.get('/api/reports')).body).toHaveLength(1);
  });
});
