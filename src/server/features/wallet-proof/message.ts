/**
 * The EIP-4361 (Sign-In with Ethereum) message an ambassador signs to prove the saved USDT address
 * (DECISIONS §6, Wallet proof; docs/decisions/023-wallet-proof.md). The server builds it with viem's
 * SIWE utilities and keeps it beside its nonce: what comes back must be exactly that text.
 */
import { randomBytes } from 'node:crypto';
import { createSiweMessage } from 'viem/siwe';
import { PROGRAMME_BRAND } from '../../../shared/limits.ts';
import { WALLET_PROOF_CHAIN_ID, WALLET_PROOF_NONCE_MINUTES } from '../../../shared/schemas/wallet-proof.ts';

/** What the message binds to: APP_URL's authority (host and port) and scheme, and APP_URL itself. */
export interface SiweOrigin {
  domain: string;
  /** Only when APP_URL is not https (EIP-4361's default scheme). */
  scheme: string | undefined;
  uri: string;
}

export function siweOrigin(appUrl: string): SiweOrigin {
  const url = new URL(appUrl);
  const scheme = url.protocol.replace(/:$/, '');
  return { domain: url.host, scheme: scheme === 'https' ? undefined : scheme, uri: appUrl };
}

/** 'I confirm 0x… receives my USDT payouts from the GoalChain ambassador programme'. */
export function proofStatement(address: string): string {
  return `I confirm ${address} receives my USDT payouts from the ${PROGRAMME_BRAND} ambassador programme`;
}

/** The resource naming the ambassador whose payouts the address receives. */
export function ambassadorResource(appUrl: string, ambassadorId: string): string {
  return `${appUrl}/ambassadors/${ambassadorId}`;
}

export interface IssuedMessage {
  nonce: string;
  message: string;
  issuedAt: Date;
  expiresAt: Date;
}

/**
 * A nonce of 128 bits from the operating system's generator, as 32 hexadecimal characters (EIP-4361
 * asks for at least 8 alphanumeric ones). Not viem's generateSiweNonce: that one takes overlapping
 * slices of one Math.random buffer, so nonces issued one after another share most of their text.
 */
export function newNonce(): string {
  return randomBytes(16).toString('hex');
}

/** A fresh message for `address`, with a new nonce, valid 10 minutes from `now`. */
export function buildProofMessage(appUrl: string, ambassadorId: string, address: `0x${string}`, now: Date): IssuedMessage {
  const origin = siweOrigin(appUrl);
  const nonce = newNonce();
  const expiresAt = new Date(now.getTime() + WALLET_PROOF_NONCE_MINUTES * 60_000);
  const message = createSiweMessage({
    domain: origin.domain,
    ...(origin.scheme ? { scheme: origin.scheme } : {}),
    address,
    statement: proofStatement(address),
    uri: origin.uri,
    version: '1',
    chainId: WALLET_PROOF_CHAIN_ID,
    nonce,
    issuedAt: now,
    expirationTime: expiresAt,
    resources: [ambassadorResource(appUrl, ambassadorId)],
  });
  return { nonce, message, issuedAt: now, expiresAt };
}
