import { apiRequest } from '../../../lib/api.ts';
import type { TCurrentUser, TLoginInput } from '../../../../shared/schemas/auth.ts';

export function login(input: TLoginInput): Promise<TCurrentUser> {
  return apiRequest<TCurrentUser>('POST', '/api/login', input);
}
