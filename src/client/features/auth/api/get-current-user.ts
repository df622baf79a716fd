import { ApiError, apiRequest } from '../../../lib/api.ts';
import { hasSessionHint, rememberSignedIn } from '../../../lib/session-hint.ts';
import type { TCurrentUser } from '../../../../shared/schemas/auth.ts';

export const currentUserKey = ['/api/user'] as const;

/**
 * The signed-in user, or null: 401 is the only answer read as "signed out" (spec §8).
 * Without the session hint the answer is null without asking, unless `evenWithoutHint`
 * (a page that needs a user asks the server whatever the hint says).
 */
export async function getCurrentUser({ evenWithoutHint = false }: { evenWithoutHint?: boolean } = {}): Promise<TCurrentUser | null> {
  if (!evenWithoutHint && !hasSessionHint()) return null;
  try {
    const user = await apiRequest<TCurrentUser>('GET', '/api/user');
    rememberSignedIn();
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
