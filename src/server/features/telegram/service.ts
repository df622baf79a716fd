/**
 * The Telegram bot (DECISIONS §7, Telegram and Discord; ADR 032): what it writes to the outbox.
 * - A decision, payout, prize or appeal notification also goes to the ambassador's linked chat, in
 *   the notification's transaction and language, unless they turned Telegram off.
 * - A month's freeze and close are posted to TELEGRAM_CHANNEL_ID in the seasons job's transactions.
 * - /start and /rank in a private chat (POST /api/telegram/webhook) are answered through the outbox;
 *   a chat that is not linked learns how to link, and nobody's figures.
 */
import { and, count, desc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badgeForMonthlyGcm } from '../../../shared/badges.ts';
import { formatCents, toCents } from '../../../shared/money.ts';
import { PAGES } from '../../../shared/pages.ts';
import type { NotificationKind } from '../../../shared/schemas/notifications.ts';
import type { TTelegramStatus } from '../../../shared/schemas/settings.ts';
import { monthPeriod } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { ambassadors, linkedAccounts, telegramMessages, users } from '../../db/schema.ts';
import { closedPost, frozenPost, helpReply, nextBadge, notLinkedReply, rankReply, startReply, telegramNotificationText } from '../../email/telegram.ts';
import { withTransaction, type Mutation } from '../../mutation.ts';
import { effectiveMonthly } from '../ledger/index.ts';
import { queueTelegram, telegramChatOf } from './outbox.ts';

/** The notifications that reach Telegram: decisions on reports and withdrawals, payouts, prizes, appeals. */
export const TELEGRAM_KINDS: ReadonlySet<NotificationKind> = new Set([
  'report_approved',
  'report_rejected',
  'withdrawal_approved',
  'withdrawal_rejected',
  'withdrawal_paid',
  'prize_won',
  'appeal_upheld',
  'appeal_overturned',
]);

/** Beside a notification (notifications/service.ts notify), in its transaction: the same words to the linked chat. */
export async function telegramNotification(
  m: Mutation,
  userId: string,
  notificationId: string,
  told: { kind: NotificationKind; title: string; body: string; link: string | null },
): Promise<void> {
  if (!m.ctx.config.providers.telegramBotToken || !TELEGRAM_KINDS.has(told.kind)) return;
  const chat = await telegramChatOf(m.tx, userId);
  if (!chat) return;
  await queueTelegram(m, {
    chatId: chat.chatId,
    userId,
    kind: 'notification',
    dedupeKey: `notification:${notificationId}`,
    text: telegramNotificationText(told, m.ctx.config.appUrl, chat.locale),
  });
}

const hallUrl = (appUrl: string, month: string) => `${appUrl}${PAGES.hallOfFame}?month=${month}`;

/** The channel post of a month's freeze, in the freeze's transaction. */
export async function postFrozen(m: Mutation, f: { month: string; entrantCount: number; beaconRound: number; beaconAt: Date }): Promise<void> {
  await postToChannel(
    m,
    `season.frozen:${f.month}`,
    frozenPost({
      month: f.month,
      entrantCount: f.entrantCount,
      beaconRound: f.beaconRound,
      beaconAt: f.beaconAt.toISOString(),
      hallUrl: hallUrl(m.ctx.config.appUrl, f.month),
    }),
  );
}

/** The channel post of a month's close, in the close's transaction: champions and lottery winners (withheld prizes left out), and where to verify the draw. */
export async function postClosed(
  m: Mutation,
  c: {
    month: string;
    champions: { rank: number; fullName: string; withheld?: unknown }[];
    winners: { position: number; fullName: string; withheld?: unknown }[];
  },
): Promise<void> {
  await postToChannel(
    m,
    `season.closed:${c.month}`,
    closedPost({
      month: c.month,
      champions: c.champions.filter((x) => !x.withheld),
      winners: c.winners.filter((x) => !x.withheld),
      verifyUrl: hallUrl(m.ctx.config.appUrl, c.month),
    }),
  );
}

/** A post to the programme's channel (TELEGRAM_CHANNEL_ID; none without it), once per `dedupeKey`. */
async function postToChannel(m: Mutation, dedupeKey: string, text: string): Promise<void> {
  const channel = m.ctx.config.providers.telegramChannelId;
  if (!channel) return;
  await queueTelegram(m, { chatId: channel, userId: null, kind: 'channel', dedupeKey, text });
}

/** The part of a Telegram Update the bot reads (https://core.telegram.org/bots/api#update); the rest is ignored. */
export const ZTelegramUpdate = z
  .object({
    update_id: z.number().int().nonnegative(),
    message: z
      .object({
        message_id: z.number().int(),
        from: z
          .object({ id: z.number().int(), is_bot: z.boolean().optional(), language_code: z.string().max(35).optional() })
          .loose()
          .optional(),
        chat: z.object({ id: z.number().int(), type: z.string().max(20) }).loose(),
        text: z.string().max(4096).optional(),
      })
      .loose()
      .optional(),
  })
  .loose()
  .describe('A Telegram Update (https://core.telegram.org/bots/api#update): only `update_id` and a private chat’s `message` are read.');
export type TTelegramUpdate = z.infer<typeof ZTelegramUpdate>;

/** The command of a message: `/rank`, `/rank@OurBot` and `/rank anything` are all /rank. */
function commandOf(text: string | undefined): string | null {
  const match = /^\/([a-z_]+)(?:@\w+)?(?:\s|$)/i.exec(text?.trim() ?? '');
  return match?.[1]?.toLowerCase() ?? null;
}

