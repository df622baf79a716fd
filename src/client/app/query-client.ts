import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { cachedUser, refreshTopics, sessionEnded } from '../api/changes.ts';
import { resources } from '../api/resources.ts';
import { ApiError, NetworkError, isUnauthorized, onChangedTopics } from '../lib/api.ts';

const currentUserKey = resources.currentUser().queryKey;

/** A failure that may pass by itself (the network, a server error): a read is tried once more. */
function mayPass(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
}

/**
 * Spec §7 as DECISIONS §6 reads it: what a screen shows is current because changes are pushed,
 * never by polling or refetching on focus. So a read never goes stale by age: changes.ts refreshes
 * it when a change names it (the answer of the change, X-Changed-Topics, before the call resolves;
 * the live streams), or after the live connection was away. A read is tried once more after a network or server failure, then says so
 * (QueryState); it is tried even when the browser thinks it is offline, so that it can say so.
 * A 401 on any read or write means the session has ended: the current user becomes null and the
 * route guard takes over (to /auth, which says so).
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthorized(error) && query.queryKey[0] !== currentUserKey[0]) sessionEnded(client);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isUnauthorized(error) && cachedUser(client)) sessionEnded(client);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < 1 && mayPass(error),
        networkMode: 'always',
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
  // What a change's answer names is refreshed before its call resolves, so a mutation's onSuccess sees it current.
  onChangedTopics((topics) => refreshTopics(client, topics));
  return client;
}
