/**
 * A call to a BNB Smart Chain node (BSC_RPC_URL) that failed, as the log may say it: the payout's
 * check (features/wallet/chain.ts), a smart account's proof (features/wallet-proof/verify.ts) and a
 * task's on-chain check (features/tasks/verify.ts) share it.
 */

// viem is loaded on the first failure, not at start (it is one of the heaviest modules to load).
const loadViem = () => import('viem');

/** Why the node could not be asked, without its URL (which may carry an API key). */
export async function rpcFailure(error: unknown): Promise<string> {
  const { BaseError } = await loadViem();
  if (error instanceof BaseError) return [error.shortMessage, error.details].filter(Boolean).join(' ');
  return error instanceof Error ? error.name : String(error);
}
