import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { TCurrentUser, TSuperAdminLoginInput } from '../../../../shared/schemas/auth.ts';

export function superAdminLogin(input: TSuperAdminLoginInput): Promise<TCurrentUser> {
  return apiRequest<TCurrentUser>('POST', '/api/super-admin-login', input);
}

export function useSuperAdminLogin() {
  return useMutation({ mutationFn: superAdminLogin });
}
