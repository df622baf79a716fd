/**
 * Fixed-window counters kept in PostgreSQL, so limits hold across instances.
 * One upsert counts an attempt against all its limits; a window that has passed starts again at 1.
 *
 * Count first, then check: a caller counts the attempt (consumeAll) before doing the costly or
 * guessable part (a password check), and is refused once the count passes the limit. The count
 * is incremented and read in the same statement, so parallel attempts each see a different
 * number and no more than `max` of them get through in a window, however many arrive at once.
 * An attempt that turns out to be allowed (a right password) is taken back with `refund`.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { preparedPer } from '../db/prepared.ts';
import { rateLimits } from '../db/schema.ts';
import { rateLimited } from '../errors.ts';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** One limit per key, in key order: concurrent statements then lock shared rows in the same order (no deadlock). */
function distinctSorted(limits: Limit[]): Limit[] {
  const byKey = new Map(limits.map((l) => [l.key, l]));
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The start of the window that is still open at `now`, per key (limits may have different windows). */
function windowOpen(limits: Limit[], now: Date): SQL {
  const at = (l: Limit) => sql`${new Date(now.getTime() - l.windowMs).toISOString()}::timestamptz`;
  const [first] = limits;
  if (first && limits.every((l) => l.windowMs === first.windowMs)) return at(first);
  return sql`(case ${rateLimits.key} ${sql.join(
    limits.map((l) => sql`when ${l.key} then ${at(l)}`),
    sql` `,
  )} end)`;
}

/**
 * Counts one attempt against every limit in a single statement (each row is incremented under
 * its row lock) and answers each key's count within its current window, this attempt included.
 */
export async function hitAll(db: Db, limits: Limit[], now: Date): Promise<Map<string, number>> {
  return new Map([...(await hitWindows(db, limits, now))].map(([key, { count }]) => [key, count]));
}

/** hitWindows's statement for two keys under one window (keys in order), built once per database handle. */
const hitTwo = preparedPer((db) => {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const open = sql`${sql.placeholder('open')}::timestamptz`;
  return db
    .insert(rateLimits)
    .values([
      { key: sql.placeholder('first'), windowStart: now, count: 1 },
      { key: sql.placeholder('second'), windowStart: now, count: 1 },
    ])
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${open} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${open} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count, windowStart: rateLimits.windowStart })
    .prepare('rate_limit_hit_two');
});

/**
 * A sign-in's statements commit without waiting for the WAL to reach the disk (synchronous_commit
 * off for their own transaction only, set from within the statement: `set_config(…, true)` lasts
 * until the transaction ends). Every sign-in counts its attempt on its address's row, so parallel
 * sign-ins from one address queue on that row's lock, which each held through its commit's flush;
 * now the lock is let go at once. What a crash of PostgreSQL can lose is the last few hundred
 * milliseconds of these commits only: an attempt's count, or a new session (its browser signs in
 * again). Money and every other write still wait for the flush. ADR 026.
 */
export const COMMIT_WITHOUT_FLUSH = sql`set_config('synchronous_commit', 'off', true)`;

/**
 * The two counters of a sign-in (the account and the address, one window), counted as a CTE of the
 * statement that reads what the attempt needs next (the account): one round trip for both. Its
 * placeholders: `first`, `second` (the keys in order), `now`, `open` (when the window opened).
 */
export function hitTwoCte(db: Db) {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const open = sql`${sql.placeholder('open')}::timestamptz`;
  return db
    .$with('hit', { key: sql<string>`key`.as('key'), count: sql<number>`count`.as('count'), windowStart: sql<Date | string>`window_start`.as('window_start') })
    .as(
      sql`insert into ${rateLimits} (key, window_start, count) values (${sql.placeholder('first')}, ${now}, 1), (${sql.placeholder('second')}, ${now}, 1)
      on conflict (key) do update set
        count = case when ${rateLimits.windowStart} <= ${open} then 1 else ${rateLimits.count} + 1 end,
        window_start = case when ${rateLimits.windowStart} <= ${open} then ${now} else ${rateLimits.windowStart} end
      returning key, count, window_start`,
    );
}

