/**
 * The public programme log (DECISIONS §5): what the programme commits to and pays out, appended in
 * the transaction of what it records, each entry chained to the one before (src/shared/public-log.ts).
 * Appends take a transaction-scoped advisory lock, so entries get consecutive seqs and each one's
 * prevHash is the hash of the one committed before it, however many instances append at once.
 *
 * Reading: an entry never changes, so a full page (`after`, `limit` and `limit` entries) is encoded
 * once and kept (bounded); the head is kept until the public figures' feed moves (an append bumps it
 * after its commit, and NOTIFYs the other instances on PostgreSQL) or HEAD_TTL_MS passes. A verifier
 * paging a long log costs no query per page.
 */
import { asc, desc, gt, sql } from 'drizzle-orm';
import { EMPTY_HEAD, entryHash, type LogHead, type LogKind } from '../../../shared/public-log.ts';
import type { TLogEntry } from '../../../shared/schemas/public-log.ts';
import type { LiveTopic } from '../../../shared/live.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { publicLog } from '../../db/schema.ts';
import type { Mutation } from '../../mutation.ts';

/** Any constant: the advisory lock that serialises appends (the migration lock has its own). */
const APPEND_LOCK_ID = 72_410_994;
const HEAD_TTL_MS = 5_000;
/** Full pages kept encoded, per process (a page of 500 entries is about 150 kB). */
const MAX_CACHED_PAGES = 500;

async function head(db: Db): Promise<LogHead> {
  const row = (await db.select({ seq: publicLog.seq, hash: publicLog.hash }).from(publicLog).orderBy(desc(publicLog.seq)).limit(1))[0];
  return row ? { seq: Number(row.seq), hash: row.hash } : EMPTY_HEAD;
}

/**
 * What each kind of entry changes for the live streams (DECISIONS §6), besides `log` itself: a
 * month's terms, freeze and close change the seasons (the Hall of Fame, the Seasons card), and a
 * month's summary and a withheld prize are shown with its season. A Record over every kind, so a
 * new kind without its topics does not compile. The credits of a close name `me` and the figures
 * themselves (the ledger).
 */
const LOG_KIND_TOPICS: Record<LogKind, LiveTopic[]> = {
  'season.terms': ['seasons'],
  'season.frozen': ['seasons'],
  'season.closed': ['seasons'],
  'prize.withheld': ['seasons'],
  'month.summary': ['seasons'],
  'payout.paid': [],
};

/**
 * Appends one entry in the mutation's transaction; it exists if and only if the change commits. The
 * append names its live topics (`log`, and its kind's), so every change that writes the log is heard
 * on every instance's streams without its caller remembering to.
 */
export async function appendLog(m: Mutation, kind: LogKind, data: Record<string, unknown>): Promise<TLogEntry> {
  await m.tx.execute(sql`select pg_advisory_xact_lock(${APPEND_LOCK_ID})`);
  const last = await head(m.tx);
  const entry = { seq: last.seq + 1, at: m.now.toISOString(), kind, data, prevHash: last.hash };
  const hash = await entryHash(entry);
  await m.tx.insert(publicLog).values({ ...entry, hash });
  // Readers of the log's head, on every instance, see it once the change commits.
  await m.figuresChanged();
  m.changed(['log', ...LOG_KIND_TOPICS[kind]]);
  return { ...entry, hash };
}

const heads = new WeakMap<AppContext['database'], { generation: number; at: number; value: Promise<LogHead> }>();
const pages = new WeakMap<AppContext['database'], Map<string, string>>();

function currentHead(ctx: AppContext): Promise<LogHead> {
  const feed = ctx.database.figures;
  const hit = heads.get(ctx.database);
  const now = performance.now();
  if (hit && hit.generation === feed.generation && now - hit.at < HEAD_TTL_MS) return hit.value;
  const value = head(ctx.db);
  heads.set(ctx.database, { generation: feed.generation, at: now, value });
  value.catch(() => heads.delete(ctx.database));
  return value;
}

/** The JSON of a page's entries, from the cache when the page is full (its entries never change). */
async function pageEntries(ctx: AppContext, page: { after: number; limit: number }): Promise<string> {
  const key = `${page.after}:${page.limit}`;
  let cache = pages.get(ctx.database);
  const hit = cache?.get(key);
  if (hit !== undefined) return hit;
  const rows = await ctx.db.select().from(publicLog).where(gt(publicLog.seq, page.after)).orderBy(asc(publicLog.seq)).limit(page.limit);
  const json = JSON.stringify(rows.map((r) => ({ seq: Number(r.seq), at: r.at, kind: r.kind, data: r.data, prevHash: r.prevHash, hash: r.hash })));
  if (rows.length === page.limit) {
    if (!cache) pages.set(ctx.database, (cache = new Map()));
    if (cache.size >= MAX_CACHED_PAGES) cache.delete(cache.keys().next().value ?? '');
    cache.set(key, json);
  }
  return json;
}

/** A page of the log, oldest first, after `after`, with the whole log's head, as JSON text. */
export async function readLogJson(ctx: AppContext, page: { after: number; limit: number }): Promise<string> {
  const [entries, current] = await Promise.all([pageEntries(ctx, page), currentHead(ctx)]);
  return `{"entries":${entries},"head":${JSON.stringify(current)}}`;
}
