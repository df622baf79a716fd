/**
 * The embedded database directory (DATA_DIR): one process at a time, and private to its owner.
 * Real processes, as an operator runs them (see process.test.ts): a second server, or
 * `npm run db:migrate`, on a directory a running server holds must stop at once, naming the
 * directory and the holder's pid, and the first keeps serving and keeps its writes.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from '../../src/server/db/data-dir-lock.ts';
import { buildTemplate, buildTemplateDataDir, templateDataDir, templateFile } from '../../src/server/db/pglite-template.ts';
import { ambassadorApplications } from '../../src/server/db/schema.ts';
import { TEST_TEMPLATE_DIR } from '../helpers/database.ts';
import { notPrivate } from '../helpers/files.ts';
import { freePort } from '../helpers/server.ts';
import { MAIN, applyOver, killIfRunning, localEnv, spawnScript, stopProcess, waitForStatus, type Spawned } from '../helpers/product-process.ts';

const MIGRATE = path.resolve('src/server/db/migrate-cli.ts');

interface Started extends Spawned {
  base: string;
}

async function spawnNode(script: string, dataDir: string, env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const spawned = spawnScript(localEnv(port, { DATA_DIR: dataDir, SESSION_SECRET: '', SMTP_URL: '', LOG_LEVEL: 'warn', ...env }), script);
  return { ...spawned, base: `http://127.0.0.1:${port}` };
}

/** The exit code, or 'still running' after `ms` (the process is then killed). */
async function exitWithin(started: Started, ms: number): Promise<number | null | 'still running'> {
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([started.exited, new Promise<'still running'>((resolve) => (timer = setTimeout(() => resolve('still running'), ms)))]);
  clearTimeout(timer);
  if (outcome === 'still running') started.child.kill('SIGKILL');
  return outcome;
}

async function storedEmails(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ dataDir });
  try {
    const rows = await database.db.select({ email: ambassadorApplications.email }).from(ambassadorApplications);
    return rows.map((r) => r.email);
  } finally {
    await database.close();
  }
}

