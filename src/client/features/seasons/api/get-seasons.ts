import { useQuery } from '@tanstack/react-query';
import type { TSeasonDetail, TSeasonSummary } from '../../../../shared/schemas/seasons.ts';
import { apiRequest } from '../../../lib/api.ts';

/**
 * The ended months the Hall of Fame shows, newest first (GET /api/public/seasons): protocol 2
 * months from their freeze on (frozen, then closed), protocol 1 months once closed.
 */
export function useEndedSeasons() {
  return useQuery({ queryKey: ['/api/public/seasons'], queryFn: () => apiRequest<TSeasonSummary[]>('GET', '/api/public/seasons') });
}

export function getSeason(month: string): Promise<TSeasonDetail> {
  return apiRequest<TSeasonDetail>('GET', `/api/public/seasons/${month}`);
}

/** One month with everyone in its draw (GET /api/public/seasons/{month}). */
export function useSeason(month: string, enabled = true) {
  return useQuery({ queryKey: ['/api/public/seasons', month], queryFn: () => getSeason(month), enabled });
}
