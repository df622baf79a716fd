/**
 * Referrals (DECISIONS §7, Referrals): the names are a contract. An ambassador's `referralCode`
 * makes the link `/r/{code}`; a visitor who follows it is remembered by the first-party cookie `ref`
 * and the application records the referrer; the referral qualifies by the rule in the month's
 * protocol-2 terms (`referral`), and is credited once, up to the month's cap, or held with the flag
 * that held it.
 */
import { z } from 'zod';
import { API_INPUTS, API_OUTPUTS } from './api-names.ts';
import { moneySchema, ZIsoDate } from './common.ts';
import { ZReferralRule } from './referral-rule.ts';

export { ZReferralRule, type TReferralRule } from './referral-rule.ts';
import { DECISION_REASON_FIELDS } from './decisions.ts';
import { REFERRAL_QUALIFY, REFERRAL_STATUSES } from '../enums.ts';
import { REFERRAL_MESSAGES } from './messages.ts';
import { MAX_REFERRAL_CAP } from '../limits.ts';

export { REFERRAL_QUALIFY, REFERRAL_STATUSES, type ReferralQualify, type ReferralStatus } from '../enums.ts';

/** A referral code: 12 lowercase hex characters (made by the database with the ambassador). */
export const REFERRAL_CODE_PATTERN = /^[0-9a-f]{12}$/;
export const REFERRAL_COOKIE = 'ref';
/** How long a followed link is remembered on the visitor's browser. */
export const REFERRAL_COOKIE_DAYS = 30;

/** Why a referral was held: the abuse flags referrer and referee share, or the referee is the referrer. */
export const REFERRAL_HOLD_FLAGS = ['self_referral', 'shared_wallet', 'shared_device', 'shared_telegram', 'same_network'] as const;
export type ReferralHoldFlag = (typeof REFERRAL_HOLD_FLAGS)[number];

/** Why a qualified referral earned nothing. */
export const REFERRAL_NOT_CREDITED = ['monthly_cap', 'referrer_suspended'] as const;
export type ReferralNotCredited = (typeof REFERRAL_NOT_CREDITED)[number];

/** Error codes of the referral routes (the body's `code`). */
export const REFERRAL_ERROR_CODES = ['REFERRAL_CODE_UNKNOWN', 'REFERRAL_NOT_HELD', 'REFERRAL_NOT_APPEALABLE'] as const;

const reward = moneySchema({
  format: REFERRAL_MESSAGES.money,
  precision: REFERRAL_MESSAGES.precision,
  range: REFERRAL_MESSAGES.range,
  negative: REFERRAL_MESSAGES.money,
});

/** The super admin's rule (PATCH /api/super-admin/settings `referral`): applies from the next month. */
export const ZReferralRuleInput = z.object(
  {
    qualify: z.enum(REFERRAL_QUALIFY, { error: REFERRAL_MESSAGES.qualify }),
    gcm: reward,
    usdt: reward,
    monthlyCap: z
      .number({ error: REFERRAL_MESSAGES.cap })
      .int(REFERRAL_MESSAGES.cap)
      .min(0, REFERRAL_MESSAGES.cap)
      .max(MAX_REFERRAL_CAP, REFERRAL_MESSAGES.cap),
  },
  { error: 'referral is {qualify, gcm, usdt, monthlyCap}' },
);

/** `referralCode` of POST /api/applications: left out, the `ref` cookie's code is used. */
export const ZReferralCodeInput = z
  .string({ error: REFERRAL_MESSAGES.code })
  .trim()
  .toLowerCase()
  .regex(REFERRAL_CODE_PATTERN, REFERRAL_MESSAGES.code)
  .nullish()
  .meta({ description: 'The referrer’s code (from `/r/{code}`). Left out: the `ref` cookie’s, when the browser has one. An unknown code is refused.' });

export const ZReferralItem = z.object({
  id: z.string(),
  /** The referee's name (from their application). */
  name: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  /** When it last moved (applied, qualified, credited, decided). */
  at: ZIsoDate,
  /** Held: the flag; refused: the reason code; not credited: monthly_cap or referrer_suspended; else null. */
  reason: z.string().nullable(),
  /** Every flag that held it (held and refused ones). */
  flags: z.array(z.string()),
  qualifiedAt: ZIsoDate.nullable(),
  /** The month whose rule it qualified under, and that rule. */
  month: z.string().nullable(),
  rule: ZReferralRule.nullable(),
  /** An admin's facts with a release or a refusal. */
  facts: z.string().nullable(),
  /** A refusal can be appealed once, within 14 days (by the server's clock). */
  appealOpen: z.boolean(),
  appeal: z.object({ id: z.string(), status: z.string(), text: z.string(), createdAt: ZIsoDate, facts: z.string().nullable() }).nullable(),
});
export type TReferralItem = z.infer<typeof ZReferralItem>;

/** GET /api/referrals. */
export const ZReferralsView = z.object({
  code: z.string(),
  link: z.string(),
  clicks: z.number().int(),
  applied: z.number().int(),
  qualified: z.number().int(),
  credited: z.number().int(),
  held: z.number().int(),
  /** The running month's rule (null: referrals earn nothing this month). */
  rule: ZReferralRule.nullable(),
  items: z.array(ZReferralItem),
});
export type TReferralsView = z.infer<typeof ZReferralsView>;

/** An item of the admins' list (GET /api/admin/referrals). */
export const ZAdminReferral = z.object({
  id: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  reason: z.string().nullable(),
  flags: z.array(z.string()),
  referrer: z.object({ id: z.string().nullable(), fullName: z.string().nullable(), email: z.string().nullable() }),
  referee: z.object({ applicationId: z.string(), ambassadorId: z.string().nullable(), fullName: z.string(), email: z.string() }),
  month: z.string().nullable(),
  rule: ZReferralRule.nullable(),
  qualifiedAt: ZIsoDate.nullable(),
  createdAt: ZIsoDate,
  decidedAt: ZIsoDate.nullable(),
  decidedBy: z.string().nullable(),
  reasonCode: z.string().nullable(),
  facts: z.string().nullable(),
});
export type TAdminReferral = z.infer<typeof ZAdminReferral>;

export const ZAdminReferralsQuery = z.object({
  status: z
    .enum(REFERRAL_STATUSES, { error: `status must be one of ${REFERRAL_STATUSES.join(', ')}` })
    .optional()
    .meta({ description: 'Which referrals: `held` (the default), or another status.' }),
});

/** POST /api/admin/referrals/{id}/release|refuse. */
export const ZReferralDecisionInput = z.object(DECISION_REASON_FIELDS).nullish();
export type TReferralDecisionInput = z.input<typeof ZReferralDecisionInput>;

API_OUTPUTS.add(ZReferralsView, { id: 'Referrals' }).add(ZAdminReferral, { id: 'AdminReferral' }).add(ZReferralRule, { id: 'ReferralRule' });
API_INPUTS.add(ZReferralRuleInput, { id: 'ReferralRuleInput' });

export { MAX_REFERRAL_CAP } from '../limits.ts';
