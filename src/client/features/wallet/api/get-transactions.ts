import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { Transaction } from '../../../api/types.ts';

export const transactionsKey = ['/api/transactions'] as const;

export function getTransactions(): Promise<Transaction[]> {
  return apiRequest<Transaction[]>('GET', '/api/transactions');
}

export function useTransactions() {
  return useQuery({ queryKey: transactionsKey, queryFn: getTransactions });
}