// Each test starts real processes: a slow or shared machine gets time enough (a fail-safe, not a measure).
describe('the embedded database directory', { timeout: 180_000 }, () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'amb-data-dir-'));
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('has one process: a second server or db:migrate on a held DATA_DIR exits at once naming it and the holder; the first keeps serving and its writes', async () => {
    // A DATA_DIR that does not exist yet: the server makes it (private), as on a first `npm start`.
    const dataDir = path.join(root, 'held', 'data');
    const first = await spawnNode(MAIN, dataDir);
    try {
      await waitForStatus(first, `${first.base}/readyz`, 200);
      expect(await applyOver(first.base, 'before@example.com')).toBe(201);
      // Private while serving: the directory, the database files and the development session secret.
      expect(existsSync(path.join(dataDir, 'session-secret'))).toBe(true);
      expect.soft(notPrivate(dataDir)).toEqual([]);

      for (const script of [MAIN, MIGRATE]) {
        const second = await spawnNode(script, dataDir);
        const code = await exitWithin(second, 30_000);
        expect(code, `${path.basename(script)}: ${second.output()}`).toBe(1);
        expect(second.output()).toContain(dataDir);
        expect(second.output()).toContain(`pid ${first.child.pid}`);
        // One clear line, not a stack trace.
        expect(second.output()).not.toMatch(/\n\s+at /);
      }

      // The first still serves, and what it acknowledges is kept.
      expect((await fetch(`${first.base}/readyz`)).status).toBe(200);
      expect(await applyOver(first.base, 'after@example.com')).toBe(201);
      expect(await stopProcess(first)).toBe(0);
    } finally {
      killIfRunning(first);
    }
    // A clean stop releases the directory; it stays private.
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    expect.soft(notPrivate(dataDir)).toEqual([]);
    expect((await storedEmails(dataDir)).sort()).toEqual(['after@example.com', 'before@example.com']);
  });

  it('a lock left by a process that died does not block a start', async () => {
    const dataDir = path.join(root, 'stale');
    const dead = spawnSync(process.execPath, ['-e', '']);
    expect(dead.status).toBe(0);
    // The directory as a killed server leaves it: created, with its lock file naming the dead pid.
    mkdirSync(dataDir, { mode: 0o700 });
    writeFileSync(path.join(dataDir, LOCK_FILE), `${dead.pid}\n`, { mode: 0o600 });
    const server = await spawnNode(MAIN, dataDir);
    try {
      await waitForStatus(server, `${server.base}/readyz`, 200);
      expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').split('\n')[0]).toBe(String(server.child.pid));
      expect(await applyOver(server.base, 'stale@example.com')).toBe(201);
      expect(await stopProcess(server)).toBe(0);
    } finally {
      killIfRunning(server);
    }
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  describe('a new DATA_DIR is private (directories 0700, files 0600)', () => {
    let templates: string;
    beforeAll(async () => {
      // The build's two template forms, from the suite's dump: a data directory to copy, and the dump.
      templates = path.join(root, 'templates');
      rmSync(templates, { recursive: true, force: true });
      mkdirSync(templates, { recursive: true });
      // As test/global-setup.ts does (a no-op unless a migration was added since).
      copyFileSync(await buildTemplate(TEST_TEMPLATE_DIR), templateFile(templates));
      await buildTemplateDataDir(templates);
    });

    it('made as a copy of the template directory', async () => {
      expect(existsSync(path.join(templateDataDir(templates), 'PG_VERSION'))).toBe(true);
      const dataDir = path.join(root, 'copied', 'data');
      const database = await openDatabase({ dataDir, templateDir: templates });
      try {
        await database.migrate();
        expect.soft(notPrivate(dataDir)).toEqual([]);
        // The build's template too: whoever could write to it would write every new database.
        expect.soft(notPrivate(templateDataDir(templates))).toEqual([]);
        // One process, and within it one open database per directory.
        await expect(openDatabase({ dataDir, templateDir: templates })).rejects.toThrow(DataDirLockedError);
      } finally {
        await database.close();
      }
      expect(notPrivate(dataDir)).toEqual([]);

      // A directory made before modes were fixed (as 0755 and 0666) is made private when it is opened.
      chmodSync(dataDir, 0o755);
      chmodSync(path.join(dataDir, 'pglite'), 0o755);
      chmodSync(path.join(dataDir, 'pglite', 'base'), 0o755);
      chmodSync(path.join(dataDir, 'pglite', 'PG_VERSION'), 0o666);
      const reopened = await openDatabase({ dataDir, templateDir: templates });
      await reopened.close();
      expect(notPrivate(dataDir)).toEqual([]);
    });

    it('loaded from the dump when there is no template directory', async () => {
      const onlyDump = path.join(root, 'only-dump');
      mkdirSync(onlyDump, { recursive: true });
      copyFileSync(templateFile(templates), templateFile(onlyDump));
      const dataDir = path.join(root, 'from-dump', 'data');
      const database = await openDatabase({ dataDir, templateDir: onlyDump });
      try {
        await database.migrate();
        expect.soft(notPrivate(dataDir)).toEqual([]);
      } finally {
        await database.close();
      }
      expect(notPrivate(dataDir)).toEqual([]);
    });
  });

  describe('the lock file', () => {
    it('names the holder; a second lock in the same process is refused; closing frees it', async () => {
      const dataDir = mkdtempSync(path.join(root, 'lock-'));
      const release = await lockDataDir(dataDir);
      const file = path.join(dataDir, LOCK_FILE);
      expect(readFileSync(file, 'utf8').split('\n')[0]).toBe(String(process.pid));
      expect(lstatSync(file).mode & 0o777).toBe(0o600);
      const refused = await lockDataDir(dataDir).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(DataDirLockedError);
      expect(String((refused as Error).message)).toContain(dataDir);
      release();
      expect(existsSync(file)).toBe(false);
      (await lockDataDir(dataDir))();
      expect(readdirSync(dataDir)).toEqual([]);
    });

    it.runIf(process.platform === 'linux')('a pid now used by a process started at another time is stale (a reused pid)', async () => {
      const dataDir = mkdtempSync(path.join(root, 'reused-'));
      const file = path.join(dataDir, LOCK_FILE);
      // The parent lives: with its own start time it holds the lock, with another it is a reused pid.
      const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
      const started = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
      writeFileSync(file, `${process.ppid}\n${started}\n`);
      await expect(lockDataDir(dataDir)).rejects.toThrow(`pid ${process.ppid}`);
      writeFileSync(file, `${process.ppid}\n1\n`);
      (await lockDataDir(dataDir))();
      expect(existsSync(file)).toBe(false);
    });
  });
});
