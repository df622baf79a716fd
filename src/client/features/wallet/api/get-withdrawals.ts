import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { Withdrawal } from '../../../api/types.ts';

export const withdrawalsKey = ['/api/withdrawal-requests'] as const;

export function getWithdrawals(): Promise<Withdrawal[]> {
  return apiRequest<Withdrawal[]>('GET', '/api/withdrawal-requests');
}

export function useWithdrawals() {
  return useQuery({ queryKey: withdrawalsKey, queryFn: getWithdrawals });
}
