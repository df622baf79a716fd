/**
 * One database interface over two drivers: PostgreSQL through `pg` when
 * DATABASE_URL is set, otherwise an embedded PGlite kept on disk in DATA_DIR.
 * Each driver is imported when it is opened, so a start loads only its own.
 */
import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { PGlite as PGliteClient } from '@electric-sql/pglite';
import { createChangesFeed, createFeed, listenForFigures, type ChangesFeed, type FiguresFeed } from './figures.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { BUILD_TEMPLATE_DIR, findTemplate, isNewDataDir, makePrivate, seedFromTemplate } from './pglite-template.ts';
import * as schema from './schema.ts';
import { traceQueries } from './tracing.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  /** Answers true when a trivial query succeeds. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The pg pool, for PostgreSQL-only features (LISTEN, fault tests). */
  pool: pg.Pool | undefined;
  /** Bumped when the public figures may have changed (db/figures.ts). */
  figures: FiguresFeed;
  /** Live changes, made here or heard from other instances (db/figures.ts, DECISIONS §6). */
  changes: ChangesFeed;
  /** Starts hearing other instances' figure changes (PostgreSQL LISTEN); stop() ends it. */
  listenForFigures(): { stop(): Promise<void> };
  /**
   * PGlite only (undefined for PostgreSQL): the whole database as PGlite's own gzip dump, loaded
   * back with `loadDataDir` (npm run backup / restore). Taken between two queries, so it holds every
   * committed transaction and none half-done.
   */
  dump: (() => Promise<Blob>) | undefined;
  /** PGlite on disk only: the DATA_DIR whose lock this process holds (the backup channel lives there). */
  dataDir?: string;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));
/** Any constant shared by all instances: the advisory lock that serialises migrations. */
const MIGRATION_LOCK_ID = 72_410_993;

export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  /**
   * PostgreSQL only: a connection straight to the server (DATABASE_DIRECT_URL) for what a transaction
   * pooler in DATABASE_URL's path breaks: migrations (a session advisory lock, DDL) and LISTEN.
   */
  directUrl?: string | undefined;
  dataDir?: string;
  inMemory?: boolean;
  poolSize?: number;
  /** Where to look for a built template of a new embedded database (default: dist/). */
  templateDir?: string;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.directUrl ?? options.databaseUrl);
  const templateDir = options.templateDir ?? BUILD_TEMPLATE_DIR;
  if (options.inMemory) return openPglite(undefined, templateDir);
  return openPgliteDir(path.resolve(options.dataDir ?? './data'), templateDir);
}

/** Directories this process makes or opens for an embedded database: its owner's alone. */
function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/**
 * The embedded database in DATA_DIR/pglite. One process at a time (data-dir-lock.ts): the lock is
 * taken before anything in the directory is touched and released when the database closes.
 */
async function openPgliteDir(dataDir: string, templateDir: string): Promise<Database> {
  privateDir(dataDir);
  const unlock = await lockDataDir(dataDir);
  try {
    const database = await openPglite(path.join(dataDir, 'pglite'), templateDir);
    return {
      ...database,
      dataDir,
      async close() {
        try {
          await database.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * `url` serves the queries (a pool, possibly through a transaction pooler); `directUrl` (the same when
 * no DATABASE_DIRECT_URL is set) holds the session-long state a pooler would break: the migration
 * lock with the migrations, and the LISTENing connection.
 */
async function openPostgres(url: string, max: number, directUrl: string): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // numeric stays a string (exact money); dates of type `date` stay YYYY-MM-DD strings.
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);
  // No JIT (a startup parameter, so no query races the first one): the admin lists' per-row flag
  // subqueries look costly to the planner, which then spent 40 ms to 600 ms compiling each short
  // query (a page of 1,000 export rows: 611 ms with JIT, 16 ms without). This is an OLTP app. An
  // `options` parameter in DATABASE_URL takes precedence over this one.
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000, options: '-c jit=off' });
  // A connection that dies (server restart, pg_terminate_backend) must not crash the process:
  // idle clients report on the pool, checked-out ones on themselves; the failing query rejects anyway.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const figures = createFeed();
  const changes = createChangesFeed();
  return {
    db,
    kind: 'postgres',
    pool,
    figures,
    changes,
    listenForFigures: () => listenForFigures(() => new pg.Client({ connectionString: directUrl, connectionTimeoutMillis: 10_000 }), figures, changes),
    dump: undefined,
    async migrate() {
      // A connection of its own, straight to the server: the lock is held by the session, across
      // the migrations' transactions, which a transaction pooler would hand to different sessions.
      const client = new pg.Client({ connectionString: directUrl, connectionTimeoutMillis: 10_000 });
      client.on('error', () => undefined);
      await client.connect();
      try {
        // Several instances may start at once: one migrates, the others wait, then find nothing to do.
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        try {
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
        }
      } finally {
        await client.end();
      }
    },
    async ping() {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(dir: string | undefined, templateDir: string | undefined): Promise<Database> {
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // A new database starts from the built template when there is one (see pglite-template.ts):
  // on disk as a copy of the template directory, else (in memory, or no copy made) loaded from the dump.
  const fresh = templateDir !== undefined && (!dir || (isNewDataDir(dir) && !seedFromTemplate(templateDir, dir)));
  const template = fresh ? findTemplate(templateDir) : undefined;
  if (dir) mkdirSync(dir, { recursive: true, mode: 0o700 });
  // With traces on (telemetry.ts), each query is a span; otherwise the client is untouched.
  const client = traceQueries(new PGlite({ ...(dir ? { dataDir: dir } : {}), ...(template ? { loadDataDir: template } : {}), extensions: { pg_trgm } }));
  await client.waitReady;
  // PGlite sets modes itself (chmod, by its own umask 022, whatever the process's): initdb and a loaded
  // dump write 0666 files, and each start rewrites pg_internal.init 0644. A walk (a few ms) makes them
  // private, and those of a directory made before this was done.
  if (dir) makePrivate(dir);
  return pgliteDatabase(client, { drizzle: drizzlePglite, migrate: migratePglite });
}

/**
 * The Database of an open PGlite, with feeds of its own: what `openDatabase` answers for an embedded
 * database, and what the tests wrap around an instance they keep and hand from one test to the next
 * (test/helpers/database.ts). `close` closes the PGlite.
 */
export function pgliteDatabase(
  client: PGliteClient,
  drivers: { drizzle: typeof import('drizzle-orm/pglite').drizzle; migrate: typeof import('drizzle-orm/pglite/migrator').migrate },
): Database {
  const { drizzle: drizzlePglite, migrate: migratePglite } = drivers;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const figures = createFeed();
  const changes = createChangesFeed();
  return {
    db,
    kind: 'pglite',
    pool: undefined,
    figures,
    // One process owns a PGlite directory: every change passes through this feed already.
    changes,
    listenForFigures: () => ({ stop: async () => undefined }),
    // PGlite runs it under its query lock: no query is half-way while the files are read.
    dump: () => client.dumpDataDir('gzip'),
    async migrate() {
      // One process owns a PGlite directory (its lock file), so no migration lock is needed.
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async ping() {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await client.close();
    },
  };
}
