import { useQuery } from '@tanstack/react-query';
import type { TTransactionView } from '../../../../shared/schemas/views.ts';
import { apiRequest } from '../../../lib/api.ts';

export const transactionsKey = ['/api/transactions'] as const;

export function getTransactions(): Promise<TTransactionView[]> {
  return apiRequest<TTransactionView[]>('GET', '/api/transactions');
}

export function useTransactions() {
  return useQuery({ queryKey: transactionsKey, queryFn: getTransactions });
}
