import { useQuery } from '@tanstack/react-query';
import type { TWithdrawalView } from '../../../../shared/schemas/views.ts';
import { apiRequest } from '../../../lib/api.ts';

export const withdrawalsKey = ['/api/withdrawal-requests'] as const;

export function getWithdrawals(): Promise<TWithdrawalView[]> {
  return apiRequest<TWithdrawalView[]>('GET', '/api/withdrawal-requests');
}

export function useWithdrawals() {
  return useQuery({ queryKey: withdrawalsKey, queryFn: getWithdrawals });
}
