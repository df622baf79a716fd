/**
 * A stand-in drand relay for tests (DECISIONS §5, protocol 2, step 3): a chain with a fresh BLS
 * key (scheme bls-unchained-g1-rfc9380, signatures on G1, the key on G2), served over HTTP on
 * loopback as drand's relays serve it:
 *   GET /{hash}/info            → {public_key, period, genesis_time, hash, groupHash, schemeID, metadata}
 *   GET /{hash}/public/{round}  → {round, randomness, signature}; 404 while the round's time has not come
 *   GET /{hash}/public/latest   → the newest round whose time has come
 * Its clock is injectable (`now`, `setNow`), and `setMode` makes it fail the ways a relay can:
 * answer 500, sign the wrong message, or never answer.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { DRAND_G1_DST, DRAND_SCHEME, randomnessOf, roundAt, roundMessage, roundTime, type DrandChain } from '../../src/shared/drand.ts';
import { hex, sha256 } from '../../src/shared/hash.ts';

/** 'ok' answers honestly; 'error' answers 500; 'wrong-signature' signs another round's message; 'hang' never answers. */
export type RelayMode = 'ok' | 'error' | 'wrong-signature' | 'hang';

export interface DrandRelay {
  /** `http://127.0.0.1:PORT`: a `DRAND_URLS` entry. */
  url: string;
  /** The chain it serves, for `DRAND_TEST_CHAIN` (JSON.stringify it) and for verifying. */
  chain: DrandChain;
  /** The chain's signature of `round` (hex, 48 bytes), whatever the clock says. */
  sign(round: number): Promise<string>;
  /** Its beacon of `round`, as `/public/{round}` answers it in mode 'ok'. */
  beacon(round: number): Promise<{ round: number; randomness: string; signature: string }>;
  /** Milliseconds since the epoch, as the relay sees them. */
  now(): number;
  /** Sets the relay's clock: a fixed instant (ms) or a function; `undefined` goes back to the one it started with. */
  setNow(now: number | (() => number) | undefined): void;
  setMode(mode: RelayMode): void;
  /** Requests received (every path, every mode). */
  readonly requests: number;
  /** The paths requested, oldest first. */
  readonly paths: readonly string[];
  close(): Promise<void>;
}

/** A drand chain with a fresh key, and its signer (no HTTP): for tests that only need signed rounds. */
export async function createTestChain(options: { genesisTime?: number; period?: number } = {}): Promise<{
  chain: DrandChain;
  sign(round: number): Promise<string>;
}> {
  const { shortSignatures } = bls12_381;
  const secretKey = bls12_381.utils.randomSecretKey();
  const publicKey = shortSignatures.getPublicKey(secretKey).toHex();
  const chain: DrandChain = {
    hash: hex(await sha256(Buffer.from(publicKey, 'hex'))),
    publicKey,
    genesisTime: options.genesisTime ?? 1692803367,
    period: options.period ?? 3,
  };
  const signatures = new Map<number, Promise<string>>();
  const sign = (round: number): Promise<string> => {
    let signature = signatures.get(round);
    if (!signature) {
      signature = roundMessage(round).then((message) =>
        shortSignatures.Signature.toHex(shortSignatures.sign(shortSignatures.hash(message, DRAND_G1_DST), secretKey)),
      );
      signatures.set(round, signature);
    }
    return signature;
  };
  return { chain, sign };
}

export async function startDrandRelay(options: { genesisTime?: number; period?: number; now?: () => number } = {}): Promise<DrandRelay> {
  const { chain, sign } = await createTestChain(options);
  const initialNow = options.now ?? Date.now;
  let now = initialNow;
  let mode: RelayMode = 'ok';
  const paths: string[] = [];
  const beaconOf = async (round: number, signature?: string) => {
    const sig = signature ?? (await sign(round));
    return { round, randomness: await randomnessOf(sig), signature: sig };
  };
  /** The newest round whose time has come (0 before genesis). */
  const latest = () => {
    const seconds = now() / 1000;
    if (seconds < chain.genesisTime) return 0;
    const next = roundAt(chain, seconds);
    return roundTime(chain, next) <= seconds ? next : next - 1;
  };

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify(body));
  };

  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    paths.push(path);
    if (mode === 'hang') return; // held open until close()
    if (mode === 'error') return send(response, 500, { error: 'relay failure' });
    const match = /^\/([0-9a-f]{64})\/(info|public\/(latest|\d+))$/.exec(path);
    if (request.method !== 'GET' || !match || match[1] !== chain.hash) return send(response, 404, { error: 'not found' });
    if (match[2] === 'info') {
      return send(response, 200, {
        public_key: chain.publicKey,
        period: chain.period,
        genesis_time: chain.genesisTime,
        hash: chain.hash,
        groupHash: chain.hash,
        schemeID: DRAND_SCHEME,
        metadata: { beaconID: 'test' },
      });
    }
    const round = match[3] === 'latest' ? latest() : Number(match[3]);
    if (!Number.isSafeInteger(round) || round < 1 || round > latest()) return send(response, 404, { error: 'round not yet available' });
    void (async () => {
      // A wrong signature is a real signature of another round: well formed, and still not this round's.
      const body = mode === 'wrong-signature' ? await beaconOf(round, await sign(round + 1)) : await beaconOf(round);
      send(response, 200, body);
    })().catch((error: unknown) => send(response, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    chain,
    sign,
    beacon: (round) => beaconOf(round),
    now: () => now(),
    setNow(value) {
      now = value === undefined ? initialNow : typeof value === 'number' ? () => value : value;
    },
    setMode(value) {
      mode = value;
    },
    get requests() {
      return paths.length;
    },
    get paths() {
      return paths;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
