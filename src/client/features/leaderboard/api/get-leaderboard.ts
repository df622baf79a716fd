import { useQuery } from '@tanstack/react-query';
import type { TLeaderboardEntry } from '../../../../shared/schemas/views.ts';
import { apiRequest } from '../../../lib/api.ts';

export const leaderboardKey = ['/api/public/leaderboard'] as const;

export function getLeaderboard(): Promise<TLeaderboardEntry[]> {
  return apiRequest<TLeaderboardEntry[]>('GET', '/api/public/leaderboard');
}

export function useLeaderboard() {
  return useQuery({ queryKey: leaderboardKey, queryFn: getLeaderboard });
}
