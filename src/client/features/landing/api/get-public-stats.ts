import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { PublicStats } from '../../../api/types.ts';

export const publicStatsKey = ['/api/public/stats'] as const;

export function getPublicStats(): Promise<PublicStats> {
  return apiRequest<PublicStats>('GET', '/api/public/stats');
}

export function usePublicStats() {
  return useQuery({ queryKey: publicStatsKey, queryFn: getPublicStats });
}
