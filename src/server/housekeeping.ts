/**
 * Rows that only matter for a while: expired sessions, passed rate-limit
 * windows, remembered idempotency keys, lapsed wallet-proof messages and Discord authorisations. Deleted every 15 minutes by each
 * windows, remembered idempotency keys, lapsed wallet-proof messages and webhook events done with
 * for WEBHOOK_LOG_KEEP_DAYS (with their deliveries and attempts: the delivery log's history). Deleted every 15 minutes by each
 * instance (the deletes are idempotent, so several instances do no harm).
 * (The months' terms, freezes and closes are the seasons job's: features/seasons/job.ts.)
 */
import { and, inArray, lt, sql } from 'drizzle-orm';
import { pruneExpiredSessions } from './auth/sessions.ts';
import type { Db } from './db/client.ts';
import { discordRolePushes, idempotencyKeys, linkStates, rateLimits, telegramMessages, walletProofNonces } from './db/schema.ts';
import { IDEMPOTENCY_TTL_MS } from './mutation.ts';

/** Longer than every rate-limit window (the longest is an hour). */
const RATE_LIMIT_KEEP_MS = 24 * 3_600_000;
export const HOUSEKEEPING_EVERY_MS = 15 * 60_000;
/** A webhook event every delivery of which is delivered or failed is kept this long, for the delivery log. */
export const WEBHOOK_LOG_KEEP_DAYS = 30;

export async function housekeeping(db: Db, now: Date): Promise<void> {
  await pruneExpiredSessions(db, now);
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - RATE_LIMIT_KEEP_MS)));
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
  // A message to sign is of no use once expired (used ones are expired 10 minutes later): the
  // evidence of a proof is its wallet_proofs row, not the nonce.
  await db.delete(walletProofNonces).where(lt(walletProofNonces.expiresAt, now));
  // A Discord authorisation not finished within its 10 minutes.
  await db.delete(linkStates).where(lt(linkStates.expiresAt, now));
  // Never an event still to be delivered: only one all of whose deliveries are done (delivered or failed).
  const before = new Date(now.getTime() - WEBHOOK_LOG_KEEP_DAYS * 86_400_000).toISOString();
  await db.execute(
    sql`delete from webhook_events e where e.created_at < ${before}::timestamptz and not exists (select 1 from webhook_deliveries d where d.event_id = e.id and d.status = 'pending')`,
  );
  // The bot's outboxes (ADR 032): what was sent, dropped or failed, after as long (the super admin's card reads the newest).
  const kept = new Date(now.getTime() - WEBHOOK_LOG_KEEP_DAYS * 86_400_000);
  await db.delete(telegramMessages).where(and(lt(telegramMessages.createdAt, kept), inArray(telegramMessages.status, ['sent', 'dropped', 'failed'])));
  await db.delete(discordRolePushes).where(and(lt(discordRolePushes.createdAt, kept), inArray(discordRolePushes.status, ['sent', 'failed'])));
}
