import { useQuery } from '@tanstack/react-query';
import { usePublicChanges } from '../../../api/live.ts';
import { resources } from '../../../api/resources.ts';

export function useLeaderboard() {
  return useQuery(resources.leaderboard());
}

/**
 * Keeps the leaderboard live (DECISIONS §5, Live leaderboard): the public stream sends the standings
 * whole when it opens, then each change as a patch (api/live.ts); when it drops, EventSource
 * reconnects by itself and meanwhile the page shows what it last had. The prize pool beside it
 * follows the stream's `change` events.
 */
export function useLiveLeaderboard(): void {
  usePublicChanges({ standings: true });
}
