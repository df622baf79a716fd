import { descNullsLast } from '../../db/paging.ts';
import type { Db } from '../../db/client.ts';
import { adminActions } from '../../db/schema.ts';

export async function latestActions(db: Db, limit: number) {
  const rows = await db.select().from(adminActions).orderBy(descNullsLast(adminActions.createdAt), descNullsLast(adminActions.id)).limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
