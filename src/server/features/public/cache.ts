/**
 * The public reads (stats, leaderboard) are the same for every visitor, so each
 * instance keeps its last answer, already serialised, and reuses it until the
 * figures change (the database's figures feed) or TTL_MS passes, whichever
 * comes first (docs/decisions/005-public-read-cache.md). Concurrent misses share
 * one query.
 */
import type { FiguresFeed } from '../../db/figures.ts';

/** The longest a cached answer lives, even if no change was heard (a missed NOTIFY, a change made by hand in SQL). */
export const TTL_MS = 5_000;

interface Entry {
  key: string;
  generation: number;
  at: number;
  body: Promise<string>;
}

export function publicCache(feed: FiguresFeed, now: () => number = () => performance.now()) {
  const entries = new Map<string, Entry>();
  return {
    /** The JSON of `load()`, from the cache when it is current for `key` (e.g. the month). */
    get(name: string, key: string, load: () => Promise<unknown>): Promise<string> {
      const hit = entries.get(name);
      if (hit && hit.key === key && hit.generation === feed.generation && now() - hit.at < TTL_MS) return hit.body;
      // The generation is read before the query: a change committed meanwhile makes this entry stale at once.
      const entry: Entry = { key, generation: feed.generation, at: now(), body: load().then((value) => JSON.stringify(value)) };
      entries.set(name, entry);
      entry.body.catch(() => {
        if (entries.get(name) === entry) entries.delete(name);
      });
      return entry.body;
    },
  };
}
