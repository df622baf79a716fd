/**
 * The whole public programme log (GET /api/public/log, DECISIONS §5), read page by page in the
 * browser. Read afresh on each visit (a log is checked as it is now, not as it was cached), and by
 * the Hall of Fame's 'Verify this draw' and the /transparency page.
 */
import { useQuery } from '@tanstack/react-query';
import { readWholeLog, type WholeLog } from '../../shared/verify-log.ts';
import { apiRequest } from '../lib/api.ts';

export const publicLogKey = ['/api/public/log', 'whole'] as const;

export function getWholeLog(): Promise<WholeLog> {
  return readWholeLog((after, limit) => apiRequest<unknown>('GET', `/api/public/log?after=${after}&limit=${limit}`));
}

export function useWholeLog() {
  return useQuery({ queryKey: publicLogKey, queryFn: getWholeLog, staleTime: 0, refetchOnMount: 'always' });
}
