/**
 * On-chain proof of a payout (DECISIONS §5, Money out; docs/decisions/016-on-chain-payout-verification.md).
 * With BSC_RPC_URL set, a batch is marked paid only when its transaction's receipt shows that it
 * succeeded and that the token contract (USDT_TOKEN_ADDRESS) emitted, for each withdrawal, exactly
 * one ERC-20 Transfer to the withdrawal's address for its exact amount in token units
 * (USDT_TOKEN_DECIMALS). The logs are decoded by viem with its standard ERC-20 ABI.
 *
 * The caller runs this before its database transaction, on the withdrawals it read from the
 * database: a network call never holds a transaction open.
 */
import type { Address, Hash, TransactionReceipt } from 'viem';
import type { Config } from '../../config.ts';
import { unavailable, valueError } from '../../errors.ts';
import { ERROR_TEXTS, valueMessage } from '../../../shared/error-codes.ts';

// viem is loaded on the first check, not at start: most instances never verify a payout on chain,
// and it is one of the heaviest modules to load (a start answers /healthz sooner without it).
const loadViem = () => import('viem');

/** A withdrawal about to be marked paid, as the database has it. */
export interface ExpectedPayment {
  id: string;
  /** USDT, a money string such as "100.00". */
  amount: string;
  walletAddress: string;
}

export type PayoutChainConfig = Pick<Config['payouts'], 'rpcUrl' | 'rpcTimeoutMs' | 'tokenAddress' | 'tokenDecimals'>;

/** The answer names at most this many withdrawals in its message; `errors` lists every one. */
const NAMED_IN_MESSAGE = 5;

export const CHAIN_MESSAGES = {
  unreachable: ERROR_TEXTS.CHAIN_UNREACHABLE,
  /** "withdrawal <id> (100.00 USDT to 0x…)", or "withdrawals <id> (…), <id> (…)" for several. */
  withdrawals: (payments: ExpectedPayment[], more = 0) =>
    `${payments.length + more > 1 ? 'withdrawals' : 'withdrawal'} ${payments.map((p) => `${p.id} (${p.amount} USDT to ${p.walletAddress})`).join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
} as const;

/**
 * Checks that `txHash` pays every one of `expected`; answers `{ok: true}` or throws an AppError:
 * 422 when the chain says otherwise (not found, reverted, a withdrawal not paid by it), 503 when the
 * node cannot be asked (refused, timed out, an RPC error), so that nothing is marked paid.
 */
export async function verifyPayout(config: PayoutChainConfig, txHash: string, expected: ExpectedPayment[]): Promise<{ ok: true; blockNumber: bigint }> {
  const { erc20Abi, isAddressEqual, parseEventLogs, parseUnits } = await loadViem();
  const receipt = await readReceipt(config, txHash as Hash);
  if (receipt.status !== 'success') throw valueError('UNPROCESSABLE', 'CHAIN_TX_FAILED', { hash: txHash });

  // Transfer logs that decode with the standard ERC-20 event (strict: the others are dropped) and
  // that the payout token emitted: a Transfer of any other contract pays nothing.
  const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs, strict: true }).filter((log) =>
    isAddressEqual(log.address, config.tokenAddress as Address),
  );
  const found = new Map<string, number>();
  for (const log of transfers) {
    const key = paymentKey(log.args.to, log.args.value);
    found.set(key, (found.get(key) ?? 0) + 1);
  }
  // Exactly one Transfer per withdrawal: withdrawals of the same amount to the same address need as
  // many Transfers as there are of them, no fewer and no more.
  const wanted = new Map<string, ExpectedPayment[]>();
  for (const payment of expected) {
    const key = paymentKey(payment.walletAddress, parseUnits(payment.amount, config.tokenDecimals));
    wanted.set(key, [...(wanted.get(key) ?? []), payment]);
  }
  const missing: ExpectedPayment[] = [];
  const extra: ExpectedPayment[] = [];
  for (const [key, payments] of wanted) {
    const count = found.get(key) ?? 0;
    if (count < payments.length) missing.push(...payments);
    else if (count > payments.length) extra.push(...payments);
  }
  if (missing.length || extra.length) {
    const order = new Map(expected.map((p, i) => [p.id, i]));
    const item = (p: ExpectedPayment, code: 'CHAIN_TX_NOT_PAID' | 'CHAIN_TX_PAID_TWICE') => {
      const values = { hash: txHash, withdrawals: CHAIN_MESSAGES.withdrawals([p]) };
      return { path: `ids.${order.get(p.id) ?? 0}`, message: valueMessage(code, values), code, values };
    };
    const errors = [...missing.map((p) => item(p, 'CHAIN_TX_NOT_PAID')), ...extra.map((p) => item(p, 'CHAIN_TX_PAID_TWICE'))];
    // One code for the whole: what is wrong, or both (CHAIN_TX_MISMATCH, each named in its values).
    const [code, values] =
      missing.length && extra.length
        ? (['CHAIN_TX_MISMATCH', { hash: txHash, notPaid: named(missing), paidTwice: named(extra) }] as const)
        : missing.length
          ? (['CHAIN_TX_NOT_PAID', { hash: txHash, withdrawals: named(missing) }] as const)
          : (['CHAIN_TX_PAID_TWICE', { hash: txHash, withdrawals: named(extra) }] as const);
    throw valueError('UNPROCESSABLE', code, values, errors);
  }
  return { ok: true, blockNumber: receipt.blockNumber };
}

async function readReceipt(config: PayoutChainConfig, hash: Hash): Promise<TransactionReceipt> {
  if (!config.rpcUrl) throw new Error('verifyPayout needs BSC_RPC_URL');
  const { createPublicClient, http, TransactionReceiptNotFoundError } = await loadViem();
  // One short try: an admin waits for the answer, and a failure changes nothing, so they can retry.
  const client = createPublicClient({ transport: http(config.rpcUrl, { timeout: config.rpcTimeoutMs, retryCount: 0 }) });
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) throw valueError('UNPROCESSABLE', 'CHAIN_TX_NOT_FOUND', { hash });
    const failure = unavailable(CHAIN_MESSAGES.unreachable);
    failure.cause = error;
    throw failure;
  }
}

function paymentKey(address: string, value: bigint): string {
  return `${address.toLowerCase()}:${value}`;
}

function named(payments: ExpectedPayment[]): string {
  const shown = payments.slice(0, NAMED_IN_MESSAGE);
  return CHAIN_MESSAGES.withdrawals(shown, payments.length - shown.length);
}
