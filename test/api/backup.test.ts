/**
 * `npm run backup` / `npm run restore` of the embedded database (DECISIONS §5 Operations), run as
 * an operator runs them (the script in its own process, on a real DATA_DIR): a backup taken with
 * the server stopped, and one taken through the running server (its DATA_DIR socket) while it holds the
 * directory; the data changed afterwards; the restore brings the ledger back exactly as it was at
 * backup time, keeps the database it replaced, and keeps everything private.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { BACKUP_SOCKET } from '../../src/server/backup-channel.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { LOCK_FILE } from '../../src/server/db/data-dir-lock.ts';
import { notPrivate } from '../helpers/files.ts';
import { POSTGRES_URL, TEST_TEMPLATE_DIR, createTestDatabase } from '../helpers/database.ts';
import { createAmbassador, credit } from '../helpers/factories.ts';
import { applyOver, killIfRunning, spawnScript, stopProcess, waitForStatus, type Spawned } from '../helpers/product-process.ts';
import { freePort, startTestServer, type TestServer } from '../helpers/server.ts';

// One process each (node with the tsx loader), so the server's pid is the lock's.
const SCRIPT = path.resolve('scripts/backup.ts');

/** The environment of a shell on this machine: nothing inherited that points elsewhere. */
function baseEnv(dataDir: string, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    APP_URL: '',
    HOST: '127.0.0.1',
    METRICS_TOKEN: '',
    SESSION_SECRET: '',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
    ...env,
  };
}

/** `npm run backup|restore -- args`, as the package script runs it. */
async function run(
  mode: 'backup' | 'restore',
  args: string[],
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const { exited, output } = spawnScript(baseEnv(dataDir, env), SCRIPT, [mode, ...args]);
  return { code: await exited, output: output() };
}

/** The product on `dataDir`, in this process, for the duration of `fn` (it holds the lock meanwhile). */
async function withProduct<T>(dataDir: string, fn: (server: TestServer) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir, templateDir: TEST_TEMPLATE_DIR });
  try {
    const server = await startTestServer({ database: { database, url: undefined } });
    try {
      return await fn(server);
    } finally {
      await server.close();
    }
  } finally {
    await database.close();
  }
}

interface Snapshot {
  transactions: unknown[];
  totals: unknown[];
  applications: string[];
}

/** The ledger (every entry, and each ambassador's totals, which must equal it) and the applications. */
async function readSnapshot(db: Database['db']): Promise<Snapshot> {
  const rows = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  return {
    transactions: await rows(
      sql`select id, ambassador_id, type, currency, amount::text as amount, description, created_at::text as created_at from transactions order by created_at, id`,
    ),
    totals: await rows(
      sql`select id, total_gcm_earned::text as gcm, total_usdt_earned::text as usdt, monthly_gcm::text as monthly_gcm, monthly_usdt::text as monthly_usdt from ambassadors order by id`,
    ),
    applications: (await rows(sql`select email from ambassador_applications order by email`)).map((r) => String(r.email)),
  };
}

async function snapshot(dataDir: string): Promise<Snapshot> {
  const database = await openDatabase({ dataDir, templateDir: TEST_TEMPLATE_DIR });
  try {
    return await readSnapshot(database.db);
  } finally {
    await database.close();
  }
}

interface Started extends Spawned {
  base: string;
}

async function startProcess(dataDir: string): Promise<Started> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = { ...spawnScript(baseEnv(dataDir, { PORT: String(port), APP_URL: base })), base };
  try {
    await waitForStatus(started, `${base}/readyz`, 200);
  } catch (error) {
    started.child.kill('SIGKILL');
    throw error;
  }
  return started;
}

/** A database with an ambassador and some of their money, made through the product. */
async function seed(dataDir: string): Promise<string> {
  return withProduct(dataDir, async (server) => {
    const { ambassadorId } = await createAmbassador(server);
    await credit(server, ambassadorId, 'USDT', '12.50');
    await credit(server, ambassadorId, 'GCM', '100.00');
    return ambassadorId;
  });
}

