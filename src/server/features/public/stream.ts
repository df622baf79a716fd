/**
 * The live leaderboard (DECISIONS §5): `GET /api/public/leaderboard/stream`, Server-Sent Events.
 * One hub per instance holds the open streams. When the public figures' feed moves (a credit
 * committed here, or a NOTIFY from another instance), the hub reads the leaderboard once, from the
 * same cache as the JSON read, and writes the same bytes to every stream, only when the ranking
 * really changed. A comment line every 25 s keeps proxies from closing idle streams.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FiguresFeed } from '../../db/figures.ts';
import type { Encoded } from './cache.ts';

const HEARTBEAT_MS = 25_000;
/** Bumps within this time are sent as one event: a close of a month credits many at once. */
const COALESCE_MS = 100;
/** Tells the browser how long to wait before reconnecting after a drop. */
const RETRY_MS = 3_000;

export interface LeaderboardHub {
  open(request: FastifyRequest, reply: FastifyReply): void;
  /** How many streams are open (tests, metrics). */
  readonly size: number;
  close(): void;
}

export function leaderboardHub(feed: FiguresFeed, current: () => Promise<Encoded>): LeaderboardHub {
  const streams = new Set<ServerResponse>();
  let lastEtag: string | undefined;
  let pending: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const frame = (answer: Encoded) => Buffer.concat([Buffer.from('event: leaderboard\ndata: '), answer.identity, Buffer.from('\n\n')]);

  async function broadcast(): Promise<void> {
    pending = undefined;
    if (!streams.size) return;
    const answer = await current();
    if (answer.etag === lastEtag) return;
    lastEtag = answer.etag;
    const bytes = frame(answer);
    for (const stream of streams) stream.write(bytes);
  }

  const unsubscribe = feed.subscribe(() => {
    pending ??= setTimeout(() => void broadcast().catch(() => undefined), COALESCE_MS);
  });

  function ensureHeartbeat() {
    if (heartbeat || !streams.size) return;
    heartbeat = setInterval(() => {
      for (const stream of streams) stream.write(': keep-alive\n\n');
    }, HEARTBEAT_MS);
    heartbeat.unref();
  }

  return {
    get size() {
      return streams.size;
    },
    open(request, reply) {
      const raw = reply.raw;
      // The security headers set by the onRequest hook, then the stream's own.
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = String(value);
      reply.hijack();
      raw.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: ${RETRY_MS}\n\n`);
      streams.add(raw);
      ensureHeartbeat();
      request.raw.on('close', () => {
        streams.delete(raw);
        if (!streams.size && heartbeat) {
          clearInterval(heartbeat);
          heartbeat = undefined;
        }
      });
      // The standings as they are now, so the page never waits for the next change.
      void current()
        .then((answer) => {
          if (!raw.destroyed) raw.write(frame(answer));
        })
        .catch(() => raw.destroy());
    },
    close() {
      unsubscribe();
      if (pending) clearTimeout(pending);
      if (heartbeat) clearInterval(heartbeat);
      for (const stream of streams) stream.end();
      streams.clear();
    },
  };
}
