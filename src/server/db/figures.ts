/**
 * When the public figures (stats, leaderboard, prize settings) change. A generation counter per
 * database, bumped after the commit of any mutation that wrote a table of a public topic (ADR 012, db/topics.ts), so
 * a reader of this process sees the change at once; on PostgreSQL the same transaction NOTIFYs,
 * and every instance LISTENs and bumps its own counter (docs/decisions/005-public-read-cache.md).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { LIVE_TOPICS, isLiveTopic, type LiveTopic } from '../../shared/live.ts';

export const FIGURES_CHANNEL = 'programme_figures';

export interface FiguresFeed {
  /** Changes whenever the public figures may have changed. */
  readonly generation: number;
  bump(): void;
  /** Calls `listener` after each bump (the live leaderboard); answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createFeed(): FiguresFeed {
  let generation = 0;
  const listeners = new Set<() => void>();
  return {
    get generation() {
      return generation;
    },
    bump() {
      generation += 1;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** What changed, in domain words (src/shared/live.ts), and for whom: `users` for `me`, '*' for every signed-in user. */
export interface Change {
  topics: LiveTopic[];
  users: string[] | '*';
  /** Accounts whose live streams end (sign-out everywhere, a password change, a suspension, a removal). */
  end: string[];
}

/** Changes made here or heard from other instances (DECISIONS §6, Live changes); the live streams' hub listens. */
export interface ChangesFeed {
  /** This feed's (this process's database's) id, so its own NOTIFYs are ignored: it published them at its commit already. */
  readonly origin: string;
  publish(change: Change): void;
  subscribe(listener: (change: Change) => void): () => void;
}

export const CHANGES_CHANNEL = 'programme_changes';

export function createChangesFeed(): ChangesFeed {
  const listeners = new Set<(change: Change) => void>();
  return {
    origin: randomUUID(),
    publish(change) {
      for (const listener of listeners) listener(change);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A NOTIFY payload (at most 8,000 bytes): long lists of users become '*'. */
export function changePayload(change: Change, origin: string): string {
  const users = change.users === '*' || change.users.length > 100 ? '*' : change.users;
  return JSON.stringify({ o: origin, t: change.topics, u: users, e: change.end.slice(0, 100) });
}

function parsePayload(payload: string | undefined, ownOrigin: string | undefined): Change | undefined {
  try {
    const value = JSON.parse(payload ?? '') as { o?: unknown; t?: unknown; u?: unknown; e?: unknown };
    if (value.o === ownOrigin || !Array.isArray(value.t)) return undefined;
    return {
      topics: value.t.filter(isLiveTopic),
      users: value.u === '*' ? '*' : Array.isArray(value.u) ? value.u.filter((u): u is string => typeof u === 'string') : [],
      end: Array.isArray(value.e) ? value.e.filter((u): u is string => typeof u === 'string') : [],
    };
  } catch {
    return undefined;
  }
}

/**
 * A dedicated connection LISTENing for other instances' changes: the public figures, and the live
 * changes. A lost connection is retried; every (re)connection bumps the figures and tells every
 * stream to refresh everything, as changes may have been missed.
 */
export function listenForFigures(connect: () => pg.Client, feed: FiguresFeed, changes?: ChangesFeed): { stop(): Promise<void> } {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const start = async () => {
    if (stopped) return;
    const next = connect();
    client = next;
    next.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) {
        const change = parsePayload(message.payload, changes?.origin);
        if (change) changes?.publish(change);
        return;
      }
      // A change of this instance bumped its own figures after its commit; the others' bump them here.
      if (changes && message.payload === changes.origin) return;
      feed.bump();
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (stopped) return;
      feed.bump();
      retry = setTimeout(() => void start(), 1_000);
      retry.unref();
    });
    try {
      await next.connect();
      await next.query(`listen ${FIGURES_CHANNEL}`);
      await next.query(`listen ${CHANGES_CHANNEL}`);
      feed.bump();
      changes?.publish({ topics: [...LIVE_TOPICS], users: '*', end: [] });
    } catch {
      await next.end().catch(() => undefined);
    }
  };
  void start();
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
