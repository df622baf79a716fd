/**
 * The provably fair draw of DECISIONS §5 (steps 1-6), one implementation for the server, the
 * browser and the command-line verifier (WebCrypto, in Node and in browsers).
 */
const encoder = new TextEncoder();

function hex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

async function sha256(data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));
}

/** 32 random bytes from a CSPRNG as 64 lowercase hex characters. */
export function newSecret(): string {
  return hex(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}

export async function commitmentOf(secret: string): Promise<string> {
  return hex(await sha256(encoder.encode(secret)));
}

export async function listHashOf(entrantIds: string[]): Promise<string> {
  const sorted = entrantIds.map((id) => id.toLowerCase()).sort();
  return hex(await sha256(encoder.encode(sorted.join('\n'))));
}

export async function seedOf(secret: string, beacon: string, listHash: string): Promise<Uint8Array> {
  return sha256(encoder.encode(`${secret}:${beacon}:${listHash}`));
}

export async function drawWinners(input: { secret: string; beacon: string; entrantIds: string[]; winners: number }): Promise<string[]> {
  const list = input.entrantIds.map((id) => id.toLowerCase()).sort();
  const n = list.length;
  const w = Math.max(0, Math.min(input.winners, n));
  const seed = await seedOf(input.secret, input.beacon, await listHashOf(list));
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

export interface DrawCheck {
  step: string;
  expected: string;
  actual: string;
  ok: boolean;
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
    { step: 'Commitment: SHA-256 of the secret', expected: lottery.commitment, actual: commitment, ok: commitment === lottery.commitment },
    { step: 'Entrant list hash', expected: lottery.listHash, actual: listHash, ok: listHash === lottery.listHash },
    { step: 'Entrant count', expected: String(lottery.entrantCount), actual: String(ids.length), ok: ids.length === lottery.entrantCount },
    { step: 'Seed: SHA-256 of secret:beacon:listHash', expected: seed, actual: seed, ok: true },
    ...Array.from({ length: Math.max(drawn.length, publishedWinners.length) }, (_, i) => {
      const expected = publishedWinners[i] ?? '(none)';
      const actual = drawn[i] ?? '(none)';
      return { step: `Winner ${i + 1}`, expected, actual, ok: expected === actual };
    }),
  ];
  return { ok: checks.every((c) => c.ok), checks };
}
