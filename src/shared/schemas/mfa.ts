/** Two-factor sign-in (DECISIONS §5, Admin accounts): TOTP (RFC 6238, SHA-1, 30 s, 6 digits) and recovery codes. */
import { z } from 'zod';
import { API_OUTPUTS, API_INPUTS } from './api-names.ts';
import { MFA_MESSAGES } from './messages.ts';

export const RECOVERY_CODE_COUNT = 10;

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
