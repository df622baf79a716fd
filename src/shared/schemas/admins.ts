import { z } from 'zod';
import { MAX_NAME_LENGTH } from '../limits.ts';
import { EMAIL_MESSAGE, passwordSchema } from './common.ts';

export const ADMIN_MESSAGES = {
  emailRequired: 'Email is required',
  fullNameRequired: 'Full name is required',
  password: 'Password must be at least 6 characters',
  cannotRemoveSuperAdmin: 'Super admin accounts cannot be removed',
} as const;

export const ZNewAdminInput = z.object({
  email: z
    .string({ error: ADMIN_MESSAGES.emailRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.emailRequired)
    .max(254, EMAIL_MESSAGE)
    .pipe(z.email({ error: EMAIL_MESSAGE }))
    .transform((e) => e.toLowerCase()),
  fullName: z
    .string({ error: ADMIN_MESSAGES.fullNameRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.fullNameRequired)
    .max(MAX_NAME_LENGTH, `Full name must be at most ${MAX_NAME_LENGTH} characters`),
});
export type TNewAdminInput = z.input<typeof ZNewAdminInput>;

export const ZAdminPasswordInput = z.object({ newPassword: passwordSchema(ADMIN_MESSAGES.password) });
