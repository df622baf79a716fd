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
    const m = n - k;
    const limit = Math.floor(2 ** 32 / m) * m;
    let u = await next();
    while (u >= limit) u = await next();
    const j = k + (u % m);
    [list[k], list[j]] = [list[j] as string, list[k] as string];
  }
  return list.slice(0, w);
}
