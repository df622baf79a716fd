import { ApiError, apiRequest } from '../../../lib/api.ts';
import type { TCurrentUser } from '../../../../shared/schemas/auth.ts';

export const currentUserKey = ['/api/user'] as const;

/** The signed-in user, or null: 401 is the only answer read as "signed out" (spec §8). */
export async function getCurrentUser(): Promise<TCurrentUser | null> {
  try {
    return await apiRequest<TCurrentUser>('GET', '/api/user');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
