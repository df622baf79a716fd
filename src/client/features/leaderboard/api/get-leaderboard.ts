import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TLeaderboardEntry } from '../../../../shared/schemas/views.ts';
import { apiRequest } from '../../../lib/api.ts';

export const leaderboardKey = ['/api/public/leaderboard'] as const;

export function getLeaderboard(): Promise<TLeaderboardEntry[]> {
  return apiRequest<TLeaderboardEntry[]>('GET', '/api/public/leaderboard');
}

export function useLeaderboard() {
  return useQuery({ queryKey: leaderboardKey, queryFn: getLeaderboard });
}

/**
 * Keeps the leaderboard live (DECISIONS §5, Live leaderboard): the server's Server-Sent Events
 * stream sends the standings whenever they change, on any instance. When the stream drops,
 * EventSource reconnects by itself; meanwhile the page shows what it last had.
 */
export function useLiveLeaderboard(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/public/leaderboard/stream');
    source.addEventListener('leaderboard', (event) => {
      try {
        queryClient.setQueryData(leaderboardKey, JSON.parse((event as MessageEvent<string>).data) as TLeaderboardEntry[]);
      } catch {
        // A malformed event changes nothing; the next one will do.
      }
    });
    return () => source.close();
  }, [queryClient]);
}
