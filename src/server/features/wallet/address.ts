/**
 * The payout address and its change hold (DECISIONS §5, Wallet change hold). The first USDT address
 * saved has no hold. Any later change (a new address, or clearing it) is recorded with its time,
 * emailed to the account (a security email, always sent), and pauses withdrawal requests for
 * WALLET_CHANGE_HOLD_HOURS, computed from that stored time, never from the client.
 */
import { walletChangedNotification } from '../../email/notifications.ts';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ambassadors, withdrawalRequests } from '../../db/schema.ts';
import { walletChangedEmail } from '../../email/templates.ts';
import { AppError, valueError } from '../../errors.ts';
import type { Mutation } from '../../mutation.ts';
import { notify } from '../notifications/index.ts';
import { CLEARED_PROOF, walletProofOf } from '../wallet-proof/index.ts';
import { WALLET_PROOF_REFUSALS } from '../../../shared/schemas/messages.ts';

type AmbassadorRow = typeof ambassadors.$inferSelect;

/** 403 WALLET_CHANGE_HOLD: withdrawals wait after an address change. */
export function holdRefusal(config: Pick<Config, 'payouts'>): AppError {
  return valueError('FORBIDDEN', 'WALLET_CHANGE_HOLD', { hours: String(config.payouts.walletChangeHoldHours) });
}

/** When withdrawals may be requested again, or null when they are not paused. */
export function withdrawalsPausedUntil(config: Pick<Config, 'payouts'>, row: Pick<AmbassadorRow, 'usdtWalletChangedAt'>, now: Date): Date | null {
  if (!row.usdtWalletChangedAt) return null;
  const until = new Date(row.usdtWalletChangedAt.getTime() + config.payouts.walletChangeHoldMs);
  return until.getTime() > now.getTime() ? until : null;
}

export function assertNotPaused(config: Pick<Config, 'payouts'>, row: Pick<AmbassadorRow, 'usdtWalletChangedAt'>, now: Date): void {
  if (withdrawalsPausedUntil(config, row, now)) throw holdRefusal(config);
}

/**
 * The exchange hold (DECISIONS §6, Wallet proof; docs/decisions/022): the first withdrawal to an
 * address declared an exchange deposit address waits EXCHANGE_ADDRESS_HOLD_HOURS from the
 * declaration. Not the first: the ambassador already asked for a withdrawal to it that was not
 * rejected (pending, approved or paid). Answers when withdrawals may be requested, or null.
 */
export async function exchangeHoldUntil(
  db: Db,
  config: Pick<Config, 'payouts'>,
  row: Pick<AmbassadorRow, 'id' | 'usdtWalletAddress' | 'walletVerifiedAt' | 'walletExchangeAt'>,
  now: Date,
): Promise<Date | null> {
  if (walletProofOf(row) !== 'exchange' || !row.walletExchangeAt || !row.usdtWalletAddress) return null;
  const until = new Date(row.walletExchangeAt.getTime() + config.payouts.exchangeHoldMs);
  if (until.getTime() <= now.getTime()) return null;
  const earlier = await db
    .select({ id: withdrawalRequests.id })
    .from(withdrawalRequests)
    .where(
      and(
        eq(withdrawalRequests.ambassadorId, row.id),
        sql`lower(${withdrawalRequests.walletAddress}) = lower(${row.usdtWalletAddress})`,
        // A request rejected or taken back paid nothing: the exchange's first payout is still to come.
        notInArray(withdrawalRequests.status, ['rejected', 'cancelled']),
      ),
    )
    .limit(1);
  return earlier.length ? null : until;
}

/**
 * What a withdrawal request needs of the saved address's proof, inside its transaction (the row
 * locked): under WALLET_PROOF=required, a proof or a declaration; for a declared exchange address,
 * the first withdrawal waits out the exchange hold. Answers how the address stands.
 */
export async function assertProofAllows(db: Db, config: Pick<Config, 'payouts'>, row: AmbassadorRow, now: Date): Promise<'verified' | 'exchange' | 'none'> {
  const proof = walletProofOf(row);
  if (proof === 'none' && config.payouts.walletProof === 'required') {
    throw new AppError('FORBIDDEN', WALLET_PROOF_REFUSALS.required, undefined, 'WALLET_PROOF_REQUIRED');
  }
  if (await exchangeHoldUntil(db, config, row, now)) {
    throw valueError('FORBIDDEN', 'EXCHANGE_ADDRESS_HOLD', { hours: String(config.payouts.exchangeHoldHours) });
  }
  return proof;
}

/**
 * The fields to write when the USDT address becomes `next` (inside the change's transaction), and
 * the email to the account when it is a change rather than the first address. Answers whether a
 * hold started.
 */
export async function recordUsdtAddress(m: Mutation, row: AmbassadorRow, next: string | null): Promise<{ set: Partial<AmbassadorRow>; held: boolean }> {
  if (next === row.usdtWalletAddress) return { set: {}, held: false };
  const first = row.usdtWalletAddress === null && row.usdtWalletChangedAt === null;
  // Another address is not the one proven or declared (DECISIONS §6, Wallet proof): its proof starts over.
  if (first) return { set: { usdtWalletAddress: next, ...CLEARED_PROOF }, held: false };
  const hours = m.ctx.config.payouts.walletChangeHoldHours;
  await notify(m, row.userId, (locale) => walletChangedNotification({ address: next, holdHours: hours }, locale), {
    to: row.email,
    content: (locale) => walletChangedEmail({ name: row.fullName, address: next, holdHours: hours, appUrl: m.ctx.config.appUrl, locale }),
    security: true,
  });
  return { set: { usdtWalletAddress: next, usdtWalletChangedAt: m.now, ...CLEARED_PROOF }, held: true };
}

/** Saves the address a withdrawal request names, when it differs from the saved one. Answers whether a hold started. */
export async function saveRequestedAddress(m: Mutation, row: AmbassadorRow, address: string): Promise<boolean> {
  const { set, held } = await recordUsdtAddress(m, row, address);
  if (Object.keys(set).length)
    await m.tx
      .update(ambassadors)
      .set({ ...set, updatedAt: m.now })
      .where(eq(ambassadors.id, row.id));
  return held;
}
