import { z } from 'zod';
import { API_OUTPUTS, API_INPUTS } from './api-names.ts';
import { MAX_NAME_LENGTH } from '../limits.ts';
import { requiredLine, tooLongMessage, EMAIL_MESSAGE, passwordSchema, ZIsoDate, ZNullableText } from './common.ts';
import { ADMIN_MESSAGES } from './messages.ts';

export const ZNewAdminInput = z.object({
  email: z
    .string({ error: ADMIN_MESSAGES.emailRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.emailRequired)
    .max(254, EMAIL_MESSAGE)
    .pipe(z.email({ error: EMAIL_MESSAGE }))
    .transform((e) => e.toLowerCase()),
  fullName: requiredLine(ADMIN_MESSAGES.fullNameRequired, { max: MAX_NAME_LENGTH, tooLong: tooLongMessage('Full name', MAX_NAME_LENGTH) }),
});
export type TNewAdminInput = z.input<typeof ZNewAdminInput>;

export const ZAdminPasswordInput = z.object({ newPassword: passwordSchema(ADMIN_MESSAGES.password) });

/** How long the admin desk shows a security notice (issue 24). */
export const SECURITY_NOTICE_DAYS = 7;

/** A change to the admin team's trust, shown to every admin for SECURITY_NOTICE_DAYS. */
export const ZSecurityNotice = z.object({
  id: z.string(),
  action: z.enum(['add_admin', 'reset_admin_password', 'disable_mfa', 'enable_mfa']),
  label: z.string().describe('What happened, in words.'),
  by: z.string().describe('The email of the admin who did it.'),
  details: z.string().nullable().describe('Whom it was about.'),
  at: z.string().meta({ format: 'date-time', description: 'When, ISO 8601 in UTC.' }),
});
export type TSecurityNotice = z.infer<typeof ZSecurityNotice>;

export const ZAdminSummary = z.object({
  totalAmbassadors: z.number().int(),
  pendingApplications: z.number().int(),
  pendingReports: z.number().int(),
  pendingWithdrawals: z.number().int(),
  /** Appeals waiting for an admin other than the one who decided (DECISIONS §6). */
  pendingAppeals: z.number().int(),
});
export type TAdminSummary = z.infer<typeof ZAdminSummary>;

export const ZAdminAccount = z.object({
  id: z.string(),
  fullName: ZNullableText,
  email: z.string(),
  username: ZNullableText,
  isSuperAdmin: z.boolean(),
  createdAt: ZIsoDate,
});
export type TAdminAccount = z.infer<typeof ZAdminAccount>;

export const ZAdminActionView = z.object({
  id: z.string(),
  adminId: ZNullableText,
  adminEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: ZNullableText,
  details: ZNullableText,
  /** What an edit changed: {field: [before, after]}. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()]).meta({ description: '[before, after]', items: {} })).nullable(),
  createdAt: ZIsoDate,
});
export type TAdminActionView = z.infer<typeof ZAdminActionView>;

// Named in the API document (components/schemas).
API_OUTPUTS.add(ZAdminSummary, { id: 'AdminSummary' })
  .add(ZAdminAccount, { id: 'AdminAccount' })
  .add(ZAdminActionView, { id: 'AdminActionView' })
  .add(ZSecurityNotice, { id: 'SecurityNotice' });
API_INPUTS.add(ZNewAdminInput, { id: 'NewAdminInput' }).add(ZAdminPasswordInput, { id: 'AdminPasswordInput' });