describe('npm run backup / npm run restore (embedded database)', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'amb-backup-'));
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it(
    'with the server stopped: backup, change, restore gives back the ledger as it was; a database is replaced only with --force, and kept',
    { timeout: 240_000 },
    async () => {
      const dataDir = path.join(root, 'stopped', 'data');
      const ambassadorId = await seed(dataDir);
      const atBackup = await snapshot(dataDir);
      expect(atBackup.transactions).toHaveLength(2);

      const file = path.join(root, 'stopped.tar.gz');
      const backedUp = await run('backup', [file], dataDir);
      expect(backedUp.code, backedUp.output).toBe(0);
      expect(backedUp.output).toContain('with the server stopped');
      // The backup holds every account's data: its owner's alone. The lock is released.
      expect(lstatSync(file).mode & 0o777).toBe(0o600);
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

      // Money moves after the backup.
      await withProduct(dataDir, (server) => credit(server, ambassadorId, 'USDT', '7.25'));
      const changed = await snapshot(dataDir);
      expect(changed.transactions).toHaveLength(3);
      expect(changed.totals).not.toEqual(atBackup.totals);

      // An existing database is not overwritten by accident.
      const refused = await run('restore', [file], dataDir);
      expect(refused.code, refused.output).toBe(1);
      expect(refused.output).toContain('holds a database');
      expect(refused.output).toContain('--force');
      expect(await snapshot(dataDir)).toEqual(changed);

      const restored = await run('restore', [file, '--force'], dataDir);
      expect(restored.code, restored.output).toBe(0);
      expect(await snapshot(dataDir)).toEqual(atBackup);
      // Nothing is lost: the replaced database is kept beside it, and everything stays private.
      const kept = readdirSync(dataDir).filter((name) => name.startsWith('pglite.before-restore-'));
      expect(kept).toHaveLength(1);
      expect(existsSync(path.join(dataDir, kept[0] ?? '', 'PG_VERSION'))).toBe(true);
      expect(readdirSync(dataDir).filter((name) => name.includes('partial'))).toEqual([]);
      expect(notPrivate(dataDir)).toEqual([]);

      // Onto a new machine: an empty DATA_DIR needs no --force.
      const fresh = path.join(root, 'fresh', 'data');
      const onto = await run('restore', [file], fresh);
      expect(onto.code, onto.output).toBe(0);
      expect(await snapshot(fresh)).toEqual(atBackup);
      expect(notPrivate(fresh)).toEqual([]);

      // Not a backup: refused, nothing touched.
      const junk = await run('restore', [path.join(root, 'no-such-file.tar.gz'), '--force'], fresh);
      expect(junk.code, junk.output).toBe(1);
      expect(junk.output).toContain('does not exist');
      expect(await snapshot(fresh)).toEqual(atBackup);
    },
  );

  it(
    'with the server running: the backup goes through its DATA_DIR socket with what it acknowledged, never over HTTP; a restore waits for it to stop',
    { timeout: 240_000 },
    async () => {
      const dataDir = path.join(root, 'running', 'data');
      const ambassadorId = await seed(dataDir);
      const server = await startProcess(dataDir);
      const pid = server.child.pid;
      const file = path.join(root, 'running.tar.gz');
      try {
        // Acknowledged just before the backup: in it.
        expect(await applyOver(server.base, 'before-backup@example.com')).toBe(201);
        const backedUp = await run('backup', [file], dataDir);
        expect(backedUp.code, backedUp.output).toBe(0);
        expect(backedUp.output).toContain(`through the running server (pid ${pid}`);
        expect(lstatSync(file).mode & 0o777).toBe(0o600);

        // The dump went through DATA_DIR's socket (its owner's alone), never the public port.
        const socket = path.join(dataDir, BACKUP_SOCKET);
        expect(lstatSync(socket).isSocket()).toBe(true);
        expect(lstatSync(socket).mode & 0o777).toBe(0o600);
        for (const url of ['/backup', '/backup?x=1']) expect((await fetch(`${server.base}${url}`)).status).toBe(404);

        // The server holds the directory but its channel is gone: say so, naming DATA_DIR and the holder.
        const lost = path.join(root, 'unreachable.tar.gz');
        const renamed = `${socket}.moved`;
        renameSync(socket, renamed);
        const unreachable = await run('backup', [lost], dataDir);
        renameSync(renamed, socket);
        expect(unreachable.code, unreachable.output).toBe(1);
        expect(unreachable.output).toContain(dataDir);
        expect(unreachable.output).toContain(`pid ${pid}`);
        expect(existsSync(lost)).toBe(false);

        // After the backup: not in it.
        expect(await applyOver(server.base, 'after-backup@example.com')).toBe(201);
        // A restore under a running server is refused, naming it; the server keeps serving.
        const refused = await run('restore', [file, '--force'], dataDir);
        expect(refused.code, refused.output).toBe(1);
        expect(refused.output).toContain(dataDir);
        expect(refused.output).toContain(`pid ${pid}`);
        expect((await fetch(`${server.base}/readyz`)).status).toBe(200);

        expect(await stopProcess(server)).toBe(0);
      } finally {
        killIfRunning(server);
      }
      const atBackup = await snapshot(dataDir);
      // Money moves after the backup too.
      await withProduct(dataDir, (product) => credit(product, ambassadorId, 'USDT', '5.00'));
      expect((await snapshot(dataDir)).transactions).toHaveLength(3);

      const restored = await run('restore', [file, '--force'], dataDir);
      expect(restored.code, restored.output).toBe(0);
      const after = await snapshot(dataDir);
      expect(after.transactions).toEqual(atBackup.transactions);
      expect(after.totals).toEqual(atBackup.totals);
      expect(after.transactions).toHaveLength(2);
      expect(after.applications).toContain('before-backup@example.com');
      expect(after.applications).not.toContain('after-backup@example.com');
      expect(notPrivate(dataDir)).toEqual([]);
    },
  );

  it('for PostgreSQL (DATABASE_URL set) prints the pg_dump / pg_restore commands and exits 2', async () => {
    const env = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    const dataDir = path.join(root, 'unused');
    const backedUp = await run('backup', ['x.dump'], dataDir, env);
    expect(backedUp.code).toBe(2);
    expect(backedUp.output).toContain('pg_dump --format=custom --file=FILE "$DATABASE_URL"');
    expect(backedUp.output).toContain('pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" FILE');
    // The password in DATABASE_URL is never printed.
    expect(backedUp.output).not.toContain('nobody@');
    expect((await run('restore', ['x.dump'], dataDir, env)).code).toBe(2);
    expect(existsSync(dataDir)).toBe(false);
  });
});

