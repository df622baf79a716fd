/**
 * Canonical JSON (RFC 8785, JCS) for the values the programme hashes: the season terms
 * (DECISIONS §5, protocol 2) and the public log's entries. Only what those use is accepted:
 * plain objects, arrays, strings, safe integers, booleans and null. Anything else (a fraction,
 * NaN, Infinity, a bigint, a Date, a Map, a function, undefined in an array or at the top, a
 * cycle) throws, so a value that would not hash the same everywhere is never hashed.
 */
import { sha256Hex } from './hash.ts';

export { sha256Hex } from './hash.ts';

/** RFC 8785 §3.2.3: property names sorted by their UTF-16 code units (not by locale, not by code point). */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function serialize(value: unknown, path: string, seen: Set<object>): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      // RFC 8785 §3.2.2.2 is ECMAScript's JSON.stringify of a string (well-formed: lone surrogates escaped).
      return JSON.stringify(value);
    case 'number':
      if (!Number.isSafeInteger(value)) throw new TypeError(`canonicalJson: ${path} is ${value}, not a safe integer`);
      // -0 is written 0, as JSON.stringify and RFC 8785 do.
      return JSON.stringify(value);
    case 'object': {
      if (seen.has(value)) throw new TypeError(`canonicalJson: ${path} is a cycle`);
      seen.add(value);
      try {
        if (Array.isArray(value)) {
          const items: string[] = [];
          for (let i = 0; i < value.length; i++) {
            const item: unknown = value[i];
            if (item === undefined) throw new TypeError(`canonicalJson: ${path}[${i}] is undefined`);
            items.push(serialize(item, `${path}[${i}]`, seen));
          }
          return `[${items.join(',')}]`;
        }
        if (!isPlainObject(value)) throw new TypeError(`canonicalJson: ${path} is not a plain object`);
        const members: string[] = [];
        for (const key of Object.keys(value).sort(byCodeUnits)) {
          const member = value[key];
          // Like JSON.stringify: a property whose value is undefined is left out.
          if (member === undefined) continue;
          members.push(`${JSON.stringify(key)}:${serialize(member, `${path}.${key}`, seen)}`);
        }
        return `{${members.join(',')}}`;
      } finally {
        seen.delete(value);
      }
    }
    default:
      throw new TypeError(`canonicalJson: ${path} is ${typeof value}, which JSON cannot carry`);
  }
}

/** The RFC 8785 canonical JSON text of `value` (no spaces, keys sorted); throws on what it does not accept. */
export function canonicalJson(value: unknown): string {
  return serialize(value, '$', new Set());
}

/** Lowercase hex SHA-256 of the UTF-8 bytes of `canonicalJson(value)`. */
export async function canonicalHash(value: unknown): Promise<string> {
  return sha256Hex(canonicalJson(value));
}
