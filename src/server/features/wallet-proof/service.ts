/**
 * Payout wallets proven by signature (DECISIONS §6, Wallet proof; docs/decisions/023-wallet-proof.md).
 *
 * - A message to sign is issued for the saved USDT address (message.ts): its nonce is kept with the
 *   message, the address and an expiry 10 minutes on.
 * - The signed message comes back: it must name this app's domain, chain 56 and the saved address,
 *   carry a nonce this ambassador was issued, and be that message word for word; the signature must
 *   be the address's (verify.ts). Then, in one transaction, the nonce is consumed by a single UPDATE
 *   that only an unused, unexpired nonce matches (parallel requests: exactly one gets the row), the
 *   proof is kept (wallet_proofs) and set on the ambassador, the withdrawals not yet paid to that
 *   address are raised to `verified`, and the activity log records the message and the signature.
 * - An exchange deposit address cannot sign: the ambassador declares it instead; its first
 *   withdrawal then waits EXCHANGE_ADDRESS_HOLD_HOURS from the declaration (address.ts).
 * - A changed address clears the proof and the declaration (wallet/address.ts).
 */
import { queueRolePush } from '../discord-roles/index.ts';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { parseSiweMessage } from 'viem/siwe';
import type { Address, Hex } from 'viem';
import type { WalletProof } from '../../../shared/enums.ts';
import {
  WALLET_PROOF_CHAIN_ID,
  type TWalletExchangeResult,
  type TWalletProofNonce,
  type TWalletProofResult,
  type WalletProofCode,
} from '../../../shared/schemas/wallet-proof.ts';
import { WALLET_PROOF_REFUSALS } from '../../../shared/schemas/messages.ts';
import { consumeAll, type Limit } from '../../auth/rate-limit.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { ambassadors, walletProofNonces, walletProofs, withdrawalRequests } from '../../db/schema.ts';
import { AppError, type ErrorCode } from '../../errors.ts';
import { valueMessage } from '../../../shared/error-codes.ts';
import { withTransaction, type Mutation } from '../../mutation.ts';
import { lockAmbassador } from '../ledger/index.ts';
import { buildProofMessage, siweOrigin } from './message.ts';
import { verifyProofSignature } from './verify.ts';

type AmbassadorRow = typeof ambassadors.$inferSelect;

function refusal(code: ErrorCode, reason: WalletProofCode, message: string, field?: string, values?: Record<string, string>): AppError {
  return new AppError(code, message, field ? [{ path: field, message, code: reason, ...(values ? { values } : {}) }] : undefined, reason, values);
}

/** A signed message made for another site or chain: its sentence says which (VALUE_TEXTS). */
function valueRefusal(reason: 'WALLET_PROOF_DOMAIN' | 'WALLET_PROOF_CHAIN', values: Record<string, string>): AppError {
  return refusal('BAD_REQUEST', reason, valueMessage(reason, values), 'message', values);
}

/** The proof of a saved address as its row has it. */
export function walletProofOf(row: Pick<AmbassadorRow, 'usdtWalletAddress' | 'walletVerifiedAt' | 'walletExchangeAt'>): WalletProof {
  if (!row.usdtWalletAddress) return 'none';
  if (row.walletVerifiedAt) return 'verified';
  if (row.walletExchangeAt) return 'exchange';
  return 'none';
}

/** What a changed USDT address sets beside itself: no proof, no declaration (wallet/address.ts). */
export const CLEARED_PROOF = { walletProofId: null, walletVerifiedAt: null, walletExchangeAt: null } as const;

/** Messages asked for, and signatures sent back, per account in LOGIN_WINDOW_MINUTES: room for a few fumbles, not for a flood. */
export const WALLET_PROOF_ATTEMPTS = 30;

/**
 * Asking for messages: per account and per network address (LOGIN_MAX_FAILURES_PER_ADDRESS), in
 * LOGIN_WINDOW_MINUTES, as the other sensitive routes are limited.
 */
function nonceLimits(ctx: AppContext, userId: string, address: string): Limit[] {
  const { rateLimits } = ctx.config;
  return [
    { key: `wallet-proof:account:${userId}`, max: WALLET_PROOF_ATTEMPTS, windowMs: rateLimits.loginWindowMs },
    { key: `wallet-proof:address:${address}`, max: rateLimits.loginPerAddress, windowMs: rateLimits.loginWindowMs },
  ];
}

/** Sending signatures back (each may ask the chain): the same allowance, counted apart. */
function proofLimits(ctx: AppContext, userId: string, address: string): Limit[] {
  return nonceLimits(ctx, userId, address).map((limit) => ({ ...limit, key: `${limit.key}:proof` }));
}

