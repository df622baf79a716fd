import { z } from 'zod';
import { ADMIN_LIST_DEFAULT_LIMIT, ADMIN_LIST_MAX_LIMIT, MAX_EMAIL_LENGTH, MAX_NOTES_LENGTH, MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH } from '../limits.ts';
import { readMoneyInput } from '../money.ts';

export const EMAIL_MESSAGE = 'Invalid email address';

/** Emails are compared and stored lower-case and trimmed. */
export const ZEmail = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .max(MAX_EMAIL_LENGTH, EMAIL_MESSAGE)
  .pipe(z.email({ error: EMAIL_MESSAGE }))
  .transform((e) => e.toLowerCase());

export function passwordSchema(message: string) {
  return z.string({ error: message }).min(MIN_PASSWORD_LENGTH, message).max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);
}

/** Optional free text: trimmed, empty becomes null. */
export function optionalText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
}

export const ZAdminNotes = optionalText(MAX_NOTES_LENGTH, 'Admin notes');

/** A money input (number or numeric string) read exactly; messages per problem. */
export function moneySchema(messages: { format: string; precision: string; range: string }) {
  return z.unknown().transform((value, ctx) => {
    const read = readMoneyInput(value);
    if (!read.ok) {
      ctx.addIssue({ code: 'custom', message: messages[read.problem] });
      return z.NEVER;
    }
    return read.value;
  });
}

export const ZIdParams = z.object({ id: z.string() });

export const ZListQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(ADMIN_LIST_MAX_LIMIT, `limit must be at most ${ADMIN_LIST_MAX_LIMIT}`)
    .default(ADMIN_LIST_DEFAULT_LIMIT),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must not be negative')
    .max(10_000_000, 'offset is too large')
    .default(0),
  cursor: z.string().max(200, 'cursor is too long').optional(),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
});
export type TListQuery = z.infer<typeof ZListQuery>;

/** 'Flagged only' on the admin lists that carry abuse flags. */
export const ZFlaggedQuery = z.object({
  flagged: z
    .enum(['true', 'false'], { error: 'flagged must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});

/** The error body of DECISIONS §2. */
export const ZErrorBody = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** A reason a client acts on, e.g. MFA_ENROLL (DECISIONS §5). */
  code: z.string().optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;
