import { useQuery } from '@tanstack/react-query';
import { resources } from '../../../api/resources.ts';

export function useTransactions() {
  return useQuery(resources.transactions());
}
