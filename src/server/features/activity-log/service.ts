import { and, eq, type SQL } from 'drizzle-orm';
import { boundedCount, descNullsLast, type Total } from '../../db/paging.ts';
import type { Db } from '../../db/client.ts';
import type { TAdminActionView } from '../../../shared/schemas/admins.ts';
import { adminActions } from '../../db/schema.ts';
import { containsAny } from '../../db/search.ts';

/**
 * The activity log, newest first, paged, filtered by admin (any part of the email, in any case)
 * and by action; with the count of matching rows for the pager.
 */
export async function latestActions(
  db: Db,
  query: { limit: number; offset?: number; admin?: string | undefined; action?: string | undefined },
): Promise<{ items: TAdminActionView[] } & Total> {
  const filters: SQL[] = [];
  const admin = containsAny(query.admin, adminActions.adminEmail);
  if (admin) filters.push(admin);
  if (query.action) filters.push(eq(adminActions.action, query.action));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(adminActions)
      .where(where)
      .orderBy(descNullsLast(adminActions.createdAt), descNullsLast(adminActions.id))
      .limit(query.limit)
      .offset(query.offset ?? 0),
    boundedCount(db, adminActions, where),
  ]);
  return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), ...total };
}
