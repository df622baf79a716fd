/**
 * The live leaderboard (DECISIONS §5): `GET /api/public/leaderboard/stream`, Server-Sent Events.
 * One hub per instance holds the open streams. When the public figures' feed moves (a credit
 * committed here, or a NOTIFY from another instance), the hub reads the leaderboard once, from the
 * same cache as the JSON read, and, only when the ranking really changed, writes one event to every
 * stream: each event is named `leaderboard` and its id is the standings' ETag. A stream gets the
 * whole board (a JSON array) when it opens; then, if it has the board of the last event, a patch
 * against it (src/shared/leaderboard-patch.ts: the entries that moved, a few hundred bytes instead
 * of the whole board), else the whole board again. The patch and the whole board are each encoded
 * once per change, whatever the number of streams. A comment line every 25 s keeps proxies from
 * closing idle streams.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { diffLeaderboard } from '../../../shared/leaderboard-patch.ts';
import type { TLeaderboardEntry } from '../../../shared/schemas/public.ts';
import { PUBLIC_TOPICS, type LiveTopic } from '../../../shared/live.ts';
import type { ChangesFeed, FiguresFeed } from '../../db/figures.ts';

const PUBLIC = new Set<LiveTopic>(PUBLIC_TOPICS);
import { openEventStream } from '../../sse.ts';
import type { StreamLimits } from '../../stream-limits.ts';
import type { Encoded } from './cache.ts';

const HEARTBEAT_MS = 25_000;
/** Bumps within this time are sent as one event: a close of a month credits many at once. */
const COALESCE_MS = 100;

export interface LeaderboardHub {
  open(request: FastifyRequest, reply: FastifyReply): void;
  /** How many streams are open (tests, metrics). */
  readonly size: number;
  close(): void;
}

export function leaderboardHub(feed: FiguresFeed, current: () => Promise<Encoded>, limits: StreamLimits, changes?: ChangesFeed): LeaderboardHub {
  /** Each open stream and the ETag of the standings it has. */
  const streams = new Map<ServerResponse, string | undefined>();
  /** The standings of the last event sent. */
  let last: { etag: string; entries: TLeaderboardEntry[] } | undefined;
  let pending: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const frame = (etag: string, data: Buffer) =>
    Buffer.concat([Buffer.from(`event: leaderboard\nid: ${etag.replace(/[\r\n]/g, '')}\ndata: `), data, Buffer.from('\n\n')]);

  const standings = (answer: Encoded) => ({ etag: answer.etag, entries: JSON.parse(answer.identity.toString('utf8')) as TLeaderboardEntry[] });

  async function broadcast(): Promise<void> {
    pending = undefined;
    if (!streams.size) return;
    const answer = await current();
    const before = last;
    const now = before?.etag === answer.etag ? before : standings(answer);
    // Each encoded once for all the streams, when a stream needs it: the patch from the last
    // standings (only when smaller than the board), the whole board.
    let patch: Buffer | null | undefined;
    let whole: Buffer | undefined;
    const patchFrame = (from: { etag: string; entries: TLeaderboardEntry[] }) => {
      if (patch === undefined) {
        const diff = diffLeaderboard(from.entries, now.entries, from.etag);
        const bytes = diff ? Buffer.from(JSON.stringify(diff)) : undefined;
        patch = bytes && bytes.length < answer.identity.length ? frame(answer.etag, bytes) : null;
      }
      return patch;
    };
    for (const [stream, has] of streams) {
      if (has === answer.etag) continue;
      const small = before && has === before.etag ? patchFrame(before) : null;
      stream.write(small ?? (whole ??= frame(answer.etag, answer.identity)));
      streams.set(stream, answer.etag);
    }
    last = now;
  }

  const unsubscribe = feed.subscribe(() => {
    pending ??= setTimeout(() => void broadcast().catch(() => undefined), COALESCE_MS);
  });

  // Visitors' public pages (Hall of Fame, /transparency, the figures) hear the public topics of every
  // change here too (DECISIONS §6), as `change` events beside the `leaderboard` ones.
  let publicPending = new Set<LiveTopic>();
  let publicTimer: NodeJS.Timeout | undefined;
  const unsubscribeChanges = changes?.subscribe((change) => {
    for (const topic of change.topics) if (PUBLIC.has(topic)) publicPending.add(topic);
    if (!publicPending.size || publicTimer) return;
    publicTimer = setTimeout(() => {
      publicTimer = undefined;
      const data = Buffer.from(`event: change\ndata: ${JSON.stringify({ topics: [...publicPending] })}\n\n`);
      publicPending = new Set();
      for (const stream of streams.keys()) stream.write(data);
    }, COALESCE_MS);
  });

  function ensureHeartbeat() {
    if (heartbeat || !streams.size) return;
    heartbeat = setInterval(() => {
      for (const stream of streams.keys()) stream.write(': keep-alive\n\n');
    }, HEARTBEAT_MS);
    heartbeat.unref();
  }

  return {
    get size() {
      return streams.size;
    },
    open(request, reply) {
      const { raw, release } = openEventStream(request, reply, limits);
      streams.set(raw, undefined);
      ensureHeartbeat();
      request.raw.on('close', () => {
        release();
        streams.delete(raw);
        if (!streams.size && heartbeat) {
          clearInterval(heartbeat);
          heartbeat = undefined;
        }
      });
      // The standings as they are now, so the page never waits for the next change.
      void current()
        .then((answer) => {
          // A broadcast may have reached this stream first: then it has these standings, or newer.
          if (raw.destroyed || streams.get(raw) !== undefined) return;
          raw.write(frame(answer.etag, answer.identity));
          streams.set(raw, answer.etag);
          // The first stream's standings are the ones the next change is a patch against.
          last ??= standings(answer);
        })
        .catch(() => raw.destroy());
    },
    close() {
      unsubscribe();
      unsubscribeChanges?.();
      if (publicTimer) clearTimeout(publicTimer);
      if (pending) clearTimeout(pending);
      if (heartbeat) clearInterval(heartbeat);
      for (const stream of streams.keys()) stream.end();
      streams.clear();
    },
  };
}
