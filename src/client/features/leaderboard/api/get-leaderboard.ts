import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { LeaderboardEntry } from '../../../api/types.ts';

export const leaderboardKey = ['/api/public/leaderboard'] as const;

export function getLeaderboard(): Promise<LeaderboardEntry[]> {
  return apiRequest<LeaderboardEntry[]>('GET', '/api/public/leaderboard');
}

export function useLeaderboard() {
  return useQuery({ queryKey: leaderboardKey, queryFn: getLeaderboard });
}
