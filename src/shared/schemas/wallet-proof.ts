/**
 * Payout wallet proof (DECISIONS §6, Wallet proof; docs/decisions/023-wallet-proof.md): an
 * ambassador proves the saved USDT address with a Sign-In with Ethereum (EIP-4361) signature, or
 * says it is an exchange deposit address that cannot sign.
 */
import { z } from 'zod';
import { API_INPUTS, API_OUTPUTS } from './api-names.ts';
import { WALLET_PROOFS, type WalletProof } from '../enums.ts';
import { ZIsoDate } from './common.ts';
import { WALLET_PROOF_MESSAGES } from './messages.ts';

export { WALLET_PROOFS, type WalletProof };
export const WALLET_PROOF_LABELS: Record<WalletProof, string> = {
  verified: /*i18n*/ 'Verified',
  exchange: /*i18n*/ 'Exchange (unverified)',
  none: /*i18n*/ 'Unverified',
};
export const ZWalletProof = z.enum(WALLET_PROOFS).meta({
  description:
    '`verified`: the address signed the programme’s EIP-4361 message; `exchange`: declared an exchange deposit address (cannot sign); `none`: neither.',
});

/** How long an issued message (its nonce) may be signed and sent back. */
export const WALLET_PROOF_NONCE_MINUTES = 10;

/** Longest message accepted back: the issued one is far shorter (about 600 characters). */
export const WALLET_PROOF_MESSAGE_MAX = 4000;
/** Longest signature: a plain one is 65 bytes; a smart account's (ERC-1271, ERC-6492 with its deployment data) is longer. */
export const WALLET_PROOF_SIGNATURE_MAX = 20_000;

/** POST /api/wallet/proof/nonce: the message to sign for the saved address. */
export const ZWalletProofNonce = z.object({
  nonce: z.string().meta({ description: 'Single use, valid 10 minutes, for the saved USDT address.' }),
  message: z.string().meta({ description: 'The EIP-4361 message to sign, exactly as given (personal_sign).' }),
  expiresAt: ZIsoDate.meta({ description: 'After this the message is refused; ask for a new one.' }),
});
export type TWalletProofNonce = z.infer<typeof ZWalletProofNonce>;

/** POST /api/wallet/proof. */
export const ZWalletProofInput = z.object({
  message: z
    .string({ error: WALLET_PROOF_MESSAGES.message })
    .min(1, WALLET_PROOF_MESSAGES.message)
    .max(WALLET_PROOF_MESSAGE_MAX, WALLET_PROOF_MESSAGES.message),
  signature: z
    .string({ error: WALLET_PROOF_MESSAGES.signature })
    .trim()
    .max(WALLET_PROOF_SIGNATURE_MAX, WALLET_PROOF_MESSAGES.signature)
    .regex(/^0x(?:[0-9a-fA-F]{2})+$/, WALLET_PROOF_MESSAGES.signature),
});
export type TWalletProofInput = z.input<typeof ZWalletProofInput>;

export const ZWalletProofResult = z.object({
  walletProof: z.literal('verified'),
  walletVerifiedAt: ZIsoDate,
});
export type TWalletProofResult = z.infer<typeof ZWalletProofResult>;

/** POST /api/wallet/exchange. */
export const ZWalletExchangeInput = z.object({
  acknowledged: z.literal(true, { error: WALLET_PROOF_MESSAGES.acknowledged }),
});
export type TWalletExchangeInput = z.input<typeof ZWalletExchangeInput>;

export const ZWalletExchangeResult = z.object({
  walletProof: z.literal('exchange'),
  /** When the address was marked an exchange deposit address: its first withdrawal waits EXCHANGE_ADDRESS_HOLD_HOURS from then. */
  walletExchangeAt: ZIsoDate,
});
export type TWalletExchangeResult = z.infer<typeof ZWalletExchangeResult>;

/** The admin withdrawal list's and the Safe export's filter by proof. */
export const ZWalletProofQuery = z.object({
  walletProof: z
    .enum(WALLET_PROOFS, { error: 'walletProof must be verified, exchange or none' })
    .optional()
    .meta({ description: 'Only withdrawals whose address stood so: `verified`, `exchange` or `none`.' }),
});

/**
 * The codes (`code` in the error body) of refusals the client acts on or translates.
 */
export const WALLET_PROOF_CODES = [
  'WALLET_PROOF_NO_ADDRESS',
  'WALLET_PROOF_MESSAGE_MALFORMED',
  'WALLET_PROOF_MESSAGE_NOT_ISSUED',
  'WALLET_PROOF_DOMAIN',
  'WALLET_PROOF_CHAIN',
  'WALLET_PROOF_ADDRESS',
  'WALLET_PROOF_NONCE_EXPIRED',
  'WALLET_PROOF_NONCE_USED',
  'WALLET_PROOF_SIGNATURE_MALFORMED',
  'WALLET_PROOF_SIGNATURE_INVALID',
  'WALLET_PROOF_CONTRACT_UNSUPPORTED',
  'WALLET_PROOF_ALREADY_VERIFIED',
  'WALLET_PROOF_EXCHANGE_VERIFIED',
  'WALLET_PROOF_REQUIRED',
  'EXCHANGE_ADDRESS_HOLD',
] as const;
export type WalletProofCode = (typeof WALLET_PROOF_CODES)[number];

// Named in the API document (components/schemas).
API_OUTPUTS.add(ZWalletProofNonce, { id: 'WalletProofNonce' })
  .add(ZWalletProofResult, { id: 'WalletProofResult' })
  .add(ZWalletExchangeResult, { id: 'WalletExchangeResult' });
API_INPUTS.add(ZWalletProofInput, { id: 'WalletProofInput' }).add(ZWalletExchangeInput, { id: 'WalletExchangeInput' });

export { WALLET_PROOF_CHAIN_ID } from '../limits.ts';
