/**
 * The anchor of the public log's head on BSC (DECISIONS §7, Anchors on BSC): a transaction from the
 * anchor address to itself, value 0, whose data is 0x414d42 ('AMB') + the head's seq (8 bytes,
 * big-endian) + its hash (32 bytes). Written by the server, read by the verifiers.
 */
export const ANCHOR_PREFIX = '0x414d42';

/** The transaction data that anchors head `seq` with `hash` (64 hex digits). */
export function anchorData(seq: number, hash: string): `0x${string}` {
  if (!Number.isSafeInteger(seq) || seq < 0) throw new RangeError(`anchorData: ${seq} is not a seq`);
  if (!/^[0-9a-f]{64}$/i.test(hash)) throw new RangeError(`anchorData: ${hash} is not a SHA-256 hash`);
  return `${ANCHOR_PREFIX}${seq.toString(16).padStart(16, '0')}${hash.toLowerCase()}`;
}

/** The seq and hash a transaction's data anchors, or undefined when it is not an anchor's data. */
export function readAnchorData(data: string): { seq: number; hash: string } | undefined {
  const match = /^0x414d42([0-9a-f]{16})([0-9a-f]{64})$/i.exec(data);
  if (!match) return undefined;
  const seq = Number.parseInt(match[1] ?? '', 16);
  return Number.isSafeInteger(seq) ? { seq, hash: (match[2] ?? '').toLowerCase() } : undefined;
}

/** Before anchoring, a late freeze's beacon is 60 s after it; with anchoring, 10 minutes, so the anchor lands first. */
export const LATE_BEACON_SECONDS = 60;
export const LATE_BEACON_SECONDS_ANCHORED = 600;
