/**
 * What leaves the server: one schema per response shape. The server serialises
 * through these (unknown fields never leave), the client reads its types here.
 */
import { z } from 'zod';
import { ZMoney } from './common.ts';
import { ABUSE_FLAGS, AMBASSADOR_STATUSES, CURRENCIES, DECISION_STATUSES, TRANSACTION_TYPES } from '../enums.ts';
import { BADGE_LEVELS } from '../badges.ts';
import { WITHDRAWAL_STAGES } from './withdrawals.ts';

/** `.meta()` is for the API document only: nothing here checks what the server writes. */
const money = ZMoney;
const isoDate = z.string().meta({ format: 'date-time', description: 'An instant, ISO 8601 in UTC.' });
const calendarDate = z.string().meta({ format: 'date', description: 'A calendar date, YYYY-MM-DD (UTC).' });
const walletAddress = z.string().meta({ description: 'A BEP20 address, checksummed.', pattern: '^0x[0-9a-fA-F]{40}$' });
const nullableText = z.string().nullable();
/** Abuse flags of an admin list item (DECISIONS §5, The admin desk). */
const flags = z.array(z.enum(ABUSE_FLAGS));

export const ZStats = z.object({ totalAmbassadors: z.number().int(), totalGcmAwarded: money, totalUsdtAwarded: money });
export type TStats = z.infer<typeof ZStats>;

export const ZLeaderboardEntry = z.object({ id: z.string(), fullName: z.string(), badgeLevel: z.enum(BADGE_LEVELS), monthlyGcm: money });
export type TLeaderboardEntry = z.infer<typeof ZLeaderboardEntry>;

export { ZSettings } from './settings.ts';

const socials = {
  twitterHandle: nullableText,
  instagramHandle: nullableText,
  telegramHandle: nullableText,
  facebookHandle: nullableText,
  youtubeHandle: nullableText,
};

