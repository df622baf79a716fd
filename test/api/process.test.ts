/**
 * The real process as an operator runs it: environment checked at start,
 * live before ready, secrets never in the log, a clean stop on SIGTERM.
 */
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/server.ts';
import { MAIN, killIfRunning, localEnv, spawnScript, stopProcess, waitForStatus } from '../helpers/product-process.ts';
import { SETUP_LINK, startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { validApplication } from '../helpers/factories.ts';
import { POSTGRES_URL, createTestDatabase } from '../helpers/database.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { ambassadorApplications } from '../../src/server/db/schema.ts';

const STARTING = { message: 'The service is starting. Please try again.', code: 'STARTING' };

/**
 * A TCP relay in front of PostgreSQL that holds every connection until release():
 * while it holds, the server cannot open its database, whatever the timing.
 */
async function heldPostgres(target: URL): Promise<{ url: string; release(): void; close(): Promise<void> }> {
  let released = false;
  const waiting: Socket[] = [];
  const sockets = new Set<Socket>();
  const relay = (client: Socket) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
    client.resume();
  };
  const server: Server = createServer({ pauseOnConnect: true }, (client) => (released ? relay(client) : waiting.push(client)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(typeof address === 'object' && address ? address.port : 0);
  return {
    url: url.toString(),
    release() {
      released = true;
      for (const client of waiting.splice(0)) relay(client);
    },
    async close() {
      for (const s of [...sockets, ...waiting]) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// Each test starts real processes: a slow or shared machine gets time enough (a fail-safe, not a measure).
describe('the server process', { timeout: 180_000 }, () => {
  let smtp: TestSmtp;
  let dataDir: string;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    dataDir = mkdtempSync(path.join(tmpdir(), 'amb-process-'));
  });
  afterAll(async () => {
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The super admin a started process makes from its environment. */
  interface Owner {
    email: string;
    password: string;
    secret: string;
  }

  /** The product on `port`, mailing through the test SMTP, with `owner` as its super admin. */
  const startWithOwner = (port: number, owner: Owner, env: Record<string, string>) =>
    spawnScript(
      localEnv(port, { SMTP_URL: smtp.url, SUPER_ADMIN_EMAIL: owner.email, SUPER_ADMIN_PASSWORD: owner.password, SUPER_ADMIN_SECRET: owner.secret, ...env }),
    );

  /** The owner's sign-in on the restricted page's form. */
  const ownerSignIn = (base: string, owner: Owner) =>
    fetch(`${base}/api/super-admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: owner.email, password: owner.password, superAdminSecret: owner.secret }),
    });

  it('refuses to start with a bad variable and names it', () => {
    const start = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['--import', 'tsx', MAIN], { env: { ...process.env, DATA_DIR: dataDir, ...env }, encoding: 'utf8', timeout: 60_000 });
    const result = start({ PORT: 'eighty', DATABASE_URL: 'mysql://nope' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('DATABASE_URL: must start with postgres://');
    const production = start({ NODE_ENV: 'production', SESSION_SECRET: '' });
    expect(production.status).toBe(1);
    expect(production.stderr).toContain('SESSION_SECRET: is required when NODE_ENV=production');
  });

  it('serves, keeps passwords, tokens and cookies out of its log, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const owner = { email: 'owner@example.com', password: 'Super-Secret-Pass-93', secret: 'restricted-secret-71' };
    const started = startWithOwner(port, owner, { DATA_DIR: dataDir, LOG_LEVEL: 'debug' });
    const { output: logged } = started;
    try {
      await waitForStatus(started, `${base}/readyz`, 200);
      expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });
      const headers = { 'content-type': 'application/json', origin: base };
      const signIn = await ownerSignIn(base, owner);
      expect(signIn.status).toBe(200);
      const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const application = await fetch(`${base}/api/applications`, {
        method: 'POST',
        headers,
        body: JSON.stringify(validApplication({ email: 'logged@example.com' })),
      }).then((r) => r.json() as Promise<{ id: string }>);
      expect((await fetch(`${base}/api/admin/applications/${application.id}/approve`, { method: 'POST', headers: { origin: base, cookie } })).status).toBe(200);
      const mail = await smtp.waitFor('logged@example.com', { containing: SETUP_LINK });
      const token = smtp.setupToken(mail);
      const newPassword = 'Ambassador-Pass-44';
      expect((await fetch(`${base}/api/setup-password/${token}`, { method: 'POST', headers, body: JSON.stringify({ password: newPassword }) })).status).toBe(
        200,
      );
      expect(
        (await fetch(`${base}/api/login`, { method: 'POST', headers, body: JSON.stringify({ email: 'logged@example.com', password: newPassword }) })).status,
      ).toBe(200);

      expect(await stopProcess(started)).toBe(0);
      const log = logged();
      expect(log).toContain('SIGTERM received');
      expect(log).toContain('"reqId"');
      for (const secretValue of [owner.password, owner.secret, token, newPassword, cookie.split('=')[1] ?? 'no-cookie']) expect(log).not.toContain(secretValue);
    } finally {
      killIfRunning(started);
    }
  });

  it('with TEST_CLOCK_OFFSET=-35d says so at start, keeps a session cookie a browser keeps, and takes a real authenticator code', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const dir = mkdtempSync(path.join(tmpdir(), 'amb-clock-'));
    const owner = { email: 'clock.owner@example.com', password: 'Clock-Owner-Pass-12', secret: 'clock-restricted-secret' };
    const started = startWithOwner(port, owner, {
      DATA_DIR: dir,
      TEST_CLOCK_OFFSET: '-35d',
      // Nothing here reaches the internet.
      DRAND_URLS: 'http://127.0.0.1:9',
      LOG_LEVEL: 'info',
    });
    const { output: logged } = started;
    try {
      await waitForStatus(started, `${base}/readyz`, 200);
      // The start log says the clock is moved, by how much, and what it reads.
      await expect.poll(logged).toContain('TEST_CLOCK_OFFSET is on (-35d)');
      const shifted = /the programme's clock reads (\S+),/.exec(logged())?.[1] ?? '';
      expect(Math.abs(Date.parse(shifted) - (Date.now() - 35 * 86_400_000))).toBeLessThan(60_000);

      const headers = { 'content-type': 'application/json', origin: base };
      const signIn = await ownerSignIn(base, owner);
      expect(signIn.status).toBe(200);
      const setCookie = signIn.headers.getSetCookie().find((c) => c.startsWith('sid=')) ?? '';
      // A browser drops a cookie whose Expires has passed by its own (real) clock: the session's 7 days are real days.
      const expires = Date.parse(/Expires=([^;]+)/i.exec(setCookie)?.[1] ?? '');
      expect(expires).toBeGreaterThan(Date.now() + 6 * 86_400_000);
      expect(expires).toBeLessThan(Date.now() + 8 * 86_400_000);
      const cookie = setCookie.split(';')[0] ?? '';
      const signedIn = { ...headers, cookie };

      // The authenticator app shows the code of the real time.
      const codeAt = (key: string, step: number) => generateHOTP(decodeBase32IgnorePadding(key), BigInt(step), 6);
      const enrolling = await fetch(`${base}/api/mfa/enroll`, { method: 'POST', headers: { origin: base, cookie } });
      const enrolled = (await enrolling.json()) as { secret: string };
      expect(enrolling.status, JSON.stringify(enrolled)).toBe(200);
      const step = Math.floor(Date.now() / 30_000);
      const verified = await fetch(`${base}/api/mfa/verify`, {
        method: 'POST',
        headers: signedIn,
        body: JSON.stringify({ code: codeAt(enrolled.secret, step) }),
      });
      expect(verified.status).toBe(200);
      // And a sign-in with it: the password, then the next step's code.
      const again = await ownerSignIn(base, owner);
      expect(await again.json()).toEqual({ mfa: 'required' });
      const half = (again.headers.getSetCookie().find((c) => c.startsWith('sid=')) ?? '').split(';')[0] ?? '';
      const second = await fetch(`${base}/api/login/mfa`, {
        method: 'POST',
        headers: { ...headers, cookie: half },
        body: JSON.stringify({ code: codeAt(enrolled.secret, step + 1) }),
      });
      expect(second.status).toBe(200);
      expect(await stopProcess(started)).toBe(0);
    } finally {
      killIfRunning(started);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops on SIGTERM under load without a half-written request', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const dir = mkdtempSync(path.join(tmpdir(), 'amb-sigterm-'));
    const started = spawnScript(localEnv(port, { DATA_DIR: dir, APPLICATIONS_PER_HOUR: '100000', LOG_LEVEL: 'warn', SMTP_URL: smtp.url }));
    const { child, exited } = started;
    try {
      await waitForStatus(started, `${base}/readyz`, 200);
      const accepted: string[] = [];
      const outcomes: string[] = [];
      let sent = 0;
      const worker = async () => {
        while (sent < 400) {
          sent++;
          const email = `load${sent}@example.com`;
          try {
            const response = await fetch(`${base}/api/applications`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin: base },
              body: JSON.stringify(validApplication({ email })),
            });
            outcomes.push(String(response.status));
            if (response.status === 201) accepted.push(((await response.json()) as { id: string }).id);
            else await response.text();
          } catch {
            outcomes.push('refused');
          }
        }
      };
      const load = Promise.all(Array.from({ length: 10 }, worker));
      while (accepted.length < 30) await new Promise((r) => setTimeout(r, 20));
      child.kill('SIGTERM');
      await load;
      expect(await exited).toBe(0);
      // Every answer was whole: created, refused while closing, or the connection refused.
      expect(outcomes.filter((o) => !['201', '503', 'refused'].includes(o))).toEqual([]);
      const database = await openDatabase({ dataDir: dir });
      try {
        const rows = await database.db.select({ id: ambassadorApplications.id }).from(ambassadorApplications);
        const stored = new Set(rows.map((r) => r.id));
        expect(accepted.filter((id) => !stored.has(id))).toEqual([]);
        expect(rows.length).toBeGreaterThanOrEqual(accepted.length);
      } finally {
        await database.close();
      }
    } finally {
      killIfRunning(started);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits non-zero with a clear message when the database cannot be opened', async () => {
    const { exited, output } = spawnScript({
      ...process.env,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/none`,
    });
    const code = await exited;
    const stderr = output();
    expect(code).toBe(1);
    expect(stderr).toContain('Failed to start');
    expect(stderr).toContain('ECONNREFUSED');
  });

  describe.runIf(POSTGRES_URL)('while the database is still opening (PostgreSQL held by a relay)', () => {
    /** A database of its own behind the relay, and the server started on it. */
    async function startHeld() {
      const database = await createTestDatabase('postgres');
      const held = await heldPostgres(new URL(database.url ?? ''));
      const port = await freePort();
      const started = spawnScript(localEnv(port, { DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: held.url }));
      return { database, held, base: `http://127.0.0.1:${port}`, started };
    }

    it('is live at once, not ready, and refuses other requests with 503 until the database opens; then serves', async () => {
      const { database, held, base, started } = await startHeld();
      try {
        await waitForStatus(started, `${base}/healthz`, 200);
        // The relay still holds the database connection, so the server cannot be ready yet.
        const ready = await fetch(`${base}/readyz`);
        expect(ready.status).toBe(503);
        expect(await ready.json()).toEqual({ status: 'unavailable' });
        const health = await fetch(`${base}/healthz`);
        expect(health.status).toBe(200);
        expect(await health.json()).toEqual({ status: 'ok' });
        for (const early of [
          await fetch(`${base}/api/settings`),
          await fetch(`${base}/api/applications`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: base },
            body: JSON.stringify(validApplication({ email: 'early@example.com' })),
          }),
        ]) {
          expect(early.status).toBe(503);
          expect(early.headers.get('retry-after')).toBe('1');
          expect(await early.json()).toEqual(STARTING);
        }

        held.release();
        await waitForStatus(started, `${base}/readyz`, 200);
        const settings = await fetch(`${base}/api/settings`);
        expect(settings.status).toBe(200);
        expect(await settings.json()).toHaveProperty('reportSubmissionEnabled');
        expect((await fetch(`${base}/healthz`)).status).toBe(200);
        expect(await stopProcess(started)).toBe(0);
      } finally {
        killIfRunning(started);
        await held.close();
        await database.drop();
      }
    });

    it('stops cleanly on SIGTERM received before the database has opened', async () => {
      const { database, held, base, started } = await startHeld();
      const { child, exited, output: log } = started;
      try {
        await waitForStatus(started, `${base}/healthz`, 200);
        child.kill('SIGTERM');
        // No new connections once the signal is handled; the start then finishes and is closed.
        await waitForStatus(started, `${base}/healthz`, 0);
        held.release();
        expect(await exited).toBe(0);
        expect(log()).toContain('SIGTERM received');
      } finally {
        killIfRunning(started);
        await held.close();
        await database.drop();
      }
    });
  });
});
