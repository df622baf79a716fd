/**
 * DATABASE_DIRECT_URL (DECISIONS §7): when DATABASE_URL goes through a transaction pooler, migrations
 * and LISTEN use the direct connection. On PostgreSQL, DATABASE_URL here names a role that may only
 * read and write rows (as an operator gives the app behind a pooler): migrating through it fails, so a
 * start that migrates and serves proves the migrations went through the direct URL; the LISTENing
 * session is the direct URL's role, and a NOTIFY from elsewhere reaches the server through it.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { FIGURES_CHANNEL } from '../../src/server/db/figures.ts';
import { ApiClient } from '../helpers/client.ts';
import { POSTGRES_URL } from '../helpers/database.ts';
import { createAmbassador } from '../helpers/factories.ts';
import { createPgDatabase, dropPgDatabase, withPgClient } from '../helpers/pg-server.ts';
import { TEST_SESSION_SECRET, startTestServer, type TestServer } from '../helpers/server.ts';

describe('DATABASE_DIRECT_URL in the configuration', () => {
  const base = { NODE_ENV: 'test', SESSION_SECRET: TEST_SESSION_SECRET, DATA_DIR: '/tmp/ambassador-test-unused' };

  it('is taken beside DATABASE_URL, and refused without it (the embedded database has no pooler)', () => {
    const both = loadConfig({ ...base, DATABASE_URL: 'postgres://app@pooler:6432/amb', DATABASE_DIRECT_URL: 'postgres://app@db:5432/amb' });
    expect(both.databaseUrl).toBe('postgres://app@pooler:6432/amb');
    expect(both.databaseDirectUrl).toBe('postgres://app@db:5432/amb');
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://app@db:5432/amb' }).databaseDirectUrl).toBeUndefined();
    expect(() => loadConfig({ ...base, DATABASE_DIRECT_URL: 'postgres://app@db:5432/amb' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, DATABASE_DIRECT_URL: 'postgres://app@db:5432/amb' })).toThrow(/DATABASE_DIRECT_URL: .*needs DATABASE_URL/);
    expect(() => loadConfig({ ...base, DATABASE_URL: 'postgres://a@b/c', DATABASE_DIRECT_URL: 'mysql://app@db/amb' })).toThrow(
      /DATABASE_DIRECT_URL: must start with postgres:\/\//,
    );
  });
});

const urlAs = (url: string, user: string) => {
  const next = new URL(url);
  next.username = user;
  next.password = '';
  return next.toString();
};

async function until<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never: ${what}`);
}

describe.skipIf(!POSTGRES_URL)('DATABASE_DIRECT_URL on PostgreSQL: migrations and LISTEN go straight to the server', () => {
  const suffix = randomBytes(5).toString('hex');
  const name = `amb_test_direct_${suffix}`;
  const rowsRole = `amb_rows_${suffix}`;
  let directUrl = '';
  let pooledUrl = '';
  let owner = '';
  let database: Database | undefined;
  let server: TestServer | undefined;

  beforeAll(async () => {
    const serverUrl = POSTGRES_URL ?? '';
    directUrl = await createPgDatabase(serverUrl, name);
    pooledUrl = urlAs(directUrl, rowsRole);
    await withPgClient(serverUrl, (client) => client.query(`create role ${rowsRole} login`));
    // The app's role behind the pooler: rows only. Tables the migrations (the owner) create are granted to it as they are made.
    owner = await withPgClient(directUrl, async (client) => {
      const who = (await client.query<{ user: string }>('select current_user as user')).rows[0]?.user ?? '';
      await client.query(`grant connect on database ${name} to ${rowsRole}`);
      await client.query(`grant usage on schema public to ${rowsRole}`);
      await client.query(`alter default privileges for role "${who}" in schema public grant select, insert, update, delete on tables to ${rowsRole}`);
      await client.query(`alter default privileges for role "${who}" in schema public grant usage, select on sequences to ${rowsRole}`);
      return who;
    });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await database?.close();
    if (POSTGRES_URL) {
      await dropPgDatabase(POSTGRES_URL, name);
      await withPgClient(POSTGRES_URL, (client) => client.query(`drop role if exists ${rowsRole}`));
    }
  });

  it('cannot migrate through DATABASE_URL alone: its role may not create anything', async () => {
    const pooledOnly = await openDatabase({ databaseUrl: pooledUrl, poolSize: 2 });
    try {
      const refused = await pooledOnly.migrate().then(
        () => undefined,
        (error: unknown) => error as Error & { cause?: unknown },
      );
      expect(String(refused?.cause ?? refused)).toMatch(/permission denied/);
    } finally {
      await pooledOnly.close();
    }
  });

  it('migrates and LISTENs through DATABASE_DIRECT_URL, and serves through DATABASE_URL', async () => {
    database = await openDatabase({ databaseUrl: pooledUrl, directUrl, poolSize: 4 });
    server = await startTestServer({ kind: 'postgres', database: { database, url: pooledUrl }, env: { DATABASE_DIRECT_URL: directUrl } });
    const running = server;

    // Reads and writes go through DATABASE_URL's role: an application, approved, a password set, a sign-in.
    const superAdmin = await new ApiClient(running).superAdminLogin();
    const person = await createAmbassador(running, { admin: superAdmin });
    expect((await person.client.get('/api/ambassador')).status).toBe(200);
    const sessions = await withPgClient(directUrl, (client) =>
      client.query<{ role: string; query: string }>('select usename as role, query from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
        name,
      ]),
    );
    expect(sessions.rows.filter((row) => row.role === rowsRole).length).toBeGreaterThan(0);

    // The LISTENing session is the direct URL's (its role: the owner), never the pooler's.
    const listening = await until('a session LISTENing on the database', async () => {
      const rows = (
        await withPgClient(directUrl, (client) =>
          client.query<{ role: string }>(
            "select usename as role from pg_stat_activity where datname = $1 and query ilike 'listen%' and pid <> pg_backend_pid()",
            [name],
          ),
        )
      ).rows;
      return rows.length ? rows : undefined;
    });
    expect(listening.map((row) => row.role)).toEqual([owner]);

    // A change NOTIFYed by another instance reaches this one.
    const before = running.database.figures.generation;
    await withPgClient(directUrl, (client) => client.query('select pg_notify($1, $2)', [FIGURES_CHANNEL, '']));
    await until('the notification heard', async () => (running.database.figures.generation > before ? true : undefined));
  }, 120_000);
});
