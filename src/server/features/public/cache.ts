/**
 * The public reads (stats, leaderboard) are the same for every visitor, so each
 * instance keeps its last answer, already serialised and compressed, and reuses
 * it until the figures change (the database's figures feed) or TTL_MS passes,
 * whichever comes first (docs/decisions/005-public-read-cache.md). Concurrent
 * misses share one query. The answer leaves as stored bytes: no JSON, no
 * compression and no string encoding per request, and a browser that already
 * holds it gets 304 by its ETag.
 *
 * How long each may be kept (DECISIONS §7, Deployment and the edge): the changing public reads let a
 * CDN keep them a second (CDN-Cache-Control; browsers still revalidate every time), and what never
 * changes (a closed month, a full page of the log) is immutable for a year.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FiguresFeed } from '../../db/figures.ts';
import { CACHING, type Caching } from '../../http.ts';

/** The longest a cached answer lives, even if no change was heard (a missed NOTIFY, a change made by hand in SQL). */
export const TTL_MS = 5_000;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];

/** A weak ETag of bytes (weak: the same for every encoding of them). */
export function weakEtag(bytes: Buffer | string): string {
  return `W/"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

/** Whether an If-None-Match header names this ETag (or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
}

/** One answer in every form it is sent in. */
export interface Encoded {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Weak: the same for each encoding of the same JSON. */
  etag: string;
  /** The answer's own headers for each form it leaves in, worked out once with it: one frozen set each. */
  headers: Readonly<Record<'identity' | 'br' | 'gzip' | 'notModified', Readonly<Record<string, string>>>>;
}

export async function encodeJson(value: unknown, caching: Caching = 'edge'): Promise<Encoded> {
  const identity = Buffer.from(JSON.stringify(value));
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip(identity, { level: 9 }),
  ]);
  const etag = weakEtag(identity);
  const always = { ...CACHING[caching], etag, vary: 'Accept-Encoding' };
  const json = { ...always, 'content-type': 'application/json; charset=utf-8' };
  const headers = Object.freeze({
    identity: Object.freeze(json),
    br: Object.freeze({ ...json, 'content-encoding': 'br' }),
    gzip: Object.freeze({ ...json, 'content-encoding': 'gzip' }),
    notModified: Object.freeze(always),
  });
  return { identity, br, gzip: gz, etag, headers };
}

interface Entry {
  key: string;
  generation: number;
  at: number;
  body: Promise<Encoded>;
  /** The answer, once encoded: a current entry is then served without waiting on a promise. */
  value?: Encoded;
}

export function publicCache(feed: FiguresFeed, now: () => number = () => performance.now()) {
  const entries = new Map<string, Entry>();
  const current = (hit: Entry | undefined, key: string): hit is Entry =>
    hit !== undefined && hit.key === key && hit.generation === feed.generation && now() - hit.at < TTL_MS;
  return {
    /** `load()`'s answer, encoded, from the cache when it is current for `key` (e.g. the month). */
    get(name: string, key: string, load: () => Promise<unknown>): Promise<Encoded> {
      const hit = entries.get(name);
      if (current(hit, key)) return hit.body;
      // The generation is read before the query: a change committed meanwhile makes this entry stale at once.
      const entry: Entry = { key, generation: feed.generation, at: now(), body: load().then(encodeJson) };
      entries.set(name, entry);
      entry.body.then(
        (value) => {
          entry.value = value;
        },
        () => {
          if (entries.get(name) === entry) entries.delete(name);
        },
      );
      return entry.body;
    },
    /** The current answer for `key` when it is already encoded, else undefined (then `get` it). */
    peek(name: string, key: string): Encoded | undefined {
      const hit = entries.get(name);
      return current(hit, key) ? hit.value : undefined;
    },
  };
}

/** The encodings clients asked for, by their Accept-Encoding header: browsers send a handful of distinct ones. */
const negotiated = new Map<string, 'br' | 'gzip' | undefined>();
const NEGOTIATED_MAX = 256;

function encodingFor(accepted: string | undefined): 'br' | 'gzip' | undefined {
  if (!accepted) return undefined;
  let encoding = negotiated.get(accepted);
  if (encoding === undefined && !negotiated.has(accepted)) {
    const chosen = negotiate(accepted, ENCODINGS);
    encoding = chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
    if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
    negotiated.set(accepted, encoding);
  }
  return encoding;
}

/**
 * Sends a stored answer: 304 when the browser's copy is current, else the
 * smallest encoding the client accepts, each with its one set of headers.
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, answer: Encoded): FastifyReply {
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).headers(answer.headers.notModified).send();
  const encoding = encodingFor(request.headers['accept-encoding']);
  if (encoding) return reply.headers(answer.headers[encoding]).send(answer[encoding]);
  return reply.headers(answer.headers.identity).send(answer.identity);
}
