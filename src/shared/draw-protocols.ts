/**
 * A published season's draw, checked by its protocol (DECISIONS §5): the one place that chooses
 * between draw-protocol-1.ts and draw-protocol-2.ts, for the Hall of Fame's 'Verify this draw',
 * `npm run verify-draw` and the log's verifier.
 */
import { QUICKNET, type DrandChain } from './drand.ts';
import type { DrawVerification } from './draw.ts';
import * as protocol1 from './draw-protocol-1.ts';
import * as protocol2 from './draw-protocol-2.ts';

/** A published season of either protocol; protocol 1 answers carry no `protocol` (or 1). */
export type PublishedSeason = protocol2.PublishedSeason2 | (protocol1.PublishedDraw & { protocol?: 1 });

/** Verifies a published season by its protocol: 2 → protocol 2's `verifyDraw`; missing or 1 → protocol 1's. */
export async function verifyPublishedSeason(published: PublishedSeason, chain: DrandChain = QUICKNET): Promise<DrawVerification> {
  if (published.protocol === 2) return protocol2.verifyDraw(published, chain);
  return { ...(await protocol1.verifyDraw(published)), pending: false };
}
