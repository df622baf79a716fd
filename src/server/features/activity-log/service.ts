import { descNullsLast } from '../../db/paging.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { Db } from '../../db/client.ts';
import { adminActions } from '../../db/schema.ts';

export interface ActionTarget {
  type: 'application' | 'report' | 'ambassador' | 'withdrawal' | 'admin' | 'settings';
  id: string | null;
}

/** Every admin and super admin action writes one row, inside the action's transaction. */
export async function logAdminAction(db: Db, actor: SessionUser, action: string, target: ActionTarget, details: string | null, now: Date): Promise<void> {
  await db.insert(adminActions).values({
    adminId: actor.id,
    adminEmail: actor.email,
    action,
    targetType: target.type,
    targetId: target.id,
    details: details ? details.slice(0, 2000) : null,
    createdAt: now,
  });
}

export async function latestActions(db: Db, limit: number) {
  const rows = await db.select().from(adminActions).orderBy(descNullsLast(adminActions.createdAt), descNullsLast(adminActions.id)).limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
