/**
 * Rows that only matter for a while: expired sessions, passed rate-limit
 * windows, remembered idempotency keys and lapsed wallet-proof messages. Deleted every 15 minutes by each
 * instance (the deletes are idempotent, so several instances do no harm).
 * (The months' terms, freezes and closes are the seasons job's: features/seasons/job.ts.)
 */
import { lt } from 'drizzle-orm';
import { pruneExpiredSessions } from './auth/sessions.ts';
import type { Db } from './db/client.ts';
import { idempotencyKeys, rateLimits, walletProofNonces } from './db/schema.ts';
import { IDEMPOTENCY_TTL_MS } from './mutation.ts';

/** Longer than every rate-limit window (the longest is an hour). */
const RATE_LIMIT_KEEP_MS = 24 * 3_600_000;
export const HOUSEKEEPING_EVERY_MS = 15 * 60_000;

export async function housekeeping(db: Db, now: Date): Promise<void> {
  await pruneExpiredSessions(db, now);
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - RATE_LIMIT_KEEP_MS)));
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
  // A message to sign is of no use once expired (used ones are expired 10 minutes later): the
  // evidence of a proof is its wallet_proofs row, not the nonce.
  await db.delete(walletProofNonces).where(lt(walletProofNonces.expiresAt, now));
}
