import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { MIN_WITHDRAWAL_USDT } from '../../../../shared/limits.ts';
import { localizedAmount } from '../../../../shared/money-input.ts';
import { compareMoney } from '../../../../shared/money.ts';
import { ZWithdrawalInput } from '../../../../shared/schemas/withdrawals.ts';
import { WITHDRAWAL_MESSAGES } from '../../../../shared/schemas/messages.ts';
import { i18n } from '../../../i18n/i18n.ts';

/**
 * The withdrawal dialog's schema: the shared request schema (the amount read exactly, at most 2
 * decimals) with what only the page can check, in spec §5's order: the minimum, then the
 * withdrawable balance (DECISIONS §3), compared as cents. The address need only be there: whether
 * it is a valid BEP20 address is the server's answer, shown as 'Request Failed'. The amount is
 * read as the page's language writes numbers ('50,5' in Spanish is 50.50, shared/money-input.ts).
 */
export function withdrawalForm(withdrawable: string, locale: string) {
  return ZWithdrawalInput.extend({
    amount: z.preprocess((value) => (typeof value === 'string' ? localizedAmount(value, locale) : value), ZWithdrawalInput.shape.amount),
    walletAddress: z.string().trim().min(1, WITHDRAWAL_MESSAGES.addressRequired),
  }).superRefine(({ amount }, ctx) => {
    if (compareMoney(amount, MIN_WITHDRAWAL_USDT) < 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: WITHDRAWAL_MESSAGES.minimum });
    else if (compareMoney(amount, withdrawable) > 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: WITHDRAWAL_MESSAGES.insufficient });
  });
}

/** Spec §5's toast titles for the dialog's messages ('Invalid Amount', 'Insufficient Balance', 'Invalid Address'), in the page's language. */
export function problemTitle(field: 'amount' | 'walletAddress', message: string): string {
  if (field === 'walletAddress') return i18n._(msg`Invalid Address`);
  return message === WITHDRAWAL_MESSAGES.insufficient ? i18n._(msg`Insufficient Balance`) : i18n._(msg`Invalid Amount`);
}
