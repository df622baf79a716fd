/**
 * Notifications: written in the transaction of the decision that causes them (with its email), so
 * a person hears of every decision exactly once; read only by their owner.
 */
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { NotificationKind, TNotification } from '../../../shared/schemas/notifications.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { notifications } from '../../db/schema.ts';
import type { EmailContent } from '../../email/templates.ts';
import { withTransaction, type Mutation } from '../../mutation.ts';

export interface NewNotification {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
}

/** One notification for `userId`, and its email to `to` when given, in the mutation's transaction. */
export async function notify(m: Mutation, userId: string, notification: NewNotification, email?: { to: string; content: EmailContent }): Promise<void> {
  await m.tx.insert(notifications).values({ userId, ...notification, createdAt: m.now });
  if (email) await m.email(email.to, email.content);
}

export async function listNotifications(ctx: AppContext, user: SessionUser, page: { limit: number; offset: number }) {
  const [rows, unread] = await Promise.all([
    ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt))),
  ]);
  const items: TNotification[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    link: r.link,
    read: r.readAt !== null,
    createdAt: r.createdAt.toISOString(),
  }));
  return { items, unread: unread[0]?.n ?? 0 };
}

/** Marks the caller's own notifications read (ids of anyone else's are ignored). */
export async function markRead(ctx: AppContext, user: SessionUser, input: { ids: string[] } | { all: true }): Promise<number> {
  return withTransaction(ctx, user, async ({ tx, now }) => {
    const mine = and(eq(notifications.userId, user.id), isNull(notifications.readAt));
    const rows = await tx
      .update(notifications)
      .set({ readAt: now })
      .where(
        'ids' in input
          ? and(
              mine,
              inArray(
                notifications.id,
                input.ids.map((id) => id.toLowerCase()),
              ),
            )
          : mine,
      )
      .returning({ id: notifications.id });
    return rows.length;
  });
}