/** Whether a command runs here (pg_dump and pg_restore come with PostgreSQL's client tools). */
function hasTool(command: string): boolean {
  return spawnSync(command, ['--version']).status === 0;
}

describe.runIf(POSTGRES_URL && hasTool('pg_dump') && hasTool('pg_restore'))('PostgreSQL: the README commands', () => {
  it('pg_dump, a change, pg_restore gives back the ledger as it was', async () => {
    const owned = await createTestDatabase('postgres');
    const url = owned.url ?? '';
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'amb-pg-backup-')), 'backup.dump');
    try {
      const server = await startTestServer({ kind: 'postgres', database: { database: owned.database, url } });
      let ambassadorId: string;
      try {
        ambassadorId = (await createAmbassador(server)).ambassadorId;
        await credit(server, ambassadorId, 'USDT', '12.50');
      } finally {
        await server.close();
      }
      const atBackup = await readSnapshot(owned.database.db);
      // As the README writes them, with DATABASE_URL in the environment.
      const shell = (command: string) => spawnSync('sh', ['-c', command], { env: { ...process.env, DATABASE_URL: url }, encoding: 'utf8' });
      const dumped = shell(`pg_dump --format=custom --file=${file} "$DATABASE_URL"`);
      expect(dumped.status, dumped.stderr).toBe(0);

      const again = await startTestServer({ kind: 'postgres', database: { database: owned.database, url } });
      try {
        await credit(again, ambassadorId, 'USDT', '7.25');
      } finally {
        await again.close();
      }
      expect((await readSnapshot(owned.database.db)).transactions).toHaveLength(2);

      const restored = shell(`pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${file}`);
      expect(restored.status, restored.stderr).toBe(0);
      expect(await readSnapshot(owned.database.db)).toEqual(atBackup);
    } finally {
      await owned.drop();
      rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
