/**
 * Whether a live stream (streams.ts) is away: it listened, then dropped or was refused, and has not
 * listened again yet. While one is, what the page shows may be behind, and the page says so
 * (components/live-status-notice.tsx). A stream closed on purpose (a newer tab took its place, the
 * page stopped it) is not away. Kept here, out of the streams' code, so the notice costs the first
 * page nothing but this.
 */
import { useSyncExternalStore } from 'react';

const away = new Set<object>();
const listeners = new Set<() => void>();

/** The stream `stream` (any object standing for it) is away, or back (or stopped). */
export function markStreamAway(stream: object, isAway: boolean): void {
  const before = away.size > 0;
  if (isAway) away.add(stream);
  else away.delete(stream);
  if (away.size > 0 !== before) for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while a live stream of this page is away. */
export function useLiveStreamAway(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => away.size > 0,
    () => false,
  );
}
