import { z } from 'zod';
import { MIN_WITHDRAWAL_USDT } from '../../../../shared/limits.ts';
import { compareMoney } from '../../../../shared/money.ts';
import { WITHDRAWAL_MESSAGES, ZWithdrawalInput } from '../../../../shared/schemas/withdrawals.ts';

/**
 * The withdrawal dialog's schema: the shared request schema (the amount read exactly, at most 2
 * decimals) with what only the page can check, in spec §5's order: the minimum, then the
 * withdrawable balance (DECISIONS §3), compared as cents. The address need only be there: whether
 * it is a valid BEP20 address is the server's answer, shown as 'Request Failed'.
 */
export function withdrawalForm(withdrawable: string) {
  return ZWithdrawalInput.extend({ walletAddress: z.string().trim().min(1, WITHDRAWAL_MESSAGES.addressRequired) }).superRefine(({ amount }, ctx) => {
    if (compareMoney(amount, MIN_WITHDRAWAL_USDT) < 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: WITHDRAWAL_MESSAGES.minimum });
    else if (compareMoney(amount, withdrawable) > 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: WITHDRAWAL_MESSAGES.insufficient });
  });
}

/** Spec §5's toast titles for the dialog's messages. */
export function problemTitle(field: 'amount' | 'walletAddress', message: string): 'Invalid Amount' | 'Insufficient Balance' | 'Invalid Address' {
  if (field === 'walletAddress') return 'Invalid Address';
  return message === WITHDRAWAL_MESSAGES.insufficient ? 'Insufficient Balance' : 'Invalid Amount';
}
