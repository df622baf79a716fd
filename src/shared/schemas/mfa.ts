/** Two-factor sign-in (DECISIONS §5, Admin accounts): TOTP (RFC 6238, SHA-1, 30 s, 6 digits) and recovery codes. */
import { z } from 'zod';
import { API_OUTPUTS, API_INPUTS } from './api-names.ts';
import { AUTH_MESSAGES } from './auth.ts';

export const RECOVERY_CODE_COUNT = 10;

export const MFA_MESSAGES = {
  code: /*i18n*/ 'Enter the 6-digit code from your authenticator app, or a recovery code',
  invalid: /*i18n*/ 'That code is not valid. Check the time on your phone and try again.',
  expired: /*i18n*/ 'Your sign-in has expired. Please enter your email and password again.',
  alreadyOn: /*i18n*/ 'Two-factor authentication is already on',
  notOn: /*i18n*/ 'Two-factor authentication is not on',
  notEnrolling: /*i18n*/ 'Start the set-up again: scan a new QR code',
  requiredForAdmins: /*i18n*/ 'Two-factor authentication is required for admins and cannot be turned off',
  enrollFirst: /*i18n*/ 'Set up two-factor authentication first',
  tooMany: AUTH_MESSAGES.tooManyAttempts,
} as const;

export const ZMfaCodeInput = z.object({
  code: z
    .string({ error: MFA_MESSAGES.code })
    .trim()
    .transform((c) => c.replace(/[\s-]/g, ''))
    .pipe(z.string().min(6, MFA_MESSAGES.code).max(32, MFA_MESSAGES.code)),
});
export type TMfaCodeInput = z.input<typeof ZMfaCodeInput>;

export const ZMfaEnrollment = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export const ZMfaStatus = z.object({ enabled: z.boolean(), required: z.boolean(), recoveryCodesLeft: z.number().int() });
export type TMfaStatus = z.infer<typeof ZMfaStatus>;
/** The answer to a right password when a second factor is due. */
export const ZMfaRequired = z.object({ mfa: z.literal('required') });

// Named in the API document (components/schemas).
API_OUTPUTS.add(ZMfaRequired, { id: 'MfaRequired' })
  .add(ZMfaStatus, { id: 'MfaStatus' })
  .add(ZMfaEnrollment, { id: 'MfaEnrollment' })
  .add(ZRecoveryCodes, { id: 'RecoveryCodes' });
API_INPUTS.add(ZMfaCodeInput, { id: 'MfaCodeInput' });
