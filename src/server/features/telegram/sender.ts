/**
 * The Telegram outbox's sender (ADR 032): sends the outbox's messages after their change committed,
 * from any number of instances.
 * - Claims due messages with one UPDATE over a `FOR UPDATE SKIP LOCKED` selection and a lease
 *   (`locked_until`): each attempt is made by one instance; a message sent is marked so under the
 *   lease that sent it, and never sent again.
 * - Flood limits (https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this):
 *   at most PER_SECOND messages in any second, counted from the table (all instances together), one
 *   message a second per chat (only a chat's oldest pending message is due, and not before a second
 *   after its last one). A 429 is waited out: the message, and this instance, wait
 *   `parameters.retry_after` seconds; it costs no retry.
 * - 403 (the user blocked the bot, or it was removed from the channel): not retried; a user's
 *   Telegram notifications are turned off and their waiting messages dropped.
 * - A failure without an answer, or a 5xx, is retried after RETRY_MS (one wait per retry), then the
 *   message fails for good; any other refusal (400: chat not found, bad markup) fails at once.
 * The bot token is in every request's URL: it is never logged and never stored (api.ts redacts it).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { telegramMessages, users } from '../../db/schema.ts';
import { inertOutboxSender, outboxLoop, type OutboxSender } from '../outbox-loop.ts';
import { callBotApi, type BotAnswer } from './api.ts';

/** Telegram's broadcast limit: about 30 messages a second in all. */
export const PER_SECOND = 30;
/** One message a second to one chat. */
export const CHAT_GAP_MS = 1_000;
/** The wait before each retry; after the last the message fails for good. */
export const RETRY_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 10_800_000];
const MAX_IN_FLIGHT = 8;
const LEASE_MS = 60_000;

/** The Telegram and the Discord roles senders are outbox loops (features/outbox-loop.ts; the Discord one takes it from here). */
export type BotSender = OutboxSender;
export { outboxLoop };

/** A sender that sends nothing, for tools that open the database without serving: work waits in its outbox. */
export const inertBotSender: BotSender = inertOutboxSender;

interface Claimed {
  id: string;
  chatId: string;
  userId: string | null;
  kind: 'notification' | 'channel' | 'reply';
  text: string;
  attempts: number;
  lockedUntil: Date;
}

