import { z } from 'zod';
import { API_OUTPUTS, API_INPUTS } from './api-names.ts';
import { MAX_PASSWORD_LENGTH } from '../limits.ts';
import { cleanLine, ZEmail, passwordSchema } from './common.ts';
import { LOCALE_MESSAGE, LOCALES } from '../locales.ts';
import { AUTH_MESSAGES } from './messages.ts';

/** A sign-in's email, password or secret as typed (not trimmed: a password keeps its spaces): required, with one message. */
const requiredCredential = (message: string, max = 500) => z.string({ error: message }).min(1, message).max(max, message);

export const ZLoginInput = z.object({
  email: requiredCredential(AUTH_MESSAGES.emailRequired, 254).transform((e) => e.trim().toLowerCase()),
  password: requiredCredential(AUTH_MESSAGES.passwordRequired, MAX_PASSWORD_LENGTH),
});
export type TLoginInput = z.input<typeof ZLoginInput>;

export const ZSuperAdminLoginInput = ZLoginInput.extend({
  superAdminSecret: requiredCredential(AUTH_MESSAGES.secretRequired, 500),
});
export type TSuperAdminLoginInput = z.input<typeof ZSuperAdminLoginInput>;

/** The user record rules of spec §5 (used by registration when it is open). */
export const ZRegisterInput = z.object({
  email: ZEmail,
  password: passwordSchema(AUTH_MESSAGES.userPassword),
  fullName: z
    .string()
    .trim()
    .max(120)
    .refine(...cleanLine)
    .optional(),
  username: z
    .string()
    .trim()
    .max(120)
    .refine(...cleanLine)
    .optional(),
});

export const ZSetupPasswordInput = z.object({
  password: passwordSchema(AUTH_MESSAGES.setupPassword),
});

/** The form adds the confirmation, checked in the browser only. */
export const ZSetupPasswordForm = ZSetupPasswordInput.extend({ confirmPassword: z.string() }).refine((v) => v.password === v.confirmPassword, {
  path: ['confirmPassword'],
  message: AUTH_MESSAGES.passwordsDoNotMatch,
});

export const ZChangePasswordInput = z.object({
  currentPassword: requiredCredential(AUTH_MESSAGES.currentPasswordRequired, MAX_PASSWORD_LENGTH),
  newPassword: passwordSchema(AUTH_MESSAGES.newPassword),
});

export const ZChangePasswordForm = ZChangePasswordInput.extend({ confirmPassword: z.string() }).refine((v) => v.newPassword === v.confirmPassword, {
  path: ['confirmPassword'],
  message: AUTH_MESSAGES.passwordsDoNotMatch,
});

/** Current user (client view), spec §3. */
export const ZCurrentUser = z.object({
  id: z.string(),
  username: z.string().nullable(),
  email: z.string(),
  fullName: z.string().nullable(),
  isAdmin: z.boolean(),
  isSuperAdmin: z.boolean(),
  /** Two-factor sign-in is on for the account. */
  mfaEnabled: z.boolean(),
  // A string (not an enum) in the document: OpenAPI 3.0 has no nullable enum.
  locale: z
    .string()
    .nullable()
    .describe(`The language the account chose (DECISIONS §6: ${LOCALES.join(', ')}), or null: the language menu’s or the browser’s is used.`),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

/** A completed sign-in's answer (POST /api/login, /api/login/mfa): the account, and whether to greet it as returning. */
export const ZSignedInUser = ZCurrentUser.extend({
  welcomeBack: z
    .boolean()
    .describe(
      'True when this browser completed a sign-in to this account before (it holds the account’s device cookie): the page greets “Welcome back!”; false on a first sign-in (and a first one in this browser): “Welcome!”.',
    ),
});
export type TSignedInUser = z.infer<typeof ZSignedInUser>;

/** PATCH /api/user: the account's language. */
export const ZUserUpdate = z.object({
  locale: z.enum(LOCALES, { error: LOCALE_MESSAGE }),
});
export type TUserUpdate = z.infer<typeof ZUserUpdate>;

// Named in the API document (components/schemas).
API_OUTPUTS.add(ZCurrentUser, { id: 'CurrentUser' }).add(ZSignedInUser, { id: 'SignedInUser' });
API_INPUTS.add(ZLoginInput, { id: 'LoginInput' })
  .add(ZSuperAdminLoginInput, { id: 'SuperAdminLoginInput' })
  .add(ZRegisterInput, { id: 'RegisterInput' })
  .add(ZSetupPasswordInput, { id: 'SetupPasswordInput' })
  .add(ZChangePasswordInput, { id: 'ChangePasswordInput' })
  .add(ZUserUpdate, { id: 'UserUpdate' });
