import { z } from 'zod';
import { API_OUTPUTS, API_INPUTS } from './api-names.ts';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '../enums.ts';
import { ZAdminNotes, moneySchema, ZMoney, ZIsoDate, ZWalletAddress, ZNullableText, ZFlags } from './common.ts';
import { ZRequiredWallet } from './wallet.ts';
import { DECISION_REASON_FIELDS, ZAppealFields, ZReasonFields, ZServiceLevelField } from './decisions.ts';
import { ZWalletProof, ZWalletProofQuery } from './wallet-proof.ts';
import { WITHDRAWAL_MESSAGES } from './messages.ts';

/**
 * Why this admin's approval of a withdrawal cannot count now (the admin item's `approvers.reason`;
 * the 403 and 409 `code`s of an approve say the same).
 */
export const APPROVER_REASONS = [
  'NOT_PENDING',
  'ALREADY_APPROVED',
  'APPROVER_PASSWORD_NOT_OWN',
  'APPROVER_NO_MFA',
  'APPROVER_TOO_NEW',
  'APPROVER_MFA_TOO_NEW',
] as const;
export type ApproverReason = (typeof APPROVER_REASONS)[number];

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

/** The admin's notes on a decision, and a reject's reason and facts (DECISIONS §6); the body may also be left out. */
export const ZWithdrawalDecisionBody = z.object({ adminNotes: ZAdminNotes, ...DECISION_REASON_FIELDS });

export const ZWithdrawalDecisionInput = ZWithdrawalDecisionBody.nullish().transform((v) => ({
  adminNotes: v?.facts ?? v?.adminNotes ?? null,
  reasonCode: v?.reasonCode ?? null,
}));

export { WITHDRAWAL_STATUSES, type WithdrawalStatus };

export const PAYOUT_MESSAGES_SHARED = {
  ids: /*i18n*/ 'Select between 1 and 500 approved withdrawals',
  txHash: /*i18n*/ 'Enter the transaction hash: 0x followed by 64 hexadecimal characters',
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
  ...ZWalletProofQuery.shape,
});

/**
 * The admin list's stages of a withdrawal (DECISIONS §5, Money out): to approve, approved and
 * awaiting payment, paid, rejected. `approved` (paid or not) is kept for the spec's status filter.
 * Their words are written once, here (`/*i18n*\/`, src/shared/texts.ts); the admin list says them in the page's language.
 */
export const WITHDRAWAL_STAGES = ['pending', 'awaiting_payment', 'paid', 'rejected', 'cancelled'] as const;
export type WithdrawalStage = (typeof WITHDRAWAL_STAGES)[number];
export const WITHDRAWAL_STAGE_LABELS: Record<WithdrawalStage, string> = {
  pending: /*i18n*/ 'To approve',
  awaiting_payment: /*i18n*/ 'Approved, awaiting payment',
  paid: /*i18n*/ 'Paid',
  rejected: /*i18n*/ 'Rejected',
  cancelled: /*i18n*/ 'Cancelled',
};
/** The stage of a withdrawal, from its status and whether a payment is recorded (the server's presenter sends it). */
export function withdrawalStage(w: { status: WithdrawalStatus; txHash: string | null }): WithdrawalStage {
  if (w.status === 'approved') return w.txHash ? 'paid' : 'awaiting_payment';
  return w.status;
}
export const ADMIN_WITHDRAWAL_FILTERS = ['pending', 'approved', 'awaiting_payment', 'paid', 'rejected', 'cancelled'] as const;
export type AdminWithdrawalFilter = (typeof ADMIN_WITHDRAWAL_FILTERS)[number];

export const ZWithdrawalView = z.object({
  id: z.string(),
  ambassadorId: z.string(),
  amount: ZMoney,
  walletAddress: ZWalletAddress,
  /** cancelled: taken back by its owner while pending (DECISIONS §7); final, and not a decision. */
  status: z.enum(WITHDRAWAL_STATUSES),
  /** Where it stands (DECISIONS §5, Money out): to approve, approved and awaiting payment, paid, rejected, cancelled. */
  stage: z.enum(WITHDRAWAL_STAGES),
  adminNotes: ZNullableText,
  createdAt: ZIsoDate,
  reviewedAt: ZIsoDate.nullable(),
  /** When its owner took it back (status cancelled); null otherwise. */
  cancelledAt: ZIsoDate.nullable(),
  /** Admins who approved it: 1 of 2 while a large one waits for its second approval. */
  approvals: z.number().int(),
  /** How many approvals it needs: 2 above PAYOUT_SECOND_APPROVAL_USDT (the two-person rule), else 1. */
  approvalsNeeded: z.number().int(),
  /** Paid: the on-chain transaction that paid it, when, and its page on the block explorer. */
  txHash: z.string().nullable(),
  paidAt: ZIsoDate.nullable(),
  txUrl: z.string().nullable(),
  ...ZReasonFields,
  ...ZAppealFields,
});
export type TWithdrawalView = z.infer<typeof ZWithdrawalView>;

