import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyLeaderboardPatch, isLeaderboardPatch } from '../../../../shared/leaderboard-patch.ts';
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
 * stream sends the standings whole when it opens, then each change as a patch against the standings
 * of the event before (its id is their ETag; src/shared/leaderboard-patch.ts). A patch for other
 * standings than the ones held (an event missed) opens the stream again, which starts with the whole
 * board. When the stream drops, EventSource reconnects by itself; meanwhile the page shows what it
 * last had.
 */
export function useLiveLeaderboard(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let held: { etag: string; entries: TLeaderboardEntry[] } | undefined;
    let source: EventSource;
    const show = (etag: string, entries: TLeaderboardEntry[]) => {
      held = { etag, entries };
      queryClient.setQueryData(leaderboardKey, entries);
    };
    const open = () => {
      held = undefined;
      source = new EventSource('/api/public/leaderboard/stream');
      source.addEventListener('leaderboard', (event) => {
        const { data, lastEventId } = event as MessageEvent<string>;
        let parsed: unknown;
        try {
          parsed = JSON.parse(data);
        } catch {
          return; // A malformed event changes nothing; the next one will do.
        }
        if (Array.isArray(parsed)) return show(lastEventId, parsed as TLeaderboardEntry[]);
        if (!isLeaderboardPatch(parsed)) return;
        if (held && parsed.from === held.etag) return show(lastEventId, applyLeaderboardPatch(held.entries, parsed));
        source.close();
        open();
      });
    };
    open();
    return () => source.close();
  }, [queryClient]);
}
