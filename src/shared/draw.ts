/**
 * The provably fair draw of DECISIONS §5: what both protocols share (steps 5-6, the entrants' order and
 * list hash, a verification's checks). One implementation for the server, the browser and the
 * command-line verifiers (WebCrypto, in Node and in browsers). Each protocol's own functions are in
 * its module, under the same names (`seedOf`, `drawWinners`, `verifyDraw`): draw-protocol-1.ts (a
 * secret and a typed beacon, months closed before protocol 2) and draw-protocol-2.ts (terms fixed at
 * the month's start, entrants frozen at its end, a drand beacon); draw-protocols.ts picks one by a
 * published season's protocol.
 */
import { sha256, sha256Hex } from './hash.ts';
import type { VerifyText, VerifyTextId, VerifyValues } from './verify-texts.ts';

/** The entrants' ids in the draw's order: lower case, sorted ascending. */
export function sortedEntrants(entrantIds: string[]): string[] {
  return entrantIds.map((id) => id.toLowerCase()).sort();
}

export async function listHashOf(entrantIds: string[]): Promise<string> {
  return sha256Hex(sortedEntrants(entrantIds).join('\n'));
}

/**
 * Steps 5-6, shared by both protocols: the random stream SHA-256(seed ‖ uint32 big-endian i) read
 * as 32-bit big-endian integers, and a partial Fisher-Yates shuffle of `sortedIds` (already in the
 * draw's order: lower case, ascending) for W = min(winners, n) positions. Answers positions 0 … W-1.
 */
export async function drawFromSeed(seed: Uint8Array, sortedIds: string[], winners: number): Promise<string[]> {
  const list = [...sortedIds];
  const n = list.length;
  const w = Math.max(0, Math.min(winners, n));
  let block = 0;
  let queue: number[] = [];
  const next = async (): Promise<number> => {
    if (!queue.length) {
      const counter = new Uint8Array(4);
      new DataView(counter.buffer).setUint32(0, block++);
      const bytes = await sha256(new Uint8Array([...seed, ...counter]));
      const view = new DataView(bytes.buffer);
      queue = Array.from({ length: 8 }, (_, i) => view.getUint32(i * 4));
    }
    return queue.shift() as number;
  };
  for (let k = 0; k < w; k++) {
    const j = k + (await uniformBelow(n - k, next));
    [list[k], list[j]] = [list[j] as string, list[k] as string];
  }
  return list.slice(0, w);
}

/**
 * Step 6's unbiased pick of 0 … m-1: integers u are taken from the stream until u < floor(2^32 / m) × m
 * (the rest would favour small results), and the answer is u mod m.
 */
export async function uniformBelow(m: number, next: () => Promise<number>): Promise<number> {
  const limit = Math.floor(2 ** 32 / m) * m;
  let u = await next();
  while (u >= limit) u = await next();
  return u % m;
}

/**
 * A step's status: 'match'; 'late', a step that holds as the protocol allows, but late (terms fixed
 * after the month began, a freeze after the terms' round): never shown or counted as a match (issue
 * 40, item 5); or 'mismatch'.
 */
export type StepStatus = 'match' | 'late' | 'mismatch';

/**
 * A step of a verification: which text names it and its values (`id`, `values`: verify-texts.ts,
 * said in English by the CLI and in the page's language by the browser), its status, and what was
 * published (`expected`) against what it should be (`actual`), as data.
 */
export interface DrawCheck extends VerifyText {
  status: StepStatus;
  expected: string;
  actual: string;
}

/** A step named `id` with `values`: a match when `ok`, else a mismatch. */
export function check(id: VerifyTextId, values: VerifyValues, expected: string, actual: string, ok = expected === actual): DrawCheck {
  return { id, values, status: ok ? 'match' : 'mismatch', expected, actual };
}

/**
 * A verification's answer: every step (`expected` is what was published, `actual` what it should
 * be), `ok` when none fails, and `pending` when a frozen season's beacon is not out yet (what
 * exists is checked; the draw is not).
 */
export interface DrawVerification {
  ok: boolean;
  pending: boolean;
  checks: DrawCheck[];
}
