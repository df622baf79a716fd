/**
 * Decisions and appeals (DECISIONS §6): what a decision against someone takes (a reason code from
 * src/shared/reasons.ts and facts), what its answers add (`reasonCode`, `reasonText`, `facts`,
 * `appeal`), the appeal's input and the admin desk's Appeals queue, and each pending item's age
 * against its service level. The names are a contract.
 */
import { z } from 'zod';
import { API_INPUTS, API_OUTPUTS } from './api-names.ts';
import { APPEAL_WINDOW_DAYS, MAX_APPEAL_LENGTH, MAX_FACTS_LENGTH, REASON_CODES, reasonText, type ReasonCode } from '../reasons.ts';
import { requiredText, moneySchema, optionalText, ZErrorBody, ZFlags, ZIsoDate, ZMoney, ZNullableText } from './common.ts';
import { DECISION_MESSAGES, AWARD_MESSAGES } from './messages.ts';

/** A reason code given with a decision; left out (or null): recorded as `reasonCode: null`. */
export const ZReasonCodeInput = z
  .enum(REASON_CODES, { error: DECISION_MESSAGES.reasonCode })
  .nullish()
  .meta({ description: 'Why (DECISIONS §6): one of the reason codes, each with its rule on /rules. Left out: recorded as no reason.' });

/** The facts of a decision, shown to the person as text. */
export const ZFactsInput = optionalText(MAX_FACTS_LENGTH, 'Facts').meta({
  description: `What the reviewer found, shown to the person as text (at most ${MAX_FACTS_LENGTH} characters). The older \`adminNotes\` is read as the facts when \`facts\` is left out.`,
});

/** The 400 of a decision that takes a reason (issue 40 item 15), for the API document. */
export const ZReasonRefused = ZErrorBody.describe(
  'The input is not valid: an unknown `reasonCode` (the message lists them), or one of another kind of decision (`code`: REASON_NOT_FOR_DECISION; the message lists the codes that apply); `errors` names the field.',
);

/** What a reject (application, report, withdrawal) and a suspension add to their bodies. */
export const DECISION_REASON_FIELDS = { reasonCode: ZReasonCodeInput, facts: ZFactsInput };

/** The facts of a decision: `facts`, else the older `adminNotes` (DECISIONS §6). */
export function decisionFacts(input: { facts?: string | null | undefined; adminNotes?: string | null | undefined } | null | undefined): string | null {
  return input?.facts ?? input?.adminNotes ?? null;
}

