/**
 * The public programme log (DECISIONS §5, The public programme log): an append-only list of what
 * the programme commits to and pays out, each entry chained to the one before by its hash. One
 * implementation for the server (which writes it), the /transparency page and `npm run verify-log`
 * (which check it), in Node and in browsers (WebCrypto).
 *
 * `hash` = lowercase hex SHA-256 of the canonical JSON (RFC 8785) of `{seq, at, kind, data, prevHash}`
 * (`at` exactly as answered); the first entry's `prevHash` is 64 zeros.
 */
import { canonicalJson } from './canonical-json.ts';
import { sha256Hex } from './hash.ts';
import { textOf, type VerifyText } from './verify-texts.ts';

export const GENESIS_HASH = '0'.repeat(64);

export const LOG_KINDS = [
  'season.terms',
  'season.frozen',
  'season.closed',
  'prize.withheld',
  'payout.paid',
  'month.summary',
  'log.anchored',
  'referral.credited',
] as const;
export type LogKind = (typeof LOG_KINDS)[number];

export interface LogEntry {
  seq: number;
  at: string;
  kind: string;
  data: unknown;
  prevHash: string;
  hash: string;
}

/** The head of a log: its last entry's seq and hash ({0, GENESIS_HASH} when empty). */
export interface LogHead {
  seq: number;
  hash: string;
}

/**
 * A head as a witness saw it (DECISIONS §7): with `seenAt` (ISO 8601), the time the witness saw it,
 * by the witness's own clock. No entry after the head may be dated before that time.
 */
export interface WitnessHead extends LogHead {
  seenAt?: string;
}

export const EMPTY_HEAD: LogHead = Object.freeze({ seq: 0, hash: GENESIS_HASH });

export function entryHash(entry: Omit<LogEntry, 'hash'>): Promise<string> {
  return sha256Hex(canonicalJson({ seq: entry.seq, at: entry.at, kind: entry.kind, data: entry.data, prevHash: entry.prevHash }));
}

/** A check of the chain: the head it reaches, or the first entry that fails and why (a text of verify-texts.ts, with its values). */
export type ChainCheck = { ok: true; head: LogHead } | { ok: false; seq: number; reason: VerifyText };

/**
 * Checks that `entries` (oldest first) extend `from` (the head before the first of them; the
 * genesis by default): consecutive seqs, each prevHash the hash before, each hash recomputed.
 * Answers the new head, or the first entry that fails and why.
 */
export async function verifyChain(entries: LogEntry[], from: LogHead = EMPTY_HEAD): Promise<ChainCheck> {
  let head: LogHead = from;
  let previousAt: string | undefined;
  for (const entry of entries) {
    if (entry.seq !== head.seq + 1)
      return { ok: false, seq: entry.seq, reason: textOf('chainGap', { expected: head.seq + 1, previous: head.seq, found: entry.seq }) };
    if (entry.prevHash !== head.hash) return { ok: false, seq: entry.seq, reason: textOf('chainLink', { seq: head.seq }) };
    let computed: string;
    try {
      computed = await entryHash(entry);
    } catch (error) {
      return { ok: false, seq: entry.seq, reason: textOf('chainUnhashable', { error: error instanceof Error ? error.message : String(error) }) };
    }
    if (computed !== entry.hash) return { ok: false, seq: entry.seq, reason: textOf('chainChanged') };
    // The log's time never goes back (DECISIONS §7): an entry dated before the one it follows was backdated.
    if (previousAt !== undefined && !(Date.parse(entry.at) >= Date.parse(previousAt)))
      return { ok: false, seq: entry.seq, reason: textOf('chainBackwards', { at: entry.at, previous: head.seq, previousAt }) };
    previousAt = entry.at;
    head = { seq: entry.seq, hash: entry.hash };
  }
  return { ok: true, head };
}

/**
 * Whether a chain whose entries are known up to `head` still holds a head seen earlier: the entry
 * at `remembered.seq` must have `remembered.hash`. A rewritten log, re-chained from the rewrite on,
 * passes verifyChain but fails this against a head remembered from before the rewrite.
 */
export function extendsHead(entries: LogEntry[], remembered: WitnessHead): { ok: true } | { ok: false; reason: VerifyText; seq?: number } {
  if (remembered.seq !== 0) {
    const at = entries.find((e) => e.seq === remembered.seq);
    if (!at) return { ok: false, reason: textOf('entryGone', { seq: remembered.seq }) };
    if (at.hash !== remembered.hash) return { ok: false, reason: textOf('entryRewritten', { seq: remembered.seq }) };
  }
  // Seen at a time: whatever came after the head was written after that time, and may not be dated before it.
  const seenAt = remembered.seenAt === undefined ? NaN : Date.parse(remembered.seenAt);
  if (Number.isFinite(seenAt)) {
    const backdated = entries.find((e) => e.seq > remembered.seq && !(Date.parse(e.at) >= seenAt));
    if (backdated)
      return {
        ok: false,
        seq: backdated.seq,
        reason: textOf('entryBackdated', { seq: backdated.seq, at: backdated.at, seen: remembered.seenAt ?? '', head: remembered.seq }),
      };
  }
  return { ok: true };
}

/**
 * "SEQ:HASH", or "SEQ:HASH@ISO-TIME" with the time the witness saw it, as `npm run verify-log --
 * --head` and `verify-draw --head` take it and the page shows it.
 */
export function parseHead(text: string): WitnessHead | undefined {
  const match = /^(\d{1,12}):([0-9a-f]{64})(?:@(\S+))?$/.exec(text.trim());
  if (!match) return undefined;
  const head: WitnessHead = { seq: Number(match[1]), hash: match[2] as string };
  if (match[3] === undefined) return head;
  const seen = Date.parse(match[3]);
  if (!Number.isFinite(seen) || !/^\d{4}-\d{2}-\d{2}T/.test(match[3])) return undefined;
  return { ...head, seenAt: new Date(seen).toISOString() };
}

/** "SEQ:HASH@ISO-TIME" (or "SEQ:HASH" without a time): a witness's head, as parseHead reads it. */
export function formatWitnessHead(head: WitnessHead): string {
  return head.seenAt ? `${formatHead(head)}@${head.seenAt}` : formatHead(head);
}

export function formatHead(head: LogHead): string {
  return `${head.seq}:${head.hash}`;
}
