/**
 * Caps on the live streams (Server-Sent Events) one instance holds open (issue 24): each open stream
 * costs memory for as long as its client keeps it, so one address may hold at most
 * LIVE_STREAMS_PER_ADDRESS (default 20: a family's or an office's tabs) and the instance at most
 * LIVE_STREAMS_MAX; beyond either, 429 with Retry-After before anything is written. The address is
 * the one the per-address limits use (TRUST_PROXY decides what is believed).
 */
import { rateLimited } from './errors.ts';
import { ERROR_TEXTS } from '../shared/error-codes.ts';

export const STREAM_LIMIT_MESSAGES = {
  perAddress: ERROR_TEXTS.LIVE_STREAMS_PER_ADDRESS,
  total: ERROR_TEXTS.LIVE_STREAMS_FULL,
} as const;

export interface StreamLimits {
  /** Counts a stream for `address`, or throws 429; the answer releases it (once) when the stream ends. */
  admit(address: string): () => void;
  readonly open: number;
}

export function streamLimits(limits: { perAddress: number; max: number }): StreamLimits {
  const byAddress = new Map<string, number>();
  let open = 0;
  return {
    get open() {
      return open;
    },
    admit(address) {
      const mine = byAddress.get(address) ?? 0;
      if (mine >= limits.perAddress) throw rateLimited(STREAM_LIMIT_MESSAGES.perAddress).retryAfter(30);
      if (open >= limits.max) throw rateLimited(STREAM_LIMIT_MESSAGES.total).retryAfter(30);
      byAddress.set(address, mine + 1);
      open++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        open--;
        const left = (byAddress.get(address) ?? 1) - 1;
        if (left > 0) byAddress.set(address, left);
        else byAddress.delete(address);
      };
    },
  };
}
