import { apiRequest } from '../../../lib/api.ts';
import { rememberSignInPage, rememberSignedIn } from '../../../lib/session-hint.ts';
import type { TLoginInput } from '../../../../shared/schemas/auth.ts';
import { needsSecondFactor, type SignInResult } from '../../../api/mfa.ts';

/** Signs in; with two-factor authentication on, the answer asks for the code first. */
export async function login(input: TLoginInput): Promise<SignInResult> {
  const result = await apiRequest<SignInResult>('POST', '/api/login', input);
  rememberSignInPage(null);
  if (!needsSecondFactor(result)) rememberSignedIn();
  return result;
}
