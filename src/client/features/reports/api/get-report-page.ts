/** One page of My Reports (GET /api/reports?limit=&offset=, total in X-Total-Count). */
import { useQuery } from '@tanstack/react-query';
import { resources } from '../../../api/resources.ts';

export function useReportPage(offset: number, enabled = true) {
  return useQuery({ ...resources.myReportPage(offset), enabled });
}
