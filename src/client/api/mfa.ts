/** Two-factor sign-in calls (DECISIONS §5, Admin accounts). */
import { useQuery } from '@tanstack/react-query';
import type { TSignedInUser } from '../../shared/schemas/auth.ts';
import { apiRequest } from '../lib/api.ts';
import { rememberSignedIn } from '../lib/session-hint.ts';
import { resources } from './resources.ts';

export function useMfaStatus() {
  return useQuery(resources.mfaStatus());
}

/** The second step of a sign-in: a TOTP code or a recovery code. */
export async function completeMfaSignIn(code: string): Promise<TSignedInUser> {
  const user = await apiRequest<TSignedInUser>('POST', '/api/login/mfa', { code });
  rememberSignedIn();
  return user;
}

export const startMfaEnrollment = () => apiRequest<{ secret: string; otpauthUrl: string }>('POST', '/api/mfa/enroll');
export const verifyMfaEnrollment = (code: string) =>
  apiRequest<{ recoveryCodes: string[] }>('POST', '/api/mfa/verify', { code }, undefined, { background: true });
export const regenerateRecoveryCodes = (code: string) =>
  apiRequest<{ recoveryCodes: string[] }>('POST', '/api/mfa/recovery-codes', { code }, undefined, { background: true });
export const disableMfa = (code: string) => apiRequest<{ message: string }>('POST', '/api/mfa/disable', { code }, undefined, { background: true });

/** What a sign-in answers: the user, or the request for a second factor. */
export type SignInResult = TSignedInUser | { mfa: 'required' };

export function needsSecondFactor(result: object): result is { mfa: 'required' } {
  return 'mfa' in result && result.mfa === 'required';
}
