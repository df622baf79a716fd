/**
 * `npm run backup -- FILE` and `npm run restore -- FILE [--force]`: the embedded database (PGlite in
 * DATA_DIR) as PGlite's own gzip dump (`dumpDataDir('gzip')`, loaded back with `loadDataDir`).
 *
 * Backup, server stopped: takes the DATA_DIR lock (openDatabase does), dumps, closes.
 * Backup, server running (it holds the lock): asks that server through its local channel, the Unix
 * socket DATA_DIR/backup.sock (mode 0600: only DATA_DIR's owner opens it; never the public port), and
 * checks that the process that answered is the lock's holder. Unreachable: exit 1 naming DATA_DIR and the pid.
 * Restore: only with the server stopped (it takes the lock). Loads the dump into a new directory
 * beside DATA_DIR/pglite and renames it into place; a database already there is refused unless
 * --force, and then kept as DATA_DIR/pglite.before-restore-<time>. Everything stays private (0700 /
 * 0600), the backup file included (it holds every account's data).
 * DATABASE_URL set (PostgreSQL): prints the pg_dump / pg_restore commands and exits 2.
 *
 * Exit codes: 0 done, 1 not done (the message says why), 2 PostgreSQL (use its tools).
 */
import { createWriteStream, existsSync, mkdirSync, chmodSync, readFileSync, readdirSync, renameSync, rmSync, rmdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openDatabase } from '../src/server/db/client.ts';
import { DataDirLockedError, lockDataDir } from '../src/server/db/data-dir-lock.ts';
import { makePrivate } from '../src/server/db/pglite-template.ts';
import { SERVER_PID_HEADER, backupSocketPath } from '../src/server/backup-channel.ts';

const USAGE = 'usage: npm run backup -- FILE   |   npm run restore -- FILE [--force]';
const env = process.env;
/** DATA_DIR as the server reads it (npm runs scripts from the project's folder, as `npm start` runs the server). */
const dataDir = path.resolve(env.DATA_DIR || './data');
const databaseDir = path.join(dataDir, 'pglite');

class Refusal extends Error {}

/** FILE as the operator typed it: relative to the folder `npm run` was called from, not the project's. */
function operatorPath(file: string): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), file);
}

function postgresAdvice(): never {
  console.error(
    [
      'DATABASE_URL is set: the data is in PostgreSQL, which is backed up and restored with its own tools:',
      '  pg_dump --format=custom --file=FILE "$DATABASE_URL"',
      '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" FILE',
      '(stop the servers before a restore; README, Backups)',
    ].join('\n'),
  );
  process.exit(2);
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** Writes the dump beside FILE and renames it into place: never a half-written backup under its name. */
async function writePrivately(file: string, body: Readable): Promise<number> {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  try {
    await pipeline(body, createWriteStream(partial, { mode: 0o600, flags: 'wx' }));
    chmodSync(partial, 0o600);
    const head = readFileSync(partial).subarray(0, 2);
    if (head[0] !== 0x1f || head[1] !== 0x8b) throw new Refusal('what was received is not a gzip dump');
    renameSync(partial, file);
    return statSync(file).size;
  } finally {
    rmSync(partial, { force: true });
  }
}

/** GET /backup on the running server's local channel (DATA_DIR/backup.sock): a stream, its status and headers. */
function askThroughSocket(socketPath: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ socketPath, path: '/backup', method: 'GET' }, resolve);
    request.on('error', reject);
    request.end();
  });
}

async function backupThroughServer(file: string, locked: DataDirLockedError): Promise<string> {
  const socket = backupSocketPath(dataDir);
  let response: IncomingMessage;
  try {
    response = await askThroughSocket(socket);
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === 'EACCES' ? 'permission denied: run it as the owner of DATA_DIR' : 'no answer';
    throw new Refusal(
      `${locked.message}\nIt could not be asked for a backup either (${socket}: ${why}). Run this as the user the server runs as, or stop the server.`,
    );
  }
  if (response.statusCode !== 200) {
    let text = '';
    for await (const chunk of response) text += String(chunk);
    throw new Refusal(`the running server (pid ${locked.pid}) did not give a backup (${response.statusCode ?? '?'}: ${text.slice(0, 200)})`);
  }
  const pid = response.headers[SERVER_PID_HEADER];
  if (pid !== String(locked.pid)) {
    response.destroy();
    throw new Refusal(`${socket} is served by pid ${String(pid ?? 'unknown')}, not by the holder of DATA_DIR (pid ${locked.pid})`);
  }
  const bytes = await writePrivately(file, response);
  return `through the running server (pid ${locked.pid}, ${socket}), ${megabytes(bytes)}`;
}

