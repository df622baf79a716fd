/**
 * The live streams' code (DECISIONS §6), loaded by live.ts's hooks once a page needs a stream (it
 * stays out of the first page's JavaScript). What a stream hears, changes.ts refreshes.
 */
import type { QueryClient } from '@tanstack/react-query';
import { applyLeaderboardPatch, isLeaderboardPatch } from '../../shared/leaderboard-patch.ts';
import { isLiveTopic, type LiveTopic } from '../../shared/live.ts';
import type { TLeaderboardEntry } from '../../shared/schemas/public.ts';
import { PUBLIC_READS, cachedUser, catchUp, checkSession, markUncertain, refreshTopics, showLeaderboard } from './changes.ts';
import { markStreamAway } from './live-status.ts';

/** When a refused stream is opened again: 3 s, doubling up to a minute. */
const FIRST_RETRY_MS = 3_000;
const LAST_RETRY_MS = 60_000;

/** The topics of a `change` event; anything else in it is ignored (a malformed event changes nothing). */
export function topicsOf(data: unknown): LiveTopic[] {
  if (typeof data !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(data);
    const topics = typeof parsed === 'object' && parsed !== null ? (parsed as { topics?: unknown }).topics : undefined;
    return Array.isArray(topics) ? topics.filter(isLiveTopic) : [];
  } catch {
    return [];
  }
}

interface StreamHandlers {
  /** Each named event the stream listens to. */
  events: Record<string, (event: MessageEvent<string>) => void>;
  /** The stream listens; `dropped`: it had been away since it last listened; `createdAt`: when this EventSource was made. */
  onOpen: (dropped: boolean, createdAt: number) => void;
  /** The stream went away (the first error after it listened). */
  onDrop: () => void;
  /** The server refused the stream (the browser gave up on it): it is opened again later. */
  onRefused?: () => void;
}

/**
 * An EventSource that stays open: the browser reconnects after a drop by itself; a refusal (an HTTP
 * error, which EventSource does not retry) is retried here, a little later each time.
 */
function keepOpen(url: string, handlers: StreamHandlers): () => void {
  /** This stream, in the page's notice that live updates stopped (live-status.ts). */
  const self = {};
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wait = FIRST_RETRY_MS;
  let dropped = false;
  let stopped = false;
  // Replaced by a newer tab of the session (an `end` event): closed, and opened again when this page is shown again.
  const whenShown = () => {
    if (document.visibilityState !== 'visible' || stopped || source) return;
    document.removeEventListener('visibilitychange', whenShown);
    handlers.onDrop();
    dropped = true;
    open();
  };
  const open = () => {
    const createdAt = Date.now();
    const current = new EventSource(url);
    source = current;
    for (const [name, handle] of Object.entries(handlers.events)) current.addEventListener(name, (event) => handle(event as MessageEvent<string>));
    current.addEventListener('end', () => {
      current.close();
      source = undefined;
      document.addEventListener('visibilitychange', whenShown);
    });
    current.addEventListener('open', () => {
      markStreamAway(self, false);
      wait = FIRST_RETRY_MS;
      handlers.onOpen(dropped, createdAt);
      dropped = false;
    });
    current.addEventListener('error', () => {
      if (!dropped) handlers.onDrop();
      dropped = true;
      if (!stopped) markStreamAway(self, true);
      // CONNECTING: the browser reconnects by itself (the server asks for 3 s).
      if (current.readyState !== EventSource.CLOSED || stopped) return;
      handlers.onRefused?.();
      timer = setTimeout(open, wait);
      wait = Math.min(wait * 2, LAST_RETRY_MS);
    });
  };
  open();
  return () => {
    stopped = true;
    markStreamAway(self, false);
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', whenShown);
    source?.close();
  };
}

/** A signed-in user's stream, GET /api/events; returns its closing. */
export function listenForChanges(client: QueryClient): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  return keepOpen('/api/events', {
    events: { change: (event) => void refreshTopics(client, topicsOf(event.data)) },
    // On its first opening, what was read before it listened (the user, just read, aside); after a drop, everything.
    onOpen: (dropped, createdAt) => void (dropped ? catchUp(client) : catchUp(client, { readBefore: createdAt, except: ['currentUser'] })),
    onDrop: () => markUncertain(client),
    // 401 once the session has ended: the user becomes null, the route guard takes over and the auth provider closes this.
    onRefused: () => void checkSession(client),
  });
}

/** The public reads this stream refreshes: the standings come with it, so not the leaderboard. */
const PUBLIC_REFRESHED = new Set([...PUBLIC_READS].filter((name) => name !== 'leaderboard'));

/**
 * The public stream (GET /api/public/leaderboard/stream) for a page that shows public figures;
 * returns its closing. Its `leaderboard` events carry the standings: the whole board when it
 * opens, then each change as a patch against the standings of the event before (its id is their
 * ETag; src/shared/leaderboard-patch.ts); a patch for other standings than the ones held (an event
 * missed) opens the stream again, which starts with the whole board. Its `change` events name the
 * public topics, which a visitor's page refreshes (a signed-in user hears them on /api/events).
 * `standings`: the page shows the leaderboard, so the stream is needed even when signed in.
 */
export function listenToPublicChanges(client: QueryClient, { standings }: { standings: boolean }): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const visitor = () => !cachedUser(client);
  if (!standings && !visitor()) return () => undefined;
  let held: { etag: string; entries: TLeaderboardEntry[] } | undefined;
  let close = () => undefined as void;
  const show = (etag: string, entries: TLeaderboardEntry[]) => {
    held = { etag, entries };
    showLeaderboard(client, entries);
  };
  const open = () => {
    held = undefined;
    close = keepOpen('/api/public/leaderboard/stream', {
      events: {
        leaderboard: ({ data, lastEventId }) => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(data);
          } catch {
            return; // A malformed event changes nothing; the next one will do.
          }
          if (Array.isArray(parsed)) return show(lastEventId, parsed as TLeaderboardEntry[]);
          if (!isLeaderboardPatch(parsed)) return;
          if (held && parsed.from === held.etag) return show(lastEventId, applyLeaderboardPatch(held.entries, parsed));
          close();
          open();
        },
        change: ({ data }) => {
          if (visitor())
            void refreshTopics(
              client,
              topicsOf(data).filter((topic) => topic !== 'leaderboard'),
            );
        },
      },
      onOpen: (dropped, createdAt) => {
        if (visitor()) void catchUp(client, { only: PUBLIC_REFRESHED, readBefore: dropped ? undefined : createdAt });
      },
      onDrop: () => {
        if (visitor()) markUncertain(client, PUBLIC_REFRESHED);
      },
    });
  };
  open();
  return () => close();
}
