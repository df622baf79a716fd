/**
 * Fixed-window counters kept in PostgreSQL, so limits hold across instances.
 * One upsert per hit; a window that has passed starts again at 1.
 */
import { eq, inArray, sql } from 'drizzle-orm';
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

/**
 * Throws 429 when any of the limits is already used up (one query for all of
 * them). Answers the keys that have a counter row, so a caller resets only
 * what exists.
 */
export async function assertUnderLimits(db: Db, limits: Limit[], now: Date, message: string): Promise<Set<string>> {
  const rows = await db
    .select({ key: rateLimits.key, count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(
      inArray(
        rateLimits.key,
        limits.map((l) => l.key),
      ),
    );
  for (const limit of limits) {
    const row = rows.find((r) => r.key === limit.key);
    const inWindow = row && row.windowStart.getTime() > now.getTime() - limit.windowMs;
    if (inWindow && row.count >= limit.max) throw rateLimited(message);
  }
  return new Set(rows.map((r) => r.key));
}

/** Counts an attempt and throws 429 once the window's allowance is passed. */
export async function consume(db: Db, limit: Limit, now: Date, message: string): Promise<void> {
  if ((await hit(db, limit, now)) > limit.max) throw rateLimited(message);
}

export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
