import { apiRequest } from '../../../lib/api.ts';
import { rememberSignedIn } from '../../../lib/session-hint.ts';
import type { TCurrentUser, TLoginInput } from '../../../../shared/schemas/auth.ts';

export async function login(input: TLoginInput): Promise<TCurrentUser> {
  const user = await apiRequest<TCurrentUser>('POST', '/api/login', input);
  rememberSignedIn();
  return user;
}
