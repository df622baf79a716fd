import type { TDrandChainInfo } from '../../../../shared/schemas/seasons.ts';
import { apiRequest } from '../../../lib/api.ts';

/**
 * The drand chain this server draws from (GET /api/public/drand). Only a test chain's key is ever
 * used from it: for quicknet the verifier keeps its own copy (src/shared/verify-log.ts, chainFor).
 */
export function getDrandChain(): Promise<TDrandChainInfo> {
  return apiRequest<TDrandChainInfo>('GET', '/api/public/drand');
}
