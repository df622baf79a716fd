/**
 * The real process as an operator runs it: environment checked at start,
 * secrets never in the log, a clean stop on SIGTERM.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { validApplication } from '../helpers/factories.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { ambassadorApplications } from '../../src/server/db/schema.ts';

// One process (node with the tsx loader), so signals reach the server itself.
const NODE = process.execPath;
const LOADER = ['--import', 'tsx'];
const MAIN = path.resolve('src/server/main.ts');

describe('the server process', () => {
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

  it('refuses to start with a bad variable and names it', () => {
    const result = spawnSync(NODE, [...LOADER, MAIN], {
      env: { ...process.env, PORT: 'eighty', DATABASE_URL: 'mysql://nope', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('DATABASE_URL: must start with postgres://');
    const production = spawnSync(NODE, [...LOADER, MAIN], {
      env: { ...process.env, NODE_ENV: 'production', SESSION_SECRET: '', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(production.status).toBe(1);
    expect(production.stderr).toContain('SESSION_SECRET: is required when NODE_ENV=production');
  });

  it('serves, keeps passwords, tokens and cookies out of its log, and stops cleanly on SIGTERM', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const base = `http://127.0.0.1:${port}`;
    const password = 'Super-Secret-Pass-93';
    const secret = 'restricted-secret-71';
    const child: ChildProcess = spawn(NODE, [...LOADER, MAIN], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: base,
        DATA_DIR: dataDir,
        SMTP_URL: smtp.url,
        SUPER_ADMIN_EMAIL: 'owner@example.com',
        SUPER_ADMIN_PASSWORD: password,
        SUPER_ADMIN_SECRET: secret,
        LOG_LEVEL: 'debug',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      for (let i = 0; i < 200; i++) {
        const ok = await fetch(`${base}/healthz`)
          .then((r) => r.ok)
          .catch(() => false);
        if (ok) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      const headers = { 'content-type': 'application/json', origin: base };
      const signIn = await fetch(`${base}/api/super-admin-login`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: 'owner@example.com', password, superAdminSecret: secret }),
      });
      expect(signIn.status).toBe(200);
      const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const application = await fetch(`${base}/api/applications`, {
        method: 'POST',
        headers,
        body: JSON.stringify(validApplication({ email: 'logged@example.com' })),
      }).then((r) => r.json() as Promise<{ id: string }>);
      expect((await fetch(`${base}/api/admin/applications/${application.id}/approve`, { method: 'POST', headers: { origin: base, cookie } })).status).toBe(200);
      const mail = await smtp.waitFor('logged@example.com');
      const token = smtp.setupToken(mail);
      const newPassword = 'Ambassador-Pass-44';
      expect((await fetch(`${base}/api/setup-password/${token}`, { method: 'POST', headers, body: JSON.stringify({ password: newPassword }) })).status).toBe(
        200,
      );
      expect(
        (await fetch(`${base}/api/login`, { method: 'POST', headers, body: JSON.stringify({ email: 'logged@example.com', password: newPassword }) })).status,
      ).toBe(200);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(log).toContain('SIGTERM received');
      expect(log).toContain('"reqId"');
      for (const secretValue of [password, secret, token, newPassword, cookie.split('=')[1] ?? 'no-cookie']) expect(log).not.toContain(secretValue);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('stops on SIGTERM under load without a half-written request', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const base = `http://127.0.0.1:${port}`;
    const dir = mkdtempSync(path.join(tmpdir(), 'amb-sigterm-'));
    const child = spawn(NODE, [...LOADER, MAIN], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: base,
        DATA_DIR: dir,
        APPLICATIONS_PER_HOUR: '100000',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        SMTP_URL: smtp.url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      for (let i = 0; i < 200; i++) {
        if (
          await fetch(`${base}/healthz`)
            .then((r) => r.ok)
            .catch(() => false)
        )
          break;
        await new Promise((r) => setTimeout(r, 250));
      }
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
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
