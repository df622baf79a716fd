/** Sessions, cross-site requests, brute force and the super admin login (DECISIONS §4). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '../../src/server/db/schema.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { DAY, HOUR } from '../helpers/clock.ts';
import { createAmbassador, uniqueEmail, validApplication } from '../helpers/factories.ts';
import { SUPER_ADMIN, TEST_SESSION_SECRET, startTestServer, type TestServer } from '../helpers/server.ts';
import { sessionKey } from '../../src/server/auth/tokens.ts';
import { WALLET_A } from '../helpers/wallets.ts';

describe('security baseline', () => {
  let server: TestServer;
  let admin: ApiClient;

  beforeAll(async () => {
    server = await startTestServer();
  });
  // Some tests move the clock past the session timeouts: each starts with a fresh admin session.
  beforeEach(async () => {
    admin = await superAdminClient(server);
  });
  afterAll(async () => server?.close());

  it('sets an HttpOnly, SameSite=Lax session cookie and stores only its HMAC', async () => {
    const amb = await createAmbassador(server, { admin });
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: server.origin, 'content-type': 'application/json' },
      payload: { email: amb.email, password: amb.password },
    });
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toMatch(/Secure/); // Secure only in production
    const token = /^sid=([^;]+)/.exec(header)?.[1] ?? '';
    expect(await server.db.select().from(sessions).where(eq(sessions.sid, token))).toHaveLength(0);
    expect(
      await server.db
        .select()
        .from(sessions)
        .where(eq(sessions.sid, sessionKey(TEST_SESSION_SECRET, token))),
    ).toHaveLength(1);
  });

  it('gives a new session id at every sign-in', async () => {
    const amb = await createAmbassador(server, { admin });
    const first = amb.client.cookie;
    await amb.client.login(amb.email, amb.password);
    expect(amb.client.cookie).not.toBe(first);
  });

  it('ends the other sessions on password change, and all of them on reset and admin removal', async () => {
    const amb = await createAmbassador(server, { admin });
    const second = await new ApiClient(server).login(amb.email, amb.password);
    expect((await amb.client.post('/api/change-password', { currentPassword: amb.password, newPassword: 'NewPass456' })).status).toBe(200);
    expect((await amb.client.get('/api/user')).status).toBe(200);
    expect((await second.get('/api/user')).status).toBe(401);
    expect((await new ApiClient(server).post('/api/login', { email: amb.email, password: amb.password })).status).toBe(401);

    // Reset through the emailed link ends every session (the password-change notice is sent first).
    await server.flushEmail();
    const seen = server.mail.messages.length;
    await admin.post(`/api/admin/ambassadors/${amb.ambassadorId}/resend-password`);
    await server.flushEmail();
    const token = server.mail.setupToken(await server.mail.waitFor(amb.email, { after: seen }));
    expect((await new ApiClient(server).post(`/api/setup-password/${token}`, { password: 'Reset789!' })).status).toBe(200);
    expect((await amb.client.get('/api/user')).status).toBe(401);

    // Admin removal and admin password reset end the admin's sessions at once.
    const email = uniqueEmail('admin');
    const created = await admin.post('/api/super-admin/admins', { email, fullName: 'Temp Admin' });
    expect(created.status).toBe(201);
    expect((await admin.post('/api/super-admin/admins', { email, fullName: 'Again' })).status).toBe(409);
    expect((await admin.patch(`/api/super-admin/admins/${created.body.id}/password`, { newPassword: 'AdminPass1' })).status).toBe(200);
    const tempAdmin = await new ApiClient(server).login(email, 'AdminPass1');
    expect((await tempAdmin.get('/api/admin/summary')).status).toBe(200);
    expect((await admin.patch(`/api/super-admin/admins/${created.body.id}/password`, { newPassword: 'AdminPass2' })).status).toBe(200);
    expect((await tempAdmin.get('/api/admin/summary')).status).toBe(401);
    await tempAdmin.login(email, 'AdminPass2');
    expect((await admin.delete(`/api/super-admin/admins/${created.body.id}`)).status).toBe(200);
    expect((await tempAdmin.get('/api/admin/summary')).status).toBe(401);
    const superId = (await admin.get('/api/user')).body.id;
    expect((await admin.delete(`/api/super-admin/admins/${superId}`)).status).toBe(403);
    const log = (await admin.get('/api/super-admin/actions')).body.map((a: { action: string }) => a.action);
    expect(log.slice(0, 4)).toEqual(['remove_admin', 'reset_admin_password', 'reset_admin_password', 'add_admin']);
  });

  it('enforces idle and absolute session timeouts on the server', async () => {
    const amb = await createAmbassador(server, { admin });
    // Active every 20 hours: the idle timeout (24 h) never hits, the absolute one (7 days) does.
    for (let i = 0; i < 8; i++) {
      server.clock.advance(20 * HOUR);
      const status = (await amb.client.get('/api/user')).status;
      if ((i + 1) * 20 * HOUR < 7 * DAY) expect(status).toBe(200);
      else expect(status).toBe(401);
    }
    const idle = await new ApiClient(server).login(amb.email, amb.password);
    server.clock.advance(25 * HOUR);
    expect((await idle.get('/api/user')).status).toBe(401);
  });

  it('refuses state changes with a foreign or missing Origin, and GETs change nothing', async () => {
    const amb = await createAmbassador(server, { admin });
    for (const origin of [null, 'https://evil.example', 'null', `${server.origin}.evil.example`]) {
      const client = new ApiClient(server, { origin });
      client.cookie = amb.client.cookie;
      const response = await client.post('/api/withdrawal-requests', { amount: 50, walletAddress: WALLET_A });
      expect(response.status).toBe(403);
      expect(response.body.message).toBe('Cross-site request refused');
      expect((await client.post('/api/logout')).status).toBe(403);
    }
    expect((await amb.client.get('/api/user')).status).toBe(200);
  });

  it('answers an unknown email and a wrong password identically', async () => {
    const amb = await createAmbassador(server, { admin });
    const visitor = new ApiClient(server, { ip: '10.9.9.9' });
    const unknown = await visitor.post('/api/login', { email: 'nobody@example.com', password: 'whatever1' });
    const wrong = await visitor.post('/api/login', { email: amb.email, password: 'whatever1' });
    const superViaLogin = await visitor.post('/api/login', { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(superViaLogin.status).toBe(401);
    expect(unknown.text).toBe(wrong.text);
    expect(superViaLogin.text).toBe(wrong.text);
    expect(wrong.body).toEqual({ message: 'Invalid email or password', code: 'AUTH_INVALID_CREDENTIALS' });
  });

  it('limits failed sign-ins per account (10) and per address (50) with 429, not slowing successful ones', async () => {
    const amb = await createAmbassador(server, { admin });
    for (let i = 0; i < 10; i++) {
      const response = await new ApiClient(server, { ip: `10.1.0.${i}` }).post('/api/login', { email: amb.email, password: 'wrong-password' });
      expect(response.status).toBe(401);
    }
    const blocked = await new ApiClient(server, { ip: '10.1.1.1' }).post('/api/login', { email: amb.email, password: amb.password });
    expect(blocked.status).toBe(429);
    server.clock.advance(16 * 60_000);
    expect((await new ApiClient(server, { ip: '10.1.1.1' }).post('/api/login', { email: amb.email, password: amb.password })).status).toBe(200);

    const attacker = new ApiClient(server, { ip: '10.2.2.2' });
    for (let i = 0; i < 50; i++) expect((await attacker.post('/api/login', { email: `user${i}@example.com`, password: 'x' })).status).toBe(401);
    expect((await attacker.post('/api/login', { email: amb.email, password: amb.password })).status).toBe(429);
    expect((await new ApiClient(server, { ip: '10.3.3.3' }).post('/api/login', { email: amb.email, password: amb.password })).status).toBe(200);
  });

  it('starts the account count again after a successful sign-in', async () => {
    const amb = await createAmbassador(server, { admin });
    const from = (i: number) => new ApiClient(server, { ip: `10.6.0.${i}` });
    for (let i = 0; i < 9; i++) expect((await from(i).post('/api/login', { email: amb.email, password: 'wrong-password' })).status).toBe(401);
    expect((await from(9).post('/api/login', { email: amb.email, password: amb.password })).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await from(10 + i).post('/api/login', { email: amb.email, password: 'wrong-password' })).status).toBe(401);
    expect((await from(20).post('/api/login', { email: amb.email, password: amb.password })).status).toBe(200);
  });

  it('protects the super admin login with the secret and a per-address limit', async () => {
    const visitor = new ApiClient(server, { ip: '10.4.4.4' });
    const noSecret = await visitor.post('/api/super-admin-login', { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password, superAdminSecret: 'wrong' });
    expect(noSecret.status).toBe(401);
    expect(noSecret.body.message).toBe('Invalid credentials or secret');
    const amb = await createAmbassador(server, { admin });
    expect((await visitor.post('/api/super-admin-login', { email: amb.email, password: amb.password, superAdminSecret: SUPER_ADMIN.secret })).status).toBe(401);
    for (let i = 0; i < 3; i++)
      await visitor.post('/api/super-admin-login', { email: SUPER_ADMIN.email, password: 'nope', superAdminSecret: SUPER_ADMIN.secret });
    expect(
      (await visitor.post('/api/super-admin-login', { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password, superAdminSecret: SUPER_ADMIN.secret })).status,
    ).toBe(429);
    // The super admin reads the refusals (with the address) in the activity log; the limited one is not written.
    const refused = (await admin.get('/api/super-admin/actions?action=refuse_super_admin_sign_in&limit=100')).body as {
      action: string;
      adminEmail: string;
      details: string;
    }[];
    const fromVisitor = refused.filter((row) => row.details === 'Refused super admin sign-in from 10.4.4.4');
    expect(fromVisitor).toHaveLength(5);
    expect(fromVisitor.map((row) => row.adminEmail)).toContain(amb.email.toLowerCase());
  });

  it('limits applications per address (20 an hour)', async () => {
    const visitor = new ApiClient(server, { ip: '10.5.5.5' });
    for (let i = 0; i < 20; i++) expect((await visitor.post('/api/applications', validApplication())).status).toBe(201);
    expect((await visitor.post('/api/applications', validApplication())).status).toBe(429);
    expect((await new ApiClient(server, { ip: '10.5.5.6' }).post('/api/applications', validApplication())).status).toBe(201);
  });

  it('expires setup links after 48 hours and replaces older ones on resend', async () => {
    const amb = await createAmbassador(server, { admin });
    let seen = server.mail.messages.length;
    await admin.post(`/api/admin/ambassadors/${amb.ambassadorId}/resend-password`);
    await server.flushEmail();
    const first = server.mail.setupToken(await server.mail.waitFor(amb.email, { after: seen }));
    seen = server.mail.messages.length;
    await admin.post(`/api/admin/ambassadors/${amb.ambassadorId}/resend-password`);
    await server.flushEmail();
    const second = server.mail.setupToken(await server.mail.waitFor(amb.email, { after: seen }));
    expect((await new ApiClient(server).post(`/api/setup-password/${first}`, { password: 'OldLink1' })).status).toBe(400);
    server.clock.advance(48 * HOUR + 1000);
    const expired = await new ApiClient(server).post(`/api/setup-password/${second}`, { password: 'Expired1' });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('This password setup link is invalid or has expired. Please contact support for a new link.');
  });

  it('sends security headers with a CSP on every answer', async () => {
    const answers = [
      ...(await Promise.all(
        ['/', '/api/public/stats', '/api/public/leaderboard', '/dashboard', '/api/nope'].map((url) => server.app.inject({ method: 'GET', url })),
      )),
      await server.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'not-an-email' } }),
    ];
    for (const response of answers) {
      expect(response.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(response.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      // HSTS only in production (a development server on http must not pin it).
      expect(response.headers['strict-transport-security']).toBeUndefined();
      // The id of the request's log lines, which the pages quote with a server failure.
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(new Set(answers.map((response) => response.headers['x-request-id'])).size).toBe(answers.length);
    // The last is an error answer (refused: no Origin): errors carry the headers too.
    expect(answers.at(-1)?.statusCode).toBe(403);
  });

  it('keeps registration closed and the dashboard login redirect working', async () => {
    const response = await new ApiClient(server).post('/api/register', { email: 'a@b.co', password: 'abcdef' });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('Registration is by application only');
    const redirect = await server.app.inject({ method: 'GET', url: '/api/login' });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/auth');
  });
});

describe('configuration switches', () => {
  it('answers 503 on the super admin login when SUPER_ADMIN_SECRET is unset', async () => {
    const server = await startTestServer({ env: { SUPER_ADMIN_SECRET: '' } });
    try {
      const response = await new ApiClient(server).post('/api/super-admin-login', {
        email: SUPER_ADMIN.email,
        password: SUPER_ADMIN.password,
        superAdminSecret: 'anything',
      });
      expect(response.status).toBe(503);
      expect(response.body.message).toBe('Super admin login is not configured on this server');
    } finally {
      await server.close();
    }
  });

  it('opens POST /api/register with ALLOW_REGISTRATION=true, with the user record rules', async () => {
    const server = await startTestServer({ env: { ALLOW_REGISTRATION: 'true' } });
    try {
      const client = new ApiClient(server);
      const short = await client.post('/api/register', { email: 'new@example.com', password: '12345' });
      expect(short.status).toBe(400);
      expect(short.body.message).toBe('Password must be at least 6 characters');
      expect((await client.post('/api/register', { email: 'nope', password: '123456' })).body.message).toBe('Invalid email address');
      const created = await client.post('/api/register', { email: 'New@Example.com', password: '123456', fullName: 'New Person', isAdmin: true });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ email: 'new@example.com', fullName: 'New Person', isAdmin: false, isSuperAdmin: false });
      expect((await client.get('/api/user')).status).toBe(200);
      expect((await new ApiClient(server).post('/api/register', { email: 'new@example.com', password: '123456' })).status).toBe(409);
    } finally {
      await server.close();
    }
  });
});