export function createTelegramSender(ctx: AppContext, options: { pollMs?: number | undefined } = {}): BotSender {
  const { db, clock, log } = ctx;
  /** A 429 pauses this instance's sending until then. */
  let pausedUntil = 0;

  async function claim(free: number): Promise<Claimed[]> {
    if (!ctx.config.providers.telegramBotToken) return [];
    const now = clock.now();
    if (now.getTime() < pausedUntil) return [];
    const at = now.toISOString();
    const secondAgo = new Date(now.getTime() - 1_000).toISOString();
    const chatGap = new Date(now.getTime() - CHAT_GAP_MS).toISOString();
    const lease = new Date(now.getTime() + LEASE_MS);
    // Sent in the last second, and being sent now, by every instance: two index reads.
    const counted = await db.execute(
      sql`select (select count(*) from telegram_messages where sent_at > ${secondAgo}::timestamptz)::int
        + (select count(*) from telegram_messages where status = 'pending' and locked_until > ${at}::timestamptz)::int as n`,
    );
    const [recent] = (counted as unknown as { rows: { n: number | string }[] }).rows;
    const limit = Math.min(free, PER_SECOND - Number(recent?.n ?? 0));
    if (limit <= 0) return [];
    const claimed = await db
      .update(telegramMessages)
      .set({ lockedUntil: lease, attempts: sql`${telegramMessages.attempts} + 1`, lastAttemptAt: now })
      .where(
        sql`${telegramMessages.id} in (select t.id from telegram_messages t
          where t.status = 'pending' and t.next_attempt_at <= ${at}::timestamptz and (t.locked_until is null or t.locked_until < ${at}::timestamptz)
            and not exists (select 1 from telegram_messages p where p.chat_id = t.chat_id and p.status = 'pending' and p.seq < t.seq)
            and not exists (select 1 from telegram_messages s where s.chat_id = t.chat_id and s.sent_at > ${chatGap}::timestamptz)
          order by t.seq limit ${limit} for update of t skip locked)`,
      )
      .returning({
        id: telegramMessages.id,
        chatId: telegramMessages.chatId,
        userId: telegramMessages.userId,
        kind: telegramMessages.kind,
        text: telegramMessages.text,
        attempts: telegramMessages.attempts,
        lockedUntil: telegramMessages.lockedUntil,
      });
    return claimed.flatMap((row) => (row.lockedUntil ? [{ ...row, lockedUntil: row.lockedUntil }] : []));
  }

  async function run(row: Claimed): Promise<void> {
    const answer = await callBotApi(ctx, 'sendMessage', {
      chat_id: row.chatId,
      text: row.text,
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
    });
    await settle(row, answer);
  }

  async function settle(row: Claimed, answer: BotAnswer): Promise<void> {
    const now = clock.now();
    const mine = and(eq(telegramMessages.id, row.id), eq(telegramMessages.lockedUntil, row.lockedUntil));
    const error = answer.ok ? null : `${answer.status ?? 'no answer'}: ${answer.description ?? ''}`.slice(0, 500);
    if (answer.ok) {
      await db.update(telegramMessages).set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null }).where(mine);
      return;
    }
    if (answer.status === 429) {
      // Waited out, as Telegram asks; the attempt does not count towards the retries.
      const waitMs = Math.max(1, answer.retryAfter ?? 1) * 1000;
      pausedUntil = Math.max(pausedUntil, now.getTime() + waitMs);
      log.warn({ outbox: 'telegram', retryAfter: waitMs / 1000 }, 'Telegram asked the bot to slow down');
      await db
        .update(telegramMessages)
        .set({ nextAttemptAt: new Date(now.getTime() + waitMs), lockedUntil: null, attempts: sql`${telegramMessages.attempts} - 1`, lastError: error })
        .where(mine);
      return;
    }
    if (answer.status === 403) {
      await db.transaction(async (tx) => {
        await tx.update(telegramMessages).set({ status: 'dropped', lockedUntil: null, lastError: error }).where(mine);
        if (!row.userId) return;
        // The user blocked the bot: their Telegram notifications go off (the profile shows it), and what waits for them is dropped.
        await tx.update(users).set({ notifyTelegram: false }).where(eq(users.id, row.userId));
        await tx
          .update(telegramMessages)
          .set({ status: 'dropped', lastError: 'the user blocked the bot' })
          .where(and(eq(telegramMessages.userId, row.userId), eq(telegramMessages.status, 'pending'), eq(telegramMessages.kind, 'notification')));
      });
      log.warn({ outbox: 'telegram', kind: row.kind }, 'Telegram refused a message (403): the bot was blocked or removed');
      return;
    }
    const retryable = answer.status === null || answer.status >= 500 || answer.status === 401 || answer.status === 404;
    const wait = retryable ? RETRY_MS[row.attempts - 1] : undefined;
    await db
      .update(telegramMessages)
      .set(
        wait !== undefined
          ? { nextAttemptAt: new Date(now.getTime() + wait), lockedUntil: null, lastError: error }
          : { status: 'failed', lockedUntil: null, lastError: error },
      )
      .where(mine);
    log.warn({ outbox: 'telegram', kind: row.kind, status: answer.status, retry: wait !== undefined }, 'a Telegram message was not sent');
  }

  return outboxLoop(ctx, 'telegram', claim, run, { pollMs: options.pollMs, maxInFlight: MAX_IN_FLIGHT });
}

/** Drops what waits for an account's chat (Telegram notifications turned off). */
export async function dropWaitingFor(db: AppContext['db'], userIds: string[]): Promise<void> {
  if (!userIds.length) return;
  await db
    .update(telegramMessages)
    .set({ status: 'dropped', lastError: 'Telegram notifications turned off' })
    .where(and(inArray(telegramMessages.userId, userIds), eq(telegramMessages.status, 'pending'), eq(telegramMessages.kind, 'notification')));
}
