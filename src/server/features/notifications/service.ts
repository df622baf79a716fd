/**
 * Notifications: written in the transaction of the decision that causes them (with its email), so
 * a person hears of every decision exactly once; read only by their owner.
 */
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { NotificationKind, TNotification } from '../../../shared/schemas/notifications.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { createHmac } from 'node:crypto';
import { secretsEqual } from '../../auth/tokens.ts';
import { notifications, users } from '../../db/schema.ts';
import { forbidden } from '../../errors.ts';
import { withUnsubscribe, type EmailContent } from '../../email/templates.ts';
import { withTransaction, type Mutation } from '../../mutation.ts';
import { UNSUBSCRIBE_LINK_INVALID, UNSUBSCRIBE_PAGE } from '../../../shared/schemas/notifications.ts';
import { telegramNotification } from '../telegram/index.ts';

export interface NewNotification {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
}

/** Signs a one-click unsubscribe link for a user (RFC 8058). */
export function unsubscribeSignature(secret: string, userId: string): string {
  return createHmac('sha256', `unsubscribe:${secret}`).update(userId).digest('base64url');
}

function unsubscribeQuery(secret: string, userId: string): string {
  return `u=${encodeURIComponent(userId)}&s=${unsubscribeSignature(secret, userId)}`;
}

/** The List-Unsubscribe header's address: mail providers POST it (RFC 8058 one-click). */
export function unsubscribeUrl(appUrl: string, secret: string, userId: string): string {
  return `${appUrl}/api/unsubscribe?${unsubscribeQuery(secret, userId)}`;
}

/** The link in an email's text: a page that says what it stops, with one button (a person opens it, never a POST). */
export function unsubscribePageUrl(appUrl: string, secret: string, userId: string): string {
  return `${appUrl}${UNSUBSCRIBE_PAGE}?${unsubscribeQuery(secret, userId)}`;
}

/**
 * One notification for `userId`, and its email to `to` when given, in the mutation's transaction.
 * Security emails (password, payout address) are always sent; the others only while the person
 * keeps email notifications on, and carry a one-click List-Unsubscribe (RFC 8058).
 */
export async function notify(
  m: Mutation,
  userId: string,
  /** The notification, or how to write it in the person's saved language (null: English). */
  notification: NewNotification | ((locale: string | null) => NewNotification),
  /** The email: its content, or how to write it in the person's saved language (null: English). */
  email?: { to: string; content: EmailContent | ((locale: string | null) => EmailContent); security?: boolean },
): Promise<void> {
  const account =
    typeof notification === 'function' || email
      ? (await m.tx.select({ on: users.emailNotifications, locale: users.locale }).from(users).where(eq(users.id, userId)))[0]
      : undefined;
  const locale = account?.locale ?? null;
  const told = typeof notification === 'function' ? notification(locale) : notification;
  const [stored] = await m.tx
    .insert(notifications)
    .values({ userId, ...told, createdAt: m.now })
    .returning({ id: notifications.id });
  // The same words to their linked Telegram chat, when it is a decision, payout, prize or appeal and they keep Telegram on.
  if (stored) await telegramNotification(m, userId, stored.id, told);
  // Their open pages hear of it (GET /api/events): the decision changed what they see.
  m.concerns(userId);
  if (!email) return;
  const written = typeof email.content === 'function' ? email.content(locale) : email.content;
  if (email.security) return m.email(email.to, written);
  if (!account?.on) return;
  const { appUrl, sessionSecret } = m.ctx.config;
  const page = unsubscribePageUrl(appUrl, sessionSecret, userId);
  const oneClick = unsubscribeUrl(appUrl, sessionSecret, userId);
  const content = withUnsubscribe(written, page, locale);
  await m.email(email.to, content, { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
}

/** The account a signed unsubscribe link names (lower case), or 403. */
function linkedAccount(ctx: AppContext, userId: string, signature: string): string {
  if (!/^[0-9a-fA-F-]{36}$/.test(userId) || !secretsEqual(signature, unsubscribeSignature(ctx.config.sessionSecret, userId.toLowerCase()))) {
    throw forbidden(UNSUBSCRIBE_LINK_INVALID);
  }
  return userId.toLowerCase();
}

/** One click from an email (or the unsubscribe page's button): turns the person's decision emails off. */
export async function unsubscribe(ctx: AppContext, userId: string, signature: string): Promise<void> {
  const id = linkedAccount(ctx, userId, signature);
  await withTransaction(ctx, null, ({ tx }) => tx.update(users).set({ emailNotifications: false }).where(eq(users.id, id)));
}

/** What the unsubscribe page shows before its button is pressed: whether decision emails are still on (403 for a bad link). */
export async function unsubscribeLinkStatus(ctx: AppContext, userId: string, signature: string): Promise<{ emailNotifications: boolean }> {
  const id = linkedAccount(ctx, userId, signature);
  const row = (await ctx.db.select({ on: users.emailNotifications }).from(users).where(eq(users.id, id)))[0];
  // A signed link of an account since removed: nothing is sent to it any more.
  return { emailNotifications: row?.on ?? false };
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