async function backup(file: string): Promise<string> {
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) throw new Refusal(`DATA_DIR ${dataDir} holds no embedded database (no ${databaseDir})`);
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    // Takes the DATA_DIR lock: no server may start on it while the dump is taken.
    database = await openDatabase({ dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) return backupThroughServer(file, error);
    throw error;
  }
  try {
    if (!database.dump) throw new Error('the embedded database cannot dump itself');
    const dump = await database.dump();
    const bytes = await writePrivately(file, Readable.from(Buffer.from(await dump.arrayBuffer())));
    return `with the server stopped, ${megabytes(bytes)}`;
  } finally {
    await database.close();
  }
}

async function restore(file: string, force: boolean): Promise<string> {
  if (!existsSync(file)) throw new Refusal(`${file} does not exist`);
  const content = readFileSync(file);
  if (content[0] !== 0x1f || content[1] !== 0x8b) throw new Refusal(`${file} is not a backup made by npm run backup (not gzip)`);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  let unlock: () => void;
  try {
    unlock = await lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new Refusal(`${error.message}\nA restore needs the server stopped.`);
    throw error;
  }
  const partial = path.join(dataDir, `pglite.restore-${process.pid}.partial`);
  try {
    const holdsDatabase = existsSync(databaseDir) && readdirSync(databaseDir).length > 0;
    if (holdsDatabase && !force) {
      throw new Refusal(`${databaseDir} holds a database. Pass --force to replace it (it is kept as ${databaseDir}.before-restore-<time>).`);
    }
    rmSync(partial, { recursive: true, force: true });
    const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
    let summary: string;
    const client = new PGlite({ dataDir: partial, loadDataDir: new Blob([content]), extensions: { pg_trgm } });
    try {
      await client.waitReady;
      const migrated = await client.query<{ table: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as "table"`);
      if (!migrated.rows[0]?.table) throw new Refusal(`${file} is a PGlite dump, but not of this application's database`);
      const counts = await client.query<{ ambassadors: number; transactions: number }>(
        'select (select count(*) from ambassadors)::int as ambassadors, (select count(*) from transactions)::int as transactions',
      );
      summary = `${counts.rows[0]?.ambassadors ?? 0} ambassadors, ${counts.rows[0]?.transactions ?? 0} ledger entries`;
    } finally {
      // A clean shutdown: the server opens it without recovery.
      await client.close();
    }
    // PGlite writes the loaded files 0666 whatever the umask (ADR 010).
    makePrivate(partial);
    let kept = '';
    if (existsSync(databaseDir)) {
      if (holdsDatabase) {
        const previous = `${databaseDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        renameSync(databaseDir, previous);
        kept = `; the database it replaced is kept in ${previous}`;
      } else {
        rmdirSync(databaseDir);
      }
    }
    renameSync(partial, databaseDir);
    return `${summary}${kept}`;
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (error instanceof Refusal) throw error;
    throw new Refusal(`${file} could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    unlock();
  }
}

async function main(): Promise<void> {
  const [mode, ...rest] = process.argv.slice(2);
  const force = rest.includes('--force');
  const files = rest.filter((a) => a !== '--force');
  if ((mode !== 'backup' && mode !== 'restore') || files.length !== 1 || !files[0] || (mode === 'backup' && force)) {
    console.error(USAGE);
    process.exit(1);
  }
  if (env.DATABASE_URL?.trim()) postgresAdvice();
  const file = operatorPath(files[0]);
  try {
    if (mode === 'backup') {
      const how = await backup(file);
      console.log(`Backed up the embedded database in ${dataDir} to ${file} (${how})`);
    } else {
      const what = await restore(file, force);
      console.log(`Restored ${file} into ${dataDir} (${what})`);
    }
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    console.error(`${mode === 'backup' ? 'Not backed up' : 'Not restored'}: ${error.message}`);
    process.exit(1);
  }
}

await main();
