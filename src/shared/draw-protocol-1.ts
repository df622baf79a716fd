/**
 * Protocol 1 of the draw (DECISIONS §5, steps 1-6): a secret committed to when the month began, a
 * beacon a super admin typed at the close. Months first seen before protocol 2 shipped keep it and
 * stay verifiable. The same function names as draw-protocol-2.ts; the shared steps are in draw.ts.
 */
import { check, drawFromSeed, listHashOf, sortedEntrants, type DrawCheck } from './draw.ts';
import { hex, sha256, sha256Hex } from './hash.ts';

const encoder = new TextEncoder();

/** 32 random bytes from a CSPRNG as 64 lowercase hex characters. */
export function newSecret(): string {
  return hex(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}

export async function commitmentOf(secret: string): Promise<string> {
  return sha256Hex(secret);
}

export async function seedOf(secret: string, beacon: string, listHash: string): Promise<Uint8Array> {
  return sha256(encoder.encode(`${secret}:${beacon}:${listHash}`));
}

export async function drawWinners(input: { secret: string; beacon: string; entrantIds: string[]; winners: number }): Promise<string[]> {
  const list = sortedEntrants(input.entrantIds);
  return drawFromSeed(await seedOf(input.secret, input.beacon, await listHashOf(list)), list, input.winners);
}

/** What a closed season publishes that the draw is checked from (GET /api/public/seasons/{month}). */
export interface PublishedDraw {
  lottery: {
    commitment: string;
    secret: string;
    beacon: string;
    listHash: string;
    entrantCount: number;
    winners: { position: number; ambassadorId: string }[];
  };
  entrants: { ambassadorId: string }[];
}

/**
 * Recomputes a published season's draw (DECISIONS §5) and answers every step with what was
 * published, what it should be, and whether they match. The same code runs in the browser (the
 * Hall of Fame's 'Verify this draw') and in `npm run verify-draw`.
 */
export async function verifyDraw(published: PublishedDraw): Promise<{ ok: boolean; checks: DrawCheck[] }> {
  const { lottery } = published;
  const ids = published.entrants.map((e) => e.ambassadorId);
  const commitment = await commitmentOf(lottery.secret);
  const listHash = await listHashOf(ids);
  const seed = hex(await seedOf(lottery.secret, lottery.beacon, listHash));
  const publishedWinners = [...lottery.winners].sort((a, b) => a.position - b.position).map((w) => w.ambassadorId.toLowerCase());
  const drawn = await drawWinners({ secret: lottery.secret, beacon: lottery.beacon, entrantIds: ids, winners: publishedWinners.length });
  const checks: DrawCheck[] = [
    check('commitment', {}, lottery.commitment, commitment),
    check('listHash', {}, lottery.listHash, listHash),
    check('entrantCount', {}, String(lottery.entrantCount), String(ids.length), ids.length === lottery.entrantCount),
    check('seed1', {}, seed, seed, true),
    ...Array.from({ length: Math.max(drawn.length, publishedWinners.length) }, (_, i) =>
      check('winner', { position: i + 1 }, publishedWinners[i] ?? '(none)', drawn[i] ?? '(none)'),
    ),
  ];
  return { ok: checks.every((c) => c.status !== 'mismatch'), checks };
}
