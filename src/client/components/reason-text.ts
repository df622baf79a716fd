import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ReasonCode } from '../../shared/reasons.ts';

/** Each reason's name and rule (src/shared/reasons.ts is the English source; a test keeps them equal), in the page's language. */
export const REASON_TEXT: Record<ReasonCode, { label: MessageDescriptor; rule: MessageDescriptor }> = {
  low_effort: {
    label: msg`Not enough activity`,
    rule: msg`A report must describe real promotion work done in the week it covers: what you posted, where, and how people responded. A few words or a copy of an earlier report is not enough.`,
  },
  duplicate_link: {
    label: msg`Proof already used`,
    rule: msg`Each link given as proof may count once. A link already claimed in another report, by you or by someone else, is not counted again.`,
  },
  not_verifiable: {
    label: msg`Could not be checked`,
    rule: msg`We must be able to open and check what you claim: public links to your posts, and social accounts that exist and match the handles you gave.`,
  },
  outside_period: {
    label: msg`Outside the week reported`,
    rule: msg`A report covers the activity of the week it names. Work from another week belongs in that week’s report.`,
  },
  rule_breach: {
    label: msg`Against the programme rules`,
    rule: msg`Spam, bought followers or engagement, misleading claims about the project, or one person running several accounts break the programme rules.`,
  },
  wallet_mismatch: {
    label: msg`Wallet problem`,
    rule: msg`Payouts go only to a BEP20 (BNB Smart Chain) address that belongs to you and is not shared with another ambassador.`,
  },
  other: { label: msg`Other`, rule: msg`The reviewer explains the reason in the facts of the decision.` },
};

/** 'no reason recorded', said in the page's language. */
export const NO_REASON = msg`no reason recorded`;
