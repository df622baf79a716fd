/**
 * The Telegram outbox's writer (ADR 032): a message is written in the transaction of the change it
 * reports and sent after the commit by the sender (sender.ts). `dedupeKey` names the change: the
 * same change (a notification, a month's freeze, an update Telegram sends again) writes one
 * message, whatever happens; a change that rolls back takes its message with it.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { linkedAccounts, telegramMessages, users, ambassadors } from '../../db/schema.ts';
import type { Mutation } from '../../mutation.ts';
import { MESSAGE_MAX_CHARS } from './html.ts';

export interface NewTelegramMessage {
  chatId: string;
  userId: string | null;
  kind: 'notification' | 'channel' | 'reply';
  dedupeKey: string;
  /** HTML as Telegram's parse mode reads it: every outside text already escaped (html.ts). */
  text: string;
}

/** Writes the message in this transaction (nothing when its change already wrote one); the sender is woken after the commit. */
export async function queueTelegram(m: Pick<Mutation, 'tx' | 'now' | 'ctx' | 'afterCommit'>, message: NewTelegramMessage): Promise<void> {
  if (!m.ctx.config.providers.telegramBotToken) return;
  const written = await m.tx
    .insert(telegramMessages)
    .values({ ...message, text: message.text.slice(0, MESSAGE_MAX_CHARS * 2), nextAttemptAt: m.now, createdAt: m.now })
    .onConflictDoNothing()
    .returning({ id: telegramMessages.id });
  if (written.length) m.afterCommit(() => m.ctx.telegram.kick());
}

/** The private chat of an account that linked Telegram and keeps Telegram notifications on, and its language; undefined otherwise. */
export async function telegramChatOf(tx: Db, userId: string): Promise<{ chatId: string; locale: string | null } | undefined> {
  const [row] = await tx
    .select({ chatId: linkedAccounts.externalId, locale: users.locale })
    .from(users)
    .innerJoin(ambassadors, eq(ambassadors.userId, users.id))
    .innerJoin(linkedAccounts, and(eq(linkedAccounts.ambassadorId, ambassadors.id), eq(linkedAccounts.provider, 'telegram'), isNull(linkedAccounts.unlinkedAt)))
    .where(and(eq(users.id, userId), eq(users.notifyTelegram, true)));
  return row;
}