/**
 * One counter (a route's own limit) as a CTE of the statement that reads what the attempt needs next:
 * one round trip for both, as hitTwoCte. Its row is always there, so the statement can read from it
 * and left-join the rest. Placeholders: `key`, `now`, `open` (when the window opened: hitOneParams).
 * With `counted`, the key is a select of the statement's own (`select key from …`, e.g. from the
 * session the statement reads): no row, no count; the placeholder `key` is then not used.
 */
export function hitOneCte(db: Db, counted?: SQL) {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const open = sql`${sql.placeholder('open')}::timestamptz`;
  const row = counted ? sql`select key, ${now}, 1 from (${counted}) counted` : sql`values (${sql.placeholder('key')}, ${now}, 1)`;
  return db.$with('hit', { count: sql<number>`count`.as('count'), windowStart: sql<Date | string>`window_start`.as('window_start') }).as(
    sql`insert into ${rateLimits} (key, window_start, count) ${row}
      on conflict (key) do update set
        count = case when ${rateLimits.windowStart} <= ${open} then 1 else ${rateLimits.count} + 1 end,
        window_start = case when ${rateLimits.windowStart} <= ${open} then ${now} else ${rateLimits.windowStart} end
      returning count, window_start`,
  );
}

/** hitOneCte's placeholders for one limit. */
export function hitOneParams(limit: Limit, now: Date): { key: string; now: string; open: string } {
  return { key: limit.key, now: now.toISOString(), open: new Date(now.getTime() - limit.windowMs).toISOString() };
}

/** hitTwoCte's placeholders for two limits of one window (sorted, as every counting statement takes them: no deadlock between two). */
export function hitTwoParams(limits: [Limit, Limit], now: Date): { first: string; second: string; now: string; open: string } {
  const [first, second] = distinctSorted(limits);
  if (!first || !second || first.windowMs !== second.windowMs) throw new Error('hitTwoParams: two distinct limits of one window');
  return { first: first.key, second: second.key, now: now.toISOString(), open: new Date(now.getTime() - first.windowMs).toISOString() };
}

/** hitAll, with when each key's current window started. */
async function hitWindows(db: Db, limits: Limit[], now: Date): Promise<Map<string, { count: number; windowStart: Date }>> {
  const sorted = distinctSorted(limits);
  if (!sorted.length) return new Map();
  const [first, second] = sorted;
  if (sorted.length === 2 && first && second && first.windowMs === second.windowMs) {
    // A sign-in's shape (the account and the address, one window): one prepared statement.
    const rows = await hitTwo(db).execute({
      first: first.key,
      second: second.key,
      now: now.toISOString(),
      open: new Date(now.getTime() - first.windowMs).toISOString(),
    });
    return new Map(rows.map((r) => [r.key, { count: r.count, windowStart: r.windowStart }]));
  }
  const open = windowOpen(sorted, now);
  const rows = await db
    .insert(rateLimits)
    .values(sorted.map((l) => ({ key: l.key, windowStart: now, count: 1 })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${open} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${open} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count, windowStart: rateLimits.windowStart });
  return new Map(rows.map((r) => [r.key, { count: r.count, windowStart: r.windowStart }]));
}

/** Counts one attempt and answers the count within the current window. */
export async function hit(db: Db, limit: Limit, now: Date): Promise<number> {
  return (await hitAll(db, [limit], now)).get(limit.key) ?? 1;
}

/**
 * Counts an attempt against every limit (one statement) and throws 429 when any of them is passed.
 * Nothing else has happened yet when it throws: call it before checking a password.
 */
export async function consumeAll(db: Db, limits: Limit[], now: Date, message: string): Promise<void> {
  refuseOver(limits, await hitWindows(db, limits, now), now, message);
}

