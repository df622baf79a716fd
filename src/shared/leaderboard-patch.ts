/**
 * The live leaderboard's small events (DECISIONS §5, Live leaderboard): after the standings sent
 * whole when a stream opens, each change is sent as what changed against the standings the stream
 * already has, named by their ETag: the entries that are new or different with their new places,
 * and the ones that left. An award moves one ambassador, so an event is a few hundred bytes instead
 * of the whole board (13 kB at 100 entries), for every open stream. One implementation for the
 * server, which checks each patch by applying it before sending it, and for the browser.
 */
import type { TLeaderboardEntry } from './schemas/public.ts';

export interface LeaderboardPatch {
  /** The ETag of the standings this patch applies to; the event's id is the ETag of the result. */
  from: string;
  /** Entries that are new or different, each with its place (0-based) in the new standings. */
  changed: Array<{ rank: number; entry: TLeaderboardEntry }>;
  /** Ids of the entries that are no longer in the standings. */
  removed: string[];
}

const same = (a: TLeaderboardEntry, b: TLeaderboardEntry) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What changed from `before` to `after`, or null when a patch could not say it (the entries that did
 * not change are in another order: a new month, a new ranking rule) and the whole board must go.
 */
export function diffLeaderboard(before: readonly TLeaderboardEntry[], after: readonly TLeaderboardEntry[], from: string): LeaderboardPatch | null {
  const previous = new Map(before.map((entry) => [entry.id, entry]));
  const kept = new Set(after.map((entry) => entry.id));
  const patch: LeaderboardPatch = {
    from,
    changed: after.flatMap((entry, rank) => {
      const was = previous.get(entry.id);
      return was && same(was, entry) ? [] : [{ rank, entry }];
    }),
    removed: before.filter((entry) => !kept.has(entry.id)).map((entry) => entry.id),
  };
  const result = applyLeaderboardPatch(before, patch);
  return result.length === after.length && result.every((entry, i) => same(entry, after[i] as TLeaderboardEntry)) ? patch : null;
}

/** The standings after `patch`: the unchanged entries keep their order, the changed ones go to their places. */
export function applyLeaderboardPatch(before: readonly TLeaderboardEntry[], patch: LeaderboardPatch): TLeaderboardEntry[] {
  const leaving = new Set([...patch.removed, ...patch.changed.map((change) => change.entry.id)]);
  const list = before.filter((entry) => !leaving.has(entry.id));
  for (const { rank, entry } of [...patch.changed].sort((a, b) => a.rank - b.rank)) list.splice(rank, 0, entry);
  return list;
}

/** An event's data is the whole board (an array) or a patch: this tells a patch, as a browser receives it. */
export function isLeaderboardPatch(data: unknown): data is LeaderboardPatch {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const patch = data as Partial<LeaderboardPatch>;
  return typeof patch.from === 'string' && Array.isArray(patch.changed) && Array.isArray(patch.removed);
}
