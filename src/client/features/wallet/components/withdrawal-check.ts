import { compareMoney, readMoneyInput } from '../../../../shared/money.ts';
import { MIN_WITHDRAWAL_USDT } from '../../../../shared/limits.ts';

export type WithdrawalProblem =
  | { field: 'amount'; title: 'Invalid Amount' | 'Insufficient Balance'; message: string }
  | { field: 'walletAddress'; title: 'Invalid Address'; message: string };

export const WITHDRAWAL_TEXTS = {
  minimum: 'Minimum withdrawal amount is 50 USDT',
  precision: 'Amount can have at most 2 decimal places',
  insufficient: "You don't have enough USDT to withdraw this amount",
  address: 'Please enter a valid BEP20 wallet address',
} as const;

/**
 * The withdrawal dialog's checks of spec §5, in order, against the withdrawable
 * balance (DECISIONS §3). Exact: amounts compared as cents.
 */
export function checkWithdrawal(
  amountText: string,
  walletAddress: string,
  withdrawable: string,
): { ok: true; amount: number; walletAddress: string } | { ok: false; problem: WithdrawalProblem } {
  const read = readMoneyInput(amountText);
  if (!read.ok) {
    const message = read.problem === 'precision' ? WITHDRAWAL_TEXTS.precision : WITHDRAWAL_TEXTS.minimum;
    return { ok: false, problem: { field: 'amount', title: 'Invalid Amount', message } };
  }
  if (compareMoney(read.value, MIN_WITHDRAWAL_USDT) < 0) {
    return { ok: false, problem: { field: 'amount', title: 'Invalid Amount', message: WITHDRAWAL_TEXTS.minimum } };
  }
  if (compareMoney(read.value, withdrawable) > 0) {
    return { ok: false, problem: { field: 'amount', title: 'Insufficient Balance', message: WITHDRAWAL_TEXTS.insufficient } };
  }
  const address = walletAddress.trim();
  if (!address) return { ok: false, problem: { field: 'walletAddress', title: 'Invalid Address', message: WITHDRAWAL_TEXTS.address } };
  return { ok: true, amount: Number(read.value), walletAddress: address };
}