export const APPEAL_STATUSES = ['pending', 'upheld', 'overturned'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
export const APPEAL_OUTCOMES = ['upheld', 'overturned'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];
export const APPEAL_KINDS = ['report', 'withdrawal', 'referral', 'task_claim'] as const;
export type AppealKind = (typeof APPEAL_KINDS)[number];

/** The reason of a decision as answers carry it: the code (null: none recorded), its rule, the facts. */
export const ZReasonFields = {
  // A string (not an enum) in the document: OpenAPI 3.0 has no nullable enum.
  reasonCode: z
    .string()
    .nullable()
    .describe(`The reason code of a rejection or suspension (${REASON_CODES.join(', ')}); null when none was recorded (or none applies).`),
  reasonText: z.string().nullable().describe('The code’s rule, or ‘no reason recorded’ for a rejection without a code; null for a pending or approved item.'),
  facts: ZNullableText.describe('What the reviewer found, as text (the same as `adminNotes`).'),
  decisionFlags: ZFlags.nullable().describe(
    'The abuse flags that had fired on the item when it was rejected (or the account suspended), as the admin saw them: empty when none had; null for what was not rejected, or was rejected before flags were kept with decisions.',
  ),
};

/** A rejection's rule text, 'no reason recorded' without a code, and null for what was not rejected. */
export function reasonTextOf(rejected: boolean, code: ReasonCode | null): string | null {
  return rejected ? reasonText(code) : null;
}

/** The one appeal of a decision, as its owner and the admins read it. */
export const ZAppealView = z.object({
  id: z.string(),
  status: z.enum(APPEAL_STATUSES),
  text: z.string(),
  /** When the window for appealing closed (14 days after the decision). */
  deadline: ZIsoDate,
  createdAt: ZIsoDate,
  decidedAt: ZIsoDate.nullable(),
  /** Who decided the appeal (a name), once decided. */
  decidedBy: z.string().nullable(),
  /** Why it was upheld or overturned, as text. */
  facts: ZNullableText,
});
export type TAppealView = z.infer<typeof ZAppealView>;

/** What a report's and a withdrawal's answers add (DECISIONS §6). */
export const ZAppealFields = {
  appeal: ZAppealView.nullable().describe('The one appeal of the rejection, once sent; null otherwise.'),
  appealDeadline: ZIsoDate.nullable().describe(`A rejection: until when it can be appealed (${APPEAL_WINDOW_DAYS} days after the decision); null otherwise.`),
  appealedDecision: z
    .object({
      ...ZReasonFields,
      decidedAt: ZIsoDate,
    })
    .nullable()
    .describe(
      'Once appealed: the rejection as it was made (its reason, facts and flags, and when), kept after the appeal is decided, so an overturned item still shows what was rejected and why; null without an appeal.',
    ),
  appealOpen: z
    .boolean()
    .describe(
      'Whether the owner can appeal it now, judged by the server’s clock: a rejection not yet appealed whose `appealDeadline` has not passed. Clients show the appeal from this, not from their own clock.',
    ),
};

/** POST /api/reports/{id}/appeal and /api/withdrawal-requests/{id}/appeal. */
export const ZAppealInput = z.object({
  text: requiredText(DECISION_MESSAGES.appealText, { max: MAX_APPEAL_LENGTH, tooLong: DECISION_MESSAGES.appealTooLong }),
});
export type TAppealInput = z.input<typeof ZAppealInput>;

export const awardMessages = (currency: string) => ({
  format: AWARD_MESSAGES.format(currency),
  precision: AWARD_MESSAGES.precision(currency),
  range: AWARD_MESSAGES.range(currency),
  coded: { format: 'AWARD_FORMAT', precision: 'AWARD_PRECISION', range: 'AWARD_RANGE', values: { currency } },
});

/** POST /api/admin/appeals/{id}/decide. Overturning a report approves it with these awards (0 when left out). */
export const ZAppealDecisionInput = z.object({
  outcome: z.enum(APPEAL_OUTCOMES, { error: DECISION_MESSAGES.outcome }),
  facts: ZFactsInput,
  gcmAwarded: moneySchema(awardMessages('GCM')).optional(),
  usdtAwarded: moneySchema(awardMessages('USDT')).optional(),
});
export type TAppealDecisionInput = z.input<typeof ZAppealDecisionInput>;

/** A pending item's age against its service level (DECISIONS §6), in business days (Monday to Friday, UTC). */
export const ZServiceAge = z.object({
  ageBusinessDays: z.number().int().describe('Whole business days it has waited.'),
  levelBusinessDays: z.number().int().describe('Its service level, in business days (a super admin setting).'),
  /** When it passes (or passed) its level. */
  dueAt: ZIsoDate,
  overdue: z.boolean(),
});
export type TServiceAge = z.infer<typeof ZServiceAge>;

/** What the admin lists' items add: a pending item's age; null once decided. */
export const ZServiceLevelField = { serviceLevel: ZServiceAge.nullable().describe('A pending item’s age against its service level; null once decided.') };

/** An item of GET /api/admin/appeals (pending first, oldest first). */
export const ZAdminAppealView = z.object({
  id: z.string(),
  kind: z.enum(APPEAL_KINDS),
  /** The report or withdrawal request appealed. */
  subjectId: z.string(),
  status: z.enum(APPEAL_STATUSES),
  text: z.string(),
  createdAt: ZIsoDate,
  deadline: ZIsoDate,
  ambassador: z.object({ id: z.string(), fullName: z.string(), email: z.string() }),
  /** The decision appealed, as it was made. */
  decision: z.object({
    ...ZReasonFields,
    decidedBy: z.string().nullable(),
    decidedById: z.string().nullable(),
    decidedAt: ZIsoDate,
    weekStartDate: z.string().optional(),
    weekEndDate: z.string().optional(),
    amount: ZMoney.optional(),
    /** A task claim's appeal: the task's title. */
    taskTitle: z.string().optional(),
  }),
  /** The appeal's own decision, once made. */
  facts: ZNullableText,
  decidedBy: z.string().nullable(),
  decidedAt: ZIsoDate.nullable(),
  gcmAwarded: ZMoney.nullable(),
  usdtAwarded: ZMoney.nullable(),
  /** The caller made the decision appealed: the server refuses their decision of the appeal. */
  decidedByCaller: z.boolean(),
  canDecide: z
    .boolean()
    .describe('Whether the caller may decide it now: pending, and not decided originally by the caller (that admin gets 403; a decided appeal 409).'),
  cannotDecideReason: z
    .string()
    .nullable()
    .describe(
      'Why the caller may not decide it, in the words the decide call would answer (`Another admin must decide this appeal`, `This appeal has already been decided`); null when they may.',
    ),
  report: z
    .object({ weekStartDate: z.string(), weekEndDate: z.string(), activityReport: z.string(), createdAt: ZIsoDate })
    .nullable()
    .describe('A report’s appeal: the report as it was sent (its text with its links), for the admin who decides; null for a withdrawal.'),
  ...ZServiceLevelField,
});
export type TAdminAppealView = z.infer<typeof ZAdminAppealView>;

export const ZAppealsQuery = z.object({
  status: z.enum(APPEAL_STATUSES, { error: 'status must be pending, upheld or overturned' }).optional(),
});

// Named in the API document (components/schemas).
API_OUTPUTS.add(ZAppealView, { id: 'AppealView' }).add(ZAdminAppealView, { id: 'AdminAppealView' });
API_INPUTS.add(ZAppealInput, { id: 'AppealInput' }).add(ZAppealDecisionInput, { id: 'AppealDecisionInput' });
