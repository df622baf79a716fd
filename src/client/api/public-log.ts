/**
 * The whole public programme log (GET /api/public/log, DECISIONS §5), read page by page in the
 * browser, and checked here: its chain of hashes, its head, and every head this browser saw before
 * (a head that checks out is remembered). The fetchers of two reads of resources.ts, loaded only
 * when one of them is read: the checking code stays out of the other pages' JavaScript.
 */
import type { WitnessHead } from '../../shared/public-log.ts';
import { checkLog, readWholeLog, type LogVerdict, type WholeLog } from '../../shared/verify-log.ts';
import { apiRequest } from '../lib/api.ts';
import { headsForServer, readRememberedHeads, rememberHead } from '../lib/remembered-heads.ts';
import type { TDrandChainInfo } from '../../shared/schemas/seasons.ts';

export function getWholeLog(): Promise<WholeLog> {
  return readWholeLog((after, limit) => apiRequest<unknown>('GET', `/api/public/log?after=${after}&limit=${limit}`));
}

export interface CheckedLog {
  log: WholeLog;
  verdict: LogVerdict;
  /** The heads remembered before this check. */
  remembered: WitnessHead[];
}

export async function getCheckedLog(): Promise<CheckedLog> {
  const [log, served] = await Promise.all([getWholeLog(), apiRequest<TDrandChainInfo>('GET', '/api/public/drand').catch(() => undefined)]);
  const remembered = headsForServer(readRememberedHeads(), served?.production);
  const verdict = await checkLog(log, remembered);
  if (verdict.ok) rememberHead(verdict.head);
  return { log, verdict, remembered };
}
