import { z } from 'zod';
import { DECISION_STATUSES, type DecisionStatus } from '../enums.ts';
import { ZAdminNotes, moneySchema } from './common.ts';
import { ZRequiredWallet } from './wallet.ts';

export const WITHDRAWAL_MESSAGES = {
  minimum: 'Minimum withdrawal amount is 50 USDT',
  /** Not a number at all ("1e2", "fifty", empty): the spec's 'Invalid Amount' case, said plainly. */
  notANumber: 'Enter the amount as a number, like 75 or 75.50',
  precision: 'Amount can have at most 2 decimal places',
  range: 'Amount is too large',
  insufficient: "You don't have enough USDT to withdraw this amount",
  addressRequired: 'Please enter a valid BEP20 wallet address',
  alreadyDecided: 'This withdrawal request has already been processed',
  suspended: 'Your ambassador account is suspended',
  secondApproval: 'A second admin must approve this withdrawal',
  approverTooNew: (hours: number) =>
    `Your approval cannot count for a withdrawal that needs two admins: your admin account must have existed ${hours} hours before the withdrawal was requested`,
  approverPasswordNotOwn:
    'Your approval cannot count for a withdrawal that needs two admins: your current password was set by a super admin. Choose your own password in your profile first',
  approverNoMfa: 'Your approval cannot count for a withdrawal that needs two admins: sign out and sign in again with your two-factor code first',
} as const;

export const ZWithdrawalInput = z.object({
  amount: moneySchema({
    format: WITHDRAWAL_MESSAGES.notANumber,
    negative: WITHDRAWAL_MESSAGES.minimum,
    precision: WITHDRAWAL_MESSAGES.precision,
    range: WITHDRAWAL_MESSAGES.range,
  }),
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

/** At most this many withdrawals are named in one export (the ids travel in the query string). */
export const EXPORT_MAX_IDS = 100;
const EXPORT_IDS_MESSAGE = `ids must be up to ${EXPORT_MAX_IDS} withdrawal ids separated by commas`;

export const ZExportQuery = z.object({
  format: z.enum(['safe', 'plain'], { error: 'format must be safe or plain' }).default('safe'),
  /** Only these (comma-separated); all approved, unpaid ones when left out. */
  ids: z
    .string({ error: EXPORT_IDS_MESSAGE })
    .max(EXPORT_MAX_IDS * 37, EXPORT_IDS_MESSAGE)
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((id) => id.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().regex(/^[0-9a-f-]{36}$/, EXPORT_IDS_MESSAGE))
        .min(1, EXPORT_IDS_MESSAGE)
        .max(EXPORT_MAX_IDS, EXPORT_IDS_MESSAGE),
    )
    .optional(),
});

/**
 * The admin list's stages of a withdrawal (DECISIONS §5, Money out): to approve, approved and
 * awaiting payment, paid, rejected. `approved` (paid or not) is kept for the spec's status filter.
 */
export const WITHDRAWAL_STAGES = ['pending', 'awaiting_payment', 'paid', 'rejected'] as const;
export type WithdrawalStage = (typeof WITHDRAWAL_STAGES)[number];
export const WITHDRAWAL_STAGE_LABELS: Record<WithdrawalStage, string> = {
  pending: 'To approve',
  awaiting_payment: 'Approved, awaiting payment',
  paid: 'Paid',
  rejected: 'Rejected',
};
/** The stage of a withdrawal, from its status and whether a payment is recorded (the server's presenter sends it). */
export function withdrawalStage(w: { status: DecisionStatus; txHash: string | null }): WithdrawalStage {
  if (w.status === 'approved') return w.txHash ? 'paid' : 'awaiting_payment';
  return w.status;
}
export const ADMIN_WITHDRAWAL_FILTERS = ['pending', 'approved', 'awaiting_payment', 'paid', 'rejected'] as const;
export type AdminWithdrawalFilter = (typeof ADMIN_WITHDRAWAL_FILTERS)[number];
