/**
 * The public programme log (DECISIONS §5): what the programme commits to and pays out, appended in
 * the transaction of what it records, each entry chained to the one before (src/shared/public-log.ts).
 * Appends take a transaction-scoped advisory lock, so entries get consecutive seqs and each one's
 * prevHash is the hash of the one committed before it, however many instances append at once.
 *
 * Reading: an entry never changes, so a full page (`after`, `limit` and `limit` entries) is encoded
 * once and kept (bounded), and answered immutable with an ETag of its entries; the head is kept until the public figures' feed moves (an append bumps it
 * after its commit, and NOTIFYs the other instances on PostgreSQL) or HEAD_TTL_MS passes. A verifier
 * paging a long log costs no query per page.
 */
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { EMPTY_HEAD, entryHash, type LogHead, type LogKind } from '../../../shared/public-log.ts';
import { type TLogEntry } from '../../../shared/schemas/public-log.ts';
import { PUBLIC_LOG_MESSAGES } from '../../../shared/schemas/messages.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { publicLog } from '../../db/schema.ts';
import type { Mutation } from '../../mutation.ts';
import { AppError } from '../../errors.ts';
import { weakEtag } from '../public/index.ts';

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
 * An append dated before the log's head (DECISIONS §7): the clock went back, and the log's time never
 * does. The change is refused whole (503 LOG_TIME_BACKWARDS, with when to try again): by then the
 * clock has passed the head, or an operator has a clock to fix.
 */
export class LogTimeBackwards extends AppError {
  constructor(at: string, headAt: string) {
    super('UNAVAILABLE', PUBLIC_LOG_MESSAGES.timeBackwards, undefined, 'LOG_TIME_BACKWARDS', { at, headAt });
    this.name = 'LogTimeBackwards';
    this.retryAfter((Date.parse(headAt) - Date.parse(at)) / 1000);
  }
}

/**
 * Appends one entry in the mutation's transaction; it exists if and only if the change commits. Its
 * `at` is read after the append lock is held (so entries are dated in the order they are chained),
 * and an entry dated before the last one is refused (LogTimeBackwards): the log's time never goes back.
 * The row it writes is heard as `log` (and the seasons' and landing page's topics that read the log,
 * db/topics.ts) on every instance's streams, without its caller remembering to.
 */
export async function appendLog(m: Mutation, kind: LogKind, data: Record<string, unknown>): Promise<TLogEntry> {
  await m.tx.execute(sql`select pg_advisory_xact_lock(${APPEND_LOCK_ID})`);
  const last = (await m.tx.select({ seq: publicLog.seq, hash: publicLog.hash, at: publicLog.at }).from(publicLog).orderBy(desc(publicLog.seq)).limit(1))[0];
  const at = m.ctx.clock.now().toISOString();
  if (last && Date.parse(at) < Date.parse(last.at)) throw new LogTimeBackwards(at, last.at);
  // One summary a month (DECISIONS §7): a second would change the public figures.
  if (kind === 'month.summary') {
    const month = String(data.month);
    const [existing] = await m.tx
      .select({ seq: publicLog.seq })
      .from(publicLog)
      .where(and(eq(publicLog.kind, 'month.summary'), sql`${publicLog.data}->>'month' = ${month}`))
      .limit(1);
    if (existing) throw new AppError('CONFLICT', PUBLIC_LOG_MESSAGES.summaryExists, undefined, 'MONTH_SUMMARY_EXISTS', { month, seq: String(existing.seq) });
  }
  const entry = { seq: (last ? Number(last.seq) : 0) + 1, at, kind, data, prevHash: last?.hash ?? EMPTY_HEAD.hash };
  const hash = await entryHash(entry);
  await m.tx.insert(publicLog).values({ ...entry, hash });
  // Webhooks (DECISIONS §7): every entry, and a month's freeze and close by their own names.
  const appended = { ...entry, hash };
  await m.event('log.appended', appended);
  if (kind === 'season.frozen' || kind === 'season.closed') {
    const month = String(data.month);
    await m.event(kind, { id: month, month, status: kind === 'season.frozen' ? 'frozen' : 'closed', log: appended });
  }
  return { ...entry, hash };
}

const heads = new WeakMap<AppContext['database'], { generation: number; at: number; value: Promise<LogHead> }>();
const pages = new WeakMap<AppContext['database'], Map<string, PageEntries>>();

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

/** A page's entries as JSON; a full page's (its entries never change) with an ETag of them. */
interface PageEntries {
  json: string;
  /** Only for a full page (`limit` entries after `after`): the same on every instance, whatever the head. */
  etag: string | undefined;
}

/** The JSON of a page's entries, from the cache when the page is full (its entries never change). */
async function pageEntries(ctx: AppContext, page: { after: number; limit: number }): Promise<PageEntries> {
  const key = `${page.after}:${page.limit}`;
  let cache = pages.get(ctx.database);
  const hit = cache?.get(key);
  if (hit !== undefined) return hit;
  const rows = await ctx.db.select().from(publicLog).where(gt(publicLog.seq, page.after)).orderBy(asc(publicLog.seq)).limit(page.limit);
  const json = JSON.stringify(rows.map((r) => ({ seq: Number(r.seq), at: r.at, kind: r.kind, data: r.data, prevHash: r.prevHash, hash: r.hash })));
  if (rows.length < page.limit) return { json, etag: undefined };
  const full = { json, etag: weakEtag(json) };
  if (!cache) pages.set(ctx.database, (cache = new Map()));
  if (cache.size >= MAX_CACHED_PAGES) cache.delete(cache.keys().next().value ?? '');
  cache.set(key, full);
  return full;
}

/** The ETag of a full page when it is already known here (then a matching If-None-Match needs no query). */
export function knownPageEtag(ctx: AppContext, page: { after: number; limit: number }): string | undefined {
  return pages.get(ctx.database)?.get(`${page.after}:${page.limit}`)?.etag;
}

/**
 * A page of the log, oldest first, after `after`, with the whole log's head, as JSON text; `etag`
 * when the page is full, which never changes but for its head (DECISIONS §7: a full page is
 * immutable, and its head may then be older than the log's; a reader takes the head from the last,
 * partial page).
 */
export async function readLogJson(ctx: AppContext, page: { after: number; limit: number }): Promise<{ json: string; etag: string | undefined }> {
  const [entries, current] = await Promise.all([pageEntries(ctx, page), currentHead(ctx)]);
  return { json: `{"entries":${entries.json},"head":${JSON.stringify(current)}}`, etag: entries.etag };
}
