import { z } from 'zod';
import { API_OUTPUTS } from './api-names.ts';
import { ADMIN_LIST_DEFAULT_LIMIT, ADMIN_LIST_MAX_LIMIT, MAX_EMAIL_LENGTH, MAX_NOTES_LENGTH, MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH } from '../limits.ts';
import { readMoneyInput } from '../money.ts';
import { ABUSE_FLAGS } from '../enums.ts';

export const EMAIL_MESSAGE = /*i18n*/ 'Invalid email address';

/** Emails are compared and stored lower-case and trimmed. */
export const ZEmail = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .max(MAX_EMAIL_LENGTH, EMAIL_MESSAGE)
  .pipe(z.email({ error: EMAIL_MESSAGE }))
  .transform((e) => e.toLowerCase());

/** The refusal of a typed text longer than its limit: "{label} must be at most {max} characters". */
export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters`;

export function passwordSchema(message: string) {
  return z.string({ error: message }).min(MIN_PASSWORD_LENGTH, message).max(MAX_PASSWORD_LENGTH, tooLongMessage('Password', MAX_PASSWORD_LENGTH));
}

/**
 * Text a person types that others see (names, reports, appeals, facts, notes) may not hold
 * characters that move a terminal's cursor or reorder what is shown (issue 40): C0 and C1 controls
 * (ESC, BEL, a lone CR, …; a text of several lines keeps its line breaks and tabs), DEL, the line
 * and paragraph separators in a one-line text, and the Unicode direction overrides, embeddings and
 * isolates (U+202A-U+202E, U+2066-U+2069). Refused with TEXT_CONTROL_MESSAGE, its item coded
 * TEXT_CONTROL_CHARACTERS.
 */
export const TEXT_CONTROL_MESSAGE = /*i18n*/ 'Text must not contain control or text-direction characters';
export const TEXT_CONTROL_CODE = 'TEXT_CONTROL_CHARACTERS';
// eslint-disable-next-line no-control-regex
const LINE_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
// eslint-disable-next-line no-control-regex
const TEXT_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/u;

/** Whether a one-line text (a name, a handle) is free of control and direction characters. */
export const isCleanLine = (value: string): boolean => !LINE_CONTROLS.test(value);
/** Whether a text of several lines is free of them (line breaks, CRLF and tabs allowed). */
export const isCleanText = (value: string): boolean => !TEXT_CONTROLS.test(value);

const controlIssue = { message: TEXT_CONTROL_MESSAGE, params: { code: TEXT_CONTROL_CODE } };
/** The refusal of a one-line text holding a control or direction character (a name, a handle). */
export const cleanLine = [isCleanLine, controlIssue] as const;
/** The refusal of a several-line text holding one (a report, an appeal, the facts). */
export const cleanText = [isCleanText, controlIssue] as const;

/** How long a required typed text may be, and what a longer one is told. */
export interface TextLength {
  /** Shorter (once trimmed) is refused with the text's required message; 1 unless said. */
  min?: number;
  max: number;
  /** The refusal of a longer text; the required message unless said. */
  tooLong?: string;
}

function requiredTyped(required: string, { min = 1, max, tooLong = required }: TextLength, clean: typeof cleanLine) {
  return z
    .string({ error: required })
    .trim()
    .min(min, required)
    .max(max, tooLong)
    .refine(...clean);
}

/**
 * A required one-line text (a name, a title): trimmed; missing, not text or too short, it is
 * refused with `required`; no control or direction characters.
 */
export const requiredLine = (required: string, length: TextLength) => requiredTyped(required, length, cleanLine);
/** A required text of several lines (a report, an appeal): the same, its line breaks and tabs kept. */
export const requiredText = (required: string, length: TextLength) => requiredTyped(required, length, cleanText);

/** Optional free text: trimmed, empty becomes null; no control or direction characters. */
export function optionalText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, tooLongMessage(label, max))
    .refine(...cleanText)
    .nullish()
    .transform((v) => (v ? v : null));
}

export const ZAdminNotes = optionalText(MAX_NOTES_LENGTH, 'Admin notes');

/** How the API document describes a money input (what readMoneyInput accepts). */
export const MONEY_INPUT_DOC = {
  description: 'An exact amount: a JSON number or a numeric string, at least 0, with at most 2 decimals (75, 75.5 or "75.50").',
  anyOf: [
    { type: 'string', pattern: '^\\d{1,18}(\\.\\d{1,2})?$', example: '75.50' },
    { type: 'number', minimum: 0, example: 75 },
  ],
};

/**
 * A money input (number or numeric string) read exactly; messages per problem. A negative amount
 * gets the `negative` message when there is one, else the `format` one.
 */
export function moneySchema(messages: {
  format: string;
  precision: string;
  range: string;
  negative?: string;
  /** The refusals' codes when their sentences say values (src/shared/error-codes.ts), with those values. */
  coded?: { format: string; precision: string; range: string; values: Record<string, string> };
}) {
  return z
    .unknown()
    .transform((value, ctx) => {
      const read = readMoneyInput(value);
      if (!read.ok) {
        const problem = read.problem === 'negative' ? (messages.negative ? null : 'format') : read.problem;
        const message = problem ? messages[problem] : (messages.negative ?? messages.format);
        const coded = messages.coded && problem ? { params: { code: messages.coded[problem], values: messages.coded.values } } : {};
        ctx.addIssue({ code: 'custom', message, ...coded });
        return z.NEVER;
      }
      return read.value;
    })
    .meta(MONEY_INPUT_DOC);
}

/**
 * Money as every answer writes it: an exact amount with 2 decimals, as a string (the one output
 * money schema; inputs are read by moneySchema).
 */
export const ZMoney = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: 'An exact amount with 2 decimals, as a string.', example: '1250.50' });

export const ZIdParams = z.object({ id: z.string().meta({ description: 'The record’s id (a UUID); any other text answers 404.' }) });

/** A list's `limit` query parameter: a whole number from 1 to `max`. */
export function pageLimit(max: number) {
  return z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(max, `limit must be at most ${max}`);
}

export const ZListQuery = z.object({
  limit: pageLimit(ADMIN_LIST_MAX_LIMIT)
    .default(ADMIN_LIST_DEFAULT_LIMIT)
    .meta({ description: `Items per page (1 to ${ADMIN_LIST_MAX_LIMIT}).` }),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must not be negative')
    .max(10_000_000, 'offset is too large')
    .default(0)
    .meta({ description: 'Items to skip. Not with `cursor`.' }),
  cursor: z
    .string()
    .max(200, 'cursor is too long')
    .optional()
    .meta({ description: 'Where the next page starts: the X-Next-Cursor header of the previous page. Not with `offset`.' }),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional().meta({
    description:
      'Only the items whose ambassador’s (or applicant’s) name or email contains this text, ignoring case; the withdrawals list also matches the wallet address.',
  }),
});
export type TListQuery = z.infer<typeof ZListQuery>;

/** 'Flagged only' on the admin lists that carry abuse flags. */
export const ZFlaggedQuery = z.object({
  flagged: z
    .enum(['true', 'false'], { error: 'flagged must be true or false' })
    .optional()
    .transform((value) => value === 'true')
    .meta({ description: '`true`: only the items with an abuse flag.' }),
});

/** The error body of DECISIONS §2. */
const ZErrorValues = z
  .record(z.string(), z.string())
  .meta({ description: 'The values the message says, by name (DECISIONS §7), e.g. `{"from": "2026-12-08T14:05:00.000Z"}`.' });
export const ZErrorBody = z.object({
  message: z.string().meta({ description: 'The refusal in English (the spec’s texts). Clients say it in their language from `code` and `values`.' }),
  errors: z
    .array(z.object({ path: z.string(), message: z.string(), code: z.string(), values: ZErrorValues.optional() }))
    .optional()
    .meta({ description: 'Each field’s refusal, with its own code.' }),
  code: z.string().meta({ description: 'The refusal, UPPER_SNAKE and stable (src/shared/error-codes.ts), e.g. MFA_ENROLL, WITHDRAWAL_MINIMUM.' }),
  values: ZErrorValues.optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

/* What leaves the server: the parts the answers of every feature are made of. `.meta()` is for the API document. */
export const ZIsoDate = z.string().meta({ format: 'date-time', description: 'An instant, ISO 8601 in UTC.' });
export const ZCalendarDate = z.string().meta({ format: 'date', description: 'A calendar date, YYYY-MM-DD (UTC).' });
export const ZWalletAddress = z.string().meta({ description: 'A BEP20 address, checksummed.', pattern: '^0x[0-9a-fA-F]{40}$' });
export const ZNullableText = z.string().nullable();
/** Abuse flags of an admin list item (DECISIONS §5, The admin desk). */
export const ZFlags = z.array(z.enum(ABUSE_FLAGS));
/** The social handles an application and an ambassador carry. */
export const SOCIAL_HANDLES = {
  twitterHandle: ZNullableText,
  instagramHandle: ZNullableText,
  telegramHandle: ZNullableText,
  facebookHandle: ZNullableText,
  youtubeHandle: ZNullableText,
};

export const ZMessage = z.object({ message: z.string() });

// Named in the API document (components/schemas).
API_OUTPUTS.add(ZErrorBody, { id: 'ErrorBody' }).add(ZMessage, { id: 'Message' });