/**
 * Whether the signed-in admin's approval can count now (DECISIONS §7), so the desk says so before the
 * click: how many approvals it needs and has, and if this admin's cannot count, why (`reason`, the
 * code an approve would answer) and, when it is a matter of time, from when (`eligibleFrom`).
 */
export const ZApprovers = z
  .object({
    needed: z.number().int().describe('Approvals it needs: 2 above PAYOUT_SECOND_APPROVAL_USDT (the two-person rule), else 1.'),
    given: z.number().int().describe('Approvals given so far.'),
    eligibleNow: z.boolean().describe('Whether an approval by the signed-in admin would count now.'),
    reason: z
      .enum(APPROVER_REASONS)
      .optional()
      .describe(
        'Why not, when not: NOT_PENDING (decided or cancelled), ALREADY_APPROVED (this admin gave the first of two), APPROVER_PASSWORD_NOT_OWN (a password a super admin set: set one through the emailed link), APPROVER_NO_MFA (this session was not signed in with the second factor), APPROVER_TOO_NEW (the account is younger than PAYOUT_APPROVER_MIN_AGE_HOURS), APPROVER_MFA_TOO_NEW (the second factor was turned on under a password a super admin set, PAYOUT_APPROVER_MIN_AGE_HOURS ago at most).',
      ),
    eligibleFrom: ZIsoDate.optional().describe(
      'APPROVER_TOO_NEW and APPROVER_MFA_TOO_NEW: when this admin’s approval starts to count (if nothing else stands in the way).',
    ),
  })
  .describe('Whether the signed-in admin’s approval can count now, and if not, why and from when.');
export type TApprovers = z.infer<typeof ZApprovers>;

export const ZAdminWithdrawalView = ZWithdrawalView.extend({
  ambassador: z.object({ id: z.string(), fullName: z.string(), email: z.string() }),
  /** Who gave the approvals so far, first first. */
  approvedBy: z.array(z.string()),
  /** Above PAYOUT_SECOND_APPROVAL_USDT and still pending: 'Needs a second approval'. */
  needsSecondApproval: z.boolean(),
  approvers: ZApprovers,
  /**
   * The ambassador's payout address was changed (or removed) after this request was made, at this
   * time: the request still pays its own address, which may no longer be the one the person wants
   * (or the change was someone else's). Null when it has not changed since.
   */
  addressChangedAt: ZIsoDate.nullable(),
  flags: ZFlags,
  ...ZServiceLevelField,
  /**
   * How the address this withdrawal pays stood (DECISIONS §6, Wallet proof): when it was requested,
   * or later when the same address was proven before it was paid.
   */
  walletProof: ZWalletProof,
  /** Verified: when the address signed, and the signed EIP-4361 message and signature (the evidence). */
  walletVerifiedAt: ZIsoDate.nullable(),
  walletProofMessage: ZNullableText,
  walletProofSignature: ZNullableText,
});
export type TAdminWithdrawalView = z.infer<typeof ZAdminWithdrawalView>;

/** The other ambassadors whose saved or paid-to address a withdrawal's is (shared_wallet): the first 10 by name, and how many in all. */
export const ZWalletSharers = z.object({
  ambassadors: z.array(z.object({ id: z.string(), fullName: z.string(), email: z.string() })),
  total: z.number().int(),
});
export type TWalletSharers = z.infer<typeof ZWalletSharers>;

// Named in the API document (components/schemas).
API_OUTPUTS.add(ZWithdrawalView, { id: 'WithdrawalView' }).add(ZAdminWithdrawalView, { id: 'AdminWithdrawalView' });
API_INPUTS.add(ZWithdrawalInput, { id: 'WithdrawalInput' }).add(ZMarkPaidInput, { id: 'MarkPaidInput' });