/** 429 with Retry-After when an attempt just counted went over any of its limits. */
export function refuseOver(limits: Limit[], windows: Map<string, { count: number; windowStart: Date }>, now: Date, message: string): void {
  const passed = limits.filter((l) => (windows.get(l.key)?.count ?? 1) > l.max);
  if (!passed.length) return;
  // Retry-After: when the last of the passed limits' windows closes.
  const reopens = Math.max(...passed.map((l) => (windows.get(l.key)?.windowStart ?? now).getTime() + l.windowMs));
  throw rateLimited(message).retryAfter((reopens - now.getTime()) / 1000);
}

/** Counts an attempt and throws 429 once the window's allowance is passed. */
export async function consume(db: Db, limit: Limit, now: Date, message: string): Promise<void> {
  await consumeAll(db, [limit], now, message);
}

/** refund's statement for one key cleared and one given back, built once per database handle (db/prepared.ts). */
const clearAndRefund = preparedPer((db) => {
  const clear = sql`${rateLimits.key} = ${sql.placeholder('clear')}`;
  return db
    .update(rateLimits)
    .set({ count: sql`case when ${clear} then 0 else greatest(${rateLimits.count} - 1, 0) end` })
    .where(sql`${clear} or (${rateLimits.key} = ${sql.placeholder('refund')} and ${rateLimits.windowStart} <= ${sql.placeholder('now')}::timestamptz)`)
    .prepare('rate_limit_clear_and_refund');
});

/**
 * A successful sign-in's give-back (the account's count cleared, the address's attempt returned:
 * clearAndRefund) as a CTE of the statement that starts its session: PostgreSQL runs a CTE that
 * changes rows whether or not the statement reads it, so the sign-in writes once, in one round trip.
 * Its placeholders: `cleared` and `refunded` (the two keys) and `now` (when the attempt was counted).
 * Its RETURNING sets COMMIT_WITHOUT_FLUSH for the statement's transaction (the account's row it
 * clears is always there: the sign-in's first statement just counted it).
 */
export function givenBackCte(db: Db) {
  const clear = sql`key = ${sql.placeholder('cleared')}`;
  return db.$with('given_back', { key: sql<string>`key` }).as(
    sql`update ${rateLimits} set count = case when ${clear} then 0 else greatest(count - 1, 0) end
      where ${clear} or (key = ${sql.placeholder('refunded')} and window_start <= ${sql.placeholder('now')}::timestamptz)
      returning key, ${COMMIT_WITHOUT_FLUSH}`,
  );
}

/**
 * Takes back an attempt counted at `now` by consumeAll that turned out to succeed (one statement):
 * each of `refunded` loses that one attempt, so only failures stay counted there, and each of
 * `cleared` starts again from zero (a successful sign-in resets the account's count). An attempt
 * whose window has since been replaced by a newer one is not taken back from that newer window.
 */
export async function refund(db: Db, now: Date, { refunded = [], cleared = [] }: { refunded?: Limit[]; cleared?: Limit[] }): Promise<void> {
  const clearKeys = cleared.map((l) => l.key);
  const refundKeys = refunded.map((l) => l.key).filter((k) => !clearKeys.includes(k));
  if (!clearKeys.length && !refundKeys.length) return;
  // A successful sign-in's shape (the account cleared, the address given back): one prepared statement.
  const [clearKey] = clearKeys;
  const [refundKey] = refundKeys;
  if (clearKeys.length === 1 && refundKeys.length === 1 && clearKey && refundKey) {
    await clearAndRefund(db).execute({ clear: clearKey, refund: refundKey, now: now.toISOString() });
    return;
  }
  const inList = (keys: string[]) =>
    sql`${rateLimits.key} in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`;
  const clear = clearKeys.length ? inList(clearKeys) : sql`false`;
  const back = refundKeys.length ? sql`(${inList(refundKeys)} and ${rateLimits.windowStart} <= ${now.toISOString()}::timestamptz)` : sql`false`;
  await db
    .update(rateLimits)
    .set({ count: sql`case when ${clear} then 0 else greatest(${rateLimits.count} - 1, 0) end` })
    .where(sql`${clear} or ${back}`);
}
