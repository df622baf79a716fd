/**
 * What each kind of public log entry records in its `data` (DECISIONS §5, The public programme log):
 * read by the /transparency page, the Hall of Fame's check and `npm run verify-log`. Money is a
 * string. Readers parse leniently (an entry of an unknown kind, or with fields added later, is still
 * shown and still hashed as it was served).
 */
import { z } from 'zod';
import { ZMoney } from './common.ts';
import { ZReferralRule } from './referral-rule.ts';
import { ZSeasonTerms } from './seasons.ts';

const money = ZMoney;
const hash = z.string();

export const ZTermsData = z.object({ month: z.string(), terms: ZSeasonTerms, termsHash: hash });
export type TTermsData = z.infer<typeof ZTermsData>;

export const ZFrozenData = z.object({
  month: z.string(),
  listHash: hash,
  entrantCount: z.number().int(),
  champions: z.array(z.object({ rank: z.number().int(), ambassadorId: z.string(), fullName: z.string(), monthlyGcm: money, prizeUsdt: money })),
  beaconRound: z.number().int(),
  beaconAt: z.string(),
  /** The relays' latest round when the month froze (DECISIONS §7); absent on freezes logged before it was recorded. */
  latestRound: z.object({ round: z.number().int(), signature: z.string() }).optional(),
});
export type TFrozenData = z.infer<typeof ZFrozenData>;

export const ZClosedData = z.object({
  month: z.string(),
  beaconRound: z.number().int(),
  signature: z.string(),
  randomness: hash,
  winners: z.array(z.object({ position: z.number().int(), ambassadorId: z.string(), fullName: z.string(), prizeUsdt: money })),
});
export type TClosedData = z.infer<typeof ZClosedData>;

export const ZWithheldData = z.object({
  month: z.string(),
  ambassadorId: z.string(),
  kind: z.enum(['prize', 'lottery']),
  prizeUsdt: money,
  reason: z.string(),
});
export type TWithheldData = z.infer<typeof ZWithheldData>;

export const ZPaidData = z.object({ withdrawalId: z.string(), amountUsdt: money, txHash: z.string(), paidAt: z.string() });
export type TPaidData = z.infer<typeof ZPaidData>;

const ZDecisions = z.object({
  decided: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  /**
   * Hours from submission to decision, the median; null when nothing was decided. A string with one
   * decimal ("20.5": canonical JSON holds integers and strings only), or a whole number.
   */
  medianHours: z.union([z.string(), z.number()]).nullable(),
});
export type TDecisions = z.infer<typeof ZDecisions>;

/** A percentile of hours: a string with one decimal, or null when nothing was decided. */
const ZHours = z.union([z.string(), z.number()]).nullable();
const ZHoursToDecide = z.object({ median: ZHours, p90: ZHours });

/**
 * The desk in public (DECISIONS §6), in the summaries written since it shipped (older summaries do
 * not have these fields, and keep verifying as they were hashed): the reasoned decisions of the
 * month (rejections and suspensions) by reason code, `unspecified` for those without one, also per
 * kind; median and p90 hours to decide; appeals made and overturned in the month.
 */
export const ZDeskSummary = {
  decisions: z
    .object({
      byReason: z.record(z.string(), z.number().int()),
      byKind: z.record(z.string(), z.record(z.string(), z.number().int())).optional(),
    })
    .optional(),
  hoursToDecide: z.object({ reports: ZHoursToDecide, applications: ZHoursToDecide, withdrawals: ZHoursToDecide }).optional(),
  appeals: z.object({ made: z.number().int(), overturned: z.number().int(), upheld: z.number().int().optional() }).optional(),
};

export const ZSummaryData = z.object({
  month: z.string(),
  gcmAwarded: money,
  usdtAwarded: money,
  usdtPaid: money,
  applications: ZDecisions,
  reports: ZDecisions,
  withdrawals: ZDecisions,
  ...ZDeskSummary,
  /** Task claims credited and refused in the month, refusals by code (DECISIONS §7); absent from summaries written before tasks. */
  tasks: z.object({ credited: z.number().int(), refused: z.number().int(), byReason: z.record(z.string(), z.number().int()) }).optional(),
});
export type TSummaryData = z.infer<typeof ZSummaryData>;

/**
 * The log's head at `seq` (its `hash`) anchored on BSC (DECISIONS §7, Anchors on BSC): transaction `txHash`
 * from the anchor address to itself, data 0x414d42 + seq (8 bytes) + hash, in block `blockNumber` mined at
 * `blockTime` (ISO 8601), written once BSC_CONFIRMATIONS blocks were on top of it.
 */
export const ZAnchoredData = z.object({ seq: z.number().int(), hash, txHash: hash, blockNumber: z.number().int(), blockTime: z.string() });
export type TAnchoredData = z.infer<typeof ZAnchoredData>;

/**
 * A referral credited to its referrer (DECISIONS §7, Referrals), without names: the referral's id, the
 * referrer's ambassador id, the month whose terms' rule it qualified under and that rule, and when it
 * qualified. The entry's `at` is when it was credited (its GCM counts in that month's figures).
 */
export const ZReferralCreditedData = z.object({
  month: z.string(),
  referralId: z.string(),
  ambassadorId: z.string(),
  rule: ZReferralRule,
  qualifiedAt: z.string(),
});
export type TReferralCreditedData = z.infer<typeof ZReferralCreditedData>;

/** One entry's data read by its kind; `other` for an unknown kind or data that does not have the expected shape. */
export type TLogData =
  | { kind: 'season.terms'; data: TTermsData }
  | { kind: 'season.frozen'; data: TFrozenData }
  | { kind: 'season.closed'; data: TClosedData }
  | { kind: 'prize.withheld'; data: TWithheldData }
  | { kind: 'payout.paid'; data: TPaidData }
  | { kind: 'month.summary'; data: TSummaryData }
  | { kind: 'log.anchored'; data: TAnchoredData }
  | { kind: 'referral.credited'; data: TReferralCreditedData }
  | { kind: 'other'; data: unknown };

const READERS = {
  'season.terms': ZTermsData,
  'season.frozen': ZFrozenData,
  'season.closed': ZClosedData,
  'prize.withheld': ZWithheldData,
  'payout.paid': ZPaidData,
  'month.summary': ZSummaryData,
  'log.anchored': ZAnchoredData,
  'referral.credited': ZReferralCreditedData,
} as const;

export function readLogData(entry: { kind: string; data: unknown }): TLogData {
  if (!Object.hasOwn(READERS, entry.kind)) return { kind: 'other', data: entry.data };
  const kind = entry.kind as keyof typeof READERS;
  const parsed = READERS[kind].safeParse(entry.data);
  return parsed.success ? ({ kind, data: parsed.data } as TLogData) : { kind: 'other', data: entry.data };
}
