/**
 * Two-factor sign-in (DECISIONS §5, Admin accounts): enrolment, the half-signed-in step, TOTP codes
 * accepted once, recovery codes, the per-account limit on codes, and ADMIN_MFA=required.
 */
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SealError, sealKeys, unseal } from '../../src/server/auth/sealed.ts';
import { users } from '../../src/server/db/schema.ts';
import { resealTotpSecrets } from '../../src/server/features/mfa/service.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { createAmbassador, uniqueEmail } from '../helpers/factories.ts';
import { SUPER_ADMIN, type TestServer } from '../helpers/server.ts';
import { blockServer, describeEachDatabase } from '../helpers/suite.ts';

/** The code an authenticator app shows for `secret` at the server's time, `offset` steps away. */
function codeAt(server: TestServer, secret: string, offset = 0): string {
  const step = Math.floor(server.clock.now().getTime() / 30_000) + offset;
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);
}

async function enrol(server: TestServer, client: ApiClient): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await client.post('/api/mfa/enroll');
  expect(started.status).toBe(200);
  expect(started.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=/);
  const verified = await client.post('/api/mfa/verify', { code: codeAt(server, started.body.secret) });
  expect(verified.status).toBe(200);
  return { secret: started.body.secret, recoveryCodes: verified.body.recoveryCodes };
}

describeEachDatabase('two-factor sign-in (%s)', ({ server }) => {
  it('enrols, then signs in in two steps with a new session id, and accepts each code once', async () => {
    const amb = await createAmbassador(server);
    expect((await amb.client.post('/api/mfa/verify', { code: '123456' })).body.message).toBe('Start the set-up again: scan a new QR code');
    const started = await amb.client.post('/api/mfa/enroll');
    expect((await amb.client.post('/api/mfa/verify', { code: '000000' === codeAt(server, started.body.secret) ? '111111' : '000000' })).status).toBe(400);
    const verified = await amb.client.post('/api/mfa/verify', { code: codeAt(server, started.body.secret) });
    expect(verified.body.recoveryCodes).toHaveLength(10);
    const secret = started.body.secret as string;
    expect((await amb.client.get('/api/user')).body.mfaEnabled).toBe(true);
    expect((await amb.client.get('/api/mfa')).body).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });

    // The right password gives a half session that opens nothing.
    const browser = new ApiClient(server);
    const first = await browser.post('/api/login', { email: amb.email, password: amb.password });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ mfa: 'required' });
    const half = browser.cookie;
    expect((await browser.get('/api/user')).status).toBe(401);
    expect((await browser.get('/api/ambassador')).status).toBe(401);

    // A wrong code is refused; the right one completes the sign-in with a new session id.
    expect((await browser.post('/api/login/mfa', { code: '12345' })).status).toBe(400);
    const wrong = await browser.post('/api/login/mfa', { code: codeAt(server, secret, 5) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('That code is not valid. Check the time on your phone and try again.');
    // The step after the one used at enrolment: a fresh code.
    server.clock.advance(30_000);
    const code = codeAt(server, secret);
    const done = await browser.post('/api/login/mfa', { code });
    expect(done.status).toBe(200);
    expect(done.body.email).toBe(amb.email);
    expect(browser.cookie).not.toBe(half);
    expect((await browser.get('/api/user')).status).toBe(200);

    // The same code cannot sign in again (no replay within its window).
    const again = new ApiClient(server);
    await again.post('/api/login', { email: amb.email, password: amb.password });
    expect((await again.post('/api/login/mfa', { code })).status).toBe(400);

    // A recovery code works once.
    const recovery = verified.body.recoveryCodes[0] as string;
    expect((await again.post('/api/login/mfa', { code: recovery })).status).toBe(200);
    const third = new ApiClient(server);
    await third.post('/api/login', { email: amb.email, password: amb.password });
    expect((await third.post('/api/login/mfa', { code: recovery })).status).toBe(400);
    expect((await amb.client.get('/api/mfa')).body.recoveryCodesLeft).toBe(9);
  });

  it('expires the half session, and limits codes per account', async () => {
    const amb = await createAmbassador(server);
    await enrol(server, amb.client);
    const browser = new ApiClient(server);
    await browser.post('/api/login', { email: amb.email, password: amb.password });
    server.clock.advance(6 * 60_000);
    const late = await browser.post('/api/login/mfa', { code: '123456' });
    expect(late.status).toBe(401);
    expect(late.body.message).toBe('Your sign-in has expired. Please enter your email and password again.');

    await browser.post('/api/login', { email: amb.email, password: amb.password });
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await browser.post('/api/login/mfa', { code: '000001' })).status);
    expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);
  });

  it('regenerates recovery codes and turns off with a code where allowed', async () => {
    const amb = await createAmbassador(server);
    const { secret, recoveryCodes } = await enrol(server, amb.client);
    server.clock.advance(30_000);
    const fresh = await amb.client.post('/api/mfa/recovery-codes', { code: codeAt(server, secret) });
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    expect(fresh.body.recoveryCodes).not.toContain(recoveryCodes[0]);
    expect((await amb.client.post('/api/mfa/disable', { code: recoveryCodes[0] })).status).toBe(400);
    expect((await amb.client.post('/api/mfa/disable', { code: fresh.body.recoveryCodes[0] })).status).toBe(200);
    expect((await amb.client.get('/api/user')).body.mfaEnabled).toBe(false);
    expect((await new ApiClient(server).post('/api/login', { email: amb.email, password: amb.password })).body.email).toBe(amb.email);
  });
});

