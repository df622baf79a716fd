import { useQuery } from '@tanstack/react-query';
import { resources } from '../../../api/resources.ts';

export function useWithdrawals() {
  return useQuery(resources.withdrawals());
}
