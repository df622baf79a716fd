/**
 * One process per embedded database directory (docs/decisions/010). PGlite takes no lock of its
 * own: two processes on one DATA_DIR would each run a PostgreSQL on the same files, and writes
 * one of them acknowledged would be lost. So DATA_DIR/database.lock names the holder: its pid,
 * and on Linux the time that process started. It is made atomically (a hard link of a complete
 * file), removed when the database closes or the process exits, and a lock whose pid no longer
 * lives (kill -9, a crash, a power cut) or now belongs to a process started at another time is
 * stale: it is taken over.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';

export const LOCK_FILE = 'database.lock';

/** A start on a DATA_DIR that another live process holds. */
export class DataDirLockedError extends Error {
  readonly dataDir: string;
  readonly pid: number;
  constructor(dataDir: string, pid: number) {
    const holder = pid === process.pid ? 'this process' : `another process (pid ${pid})`;
    super(`DATA_DIR ${dataDir} is in use by ${holder}: only one process may open an embedded database. Stop it, or set another DATA_DIR.`);
    this.name = 'DataDirLockedError';
    this.dataDir = dataDir;
    this.pid = pid;
  }

  /** An operating condition, not a bug: printed (console.error in main.ts) as its message alone. */
  [inspect.custom](): string {
    return this.message;
  }
}

/** The lock files this process holds, with their content. */
const held = new Map<string, string>();

interface Holder {
  pid: number;
  started: string | undefined;
  raw: string;
}

/** When process `pid` started (Linux: clock ticks since boot), to tell a reused pid apart. */
function startTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces: state is field 3, starttime 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** Creates `file` with `content` unless it exists; the file is never seen half-written. */
function create(file: string, content: string): boolean {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, content, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    // A file system without hard links: an exclusive create (its content follows at once).
    try {
      writeFileSync(file, content, { mode: 0o600, flag: 'wx' });
      return true;
    } catch (fallback) {
      if (errorCode(fallback) === 'EEXIST') return false;
      throw fallback;
    }
  } finally {
    rmSync(temp, { force: true });
  }
}

function readHolder(file: string): Holder | undefined {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
  const [pid, started] = raw.split('\n');
  const number = Number(pid);
  return { pid: Number.isSafeInteger(number) && number > 0 ? number : 0, started: started || undefined, raw };
}

/** Whether the holder named in `file` still runs. */
function lives(holder: Holder, file: string): boolean {
  if (holder.pid === 0) {
    // Empty or unreadable: being written (a file system without links) unless it is old.
    try {
      return Date.now() - statSync(file).mtimeMs < 2_000;
    } catch {
      return false;
    }
  }
  // Our own pid: a lock this process holds, or one left by an earlier life with the same pid (a container).
  if (holder.pid === process.pid) return held.get(file) === holder.raw;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it lives, as another user.
    if (errorCode(error) === 'ESRCH') return false;
  }
  const started = startTime(holder.pid);
  return !(holder.started && started && holder.started !== started);
}

/**
 * Removes a stale lock. Only one process at a time does (a second file guards it), and only if
 * the lock is still the stale one, so a lock another process has just taken is never removed.
 */
function removeStale(file: string, stale: Holder, content: string): void {
  const guard = `${file}.takeover`;
  if (!create(guard, content)) {
    const other = readHolder(guard);
    // A process that died while taking over (it takes microseconds): its guard is stale too.
    if (other && !lives(other, guard)) rmSync(guard, { force: true });
    return;
  }
  try {
    if (readHolder(file)?.raw === stale.raw) unlinkSync(file);
  } finally {
    rmSync(guard, { force: true });
  }
}

/**
 * Takes the lock of `dataDir` (which must exist) for this process, or throws DataDirLockedError
 * naming the live holder. Answers the release, which is also run when the process exits.
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  const file = path.join(dataDir, LOCK_FILE);
  const content = `${process.pid}\n${startTime(process.pid) ?? ''}\n`;
  for (let attempt = 0; attempt < 100; attempt++) {
    if (create(file, content)) {
      held.set(file, content);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        held.delete(file);
        try {
          // Only our own lock: never one another process has taken since.
          if (readFileSync(file, 'utf8') === content) unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.on('exit', release);
      return release;
    }
    const holder = readHolder(file);
    if (!holder) continue;
    if (lives(holder, file)) {
      if (holder.pid !== 0) throw new DataDirLockedError(dataDir, holder.pid);
    } else {
      removeStale(file, holder, content);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`DATA_DIR ${dataDir}: could not take ${LOCK_FILE}; remove it if no process uses this directory`);
}