/** POST /api/wallet/proof/nonce: a message to sign for the saved address, single use, valid 10 minutes. */
export async function issueProofNonce(ctx: AppContext, actor: SessionUser, row: AmbassadorRow, clientAddress: string): Promise<TWalletProofNonce> {
  if (!row.usdtWalletAddress) throw refusal('CONFLICT', 'WALLET_PROOF_NO_ADDRESS', WALLET_PROOF_REFUSALS.noAddress);
  await consumeAll(ctx.db, nonceLimits(ctx, actor.id, clientAddress), ctx.clock.now(), WALLET_PROOF_REFUSALS.tooMany);
  return withTransaction(ctx, actor, async ({ tx, now }) => {
    const ambassador = await lockAmbassador(tx, row.id);
    const address = ambassador.usdtWalletAddress;
    if (!address) throw refusal('CONFLICT', 'WALLET_PROOF_NO_ADDRESS', WALLET_PROOF_REFUSALS.noAddress);
    if (ambassador.walletVerifiedAt) throw refusal('CONFLICT', 'WALLET_PROOF_ALREADY_VERIFIED', WALLET_PROOF_REFUSALS.alreadyVerified);
    // This ambassador's spent and lapsed messages are of no more use: the table keeps only live ones.
    await tx
      .delete(walletProofNonces)
      .where(and(eq(walletProofNonces.ambassadorId, ambassador.id), or(lt(walletProofNonces.expiresAt, now), sql`${walletProofNonces.usedAt} is not null`)));
    const issued = buildProofMessage(ctx.config.appUrl, ambassador.id, address as Address, now);
    await tx.insert(walletProofNonces).values({
      nonce: issued.nonce,
      ambassadorId: ambassador.id,
      address,
      message: issued.message,
      issuedAt: issued.issuedAt,
      expiresAt: issued.expiresAt,
    });
    return { nonce: issued.nonce, message: issued.message, expiresAt: issued.expiresAt.toISOString() };
  });
}

/**
 * POST /api/wallet/proof. The checks that need no signature come first, each with its own refusal;
 * the signature is checked outside any transaction (a smart account's is asked of the chain); then
 * the nonce is consumed and the proof recorded in one transaction.
 */
export async function submitProof(
  ctx: AppContext,
  actor: SessionUser,
  row: AmbassadorRow,
  input: { message: string; signature: string },
  clientAddress: string,
): Promise<TWalletProofResult> {
  await consumeAll(ctx.db, proofLimits(ctx, actor.id, clientAddress), ctx.clock.now(), WALLET_PROOF_REFUSALS.tooMany);
  const saved = row.usdtWalletAddress;
  if (!saved) throw refusal('CONFLICT', 'WALLET_PROOF_NO_ADDRESS', WALLET_PROOF_REFUSALS.noAddress);
  let parsed: ReturnType<typeof parseSiweMessage>;
  try {
    parsed = parseSiweMessage(input.message);
  } catch {
    parsed = {};
  }
  if (!parsed.address || !parsed.domain || parsed.chainId === undefined || !parsed.nonce || !parsed.uri || parsed.version !== '1') {
    throw refusal('BAD_REQUEST', 'WALLET_PROOF_MESSAGE_MALFORMED', WALLET_PROOF_REFUSALS.malformed, 'message');
  }
  const origin = siweOrigin(ctx.config.appUrl);
  if (parsed.domain !== origin.domain) throw valueRefusal('WALLET_PROOF_DOMAIN', { expected: origin.domain, got: parsed.domain });
  if (parsed.chainId !== WALLET_PROOF_CHAIN_ID) throw valueRefusal('WALLET_PROOF_CHAIN', { got: String(parsed.chainId) });
  if (parsed.address.toLowerCase() !== saved.toLowerCase()) throw refusal('BAD_REQUEST', 'WALLET_PROOF_ADDRESS', WALLET_PROOF_REFUSALS.address, 'message');

  const issued = (
    await ctx.db
      .select()
      .from(walletProofNonces)
      .where(and(eq(walletProofNonces.nonce, parsed.nonce), eq(walletProofNonces.ambassadorId, row.id)))
  )[0];
  // Not issued to this ambassador, or altered in any way (statement, resource, times, scheme...).
  if (!issued || issued.message !== input.message) throw refusal('BAD_REQUEST', 'WALLET_PROOF_MESSAGE_NOT_ISSUED', WALLET_PROOF_REFUSALS.notIssued, 'message');
  if (issued.usedAt) throw refusal('CONFLICT', 'WALLET_PROOF_NONCE_USED', WALLET_PROOF_REFUSALS.used);
  if (issued.expiresAt.getTime() <= ctx.clock.now().getTime()) throw refusal('CONFLICT', 'WALLET_PROOF_NONCE_EXPIRED', WALLET_PROOF_REFUSALS.expired);

  const signature = input.signature as Hex;
  const method = await verifyProofSignature(ctx, saved as Address, input.message, signature);

  return withTransaction(ctx, actor, async (m) => {
    const { tx, now } = m;
    // Single use: one UPDATE that only a live nonce matches. Requests racing with the same message
    // queue on its row; the first one's commit makes the others match nothing.
    const consumed = await tx
      .update(walletProofNonces)
      .set({ usedAt: now })
      .where(and(eq(walletProofNonces.nonce, issued.nonce), isNull(walletProofNonces.usedAt), gt(walletProofNonces.expiresAt, now)))
      .returning({ address: walletProofNonces.address });
    if (!consumed.length) {
      const expired = issued.expiresAt.getTime() <= now.getTime();
      throw refusal(
        'CONFLICT',
        expired ? 'WALLET_PROOF_NONCE_EXPIRED' : 'WALLET_PROOF_NONCE_USED',
        expired ? WALLET_PROOF_REFUSALS.expired : WALLET_PROOF_REFUSALS.used,
      );
    }
    const ambassador = await lockAmbassador(tx, row.id);
    // The address may have changed while the signature was checked: the proof is of the one signed.
    if (ambassador.usdtWalletAddress?.toLowerCase() !== issued.address.toLowerCase()) {
      throw refusal('CONFLICT', 'WALLET_PROOF_ADDRESS', WALLET_PROOF_REFUSALS.address);
    }
    const address = ambassador.usdtWalletAddress;
    const proof = (
      await tx
        .insert(walletProofs)
        .values({ ambassadorId: ambassador.id, address, message: input.message, signature, method, verifiedAt: now })
        .returning({ id: walletProofs.id })
    )[0];
    if (!proof) throw new Error('insert returned nothing');
    await tx
      .update(ambassadors)
      .set({ walletProofId: proof.id, walletVerifiedAt: now, walletExchangeAt: null, updatedAt: now })
      .where(eq(ambassadors.id, ambassador.id));
    await raiseUnpaid(m, ambassador.id, address, 'verified', proof.id);
    await queueRolePush(m, ambassador.id);
    await m.audit(
      'verify_payout_wallet',
      { type: 'ambassador', id: ambassador.id },
      `${ambassador.email}: proved ${address} by an EIP-4361 signature (${method === 'eoa' ? 'the address’s own key' : 'a smart account, checked on chain'})`,
      {
        walletProof: [walletProofOf(ambassador), 'verified'],
        walletProofMessage: [null, input.message],
        walletProofSignature: [null, signature],
      },
    );
    return { walletProof: 'verified' as const, walletVerifiedAt: now.toISOString() };
  });
}

