/**
 * The log heads this browser has seen (DECISIONS §5, The public programme log): kept in
 * localStorage so a later visit can tell whether the log still extends them. A log rewritten and
 * re-chained after a visit passes its own hash check, but not this one.
 */
import { parseHead, formatHead, type LogHead } from '../../shared/public-log.ts';

export const HEADS_KEY = 'programme-log-heads';
export const HEADS_KEPT = 20;

/** The heads remembered, oldest first; none when storage is off or holds something else. */
export function readRememberedHeads(storage: Storage | undefined = globalThis.localStorage): LogHead[] {
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

/** Adds a head checked just now (not twice in a row; the last HEADS_KEPT). Storage that refuses is not an error. */
export function rememberHead(head: LogHead, storage: Storage | undefined = globalThis.localStorage): void {
  if (head.seq === 0) return;
  const heads = readRememberedHeads(storage).map(formatHead);
  const text = formatHead(head);
  if (heads.at(-1) !== text) heads.push(text);
  try {
    storage?.setItem(HEADS_KEY, JSON.stringify(heads.filter((h, i) => heads.indexOf(h) === i).slice(-HEADS_KEPT)));
  } catch {
    // Private browsing or a full quota: the check still ran, only the memory of it is lost.
  }
}
