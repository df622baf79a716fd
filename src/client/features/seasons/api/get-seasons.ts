import { useQuery } from '@tanstack/react-query';
import type { TCurrentSeason, TSeasonDetail, TSeasonSummary } from '../../../../shared/schemas/seasons.ts';
import { apiRequest } from '../../../lib/api.ts';

export function useClosedSeasons() {
  return useQuery({ queryKey: ['/api/public/seasons'], queryFn: () => apiRequest<TSeasonSummary[]>('GET', '/api/public/seasons') });
}

export function useCurrentSeason() {
  return useQuery({ queryKey: ['/api/public/seasons/current'], queryFn: () => apiRequest<TCurrentSeason>('GET', '/api/public/seasons/current') });
}

export function getSeason(month: string): Promise<TSeasonDetail> {
  return apiRequest<TSeasonDetail>('GET', `/api/public/seasons/${month}`);
}