/** POST /api/wallet/exchange: the saved address is an exchange deposit address (it cannot sign). Saying it again changes nothing. */
export async function declareExchange(ctx: AppContext, actor: SessionUser, row: AmbassadorRow): Promise<TWalletExchangeResult> {
  return withTransaction(ctx, actor, async (m) => {
    const { tx, now } = m;
    const ambassador = await lockAmbassador(tx, row.id);
    const address = ambassador.usdtWalletAddress;
    if (!address) throw refusal('CONFLICT', 'WALLET_PROOF_NO_ADDRESS', WALLET_PROOF_REFUSALS.noAddress);
    if (ambassador.walletVerifiedAt) throw refusal('CONFLICT', 'WALLET_PROOF_EXCHANGE_VERIFIED', WALLET_PROOF_REFUSALS.exchangeVerified);
    // Said again: the first declaration stands, so its hold is not started over.
    if (ambassador.walletExchangeAt) return { walletProof: 'exchange' as const, walletExchangeAt: ambassador.walletExchangeAt.toISOString() };
    await tx.update(ambassadors).set({ walletExchangeAt: now, updatedAt: now }).where(eq(ambassadors.id, ambassador.id));
    await raiseUnpaid(m, ambassador.id, address, 'exchange', null);
    await m.audit(
      'declare_exchange_wallet',
      { type: 'ambassador', id: ambassador.id },
      `${ambassador.email}: ${address} is an exchange deposit address (unverified)`,
      {
        walletProof: ['none', 'exchange'],
      },
    );
    return { walletProof: 'exchange' as const, walletExchangeAt: now.toISOString() };
  });
}

/**
 * The ambassador's withdrawals to `address` not yet paid now stand as the address does: a proof
 * made after a request covers it (an admin paying the batch sees it), and a declaration labels one
 * that was `none`. Paid and rejected ones keep how they stood.
 */
async function raiseUnpaid(m: Mutation, ambassadorId: string, address: string, proof: 'verified' | 'exchange', proofId: string | null): Promise<void> {
  await m.tx
    .update(withdrawalRequests)
    .set({ walletProof: proof, walletProofId: proofId })
    .where(
      and(
        eq(withdrawalRequests.ambassadorId, ambassadorId),
        sql`lower(${withdrawalRequests.walletAddress}) = lower(${address})`,
        isNull(withdrawalRequests.txHash),
        sql`${withdrawalRequests.status} not in ('rejected', 'cancelled')`,
        proof === 'exchange' ? eq(withdrawalRequests.walletProof, 'none') : undefined,
      ),
    );
}
