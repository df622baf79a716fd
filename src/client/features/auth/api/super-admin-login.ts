import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { rememberSignInPage, rememberSignedIn } from '../../../lib/session-hint.ts';
import type { TSuperAdminLoginInput } from '../../../../shared/schemas/auth.ts';
import { needsSecondFactor, type SignInResult } from '../../../api/mfa.ts';

export async function superAdminLogin(input: TSuperAdminLoginInput): Promise<SignInResult> {
  const result = await apiRequest<SignInResult>('POST', '/api/super-admin-login', input);
  // This page's path (the server's secret SUPER_ADMIN_LOGIN_PATH): where a session that ends sends them back.
  rememberSignInPage(window.location.pathname);
  if (!needsSecondFactor(result)) rememberSignedIn();
  return result;
}

export function useSuperAdminLogin() {
  return useMutation({ mutationFn: superAdminLogin });
}
