import { and, eq, type SQL } from 'drizzle-orm';
import { descNullsLast } from '../../db/paging.ts';
import type { Db } from '../../db/client.ts';
import { adminActions } from '../../db/schema.ts';

/** The activity log, newest first, paged, filtered by admin (email) and by action. */
export async function latestActions(db: Db, query: { limit: number; offset?: number; admin?: string | undefined; action?: string | undefined }) {
  const filters: SQL[] = [];
  if (query.admin) filters.push(eq(adminActions.adminEmail, query.admin.trim().toLowerCase()));
  if (query.action) filters.push(eq(adminActions.action, query.action));
  const rows = await db
    .select()
    .from(adminActions)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(descNullsLast(adminActions.createdAt), descNullsLast(adminActions.id))
    .limit(query.limit)
    .offset(query.offset ?? 0);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
