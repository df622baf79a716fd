/**
 * Test databases, each test's own and each starting as the migrated template. Making one costs
 * seconds (PGlite boots from the template dump; PostgreSQL copies the template database), emptying
 * one a fraction of that: so a worker keeps the databases it made, and a released one is emptied
 * back to the template (every table truncated with its triggers off, the template's rows and
 * sequences put back, the session's state dropped) and handed to the next test. One whose schema a
 * test changed, or that a test closed, is thrown away instead.
 * - PGlite: instances booted from the dump test/global-setup.ts built.
 * - PostgreSQL (TEST_DATABASE_URL): databases `CREATE DATABASE … TEMPLATE` the migrated one
 *   test/global-setup.ts made, named by the run, which drops them at its end.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openDatabase, pgliteDatabase, type Database } from '../../src/server/db/client.ts';
import { findTemplate } from '../../src/server/db/pglite-template.ts';
import { createPgDatabase, dropPgDatabase, withPgClient } from './pg-server.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** Built once by test/global-setup.ts: each test database starts from it instead of a slow initdb. */
export const TEST_TEMPLATE_DIR = path.resolve('node_modules/.cache/ambassador-tests');

export const POSTGRES_URL = process.env.TEST_DATABASE_URL;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PostgreSQL database every test database is a copy of (made by test/global-setup.ts). */
    pgTemplate: string;
    /** This run's id: its PostgreSQL databases are named `amb_test_{testRun}_…` (test/global-setup.ts drops them at the end). */
    testRun: string;
  }
}

/** The kinds a suite runs on: always PGlite, PostgreSQL too when configured. */
export const DATABASE_KINDS: DatabaseKind[] = POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  database: Database;
  /** For PostgreSQL: the URL of this file's own database. */
  url: string | undefined;
  drop(): Promise<void>;
}

export async function createTestDatabase(kind: DatabaseKind, options: { poolSize?: number } = {}): Promise<TestDatabase> {
  return kind === 'pglite' ? leasePglite() : leasePostgres(options.poolSize ?? 20);
}

/** Drops what the run `run` left behind (a worker killed before its drops). */
export async function dropRunPgDatabases(serverUrl: string, run: string): Promise<void> {
  const { rows } = await withPgClient(serverUrl, (client) =>
    client.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`amb\\_test\\_${run}\\_%`]),
  );
  for (const { datname } of rows) await dropPgDatabase(serverUrl, datname);
}

// --- Emptying a database back to the template ---------------------------------------------------

/** One connection to a database: what emptying it needs of PGlite and of pg alike. */
interface Session {
  exec(statements: string): Promise<unknown>;
  rows<T>(query: string, params?: unknown[]): Promise<T[]>;
}

/** The template's content and shape, read from a database fresh from it. */
interface TemplateState {
  tables: string[];
  /** Table -> its rows (as JSON) and the columns written back (not the generated ones), for the tables that have any. */
  rows: Map<string, { columns: string[]; content: unknown[] }>;
  sequences: { name: string; last: string; called: boolean }[];
  fingerprint: string;
}

