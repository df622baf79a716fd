/**
 * The whole public log, checked in this browser (GET /api/public/log, page by page): its chain of
 * hashes, its head, and every head this browser saw before. A head that checks out is remembered.
 */
import { useQuery } from '@tanstack/react-query';
import type { LogHead } from '../../../../shared/public-log.ts';
import { checkLog, type LogVerdict, type WholeLog } from '../../../../shared/verify-log.ts';
import { getWholeLog } from '../../../api/public-log.ts';
import { readRememberedHeads, rememberHead } from '../lib/remembered-heads.ts';

export interface CheckedLog {
  log: WholeLog;
  verdict: LogVerdict;
  /** The heads remembered before this check. */
  remembered: LogHead[];
}

export async function getCheckedLog(): Promise<CheckedLog> {
  const log = await getWholeLog();
  const remembered = readRememberedHeads();
  const verdict = await checkLog(log, remembered);
  if (verdict.ok) rememberHead(verdict.head);
  return { log, verdict, remembered };
}

export function useCheckedLog() {
  return useQuery({ queryKey: ['/api/public/log', 'checked'], queryFn: getCheckedLog, staleTime: 0, refetchOnMount: 'always' });
}
