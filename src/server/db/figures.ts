/**
 * When the public figures (stats, leaderboard, prize settings) change. A generation counter per
 * database, bumped after the commit of any mutation that called `m.figuresChanged()` (ADR 012), so
 * a reader of this process sees the change at once; on PostgreSQL the same transaction NOTIFYs,
 * and every instance LISTENs and bumps its own counter (docs/decisions/005-public-read-cache.md).
 */
import type pg from 'pg';

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

/**
 * A dedicated connection LISTENing for other instances' changes. A lost
 * connection is retried; every (re)connection bumps, as changes may have been missed.
 */
export function listenForFigures(connect: () => pg.Client, feed: FiguresFeed): { stop(): Promise<void> } {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const start = async () => {
    if (stopped) return;
    const next = connect();
    client = next;
    next.on('notification', () => feed.bump());
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
      feed.bump();
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
