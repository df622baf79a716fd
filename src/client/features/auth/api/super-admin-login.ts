import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { rememberSignedIn } from '../../../lib/session-hint.ts';
import type { TCurrentUser, TSuperAdminLoginInput } from '../../../../shared/schemas/auth.ts';

export async function superAdminLogin(input: TSuperAdminLoginInput): Promise<TCurrentUser> {
  const user = await apiRequest<TCurrentUser>('POST', '/api/super-admin-login', input);
  rememberSignedIn();
  return user;
}

export function useSuperAdminLogin() {
  return useMutation({ mutationFn: superAdminLogin });
}