/** The schema's shape: columns and defaults, constraints, indexes, triggers (and whether they are on) and functions. */
const FINGERPRINT = `
  select md5(coalesce(string_agg(x, ',' order by x), '')) as fingerprint from (
    select c.relname || '.' || a.attname || ':' || format_type(a.atttypid, a.atttypmod) || ':' || a.attnotnull || ':' || coalesce(pg_get_expr(d.adbin, d.adrelid), '') as x
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm') and a.attnum > 0 and not a.attisdropped
    union all select 'constraint ' || conname || ':' || pg_get_constraintdef(k.oid) from pg_constraint k join pg_namespace n on n.oid = k.connamespace where n.nspname = 'public'
    union all select 'index ' || indexname || ':' || indexdef from pg_indexes where schemaname = 'public'
    union all select 'trigger ' || tgname || ':' || tgenabled::text from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not t.tgisinternal
    union all select 'function ' || p.proname || ':' || md5(p.prosrc) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
  ) shape`;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function readTemplateState(session: Session): Promise<TemplateState> {
  const tables = (
    await session.rows<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
    )
  ).map((row) => row.name);
  const rows: TemplateState['rows'] = new Map();
  for (const table of tables) {
    const found = await session.rows<{ row: unknown }>(`select to_jsonb(t) as row from ${quote(table)} t`);
    if (!found.length) continue;
    const columns = await session.rows<{ name: string }>(
      `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
      [quote(table)],
    );
    rows.set(table, { columns: columns.map((c) => quote(c.name)), content: found.map((r) => r.row) });
  }
  const sequences = await session.rows<{ name: string; last: string; called: boolean }>(
    `select sequencename as name, coalesce(last_value, start_value)::text as last, last_value is not null as called from pg_sequences where schemaname = 'public'`,
  );
  const [shape] = await session.rows<{ fingerprint: string }>(FINGERPRINT);
  return { tables, rows, sequences, fingerprint: shape?.fingerprint ?? '' };
}

/** Empties the database back to the template; throws, leaving it to be thrown away, when its schema is not the template's. */
async function emptyToTemplate(session: Session, state: TemplateState): Promise<void> {
  const [shape] = await session.rows<{ fingerprint: string }>(FINGERPRINT);
  if (shape?.fingerprint !== state.fingerprint) throw new Error('the schema was changed');
  const statements = [
    'begin',
    // Triggers off: the public log refuses a truncate.
    'set local session_replication_role = replica',
    // Nothing to wait for on disk: a test database is thrown away if the machine stops.
    'set local synchronous_commit = off',
    // Rows deleted, not the tables truncated: a truncate makes new files for each table and index, slower for a few rows.
    ...state.tables.map((table) => `delete from ${quote(table)}`),
  ];
  await session.exec(statements.join(';\n'));
  try {
    for (const [table, { columns, content }] of state.rows) {
      const list = columns.join(', ');
      await session.rows(
        `insert into ${quote(table)} (${list}) overriding system value select ${list} from jsonb_populate_recordset(null::${quote(table)}, $1::jsonb)`,
        [JSON.stringify(content)],
      );
    }
    for (const sequence of state.sequences) await session.rows(`select setval($1, $2::bigint, $3)`, [quote(sequence.name), sequence.last, sequence.called]);
    await session.exec('commit');
  } catch (error) {
    await session.exec('rollback').catch(() => undefined);
    throw error;
  }
}

// --- PGlite instances kept by the worker -------------------------------------------------------

let pgliteTemplate: Promise<{ dump: Blob; state: TemplateState }> | undefined;
const idlePglite: PGlite[] = [];

async function pgliteDrivers() {
  const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  return { PGlite, pg_trgm, drizzle, migrate };
}

const pgliteSession = (client: PGlite): Session => ({
  exec: (statements) => client.exec(statements),
  rows: async <T>(query: string, params?: unknown[]) => (await client.query<T>(query, params)).rows,
});

async function bootPglite(dump: Blob): Promise<PGlite> {
  const { PGlite, pg_trgm } = await pgliteDrivers();
  const client = new PGlite({ loadDataDir: dump, extensions: { pg_trgm } });
  await client.waitReady;
  return client;
}

async function leasePglite(): Promise<TestDatabase> {
  pgliteTemplate ??= (async () => {
    const dump = findTemplate(TEST_TEMPLATE_DIR);
    if (!dump) throw new Error(`no PGlite template in ${TEST_TEMPLATE_DIR} (test/global-setup.ts builds it)`);
    const client = await bootPglite(dump);
    const state = await readTemplateState(pgliteSession(client));
    idlePglite.push(client);
    return { dump, state };
  })();
  const { dump, state } = await pgliteTemplate;
  const { drizzle, migrate } = await pgliteDrivers();
  const client = idlePglite.pop() ?? (await bootPglite(dump));
  const database = pgliteDatabase(client, { drizzle, migrate });
  let released: Promise<void> | undefined;
  const giveBack = async () => {
    try {
      if (client.closed) return;
      // A transaction a test left open, then what the session still holds (locks, settings, prepared statements).
      if (client.isInTransaction()) await client.exec('rollback');
      await client.exec('discard all');
      await emptyToTemplate(pgliteSession(client), state);
      idlePglite.push(client);
    } catch {
      await client.close().catch(() => undefined);
    }
  };
  // Closing the database (the server's close, or a test's own) gives the instance back, emptied.
  const release = () => (released ??= giveBack());
  return { database: { ...database, close: release }, url: undefined, drop: release };
}

// --- PostgreSQL databases kept by the worker ---------------------------------------------------

let pgTemplateState: Promise<TemplateState> | undefined;
const idlePostgres: { name: string; url: string }[] = [];

function serverUrl(): string {
  if (!POSTGRES_URL) throw new Error('TEST_DATABASE_URL is not set');
  return POSTGRES_URL;
}

async function withPgSession<T>(url: string, fn: (session: Session) => Promise<T>): Promise<T> {
  return withPgClient(url, (client) =>
    fn({
      exec: (statements) => client.query(statements),
      rows: async <R>(query: string, params?: unknown[]) => (await client.query(query, params)).rows as R[],
    }),
  );
}

async function leasePostgres(poolSize: number): Promise<TestDatabase> {
  let leased = idlePostgres.pop();
  if (!leased) {
    const name = `amb_test_${inject('testRun')}_${randomBytes(6).toString('hex')}`;
    leased = { name, url: await createPgDatabase(serverUrl(), name, inject('pgTemplate')) };
    // The first one a worker makes is as the template is: what the others are emptied back to.
    const url = leased.url;
    pgTemplateState ??= withPgSession(url, readTemplateState);
  }
  if (!pgTemplateState) throw new Error('no PostgreSQL template state');
  const state = await pgTemplateState;
  const { name, url } = leased;
  const database = await openDatabase({ databaseUrl: url, poolSize });
  let released: Promise<void> | undefined;
  const giveBack = async () => {
    await database.close().catch(() => undefined);
    try {
      // Connections a test opened on it besides the server's (a second instance, a fault's own pool).
      await withPgClient(serverUrl(), (client) =>
        client.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [name]),
      );
      await withPgSession(url, (session) => emptyToTemplate(session, state));
      idlePostgres.push({ name, url });
    } catch {
      await dropPgDatabase(serverUrl(), name).catch(() => undefined);
    }
  };
  return { database, url, drop: () => (released ??= giveBack()) };
}