describeEachDatabase('two-factor keys and devices (%s)', ({ server }) => {
  /** A browser of its own: its cookies (session and device) and its address. */
  function browserAt(ip: string) {
    const cookies: Record<string, string> = {};
    return {
      cookies,
      async post(url: string, body: Record<string, unknown>) {
        const response = await server.app.inject({
          method: 'POST',
          url,
          payload: body,
          remoteAddress: ip,
          headers: {
            origin: server.origin,
            'content-type': 'application/json',
            cookie: Object.entries(cookies)
              .map(([k, v]) => `${k}=${v}`)
              .join('; '),
          },
        });
        for (const c of response.cookies) cookies[c.name] = c.value;
        return response;
      },
    };
  }

  it('keeps the TOTP key sealed: neither it nor a recovery code is in the database or its dump', async () => {
    const amb = await createAmbassador(server);
    const { secret, recoveryCodes } = await enrol(server, amb.client);
    const row = (await server.db.select().from(users).where(eq(users.email, amb.email)))[0];
    expect(row?.mfaSecret).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(row?.mfaSecret).not.toContain(secret);
    const result = await server.db.execute(sql`select u.*, (select json_agg(r) from mfa_recovery_codes r where r.user_id = u.id) as codes from users u`);
    const everything = JSON.stringify((result as unknown as { rows: unknown[] }).rows);
    expect(everything).not.toContain(secret);
    for (const code of recoveryCodes) expect(everything).not.toContain(code.replace('-', ''));
    if (server.database.dump) {
      const dump = gunzipSync(Buffer.from(await (await server.database.dump()).arrayBuffer()));
      expect(dump.includes(Buffer.from(secret))).toBe(false);
      expect(dump.includes(Buffer.from(secret.toLowerCase()))).toBe(false);
      for (const code of recoveryCodes) expect(dump.includes(Buffer.from(code.replace('-', '')))).toBe(false);
    }
    // Altered at rest: refused, never read as another key.
    const sealedValue = row?.mfaSecret ?? '';
    expect(() => unseal(sealKeys(server.config), `${sealedValue.slice(0, -2)}AA`, 'totp')).toThrow(SealError);
  });

  it('seals a key stored in clear at start, and re-seals with a new DATA_ENCRYPTION_KEY when the old one is kept as previous', async () => {
    const amb = await createAmbassador(server);
    const { secret } = await enrol(server, amb.client);
    // A database from before keys were sealed: the key in clear.
    await server.db.update(users).set({ mfaSecret: secret }).where(eq(users.email, amb.email));
    expect(await resealTotpSecrets(server.ctx)).toMatchObject({ unreadable: 0 });
    const sealedNow = (await server.db.select().from(users).where(eq(users.email, amb.email)))[0]?.mfaSecret ?? '';
    expect(sealedNow).toMatch(/^v1\./);
    server.clock.advance(30_000);
    const browser = new ApiClient(server);
    await browser.post('/api/login', { email: amb.email, password: amb.password });
    expect((await browser.post('/api/login/mfa', { code: codeAt(server, secret) })).status).toBe(200);

    // A rotation: the new key seals, the old one (previous) still opens until everything is re-sealed.
    const rotated = {
      ...server.config,
      dataEncryptionKey: 'a-brand-new-data-encryption-key-0123456789',
      dataEncryptionKeyPrevious: [server.config.sessionSecret],
    };
    expect((await resealTotpSecrets({ ...server.ctx, config: rotated })).resealed).toBeGreaterThanOrEqual(1);
    const resealed = (await server.db.select().from(users).where(eq(users.email, amb.email)))[0]?.mfaSecret ?? '';
    expect(resealed).not.toBe(sealedNow);
    expect(unseal(sealKeys({ ...rotated, dataEncryptionKeyPrevious: [] }), resealed, 'totp')).toBe(secret);
    // Without the new key it opens no more: nothing is readable with the retired secret alone.
    expect(() => unseal(sealKeys(server.config), resealed, 'totp')).toThrow(SealError);
    await server.db.update(users).set({ mfaSecret: null, mfaEnabledAt: null }).where(eq(users.email, amb.email));
  });

  it("a stranger's 30 wrong codes do not lock out a browser that completed a sign-in before", async () => {
    const amb = await createAmbassador(server);
    const { secret } = await enrol(server, amb.client);
    const owner = browserAt('203.0.113.40');
    expect((await owner.post('/api/login', { email: amb.email, password: amb.password })).json()).toEqual({ mfa: 'required' });
    // The password alone makes no known device.
    expect(owner.cookies.device).toBeUndefined();
    server.clock.advance(30_000);
    expect((await owner.post('/api/login/mfa', { code: codeAt(server, secret) })).statusCode).toBe(200);
    expect(owner.cookies.device).toBeTruthy();

    // Someone with the password, from elsewhere: 10 wrong codes counted, then refused.
    const stranger = browserAt('198.51.100.7');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      if (i % 5 === 0) expect((await stranger.post('/api/login', { email: amb.email, password: amb.password })).statusCode).toBe(200);
      statuses.push((await stranger.post('/api/login/mfa', { code: '000001' })).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    expect(stranger.cookies.device).toBeUndefined();

    // The owner's browser still gets in, and a browser without the device is still refused.
    server.clock.advance(30_000);
    expect((await owner.post('/api/login', { email: amb.email, password: amb.password })).statusCode).toBe(200);
    expect((await owner.post('/api/login/mfa', { code: codeAt(server, secret) })).statusCode).toBe(200);
    const fresh = browserAt('192.0.2.9');
    await fresh.post('/api/login', { email: amb.email, password: amb.password });
    server.clock.advance(30_000);
    expect((await fresh.post('/api/login/mfa', { code: codeAt(server, secret) })).statusCode).toBe(429);
  });

  it("a super admin who turns two-factor on after signing in is not locked out by a stranger's 30 wrong codes (issue 40 item 11)", async () => {
    // A super admin of its own, so the block's other tests keep theirs without two-factor.
    const email = uniqueEmail('super');
    const password = 'SuperOwner123!';
    await server.db
      .insert(users)
      .values({ email, username: email, fullName: 'Second Super', password: await hashPassword(password), isAdmin: true, isSuperAdmin: true });
    const signIn = { email, password, superAdminSecret: SUPER_ADMIN.secret };
    const owner = browserAt('203.0.113.41');
    const first = await owner.post('/api/super-admin-login', signIn);
    expect(first.statusCode).toBe(200);
    // The completed sign-in makes the browser known, as at /api/login; only the sign-in routes get the cookie.
    expect(owner.cookies.device).toBeTruthy();
    expect(first.cookies.find((c) => c.name === 'device')).toMatchObject({ path: '/api/login', httpOnly: true, sameSite: 'Strict' });
    const started = await owner.post('/api/mfa/enroll', {});
    expect(started.statusCode).toBe(200);
    const verified = await owner.post('/api/mfa/verify', { code: codeAt(server, started.json().secret) });
    expect(verified.statusCode).toBe(200);
    const secret = started.json().secret as string;

    // Someone holding the password and the secret, from elsewhere: 10 wrong codes counted, then refused.
    const stranger = browserAt('198.51.100.8');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      if (i % 5 === 0) expect((await stranger.post('/api/super-admin-login', signIn)).json()).toEqual({ mfa: 'required' });
      statuses.push((await stranger.post('/api/login/mfa', { code: '000001' })).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    expect(stranger.cookies.device).toBeUndefined();

    // The owner's browser still completes the second step; a browser that never signed in is refused.
    server.clock.advance(30_000);
    expect((await owner.post('/api/super-admin-login', signIn)).json()).toEqual({ mfa: 'required' });
    expect((await owner.post('/api/login/mfa', { code: codeAt(server, secret) })).statusCode).toBe(200);
    const fresh = browserAt('192.0.2.10');
    await fresh.post('/api/super-admin-login', signIn);
    server.clock.advance(30_000);
    expect((await fresh.post('/api/login/mfa', { code: codeAt(server, secret) })).statusCode).toBe(429);
  });

  it('makes the browser that turns two-factor on known to the account, even one that signed in without a device cookie', async () => {
    const amb = await createAmbassador(server);
    const browser = browserAt('203.0.113.42');
    expect((await browser.post('/api/login', { email: amb.email, password: amb.password })).statusCode).toBe(200);
    // A session from before device cookies were issued: none in this browser.
    delete browser.cookies.device;
    const started = await browser.post('/api/mfa/enroll', {});
    expect((await browser.post('/api/mfa/verify', { code: codeAt(server, started.json().secret) })).statusCode).toBe(200);
    expect(browser.cookies.device).toBeTruthy();
  });
});

describe('ADMIN_MFA=required', () => {
  const server = blockServer({ env: { ADMIN_MFA: 'required' } });

  it('blocks every admin API until the admin has enrolled, then asks for the code at sign-in', async () => {
    const superAdmin = await superAdminClient(server);
    const blocked = await superAdmin.get('/api/admin/applications');
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({ message: 'Set up two-factor authentication first', code: 'MFA_ENROLL' });
    expect((await superAdmin.get('/api/super-admin/admins')).body.code).toBe('MFA_ENROLL');
    // Enrolment itself, and the account's own pages, stay open.
    expect((await superAdmin.get('/api/mfa')).body).toMatchObject({ enabled: false, required: true });
    const { secret } = await enrol(server, superAdmin);
    expect((await superAdmin.get('/api/admin/applications')).status).toBe(200);
    // Required: it cannot be turned off.
    server.clock.advance(30_000);
    expect((await superAdmin.post('/api/mfa/disable', { code: codeAt(server, secret) })).body.message).toBe(
      'Two-factor authentication is required for admins and cannot be turned off',
    );

    // The super admin sign-in now has a second step.
    const browser = new ApiClient(server);
    const first = await browser.post('/api/super-admin-login', {
      email: SUPER_ADMIN.email,
      password: SUPER_ADMIN.password,
      superAdminSecret: SUPER_ADMIN.secret,
    });
    expect(first.body).toEqual({ mfa: 'required' });
    server.clock.advance(30_000);
    expect((await browser.post('/api/login/mfa', { code: codeAt(server, secret) })).body.isSuperAdmin).toBe(true);
    expect((await browser.get('/api/admin/applications')).status).toBe(200);

    // Ambassadors are not made to enrol.
    const amb = await createAmbassador(server, { admin: browser, email: uniqueEmail('mfa') });
    expect((await amb.client.get('/api/ambassador')).status).toBe(200);
  });
});
