import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { rememberSignInPage, rememberSignedIn } from '../../../lib/session-hint.ts';
import type { TCurrentUser, TSuperAdminLoginInput } from '../../../../shared/schemas/auth.ts';
import { needsSecondFactor } from '../../../api/mfa.ts';

/** The super admin's sign-in answers the account (its page greets the super admin its own way), or asks for the code. */
type SuperAdminSignInResult = TCurrentUser | { mfa: 'required' };

export async function superAdminLogin(input: TSuperAdminLoginInput): Promise<SuperAdminSignInResult> {
  const result = await apiRequest<SuperAdminSignInResult>('POST', '/api/super-admin-login', input);
  // This page's path (the server's secret SUPER_ADMIN_LOGIN_PATH): where a session that ends sends them back.
  rememberSignInPage(window.location.pathname);
  if (!needsSecondFactor(result)) rememberSignedIn();
  return result;
}

export function useSuperAdminLogin() {
  return useMutation({ mutationFn: superAdminLogin });
}
