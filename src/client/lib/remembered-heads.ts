/**
 * The log heads this browser has seen (DECISIONS §5, The public programme log; §7 witnesses): kept
 * in localStorage, each with the time it was seen, so a later visit can tell whether the log still
 * extends them and whether anything after one is dated before it was seen. A log rewritten and
 * re-chained after a visit passes its own hash check, but not this one; nor does an entry written
 * later and backdated.
 */
import { formatHead, formatWitnessHead, parseHead, type LogHead, type WitnessHead } from '../../shared/public-log.ts';

export const HEADS_KEY = 'programme-log-heads';
export const HEADS_KEPT = 20;
/**
 * A head is remembered as seen this much before this device's clock says: a device clock that runs
 * a little ahead of the server's must not make honest entries look backdated.
 */
export const CLOCK_ALLOWANCE_MS = 5 * 60_000;

/** The heads remembered, oldest first, each with the time it was seen (older entries have none); none when storage is off or holds something else. */
export function readRememberedHeads(storage: Storage | undefined = globalThis.localStorage): WitnessHead[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(HEADS_KEY) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.flatMap((item) => {
      const head = typeof item === 'string' ? parseHead(item) : undefined;
      return head ? [head] : [];
    });
  } catch {
    return [];
  }
}

/**
 * Adds a head checked just now, the log's head at `now` (the last HEADS_KEPT; a head seen again
 * keeps the latest time it was seen). Storage that refuses is not an error.
 */
export function rememberHead(head: LogHead, storage: Storage | undefined = globalThis.localStorage, now: number = Date.now()): void {
  if (head.seq === 0) return;
  const seen: WitnessHead = { seq: head.seq, hash: head.hash, seenAt: new Date(now - CLOCK_ALLOWANCE_MS).toISOString() };
  const heads = readRememberedHeads(storage).filter((h) => formatHead(h) !== formatHead(seen));
  heads.push(seen);
  try {
    storage?.setItem(HEADS_KEY, JSON.stringify(heads.slice(-HEADS_KEPT).map(formatWitnessHead)));
  } catch {
    // Private browsing or a full quota: the check still ran, only the memory of it is lost.
  }
}

/**
 * The heads as a witness may hold them against this server: with the times they were seen when the
 * server runs in production; without them otherwise, where its clock may be moved on purpose
 * (TEST_CLOCK_OFFSET, DECISIONS §5 Test clock) and every later entry would look backdated.
 */
export function headsForServer(heads: readonly WitnessHead[], production: boolean | undefined): WitnessHead[] {
  return production === false ? heads.map(({ seq, hash }) => ({ seq, hash })) : [...heads];
}
