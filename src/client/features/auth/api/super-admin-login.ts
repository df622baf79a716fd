import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { rememberSignedIn } from '../../../lib/session-hint.ts';
import type { TSuperAdminLoginInput } from '../../../../shared/schemas/auth.ts';
import { needsSecondFactor, type SignInResult } from '../../../api/mfa.ts';

export async function superAdminLogin(input: TSuperAdminLoginInput): Promise<SignInResult> {
  const result = await apiRequest<SignInResult>('POST', '/api/super-admin-login', input);
  if (!needsSecondFactor(result)) rememberSignedIn();
  return result;
}

export function useSuperAdminLogin() {
  return useMutation({ mutationFn: superAdminLogin });
}
