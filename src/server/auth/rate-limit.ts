/**
 * Fixed-window counters kept in PostgreSQL, so limits hold across instances.
 * One upsert per hit; a window that has passed starts again at 1.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { rateLimited } from '../errors.ts';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** Counts one attempt and answers the count within the current window. */
export async function hit(db: Db, limit: Limit, now: Date): Promise<number> {
  const windowOpen = new Date(now.getTime() - limit.windowMs);
  const rows = await db
    .insert(rateLimits)
    .values({ key: limit.key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${windowOpen} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowOpen} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return rows[0]?.count ?? 1;
}

/** The count within the current window, without counting. */
export async function current(db: Db, limit: Limit, now: Date): Promise<number> {
  const windowOpen = new Date(now.getTime() - limit.windowMs);
  const rows = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, limit.key), gt(rateLimits.windowStart, windowOpen)));
  return rows[0]?.count ?? 0;
}

/** Throws 429 when any of the limits is already used up. */
export async function assertUnderLimits(db: Db, limits: Limit[], now: Date, message: string): Promise<void> {
  for (const limit of limits) {
    if ((await current(db, limit, now)) >= limit.max) throw rateLimited(message);
  }
}

/** Counts an attempt and throws 429 once the window's allowance is passed. */
export async function consume(db: Db, limit: Limit, now: Date, message: string): Promise<void> {
  if ((await hit(db, limit, now)) > limit.max) throw rateLimited(message);
}

export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
