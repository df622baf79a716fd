import { apiRequest } from '../../../lib/api.ts';
import { forgetSignedIn } from '../../../lib/session-hint.ts';

export async function logout(): Promise<unknown> {
  const answer = await apiRequest<unknown>('POST', '/api/logout');
  forgetSignedIn();
  return answer;
}
