/**
 * The public programme log (DECISIONS §5): what the programme commits to and pays out, appended in
 * the transaction of what it records, each entry chained to the one before (src/shared/public-log.ts).
 * Appends take a transaction-scoped advisory lock, so entries get consecutive seqs and each one's
 * prevHash is the hash of the one committed before it, however many instances append at once.
 */
import { asc, desc, gt, sql } from 'drizzle-orm';
import { EMPTY_HEAD, entryHash, type LogHead, type LogKind } from '../../../shared/public-log.ts';
import type { TLogEntry, TLogPage } from '../../../shared/schemas/public-log.ts';
import type { Db } from '../../db/client.ts';
import { publicLog } from '../../db/schema.ts';
import type { Mutation } from '../../mutation.ts';

/** Any constant: the advisory lock that serialises appends (the migration lock has its own). */
const APPEND_LOCK_ID = 72_410_994;

async function head(db: Db): Promise<LogHead> {
  const row = (await db.select({ seq: publicLog.seq, hash: publicLog.hash }).from(publicLog).orderBy(desc(publicLog.seq)).limit(1))[0];
  return row ? { seq: Number(row.seq), hash: row.hash } : EMPTY_HEAD;
}

/** Appends one entry in the mutation's transaction; it exists if and only if the change commits. */
export async function appendLog(m: Mutation, kind: LogKind, data: Record<string, unknown>): Promise<TLogEntry> {
  await m.tx.execute(sql`select pg_advisory_xact_lock(${APPEND_LOCK_ID})`);
  const last = await head(m.tx);
  const entry = { seq: last.seq + 1, at: m.now.toISOString(), kind, data, prevHash: last.hash };
  const hash = await entryHash(entry);
  await m.tx.insert(publicLog).values({ ...entry, hash });
  // Readers of the log (the /transparency page's stream, caches) learn of it after the commit.
  return { ...entry, hash };
}

/** A page of the log, oldest first, after `after`, with the whole log's head. */
export async function readLog(db: Db, page: { after: number; limit: number }): Promise<TLogPage> {
  const [rows, current] = await Promise.all([
    db.select().from(publicLog).where(gt(publicLog.seq, page.after)).orderBy(asc(publicLog.seq)).limit(page.limit),
    head(db),
  ]);
  return {
    entries: rows.map((r) => ({ seq: Number(r.seq), at: r.at, kind: r.kind, data: r.data, prevHash: r.prevHash, hash: r.hash })),
    head: current,
  };
}
