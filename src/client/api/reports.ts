/** The ambassador's own reports: listed by the dashboard, refreshed by the report form. */
import { useQuery } from '@tanstack/react-query';
import { resources } from './resources.ts';

export function useMyReports(enabled = true) {
  return useQuery({ ...resources.myReports(), enabled });
}
