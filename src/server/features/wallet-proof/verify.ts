/**
 * Whether a signature of the issued message was made by the address (docs/decisions/023-wallet-proof.md).
 * A plain account (an address with a private key) is checked here by recovering the signer with
 * viem, no network needed. A smart account (a contract: ERC-1271, or ERC-6492 before it is deployed)
 * can only be asked on chain: with BSC_RPC_URL set, viem's public client `verifyMessage` does it;
 * without it, such a signature is refused saying so. Nothing else about the wallet is sent anywhere.
 */
import type { Address, Hex } from 'viem';
import type { Config } from '../../config.ts';
import { AppError, badRequest, unavailable } from '../../errors.ts';
import { rpcFailure } from '../../rpc.ts';
import type { AppContext } from '../../context.ts';
import { WALLET_SIGNATURE_REFUSALS } from '../../../shared/schemas/messages.ts';

// viem's signature and client modules are loaded on the first proof, not at start (as chain.ts does).
const loadViem = () => import('viem');

export type ProofMethod = 'eoa' | 'contract';

/** Bytes of a plain ECDSA signature: r, s and v (65), or EIP-2098's compact r and yParity+s (64). */
const PLAIN_SIGNATURE_BYTES = [64, 65];

/** The signature's two refusals, each said of the field with its own code. */
const malformedSignature = () => badRequest(WALLET_SIGNATURE_REFUSALS.malformed, 'signature', 'WALLET_PROOF_SIGNATURE_MALFORMED');
const invalidSignature = () => badRequest(WALLET_SIGNATURE_REFUSALS.invalid, 'signature', 'WALLET_PROOF_SIGNATURE_INVALID');

/**
 * Answers how `signature` was verified for `address` over `message` (EIP-191 personal_sign), or
 * throws: 400 malformed or not by that address, 422 a smart-account signature without a node to
 * ask, 503 the node could not be asked.
 */
export async function verifyProofSignature(
  ctx: Pick<AppContext, 'log'> & { config: Pick<Config, 'payouts'> },
  address: Address,
  message: string,
  signature: Hex,
): Promise<ProofMethod> {
  const { isAddressEqual, isErc6492Signature, recoverMessageAddress } = await loadViem();
  const bytes = (signature.length - 2) / 2;
  const plain = PLAIN_SIGNATURE_BYTES.includes(bytes);
  if (plain) {
    let signer: Address | undefined;
    try {
      signer = await recoverMessageAddress({ message, signature });
    } catch {
      signer = undefined;
    }
    if (signer && isAddressEqual(signer, address)) return 'eoa';
    // A signature that does not recover to any key is malformed, unless a contract may accept it.
    if (!signer && !ctx.config.payouts.rpcUrl) throw malformedSignature();
  }
  const { rpcUrl, rpcTimeoutMs } = ctx.config.payouts;
  if (!rpcUrl) {
    if (plain) throw invalidSignature();
    // Longer signatures are those of contracts (ERC-1271 schemes, ERC-6492 wrappers).
    if (isErc6492Signature(signature) || bytes > 65)
      throw new AppError('UNPROCESSABLE', WALLET_SIGNATURE_REFUSALS.contractUnsupported, undefined, 'WALLET_PROOF_CONTRACT_UNSUPPORTED');
    throw malformedSignature();
  }
  const { createPublicClient, http } = await loadViem();
  // One short try, as for a payout receipt: the ambassador waits for the answer and may try again.
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: rpcTimeoutMs, retryCount: 0 }) });
  let valid: boolean;
  try {
    // ERC-6492 (a counterfactual account, deployed in a simulated call) or ERC-1271 (isValidSignature), by viem.
    valid = await client.verifyMessage({ address, message, signature });
  } catch (error) {
    ctx.log.warn({ reason: await rpcFailure(error) }, 'could not verify a wallet proof on chain');
    const failure = unavailable(WALLET_SIGNATURE_REFUSALS.unreachable);
    failure.cause = error;
    throw failure;
  }
  if (!valid) throw invalidSignature();
  return 'contract';
}
