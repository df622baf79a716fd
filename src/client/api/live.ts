/**
 * Live changes in the browser (DECISIONS §6): the server names what changed, in the live topics'
 * words, and changes.ts refreshes the reads that show it. Nothing is polled.
 *
 * - A signed-in user: one EventSource to GET /api/events while signed in (useLiveChanges, from the
 *   auth provider). It hears `me`, the public topics, and an admin's desk topics.
 * - A visitor: the pages that show public figures listen to the public leaderboard stream, whose
 *   `change` events name the public topics (usePublicChanges); its `leaderboard` events carry the
 *   standings themselves (DECISIONS §5, Live leaderboard).
 *
 * While a stream is away a change can be missed: what is cached is then read again when next
 * shown, and when the stream is back, everything shown is read again. The browser's `online` reads
 * again what failed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { retryFailed } from './changes.ts';

type Streams = typeof import('./streams.ts');

/** Starts a stream once its code is loaded; the function returned stops it, loaded yet or not. */
function whenLoaded(start: (streams: Streams) => () => void): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  void import('./streams.ts').then((streams) => {
    if (!stopped) stop = start(streams);
  });
  return () => {
    stopped = true;
    stop?.();
  };
}

/**
 * For the whole app (the auth provider): the signed-in user's stream while `userId` is signed in,
 * and the browser's `online`, which reads again what failed.
 */
export function useLiveChanges(userId: string | null): void {
  const client = useQueryClient();
  useEffect(() => {
    const retry = () => void retryFailed(client);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [client]);
  useEffect(() => (userId === null ? undefined : whenLoaded((streams) => streams.listenForChanges(client))), [client, userId]);
}

/**
 * A page that shows public figures keeps them current while it is shown: the public stream, whose
 * `change` events a visitor's page follows (streams.ts). `standings`: the page shows the
 * leaderboard, whose standings the stream carries, so it listens even when signed in.
 */
export function usePublicChanges({ standings = false }: { standings?: boolean } = {}): void {
  const client = useQueryClient();
  useEffect(() => whenLoaded((streams) => streams.listenToPublicChanges(client, { standings })), [client, standings]);
}
