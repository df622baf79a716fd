import { useMutation, useQuery } from '@tanstack/react-query';
import type { TSeasonSummary } from '../../../../shared/schemas/seasons.ts';
import { resources } from '../../../api/resources.ts';
import { apiRequest } from '../../../lib/api.ts';

export function useSeasons() {
  return useQuery(resources.adminSeasons());
}

export function useSeasonPreview(month: string | null) {
  return useQuery({ ...resources.seasonPreview(month ?? ''), enabled: month !== null });
}

/** A protocol 1 month closed with its beacon: prizes and lottery wins credited, the log appended. */
export function useCloseSeason() {
  return useMutation({
    mutationFn: ({ month, beacon }: { month: string; beacon: string }) =>
      apiRequest<TSeasonSummary>('POST', `/api/super-admin/seasons/${month}/close`, { beacon }),
  });
}
