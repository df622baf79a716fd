import { z } from 'zod';
import { DECISION_STATUSES, type DecisionStatus } from '../enums.ts';
import { ZAdminNotes, moneySchema } from './common.ts';
import { ZRequiredWallet } from './wallet.ts';

export const WITHDRAWAL_MESSAGES = {
  minimum: 'Minimum withdrawal amount is 50 USDT',
  precision: 'Amount can have at most 2 decimal places',
  range: 'Amount is too large',
  insufficient: "You don't have enough USDT to withdraw this amount",
  addressRequired: 'Please enter a valid BEP20 wallet address',
  alreadyDecided: 'This withdrawal request has already been processed',
  suspended: 'Your ambassador account is suspended',
} as const;

export const ZWithdrawalInput = z.object({
  amount: moneySchema({ format: WITHDRAWAL_MESSAGES.minimum, precision: WITHDRAWAL_MESSAGES.precision, range: WITHDRAWAL_MESSAGES.range }),
  walletAddress: ZRequiredWallet,
});
export type TWithdrawalInput = z.input<typeof ZWithdrawalInput>;

/** The admin's notes on a decision; the body may also be left out. */
export const ZWithdrawalDecisionBody = z.object({ adminNotes: ZAdminNotes });

export const ZWithdrawalDecisionInput = ZWithdrawalDecisionBody.nullish().transform((v) => ({ adminNotes: v?.adminNotes ?? null }));

export const WITHDRAWAL_STATUSES = DECISION_STATUSES;
export type WithdrawalStatus = DecisionStatus;
