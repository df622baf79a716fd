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
  secondApproval: 'A second admin must approve this withdrawal',
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

export const PAYOUT_MESSAGES_SHARED = {
  ids: 'Select between 1 and 500 approved withdrawals',
  txHash: 'Enter the transaction hash: 0x followed by 64 hexadecimal characters',
} as const;

export const ZMarkPaidInput = z.object({
  ids: z
    .array(z.string().regex(/^[0-9a-fA-F-]{36}$/, PAYOUT_MESSAGES_SHARED.ids), { error: PAYOUT_MESSAGES_SHARED.ids })
    .min(1, PAYOUT_MESSAGES_SHARED.ids)
    .max(500, PAYOUT_MESSAGES_SHARED.ids),
  txHash: z
    .string({ error: PAYOUT_MESSAGES_SHARED.txHash })
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, PAYOUT_MESSAGES_SHARED.txHash),
});
export type TMarkPaidInput = z.input<typeof ZMarkPaidInput>;

export const ZExportQuery = z.object({ format: z.enum(['safe', 'plain'], { error: 'format must be safe or plain' }).default('safe') });
