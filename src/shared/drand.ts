/**
 * drand beacons (DECISIONS §5, protocol 2, step 3): the League of Entropy's `quicknet` chain, round
 * times, and an offline check of a round's signature. Runs in Node and in browsers. The BLS12-381
 * code (@noble/curves) is loaded on the first signature check only, so importing this module for
 * `roundAt` or `QUICKNET` costs a page nothing.
 *
 * Scheme `bls-unchained-g1-rfc9380`: round r's signature is a BLS signature on G1 (48 bytes,
 * compressed) of SHA-256(r as uint64 big-endian), hashed to G1 with the DST below (RFC 9380), and
 * checked against the chain's public key on G2 (96 bytes, compressed). A round's randomness is the
 * SHA-256 of its signature bytes.
 */
import type { BlsCurvePairWithSignatures } from '@noble/curves/abstract/bls.js';
import { hex, hexToBytes, sha256 } from './hash.ts';

export type DrandChain = {
  /** The chain's hash, 64 lowercase hex: the path segment of `{relay}/{hash}/public/{round}`. */
  hash: string;
  /** The chain's public key, a compressed G2 point: 192 hex. */
  publicKey: string;
  /** Unix seconds of round 1. */
  genesisTime: number;
  /** Seconds between rounds. */
  period: number;
};

/** The League of Entropy's `quicknet` chain (https://api.drand.sh/52db9ba7…/info). */
export const QUICKNET: Readonly<DrandChain> = Object.freeze({
  hash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesisTime: 1692803367,
  period: 3,
});

export const DRAND_SCHEME = 'bls-unchained-g1-rfc9380' as const;
/** The RFC 9380 domain separation tag drand's G1 schemes hash round messages with. */
export const DRAND_G1_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

const SIGNATURE_BYTES = 48;
const PUBLIC_KEY_BYTES = 96;

function isRound(round: unknown): round is number {
  return typeof round === 'number' && Number.isSafeInteger(round) && round >= 1;
}

/** Unix seconds at which round `round` (1, 2, …) is due: genesisTime + (round - 1) × period. */
export function roundTime(chain: DrandChain, round: number): number {
  if (!isRound(round)) throw new RangeError(`roundTime: ${round} is not a round (an integer from 1)`);
  return chain.genesisTime + (round - 1) * chain.period;
}

/** The first round whose time is at or after `unixSeconds` (fractions allowed); 1 before genesis. */
export function roundAt(chain: DrandChain, unixSeconds: number): number {
  if (!Number.isFinite(unixSeconds)) throw new RangeError(`roundAt: ${unixSeconds} is not a time`);
  if (unixSeconds <= chain.genesisTime) return 1;
  return Math.ceil((unixSeconds - chain.genesisTime) / chain.period) + 1;
}

/** The message a round's signature signs: SHA-256 of the round as a uint64, big-endian. */
export async function roundMessage(round: number): Promise<Uint8Array> {
  if (!isRound(round)) throw new RangeError(`roundMessage: ${round} is not a round (an integer from 1)`);
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round));
  return sha256(bytes);
}

let bls: Promise<BlsCurvePairWithSignatures> | undefined;

/** @noble/curves' BLS12-381, imported on first use (a separate chunk in the browser). */
export function loadBls(): Promise<BlsCurvePairWithSignatures> {
  bls ??= import('@noble/curves/bls12-381.js').then((module) => module.bls12_381);
  return bls;
}

/**
 * Whether `signatureHex` is the chain's signature of round `round`. Anything malformed (not hex,
 * the wrong length, not a point of G1's subgroup, a bad public key, a round that is not an integer
 * from 1) answers false: it never throws.
 */
export async function verifyBeacon(chain: DrandChain, round: number, signatureHex: string): Promise<boolean> {
  try {
    if (!isRound(round)) return false;
    const signature = hexToBytes(signatureHex);
    const publicKey = hexToBytes(chain.publicKey);
    if (signature?.length !== SIGNATURE_BYTES || publicKey?.length !== PUBLIC_KEY_BYTES) return false;
    const { shortSignatures } = await loadBls();
    const message = shortSignatures.hash(await roundMessage(round), DRAND_G1_DST);
    // Decoding (inside verify) checks that both points are on their curves and in their subgroups; it throws when not.
    return shortSignatures.verify(signature, message, publicKey);
  } catch {
    return false;
  }
}

/** A round's randomness: lowercase hex SHA-256 of the signature's bytes. Throws when the signature is not hex. */
export async function randomnessOf(signatureHex: string): Promise<string> {
  const bytes = hexToBytes(signatureHex);
  if (!bytes) throw new TypeError('randomnessOf: the signature is not hex');
  return hex(await sha256(bytes));
}

/**
 * `DRAND_TEST_CHAIN`: JSON `{hash, publicKey, genesisTime, period}` (DECISIONS §5). Answers the
 * chain (hex in lower case) or throws an Error that says what is wrong.
 */
export function parseDrandTestChain(json: string): DrandChain {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error('DRAND_TEST_CHAIN is not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('DRAND_TEST_CHAIN must be a JSON object');
  const { hash, publicKey, genesisTime, period } = value as Record<string, unknown>;
  if (typeof hash !== 'string' || !/^[0-9a-fA-F]{64}$/.test(hash)) throw new Error('DRAND_TEST_CHAIN.hash must be 64 hex characters');
  if (typeof publicKey !== 'string' || !/^[0-9a-fA-F]{192}$/.test(publicKey))
    throw new Error('DRAND_TEST_CHAIN.publicKey must be 192 hex characters (a compressed G2 point)');
  if (typeof genesisTime !== 'number' || !Number.isSafeInteger(genesisTime) || genesisTime < 0)
    throw new Error('DRAND_TEST_CHAIN.genesisTime must be unix seconds (a non-negative integer)');
  if (typeof period !== 'number' || !Number.isSafeInteger(period) || period < 1)
    throw new Error('DRAND_TEST_CHAIN.period must be a positive integer (seconds)');
  return { hash: hash.toLowerCase(), publicKey: publicKey.toLowerCase(), genesisTime, period };
}
