import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSeasonAdminItem, TSeasonPreview } from '../../../../shared/schemas/season-admin.ts';
import type { TSeasonSummary } from '../../../../shared/schemas/seasons.ts';
import { apiRequest } from '../../../lib/api.ts';
import { adminKeys } from './keys.ts';

const seasonsKey = ['/api/super-admin/seasons'] as const;

export function useSeasons() {
  return useQuery({ queryKey: seasonsKey, queryFn: () => apiRequest<TSeasonAdminItem[]>('GET', '/api/super-admin/seasons') });
}

export function useSeasonPreview(month: string | null) {
  return useQuery({
    queryKey: ['/api/super-admin/seasons', month, 'preview'],
    queryFn: () => apiRequest<TSeasonPreview>('GET', `/api/super-admin/seasons/${month}/preview`),
    enabled: month !== null,
  });
}

export function useCloseSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ month, beacon }: { month: string; beacon: string }) =>
      apiRequest<TSeasonSummary>('POST', `/api/super-admin/seasons/${month}/close`, { beacon }),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: seasonsKey }), queryClient.invalidateQueries({ queryKey: adminKeys.actions })]);
    },
  });
}
