/**
 * drand's quicknet (DECISIONS §5, protocol 2, step 3): a real round's signature checked offline,
 * every way a signature can be wrong refused without a throw, round times at their edges, and a
 * test chain's key (as DRAND_TEST_CHAIN carries it) checked the same way.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTestChain } from '../../test/helpers/drand-relay.ts';
import { DRAND_G1_DST, QUICKNET, parseDrandTestChain, randomnessOf, roundAt, roundMessage, roundTime, verifyBeacon } from './drand.ts';

const SIGNATURE_123 = 'b75c69d0b72a5d906e854e808ba7e2accb1542ac355ae486d591aa9d43765482e26cd02df835d3546d23c4b13e0dfc92';

function flip(hexText: string, byte: number, mask = 0x01): string {
  const bytes = Buffer.from(hexText, 'hex');
  bytes[byte] = (bytes[byte] as number) ^ mask;
  return bytes.toString('hex');
}

describe('quicknet (DECISIONS §5)', () => {
  it('is the chain DECISIONS names', () => {
    expect(QUICKNET).toEqual({
      hash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
      publicKey:
        '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
      genesisTime: 1692803367,
      period: 3,
    });
    expect(Object.isFrozen(QUICKNET)).toBe(true);
    expect(DRAND_G1_DST).toBe('BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_');
  });

  it('hashes the round as a uint64, big-endian, for the signed message', async () => {
    const expected = createHash('sha256').update(Buffer.from('000000000000007b', 'hex')).digest('hex');
    expect(Buffer.from(await roundMessage(123)).toString('hex')).toBe(expected);
    const big = createHash('sha256').update(Buffer.from('001fffffffffffff', 'hex')).digest('hex');
    expect(Buffer.from(await roundMessage(Number.MAX_SAFE_INTEGER)).toString('hex')).toBe(big);
  });

  it("verifies round 123's published signature", async () => {
    expect(await verifyBeacon(QUICKNET, 123, SIGNATURE_123)).toBe(true);
    expect(await verifyBeacon(QUICKNET, 123, SIGNATURE_123.toUpperCase())).toBe(true);
  });

  it('refuses, without throwing, every wrong or malformed signature', async () => {
    const wrong: [string, number, string][] = [
      ['the next round', 124, SIGNATURE_123],
      ['the round before', 122, SIGNATURE_123],
      ['a flipped bit in the last byte', 123, flip(SIGNATURE_123, 47)],
      ['a flipped bit in the middle', 123, flip(SIGNATURE_123, 20, 0x10)],
      ['the sign bit flipped (the negated point)', 123, flip(SIGNATURE_123, 0, 0x20)],
      ['the compression flag cleared', 123, flip(SIGNATURE_123, 0, 0x80)],
      ['the point at infinity', 123, `c0${'00'.repeat(47)}`],
      ['zeros', 123, '00'.repeat(48)],
      ['garbage', 123, 'not a signature'],
      ['not hex', 123, `zz${SIGNATURE_123.slice(2)}`],
      ['empty', 123, ''],
      ['odd length', 123, SIGNATURE_123.slice(1)],
      ['one byte short', 123, SIGNATURE_123.slice(2)],
      ['one byte long', 123, `${SIGNATURE_123}00`],
      ['a G2-sized signature', 123, SIGNATURE_123.repeat(2)],
      ['a 0x prefix', 123, `0x${SIGNATURE_123}`],
      ['round 0', 0, SIGNATURE_123],
      ['a negative round', -123, SIGNATURE_123],
      ['a fractional round', 123.5, SIGNATURE_123],
      ['NaN', NaN, SIGNATURE_123],
    ];
    for (const [what, round, signature] of wrong) expect(await verifyBeacon(QUICKNET, round, signature), what).toBe(false);
    expect(await verifyBeacon(QUICKNET, 123, undefined as unknown as string)).toBe(false);
    expect(await verifyBeacon(QUICKNET, 123, 42 as unknown as string)).toBe(false);
    // A chain with a malformed key (short, not a point, a G1 key) refuses too.
    for (const publicKey of ['', QUICKNET.publicKey.slice(2), flip(QUICKNET.publicKey, 95), SIGNATURE_123, 'x'.repeat(192)]) {
      expect(await verifyBeacon({ ...QUICKNET, publicKey }, 123, SIGNATURE_123)).toBe(false);
    }
  });

  it("takes the round's randomness as the SHA-256 of the signature's bytes", async () => {
    const expected = createHash('sha256').update(Buffer.from(SIGNATURE_123, 'hex')).digest('hex');
    expect(await randomnessOf(SIGNATURE_123)).toBe(expected);
    expect(await randomnessOf(SIGNATURE_123)).toBe('fb8f7bc29bf24db51871ec8c79f3a1e4bd0557bc0dfcee9ed1d924e69d1c60dc');
    expect(await randomnessOf(SIGNATURE_123.toUpperCase())).toBe(expected);
    await expect(randomnessOf('xyz')).rejects.toThrow(TypeError);
  });
});

describe('round times', () => {
  const { genesisTime: g } = QUICKNET;

  it('puts round r at genesis + (r - 1) × period', () => {
    expect(roundTime(QUICKNET, 1)).toBe(g);
    expect(roundTime(QUICKNET, 2)).toBe(g + 3);
    expect(roundTime(QUICKNET, 123)).toBe(g + 366);
    expect(roundTime({ ...QUICKNET, period: 30 }, 11)).toBe(g + 300);
    for (const round of [0, -1, 1.5, NaN]) expect(() => roundTime(QUICKNET, round)).toThrow(RangeError);
  });

  it('answers the first round at or after a time, and round 1 up to genesis', () => {
    expect(roundAt(QUICKNET, 0)).toBe(1);
    expect(roundAt(QUICKNET, g - 1000)).toBe(1);
    expect(roundAt(QUICKNET, g)).toBe(1);
    expect(roundAt(QUICKNET, g + 0.001)).toBe(2);
    expect(roundAt(QUICKNET, g + 1)).toBe(2);
    expect(roundAt(QUICKNET, g + 3)).toBe(2);
    expect(roundAt(QUICKNET, g + 3.5)).toBe(3);
    expect(roundAt(QUICKNET, g + 366)).toBe(123);
    expect(roundAt(QUICKNET, g + 365)).toBe(123);
    expect(roundAt(QUICKNET, g + 363.01)).toBe(123);
    expect(roundAt(QUICKNET, g + 363)).toBe(122);
    // December 2026's terms round: 2027-01-01T01:00:00Z = 1798765200 = genesis + 105961833 = genesis + 35320611 periods.
    expect(roundAt(QUICKNET, Date.UTC(2027, 0, 1, 1) / 1000)).toBe(35320612);
    expect(() => roundAt(QUICKNET, NaN)).toThrow(RangeError);
  });

  it('inverts round times exactly: the round found is due at or after the time, the one before it is not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), fc.integer({ min: 0, max: 999 }), fc.integer({ min: 1, max: 60 }), (seconds, ms, period) => {
        const chain = { ...QUICKNET, period };
        const t = seconds + ms / 1000;
        const round = roundAt(chain, t);
        expect(Number.isSafeInteger(round) && round >= 1).toBe(true);
        if (t <= chain.genesisTime) expect(round).toBe(1);
        else {
          expect(roundTime(chain, round)).toBeGreaterThanOrEqual(t);
          if (round > 1) expect(roundTime(chain, round - 1)).toBeLessThan(t);
        }
        if (round > 1) expect(roundAt(chain, roundTime(chain, round))).toBe(round);
      }),
      { numRuns: 500 },
    );
  });
});

describe('a test chain (DRAND_TEST_CHAIN)', () => {
  it("verifies its own rounds, and not another chain's or another round's", async () => {
    const test = await createTestChain({ genesisTime: 1_700_000_000, period: 3 });
    const other = await createTestChain();
    expect(test.chain.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(test.chain.publicKey).toMatch(/^[0-9a-f]{192}$/);
    for (const round of [1, 2, 1000, 35320612]) {
      const signature = await test.sign(round);
      expect(signature).toMatch(/^[0-9a-f]{96}$/);
      expect(await verifyBeacon(test.chain, round, signature)).toBe(true);
      expect(await verifyBeacon(test.chain, round + 1, signature)).toBe(false);
      expect(await verifyBeacon(other.chain, round, signature)).toBe(false);
      expect(await verifyBeacon(QUICKNET, round, signature)).toBe(false);
    }
    expect(await verifyBeacon(test.chain, 123, SIGNATURE_123)).toBe(false);
  });

  it('is read from JSON, checked field by field', () => {
    const chain = { hash: 'AB'.repeat(32), publicKey: QUICKNET.publicKey.toUpperCase(), genesisTime: 1_700_000_000, period: 3 };
    expect(parseDrandTestChain(JSON.stringify(chain))).toEqual({ ...chain, hash: 'ab'.repeat(32), publicKey: QUICKNET.publicKey });
    expect(parseDrandTestChain(JSON.stringify(QUICKNET))).toEqual(QUICKNET);
    for (const [json, message] of [
      ['{', /not JSON/],
      ['[]', /object/],
      ['null', /object/],
      [JSON.stringify({ ...chain, hash: 'ab' }), /hash/],
      [JSON.stringify({ ...chain, publicKey: undefined }), /publicKey/],
      [JSON.stringify({ ...chain, publicKey: 'ab'.repeat(48) }), /publicKey/],
      [JSON.stringify({ ...chain, genesisTime: '1700000000' }), /genesisTime/],
      [JSON.stringify({ ...chain, genesisTime: 1.5 }), /genesisTime/],
      [JSON.stringify({ ...chain, period: 0 }), /period/],
    ] as [string, RegExp][]) {
      expect(() => parseDrandTestChain(json), json).toThrow(message);
    }
  });
});
