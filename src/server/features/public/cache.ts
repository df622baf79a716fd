/**
 * The public reads (stats, leaderboard) are the same for every visitor, so each
 * instance keeps its last answer, already serialised and compressed, and reuses
 * it until the figures change (the database's figures feed) or TTL_MS passes,
 * whichever comes first (docs/decisions/005-public-read-cache.md). Concurrent
 * misses share one query. The answer leaves as stored bytes: no JSON, no
 * compression and no string encoding per request, and a browser that already
 * holds it gets 304 by its ETag.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FiguresFeed } from '../../db/figures.ts';

/** The longest a cached answer lives, even if no change was heard (a missed NOTIFY, a change made by hand in SQL). */
export const TTL_MS = 5_000;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];

/** One answer in every form it is sent in. */
export interface Encoded {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Weak: the same for each encoding of the same JSON. */
  etag: string;
}

export async function encodeJson(value: unknown): Promise<Encoded> {
  const identity = Buffer.from(JSON.stringify(value));
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip(identity, { level: 9 }),
  ]);
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { identity, br, gzip: gz, etag };
}

interface Entry {
  key: string;
  generation: number;
  at: number;
  body: Promise<Encoded>;
}

export function publicCache(feed: FiguresFeed, now: () => number = () => performance.now()) {
  const entries = new Map<string, Entry>();
  return {
    /** `load()`'s answer, encoded, from the cache when it is current for `key` (e.g. the month). */
    get(name: string, key: string, load: () => Promise<unknown>): Promise<Encoded> {
      const hit = entries.get(name);
      if (hit && hit.key === key && hit.generation === feed.generation && now() - hit.at < TTL_MS) return hit.body;
      // The generation is read before the query: a change committed meanwhile makes this entry stale at once.
      const entry: Entry = { key, generation: feed.generation, at: now(), body: load().then(encodeJson) };
      entries.set(name, entry);
      entry.body.catch(() => {
        if (entries.get(name) === entry) entries.delete(name);
      });
      return entry.body;
    },
  };
}

/**
 * Sends a stored answer: 304 when the browser's copy is current, else the
 * smallest encoding the client accepts. Browsers revalidate every time
 * (no-cache), so a credited award shows on the next read.
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, answer: Encoded): FastifyReply {
  reply.header('Cache-Control', 'no-cache').header('ETag', answer.etag).header('Vary', 'Accept-Encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === answer.etag || tag.trim() === '*')) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? negotiate(accepted, ENCODINGS) : undefined;
  if (encoding === 'br' || encoding === 'gzip') return reply.header('Content-Encoding', encoding).send(answer[encoding]);
  return reply.send(answer.identity);
}
