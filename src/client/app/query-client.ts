import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorized } from '../lib/api.ts';
import { currentUserKey } from '../features/auth/api/get-current-user.ts';

/**
 * Spec §7: no retries, data never goes stale, no refetch on focus, no polling.
 * A 401 on any read or write means the session has ended: the current user
 * becomes null and the route guard takes over (to /auth, which says so).
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthorized(error) && query.queryKey[0] !== currentUserKey[0]) {
          client.setQueryData(currentUserKey, null);
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isUnauthorized(error) && client.getQueryData(currentUserKey)) client.setQueryData(currentUserKey, null);
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
  return client;
}
