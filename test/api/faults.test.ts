/**
 * Faults on PostgreSQL (skipped without TEST_DATABASE_URL): a connection killed
 * mid-request, two server instances on one database.
 */
import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { transactions, weeklyReports } from '../../src/server/db/schema.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { POSTGRES_URL, createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { createAmbassador, validApplication, validReport } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { SETUP_LINK, startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

describe.runIf(POSTGRES_URL)('faults on PostgreSQL', () => {
  it('rolls back a request whose connection is killed, and keeps serving', async () => {
    const server = await startTestServer({ kind: 'postgres' });
    const url = server.config.databaseUrl ?? '';
    const locker = new pg.Client({ connectionString: url });
    try {
      const admin = await superAdminClient(server);
      const amb = await createAmbassador(server, { admin });
      const report = await amb.client.post('/api/reports', validReport());
      // Hold the ambassador's row so the review stops half-way: report updated, credit not yet written.
      await locker.connect();
      await locker.query('begin');
      await locker.query('select id from ambassadors where id = $1 for update', [amb.ambassadorId]);
      const review = admin.post(`/api/admin/reports/${report.body.id}/review`, { status: 'approved', gcmAwarded: 100, usdtAwarded: 10 });
      let victim: number | undefined;
      for (let i = 0; i < 100 && !victim; i++) {
        const waiting = await locker.query<{ pid: number }>(
          "select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
        );
        victim = waiting.rows[0]?.pid;
        if (!victim) await new Promise((r) => setTimeout(r, 50));
      }
      expect(victim).toBeDefined();
      await locker.query('select pg_terminate_backend($1)', [victim]);
      const answer = await review;
      expect(answer.status).toBe(503);
      await locker.query('rollback');
      // Nothing half-written: the report is still pending and no credit exists.
      const row = (await server.db.select().from(weeklyReports).where(eq(weeklyReports.id, report.body.id)))[0];
      expect(row?.status).toBe('pending');
      expect((await server.db.select({ n: count() }).from(transactions).where(eq(transactions.reportId, report.body.id)))[0]?.n).toBe(0);
      // The server keeps serving and the same review now goes through.
      expect((await new ApiClient(server).get('/api/public/stats')).status).toBe(200);
      const retry = await admin.post(`/api/admin/reports/${report.body.id}/review`, { status: 'approved', gcmAwarded: 100, usdtAwarded: 10 });
      expect(retry.status).toBe(200);
      expect((await amb.client.get('/api/ambassador')).body.totalGcmEarned).toBe('100.00');
    } finally {
      await locker.end().catch(() => undefined);
      await server.close();
    }
  });

  describe('two instances on one database', () => {
    let shared: TestDatabase;
    let mail: TestSmtp;
    let a: TestServer;
    let b: TestServer;

    beforeAll(async () => {
      shared = await createTestDatabase('postgres');
      mail = await startTestSmtp();
      const second = await openDatabase({ databaseUrl: shared.url, poolSize: 10 });
      // Both start (and migrate) at the same moment.
      [a, b] = await Promise.all([
        startTestServer({ kind: 'postgres', database: { database: shared.database, url: shared.url }, mail }),
        startTestServer({ kind: 'postgres', database: { database: second, url: shared.url }, mail }),
      ]);
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await b?.database.close();
      await mail?.close();
      await shared?.drop();
    });

    it('ran the migrations once', async () => {
      const rows = await a.db.execute(sql`select count(*)::int as n, count(distinct hash)::int as distinct_n from drizzle.__drizzle_migrations`);
      const row = (rows as unknown as { rows: { n: number; distinct_n: number }[] }).rows[0];
      expect(row?.n).toBe(row?.distinct_n);
      expect(row?.n).toBeGreaterThanOrEqual(2);
    });

    it('accepts a session made on one instance on the other', async () => {
      const onA = await superAdminClient(a);
      const onB = new ApiClient(b);
      onB.cookie = onA.cookie;
      expect((await onB.get('/api/user')).body.email).toBe('super@example.com');
      expect((await onB.post('/api/logout')).status).toBe(200);
      expect((await onA.get('/api/user')).status).toBe(401);
    });

    it('sends each outbox email once while both instances deliver', async () => {
      const admin = await superAdminClient(a);
      const emails = Array.from({ length: 8 }, (_, i) => `twin${i}@example.com`);
      for (const email of emails) {
        const applied = await new ApiClient(b).post('/api/applications', validApplication({ email }));
        expect((await admin.post(`/api/admin/applications/${applied.body.id}/approve`)).status).toBe(200);
      }
      await Promise.all([a.flushEmail(), b.flushEmail(), a.flushEmail(), b.flushEmail()]);
      for (const email of emails) await mail.waitFor(email, { containing: SETUP_LINK });
      await new Promise((r) => setTimeout(r, 500));
      // Each applicant's setup link once, and its receipt of the application once.
      for (const email of emails) {
        const theirs = mail.messages.filter((m) => m.to.includes(email));
        expect(theirs.filter((m) => m.text.includes(SETUP_LINK))).toHaveLength(1);
        expect(theirs).toHaveLength(2);
      }
    });

    it('counts failed sign-ins across both instances', async () => {
      const amb = await createAmbassador(a);
      for (let i = 0; i < 10; i++) {
        const instance = i % 2 === 0 ? a : b;
        expect((await new ApiClient(instance, { ip: `10.7.0.${i}` }).post('/api/login', { email: amb.email, password: 'wrong' })).status).toBe(401);
      }
      expect((await new ApiClient(b, { ip: '10.7.1.1' }).post('/api/login', { email: amb.email, password: amb.password })).status).toBe(429);
      expect((await new ApiClient(a, { ip: '10.7.1.2' }).post('/api/login', { email: amb.email, password: amb.password })).status).toBe(429);
    });
  });
});