export const ZAmbassadorView = z.object({
  id: z.string(),
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  country: z.string(),
  personalTelegramHandle: nullableText,
  totalGcmEarned: money,
  monthlyGcm: money,
  totalUsdtEarned: money,
  monthlyUsdt: money,
  badgeLevel: z.enum(BADGE_LEVELS),
  badgePinned: z.boolean(),
  status: z.enum(AMBASSADOR_STATUSES),
  gcmWalletAddress: walletAddress.nullable(),
  usdtWalletAddress: walletAddress.nullable(),
  ...socials,
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type TAmbassadorView = z.infer<typeof ZAmbassadorView>;

/** An ambassador in the admin list: with its abuse flags. */
export const ZAdminAmbassadorView = ZAmbassadorView.extend({ flags });
export type TAdminAmbassadorView = z.infer<typeof ZAdminAmbassadorView>;

/** The signed-in ambassador's own record, with balances derived from the ledger. */
export const ZOwnAmbassador = ZAmbassadorView.extend({
  withdrawableUsdt: money,
  pendingWithdrawalUsdt: money,
  withdrawnUsdt: money,
  usdtBalance: money,
  reportCount: z.number().int(),
  /** Prizes and lottery wins of closed seasons, newest first ("You won 2nd place in October 2026"). */
  /** Emails about decisions on (the profile's 'Email notifications' switch). */
  emailNotifications: z.boolean(),
  /** After a payout address change, withdrawals wait until then (DECISIONS §5). */
  withdrawalsPausedUntil: isoDate.nullable(),
  /** After today's report (one per UTC day): when the next one can be sent, the next UTC midnight. */
  nextReportAt: isoDate.nullable(),
  wins: z.array(z.object({ month: z.string(), kind: z.enum(['prize', 'lottery']), rank: z.number().int().nullable(), prizeUsdt: money, text: z.string() })),
});
export type TOwnAmbassador = z.infer<typeof ZOwnAmbassador>;

export const ZReportView = z.object({
  id: z.string(),
  ambassadorId: z.string(),
  weekStartDate: calendarDate,
  weekEndDate: calendarDate,
  activityReport: z.string(),
  gcmAwarded: money,
  usdtAwarded: money,
  adminNotes: nullableText,
  status: z.enum(DECISION_STATUSES),
  createdAt: isoDate,
  reviewedAt: isoDate.nullable(),
});
export type TReportView = z.infer<typeof ZReportView>;

export const ZAdminReportView = ZReportView.extend({
  ambassador: z.object({
    id: z.string(),
    fullName: z.string(),
    email: z.string(),
    country: z.string(),
    badgeLevel: z.enum(BADGE_LEVELS),
    personalTelegramHandle: nullableText,
    ...socials,
  }),
  /** A live review claim: 'Being reviewed by {by}' until then. */
  claim: z.object({ by: z.string(), until: isoDate }).nullable(),
  flags,
});
export type TAdminReportView = z.infer<typeof ZAdminReportView>;

export const ZTransactionView = z.object({
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  currency: z.enum(CURRENCIES),
  amount: money,
  description: z.string(),
  createdAt: isoDate,
  reportId: nullableText,
  withdrawalId: nullableText,
});
export type TTransactionView = z.infer<typeof ZTransactionView>;

export const ZWithdrawalView = z.object({
  id: z.string(),
  ambassadorId: z.string(),
  amount: money,
  walletAddress,
  status: z.enum(DECISION_STATUSES),
  /** Where it stands (DECISIONS §5, Money out): to approve, approved and awaiting payment, paid, rejected. */
  stage: z.enum(WITHDRAWAL_STAGES),
  adminNotes: nullableText,
  createdAt: isoDate,
  reviewedAt: isoDate.nullable(),
  /** Admins who approved it: 1 of 2 while a large one waits for its second approval. */
  approvals: z.number().int(),
  /** How many approvals it needs: 2 above PAYOUT_SECOND_APPROVAL_USDT (the two-person rule), else 1. */
  approvalsNeeded: z.number().int(),
  /** Paid: the on-chain transaction that paid it, when, and its page on the block explorer. */
  txHash: z.string().nullable(),
  paidAt: isoDate.nullable(),
  txUrl: z.string().nullable(),
});
export type TWithdrawalView = z.infer<typeof ZWithdrawalView>;

export const ZAdminWithdrawalView = ZWithdrawalView.extend({
  ambassador: z.object({ id: z.string(), fullName: z.string(), email: z.string() }),
  /** Who gave the approvals so far, first first. */
  approvedBy: z.array(z.string()),
  /** Above PAYOUT_SECOND_APPROVAL_USDT and still pending: 'Needs a second approval'. */
  needsSecondApproval: z.boolean(),
  /**
   * The ambassador's payout address was changed (or removed) after this request was made, at this
   * time: the request still pays its own address, which may no longer be the one the person wants
   * (or the change was someone else's). Null when it has not changed since.
   */
  addressChangedAt: isoDate.nullable(),
  flags,
});
export type TAdminWithdrawalView = z.infer<typeof ZAdminWithdrawalView>;

/** The other ambassadors whose saved or paid-to address a withdrawal's is (shared_wallet): the first 10 by name, and how many in all. */
export const ZWalletSharers = z.object({
  ambassadors: z.array(z.object({ id: z.string(), fullName: z.string(), email: z.string() })),
  total: z.number().int(),
});
export type TWalletSharers = z.infer<typeof ZWalletSharers>;

export const ZApplicationView = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  country: z.string(),
  personalTelegramHandle: z.string(),
  socialMediaPlatforms: z.array(z.string()),
  ...socials,
  totalFollowers: z.number().int(),
  whyJoin: z.string(),
  experience: z.string(),
  status: z.enum(DECISION_STATUSES),
  adminNotes: nullableText,
  rejectedAt: isoDate.nullable(),
  createdAt: isoDate,
});
export type TApplicationView = z.infer<typeof ZApplicationView>;

/** An application in the admin list: with its abuse flags (never in the applicant's own answer). */
export const ZAdminApplicationView = ZApplicationView.extend({ flags });
export type TAdminApplicationView = z.infer<typeof ZAdminApplicationView>;

export const ZAdminSummary = z.object({
  totalAmbassadors: z.number().int(),
  pendingApplications: z.number().int(),
  pendingReports: z.number().int(),
  pendingWithdrawals: z.number().int(),
});
export type TAdminSummary = z.infer<typeof ZAdminSummary>;

export const ZAdminAccount = z.object({
  id: z.string(),
  fullName: nullableText,
  email: z.string(),
  username: nullableText,
  isSuperAdmin: z.boolean(),
  createdAt: isoDate,
});
export type TAdminAccount = z.infer<typeof ZAdminAccount>;

export const ZAdminActionView = z.object({
  id: z.string(),
  adminId: nullableText,
  adminEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: nullableText,
  details: nullableText,
  /** What an edit changed: {field: [before, after]}. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()]).meta({ description: '[before, after]', items: {} })).nullable(),
  createdAt: isoDate,
});
export type TAdminActionView = z.infer<typeof ZAdminActionView>;

export const ZMessage = z.object({ message: z.string() });
