/**
 * Proving the payout wallet (issue 30, DECISIONS §6 Wallet proof): the server issues a SIWE message
 * for the saved USDT address (single use, 10 minutes), the wallet signs it, the server checks the
 * signature. Or the person says the address is an exchange deposit address, which cannot sign.
 */
import { useMutation } from '@tanstack/react-query';
import type {
  TWalletExchangeInput,
  TWalletExchangeResult,
  TWalletProofInput,
  TWalletProofNonce,
  TWalletProofResult,
} from '../../../../shared/schemas/wallet-proof.ts';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/wallet/proof/nonce: a new message to sign, for the address saved now. */
export function requestProofMessage(): Promise<TWalletProofNonce> {
  return apiRequest<TWalletProofNonce>('POST', '/api/wallet/proof/nonce');
}

/** POST /api/wallet/proof: the signed message; the address is verified from then on. */
export function submitProof(input: TWalletProofInput): Promise<TWalletProofResult> {
  return apiRequest<TWalletProofResult>('POST', '/api/wallet/proof', input);
}

/** A message for the copy-and-paste way (a wallet app on another device signs it). */
export function useProofMessage() {
  return useMutation({ mutationFn: requestProofMessage });
}

/** The ambassador's record says 'Verified' once this succeeds; the admins' lists label the address. */
export function useSubmitProof() {
  return useMutation({ mutationFn: submitProof });
}

/** How a wallet in the browser takes part in a proof: it names its account, then signs for it. */
export interface BrowserSigner {
  /** The account to prove (refuses with a WalletError when it is not the saved address). */
  connect: () => Promise<string>;
  sign: (message: string, account: string) => Promise<string>;
}

/**
 * A whole proof in one step, for a wallet in the browser: the account first (nothing is issued for
 * a wallet on another account), then the issued message signed, then the signature sent.
 */
export function useProveWith() {
  return useMutation({
    mutationFn: async ({ connect, sign }: BrowserSigner) => {
      const account = await connect();
      const { message } = await requestProofMessage();
      const signature = await sign(message, account);
      return submitProof({ message, signature });
    },
  });
}

/** POST /api/wallet/exchange: the saved address is an exchange deposit address (it cannot sign). */
export function useMarkExchange() {
  return useMutation({
    mutationFn: () => apiRequest<TWalletExchangeResult>('POST', '/api/wallet/exchange', { acknowledged: true } satisfies TWalletExchangeInput),
  });
}