/** The language to answer in: the linked account's saved one, else the one Telegram says the user's app is in. */
function answerLocale(saved: string | null | undefined, telegram: string | undefined): string | null {
  return saved ?? (telegram ? (telegram.split('-')[0] === 'pt' ? 'pt-BR' : (telegram.split('-')[0] ?? null)) : null);
}

/**
 * One update from Telegram: a command in a private chat is answered (through the outbox, keyed by the
 * update's id, so an update Telegram delivers again is answered once); anything else is ignored.
 */
export async function handleUpdate(ctx: AppContext, update: TTelegramUpdate): Promise<void> {
  const message = update.message;
  if (!message?.from || message.chat.type !== 'private' || message.from.is_bot) return;
  const command = commandOf(message.text);
  if (!command) return;
  const telegramUserId = String(message.from.id);
  const chatId = String(message.chat.id);
  const profileUrl = `${ctx.config.appUrl}${PAGES.profile}#linked-accounts`;
  await withTransaction(ctx, null, async (m) => {
    // Only the account this Telegram user linked (the Login Widget proved it): never anyone else's.
    const [linked] = await m.tx
      .select({ ambassador: ambassadors, userId: users.id, locale: users.locale })
      .from(linkedAccounts)
      .innerJoin(ambassadors, eq(ambassadors.id, linkedAccounts.ambassadorId))
      .innerJoin(users, eq(users.id, ambassadors.userId))
      .where(and(eq(linkedAccounts.provider, 'telegram'), eq(linkedAccounts.externalId, telegramUserId), isNull(linkedAccounts.unlinkedAt)));
    const locale = answerLocale(linked?.locale, message.from?.language_code);
    let text: string;
    if (command === 'start') text = startReply({ linkedName: linked?.ambassador.fullName ?? null, profileUrl }, locale);
    else if (command === 'rank') text = linked ? await rankText(m, linked.ambassador, locale) : notLinkedReply(profileUrl, locale);
    else text = helpReply(locale);
    await queueTelegram(m, { chatId, userId: linked?.userId ?? null, kind: 'reply', dedupeKey: `update:${update.update_id}`, text });
  });
}

/** /rank: the place this month (the leaderboard's order: GCM this month, then who joined first), GCM, badge and the next one. */
async function rankText(m: Mutation, row: typeof ambassadors.$inferSelect, locale: string | null): Promise<string> {
  const monthly = effectiveMonthly(row, m.now);
  const period = monthPeriod(m.now);
  let place: number | null = null;
  if (toCents(monthly.monthlyGcm) > 0n) {
    const [ahead] = await m.tx
      .select({ n: count() })
      .from(ambassadors)
      .where(
        and(
          eq(ambassadors.monthlyPeriod, period),
          gt(ambassadors.monthlyGcm, '0'),
          or(
            gt(ambassadors.monthlyGcm, monthly.monthlyGcm),
            and(
              eq(ambassadors.monthlyGcm, monthly.monthlyGcm),
              or(
                sql`${ambassadors.createdAt} < ${row.createdAt.toISOString()}::timestamptz`,
                and(eq(ambassadors.createdAt, row.createdAt), sql`${ambassadors.id} < ${row.id}::uuid`),
              ),
            ),
          ),
        ),
      );
    place = Number(ahead?.n ?? 0) + 1;
  }
  // What the next badge needs is read from the GCM (a pinned badge is shown as it is).
  const earned = badgeForMonthlyGcm(monthly.monthlyGcm);
  const next = nextBadge(row.badgePinned ? monthly.badgeLevel : earned);
  const needs = next ? toCents(String(next.minMonthlyGcm)) - toCents(monthly.monthlyGcm) : 0n;
  return rankReply(
    {
      month: period,
      place,
      monthlyGcm: monthly.monthlyGcm,
      badge: monthly.badgeLevel,
      next: next && needs > 0n ? { badge: next.level, needsGcm: formatCents(needs) } : null,
      leaderboardUrl: `${m.ctx.config.appUrl}${PAGES.leaderboard}`,
    },
    locale,
  );
}

/** The super admin's view: whether the bot is set up and working (never the token). */
export async function telegramStatus(ctx: AppContext): Promise<TTelegramStatus> {
  const p = ctx.config.providers;
  const [lastSent] = await ctx.db
    .select({ at: telegramMessages.sentAt })
    .from(telegramMessages)
    .where(isNotNull(telegramMessages.sentAt))
    .orderBy(desc(telegramMessages.sentAt))
    .limit(1);
  const [lastError] = await ctx.db
    .select({ at: telegramMessages.lastAttemptAt, error: telegramMessages.lastError })
    .from(telegramMessages)
    .where(and(isNotNull(telegramMessages.lastError), isNotNull(telegramMessages.lastAttemptAt)))
    .orderBy(desc(telegramMessages.lastAttemptAt))
    .limit(1);
  const [waiting] = await ctx.db.select({ n: count() }).from(telegramMessages).where(eq(telegramMessages.status, 'pending'));
  const sentAt = lastSent?.at ?? null;
  const errorAt = lastError?.at ?? null;
  return {
    configured: Boolean(p.telegramBotToken),
    channel: Boolean(p.telegramChannelId),
    webhook: Boolean(p.telegramBotToken && p.telegramWebhookSecret),
    lastSentAt: sentAt?.toISOString() ?? null,
    lastError: lastError?.error && errorAt ? { at: errorAt.toISOString(), message: lastError.error } : null,
    waiting: Number(waiting?.n ?? 0),
    working: Boolean(p.telegramBotToken) && sentAt !== null && (errorAt === null || errorAt.getTime() <= sentAt.getTime()),
  };
}
