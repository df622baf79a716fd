/**
 * Canonical JSON (RFC 8785) for the values the programme hashes: hand-written vectors (RFC 8785's
 * own sorting example among them), the refusals, and a property against an independent reference
 * (keys sorted by UTF-16 code units by hand, then JSON.stringify).
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalHash, canonicalJson, sha256Hex } from './canonical-json.ts';

describe('canonicalJson (RFC 8785)', () => {
  it('writes objects with sorted keys and no spaces, arrays in order, and the scalars as JSON does', () => {
    expect(canonicalJson({ b: 1, a: [true, false, null, 'x', -7, 0], c: {}, d: [] })).toBe('{"a":[true,false,null,"x",-7,0],"b":1,"c":{},"d":[]}');
    expect(canonicalJson({ z: { y: 2, x: 1 }, '10': 'ten', '9': 'nine', A: 'upper', a: 'lower' })).toBe(
      '{"10":"ten","9":"nine","A":"upper","a":"lower","z":{"x":1,"y":2}}',
    );
    expect(canonicalJson('plain')).toBe('"plain"');
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson(9007199254740991)).toBe('9007199254740991');
    expect(canonicalJson(-9007199254740991)).toBe('-9007199254740991');
    expect(canonicalJson(-0)).toBe('0');
  });

  it("sorts keys by UTF-16 code units: RFC 8785 §3.2.3's example", () => {
    const input = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    // The emoji (U+1F600, written D83D DE00) sorts before U+FB33: code units, not code points.
    expect(canonicalJson(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  it("escapes strings as RFC 8785 (ECMAScript's JSON.stringify) does", () => {
    expect(canonicalJson('\u0000\u001f"\\/\b\f\n\r\t\u007f\u2028é')).toBe('"\\u0000\\u001f\\"\\\\/\\b\\f\\n\\r\\t\u007f\u2028é"');
    // A lone surrogate is escaped, so the text stays well-formed UTF-8.
    expect(canonicalJson('\ud800')).toBe('"\\ud800"');
    expect(canonicalJson({ 'k"ey': 'v' })).toBe('{"k\\"ey":"v"}');
  });

  it('leaves out members whose value is undefined, like JSON.stringify', () => {
    expect(canonicalJson({ a: 1, b: undefined, c: { d: undefined } })).toBe('{"a":1,"c":{}}');
  });

  it('accepts objects without a prototype, and one object met twice (not a cycle)', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { b: 2, a: 1 });
    expect(canonicalJson(bare)).toBe('{"a":1,"b":2}');
    const shared = { x: 1 };
    expect(canonicalJson([shared, { s: shared }])).toBe('[{"x":1},{"s":{"x":1}}]');
  });

  it('refuses what would not hash the same everywhere', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const refused: unknown[] = [
      1.5,
      0.1,
      NaN,
      Infinity,
      -Infinity,
      2 ** 53,
      1e21,
      10n,
      undefined,
      [1, undefined],
      { a: [undefined] },
      { when: new Date(0) },
      new Map(),
      () => 1,
      Symbol('s'),
      { n: 0.5 },
      cyclic,
      [[cyclic]],
    ];
    refused.forEach((value, i) => expect(() => canonicalJson(value), `refused[${i}]`).toThrow(TypeError));
    expect(() => canonicalJson({ nested: { deep: [1, 2.5] } })).toThrow(/\$\.nested\.deep\[1\]/);
  });

  it('hashes the canonical text with SHA-256 (lowercase hex), as node:crypto does', async () => {
    const terms = {
      version: 2,
      month: '2026-12',
      prizesUsdt: ['300.00', '200.00', '100.00', '50.00', '50.00'],
      lotteryWinners: 10,
      lotteryPrizeUsdt: '20.00',
      beacon: { round: 35320612, chain: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971' },
    };
    const text =
      '{"beacon":{"chain":"52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971","round":35320612},"lotteryPrizeUsdt":"20.00","lotteryWinners":10,"month":"2026-12","prizesUsdt":["300.00","200.00","100.00","50.00","50.00"],"version":2}';
    expect(canonicalJson(terms)).toBe(text);
    const expected = createHash('sha256').update(text, 'utf8').digest('hex');
    expect(await canonicalHash(terms)).toBe(expected);
    expect(await sha256Hex(text)).toBe(expected);
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await sha256Hex('é')).toBe(
      createHash('sha256')
        .update(Buffer.from([0xc3, 0xa9]))
        .digest('hex'),
    );
  });

  it('agrees with an independent reference on random values, whatever the order of the keys', () => {
    /** Keys sorted by UTF-16 code units, compared one by one (no String comparison operators), then JSON.stringify. */
    const codeUnitOrder = (a: string, b: string) => {
      for (let i = 0; i < Math.min(a.length, b.length); i++) {
        const d = a.charCodeAt(i) - b.charCodeAt(i);
        if (d) return d;
      }
      return a.length - b.length;
    };
    const sorted = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(sorted);
      if (value && typeof value === 'object') {
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(value).sort(codeUnitOrder))
          Object.defineProperty(out, key, { value: sorted((value as Record<string, unknown>)[key]), enumerable: true });
        return out;
      }
      return value;
    };
    const reversed = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(reversed);
      if (value && typeof value === 'object') {
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(value).reverse())
          Object.defineProperty(out, key, { value: reversed((value as Record<string, unknown>)[key]), enumerable: true });
        return out;
      }
      return value;
    };
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('leaf'), tie('array'), tie('object')),
      leaf: fc.oneof(fc.string({ unit: 'binary' }), fc.maxSafeInteger(), fc.boolean(), fc.constant(null)),
      array: fc.array(tie('tree'), { maxLength: 5 }),
      object: fc.dictionary(fc.string({ unit: 'binary', maxLength: 6 }), tie('tree'), { maxKeys: 6 }),
    }));
    fc.assert(
      fc.property(tree, (value) => {
        const text = canonicalJson(value);
        expect(text).toBe(JSON.stringify(sorted(value)));
        expect(canonicalJson(reversed(value))).toBe(text);
        expect(canonicalJson(JSON.parse(text))).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});
