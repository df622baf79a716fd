import { useQuery } from '@tanstack/react-query';
import { resources } from '../../../api/resources.ts';

export function useAdminSummary() {
  return useQuery(resources.adminSummary());
}
