/**
 * When the public figures (stats, leaderboard) change. A generation counter per
 * database, bumped after the commit of any transaction that called
 * figuresChanged(), so a reader of this process sees the change at once; on
 * PostgreSQL the same transaction NOTIFYs, and every instance LISTENs and bumps
 * its own counter (docs/decisions/005-public-read-cache.md).
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './client.ts';

export const FIGURES_CHANNEL = 'programme_figures';

export interface FiguresFeed {
  /** Changes whenever the public figures may have changed. */
  readonly generation: number;
  bump(): void;
}

interface TxState {
  changed: boolean;
  postgres: boolean;
}

const transactions = new WeakMap<object, TxState>();
const roots = new WeakMap<object, { feed: FiguresFeed; postgres: boolean }>();

export function createFeed(): FiguresFeed {
  let generation = 0;
  return {
    get generation() {
      return generation;
    },
    bump() {
      generation += 1;
    },
  };
}

type Transactional = { transaction: (fn: (tx: object) => Promise<unknown>, config?: unknown) => Promise<unknown> };

/**
 * Wraps db.transaction (and the nested ones it opens) so a transaction that
 * changed the figures bumps the feed once it has committed: a read that starts
 * after the commit never caches the figures from before it.
 */
export function trackFigures(db: Db, feed: FiguresFeed, postgres: boolean): void {
  roots.set(db, { feed, postgres });
  const wrap = (target: Transactional, outer: TxState | undefined) => {
    const original = target.transaction.bind(target);
    target.transaction = async (fn, config) => {
      const state = outer ?? { changed: false, postgres };
      try {
        return await original(async (tx) => {
          transactions.set(tx, state);
          wrap(tx as Transactional, state);
          return fn(tx);
        }, config);
      } finally {
        // A rolled-back change bumps too: one needless refresh, never a stale read.
        if (!outer && state.changed) feed.bump();
      }
    };
  };
  wrap(db as unknown as Transactional, undefined);
}

/** Call in the transaction that changes a public figure (a credit, a new ambassador, a pinned badge). */
export async function figuresChanged(db: Db): Promise<void> {
  const state = transactions.get(db);
  const root = roots.get(db);
  if (state) state.changed = true;
  else root?.feed.bump();
  // Delivered to the other instances when (and only if) the transaction commits.
  if (state?.postgres ?? root?.postgres) await db.execute(sql`select pg_notify(${FIGURES_CHANNEL}, '')`);
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
