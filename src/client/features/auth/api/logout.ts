import { apiRequest } from '../../../lib/api.ts';

export function logout(): Promise<unknown> {
  return apiRequest<unknown>('POST', '/api/logout');
}
