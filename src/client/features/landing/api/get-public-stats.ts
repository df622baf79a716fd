import { useQuery } from '@tanstack/react-query';
import type { TStats } from '../../../../shared/schemas/views.ts';
import { apiRequest } from '../../../lib/api.ts';

export const publicStatsKey = ['/api/public/stats'] as const;

/** Spec §2: each figure falls back to 0 when the answer lacks it. */
export function getPublicStats(): Promise<Partial<TStats>> {
  return apiRequest<Partial<TStats>>('GET', '/api/public/stats');
}

export function usePublicStats() {
  return useQuery({ queryKey: publicStatsKey, queryFn: getPublicStats });
}
