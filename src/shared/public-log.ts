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
import { verifyText } from './verify-texts.ts';

export const GENESIS_HASH = '0'.repeat(64);

export const LOG_KINDS = ['season.terms', 'season.frozen', 'season.closed', 'prize.withheld', 'payout.paid', 'month.summary'] as const;
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

export const EMPTY_HEAD: LogHead = Object.freeze({ seq: 0, hash: GENESIS_HASH });

export function entryHash(entry: Omit<LogEntry, 'hash'>): Promise<string> {
  return sha256Hex(canonicalJson({ seq: entry.seq, at: entry.at, kind: entry.kind, data: entry.data, prevHash: entry.prevHash }));
}

export type ChainCheck = { ok: true; head: LogHead } | { ok: false; seq: number; reason: string };

/**
 * Checks that `entries` (oldest first) extend `from` (the head before the first of them; the
 * genesis by default): consecutive seqs, each prevHash the hash before, each hash recomputed.
 * Answers the new head, or the first entry that fails and why.
 */
export async function verifyChain(entries: LogEntry[], from: LogHead = EMPTY_HEAD): Promise<ChainCheck> {
  let head: LogHead = from;
  for (const entry of entries) {
    if (entry.seq !== head.seq + 1)
      return { ok: false, seq: entry.seq, reason: verifyText('chainGap', { expected: head.seq + 1, previous: head.seq, found: entry.seq }) };
    if (entry.prevHash !== head.hash) return { ok: false, seq: entry.seq, reason: verifyText('chainLink', { seq: head.seq }) };
    let computed: string;
    try {
      computed = await entryHash(entry);
    } catch (error) {
      return { ok: false, seq: entry.seq, reason: verifyText('chainUnhashable', { error: error instanceof Error ? error.message : String(error) }) };
    }
    if (computed !== entry.hash) return { ok: false, seq: entry.seq, reason: verifyText('chainChanged') };
    head = { seq: entry.seq, hash: entry.hash };
  }
  return { ok: true, head };
}

/**
 * Whether a chain whose entries are known up to `head` still holds a head seen earlier: the entry
 * at `remembered.seq` must have `remembered.hash`. A rewritten log, re-chained from the rewrite on,
 * passes verifyChain but fails this against a head remembered from before the rewrite.
 */
export function extendsHead(entries: LogEntry[], remembered: LogHead): { ok: true } | { ok: false; reason: string } {
  if (remembered.seq === 0) return { ok: true };
  const at = entries.find((e) => e.seq === remembered.seq);
  if (!at) return { ok: false, reason: verifyText('entryGone', { seq: remembered.seq }) };
  if (at.hash !== remembered.hash) return { ok: false, reason: verifyText('entryRewritten', { seq: remembered.seq }) };
  return { ok: true };
}

/** "SEQ:HASH", as `npm run verify-log -- --head` takes it and the page shows it. */
export function parseHead(text: string): LogHead | undefined {
  const match = /^(\d{1,12}):([0-9a-f]{64})$/.exec(text.trim());
  return match ? { seq: Number(match[1]), hash: match[2] as string } : undefined;
}

export function formatHead(head: LogHead): string {
  return `${head.seq}:${head.hash}`;
}
