/**
 * Why a decision went against someone (DECISIONS §6, Decisions and appeals): the one list of
 * reason codes, each with the rule a person can act on and its anchor on the public /rules page.
 * Rejecting an application, a report or a withdrawal, and suspending an ambassador, take one of
 * these codes; a decision without one is recorded with `reasonCode: null`, shown as
 * NO_REASON_TEXT and counted as `unspecified` in public.
 *
 * Each name and rule is written once, here (`/*i18n*\/`, src/shared/texts.ts): the client's `app`
 * catalog and the emails' catalog both take them from this file, with their English as their id.
 */

export const REASON_CODES = ['low_effort', 'duplicate_link', 'not_verifiable', 'outside_period', 'rule_breach', 'wallet_mismatch', 'other'] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/** The decisions that take a reason. */
export const REASON_SUBJECTS = ['application', 'report', 'withdrawal', 'suspension', 'referral'] as const;
export type ReasonSubject = (typeof REASON_SUBJECTS)[number];

export interface ReasonRule {
  /** A short name, as a picker and a decision show it. */
  label: string;
  /** The rule in plain language: what was missing and what to do next time. */
  rule: string;
  /** The decisions this code fits (the admin desk's pickers offer only these). */
  appliesTo: readonly ReasonSubject[];
}

export const REASONS: Readonly<Record<ReasonCode, ReasonRule>> = {
  low_effort: {
    label: /*i18n*/ 'Not enough activity',
    rule: /*i18n*/ 'A report must describe real promotion work done in the week it covers: what you posted, where, and how people responded. A few words or a copy of an earlier report is not enough.',
    appliesTo: ['application', 'report'],
  },
  duplicate_link: {
    label: /*i18n*/ 'Proof already used',
    rule: /*i18n*/ 'Each link given as proof may count once. A link already claimed in another report, by you or by someone else, is not counted again.',
    appliesTo: ['report'],
  },
  not_verifiable: {
    label: /*i18n*/ 'Could not be checked',
    rule: /*i18n*/ 'We must be able to open and check what you claim: public links to your posts, and social accounts that exist and match the handles you gave.',
    appliesTo: ['application', 'report', 'withdrawal', 'referral'],
  },
  outside_period: {
    label: /*i18n*/ 'Outside the week reported',
    rule: /*i18n*/ 'A report covers the activity of the week it names. Work from another week belongs in that week’s report.',
    appliesTo: ['report'],
  },
  rule_breach: {
    label: /*i18n*/ 'Against the programme rules',
    rule: /*i18n*/ 'Spam, bought followers or engagement, misleading claims about the project, or one person running several accounts break the programme rules.',
    appliesTo: ['application', 'report', 'withdrawal', 'suspension', 'referral'],
  },
  wallet_mismatch: {
    label: /*i18n*/ 'Wallet problem',
    rule: /*i18n*/ 'Payouts go only to a BEP20 (BNB Smart Chain) address that belongs to you and is not shared with another ambassador.',
    appliesTo: ['withdrawal', 'suspension', 'referral'],
  },
  other: {
    label: /*i18n*/ 'Other',
    rule: /*i18n*/ 'The reviewer explains the reason in the facts of the decision.',
    appliesTo: ['application', 'report', 'withdrawal', 'suspension', 'referral'],
  },
};

/** What a decision without a code says. */
export const NO_REASON_TEXT = /*i18n*/ 'no reason recorded';
/** How a decision without a code is counted in public (the month summary's `decisions.byReason`). */
export const UNSPECIFIED_REASON = 'unspecified';

/** The longest facts an admin may give with a decision (DECISIONS §6). */
export const MAX_FACTS_LENGTH = 2000;
/** How long after a decision its owner may appeal it. */
export const APPEAL_WINDOW_DAYS = 14;
/** The longest appeal text. */
export const MAX_APPEAL_LENGTH = 2000;

/** The public page that lists the rules. */
export const RULES_PATH = '/rules';

export function isReasonCode(value: unknown): value is ReasonCode {
  return typeof value === 'string' && (REASON_CODES as readonly string[]).includes(value);
}

/** The anchor of a code's rule on /rules, e.g. `/rules#low_effort`. */
export function reasonHref(code: ReasonCode): string {
  return `${RULES_PATH}#${code}`;
}

/** The rule text a decision shows: the code's rule, or NO_REASON_TEXT. */
export function reasonText(code: ReasonCode | null | undefined): string {
  return code ? REASONS[code].rule : NO_REASON_TEXT;
}

/** The codes that fit one kind of decision, in the list's order. */
export function reasonsFor(subject: ReasonSubject): ReasonCode[] {
  return REASON_CODES.filter((code) => REASONS[code].appliesTo.includes(subject));
}

/** The words each kind of decision is named by in a refusal. */
const SUBJECT_NAMES: Readonly<Record<ReasonSubject, string>> = {
  application: 'an application',
  report: 'a report',
  withdrawal: 'a withdrawal',
  suspension: 'a suspension',
  referral: 'a referral',
};

/**
 * Why a code given with a decision is refused (issue 40 item 15): a code of another kind of decision
 * (a report rejected for `wallet_mismatch`) would tell the person a rule that is not about them and
 * be counted in public as if it were. Undefined when the code fits (or none was given).
 */
export function reasonMismatch(subject: ReasonSubject, code: ReasonCode | null | undefined): string | undefined {
  if (!code || REASONS[code].appliesTo.includes(subject)) return undefined;
  return `${code} is not a reason for ${SUBJECT_NAMES[subject]}: reasonCode must be one of: ${reasonsFor(subject).join(', ')}`;
}
