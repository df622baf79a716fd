/**
 * Live changes for signed-in pages (DECISIONS §6): `GET /api/events`, Server-Sent Events. Each open
 * stream belongs to a session; a change (mutation.ts, made here or heard from another instance
 * through PostgreSQL NOTIFY) reaches a stream only with the topics it may hear: the public ones,
 * `me` when the change is about the stream's own account, and the admin topics on an admin's
 * stream. Events are named `change` with `data: {"topics": [...]}`: words, never data. Changes within
 * COALESCE_MS go out as one event.
 *
 * A stream ends when its account's streams are ended (sign-out, password change, suspension,
 * removal: `end` in a change), when its session is gone (checked for every stream in one query at
 * each heartbeat, so a sign-out on another instance ends it within a heartbeat), and the oldest of
 * a session's streams ends when it opens more than MAX_PER_SESSION, with an `end` event
 * (`{"reason": "replaced"}`) so that its page opens it again only when it is shown again, instead of
 * pushing out the next oldest (the client's streams.ts).
 */
import type { ServerResponse } from 'node:http';
import { inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_TOPICS, type LiveTopic } from '../../../shared/live.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { Change } from '../../db/figures.ts';
import { sessions } from '../../db/schema.ts';
import { openEventStream } from '../../sse.ts';

const HEARTBEAT_MS = 25_000;
const COALESCE_MS = 50;
/** Tabs of one session that may listen at once; the oldest is closed first. */
export const MAX_PER_SESSION = 5;

const PUBLIC = new Set<LiveTopic>(PUBLIC_TOPICS);

interface Stream {
  userId: string;
  admin: boolean;
  sid: string;
  openedAt: number;
  pending: Set<LiveTopic>;
  timer: NodeJS.Timeout | undefined;
  release: () => void;
}

export interface EventsHub {
  open(request: FastifyRequest, reply: FastifyReply, user: SessionUser, sid: string): void;
  /** Ends the streams of one session (sign-out) on this instance. */
  endSession(sid: string): void;
  readonly size: number;
  close(): void;
}

/** Which of a change's topics a stream may hear. */
export function visibleTopics(change: Pick<Change, 'topics' | 'users'>, stream: { userId: string; admin: boolean }): LiveTopic[] {
  return change.topics.filter((topic) => {
    if (PUBLIC.has(topic)) return true;
    if (topic === 'me') return change.users === '*' || change.users.includes(stream.userId);
    return stream.admin;
  });
}

export function eventsHub(ctx: AppContext): EventsHub {
  const streams = new Map<ServerResponse, Stream>();
  let heartbeat: NodeJS.Timeout | undefined;

  /** Ends a stream; `replaced`: a newer tab of its session took its place, so it says so and its page waits until shown again. */
  function end(raw: ServerResponse, replaced = false): void {
    const stream = streams.get(raw);
    if (!stream) return;
    streams.delete(raw);
    if (stream.timer) clearTimeout(stream.timer);
    stream.release();
    if (replaced) raw.write('event: end\ndata: {"reason":"replaced"}\n\n');
    raw.end();
    if (!streams.size && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  function flush(raw: ServerResponse, stream: Stream): void {
    stream.timer = undefined;
    if (!stream.pending.size || raw.destroyed) return;
    raw.write(`event: change\ndata: ${JSON.stringify({ topics: [...stream.pending] })}\n\n`);
    stream.pending.clear();
  }

  const unsubscribe = ctx.database.changes.subscribe((change) => {
    for (const [raw, stream] of streams) {
      if (change.end.includes(stream.userId)) {
        end(raw);
        continue;
      }
      const topics = visibleTopics(change, stream);
      if (!topics.length) continue;
      for (const topic of topics) stream.pending.add(topic);
      stream.timer ??= setTimeout(() => flush(raw, stream), COALESCE_MS);
    }
  });

  /** At each heartbeat: a comment line on every stream, and the end of those whose session is gone. */
  async function beat(): Promise<void> {
    const sids = [...new Set([...streams.values()].map((s) => s.sid))];
    for (const raw of streams.keys()) raw.write(': keep-alive\n\n');
    if (!sids.length) return;
    const now = ctx.clock.now();
    const live = new Set(
      (
        await ctx.db
          .select({ sid: sessions.sid, expire: sessions.expire, absoluteExpire: sessions.absoluteExpire })
          .from(sessions)
          .where(inArray(sessions.sid, sids))
      )
        .filter((s) => s.expire > now && s.absoluteExpire > now)
        .map((s) => s.sid),
    );
    for (const [raw, stream] of streams) if (!live.has(stream.sid)) end(raw);
  }

  return {
    get size() {
      return streams.size;
    },
    open(request, reply, user, sid) {
      const { raw, release } = openEventStream(request, reply, ctx.streamLimits);
      const mine = [...streams.entries()].filter(([, s]) => s.sid === sid).sort((a, b) => a[1].openedAt - b[1].openedAt);
      for (const [old] of mine.slice(0, Math.max(0, mine.length - MAX_PER_SESSION + 1))) end(old, true);
      streams.set(raw, {
        userId: user.id,
        admin: user.isAdmin || user.isSuperAdmin,
        sid,
        openedAt: performance.now(),
        pending: new Set(),
        timer: undefined,
        release,
      });
      heartbeat ??= setInterval(() => void beat().catch(() => undefined), HEARTBEAT_MS);
      heartbeat.unref();
      request.raw.on('close', () => end(raw));
    },
    endSession(sid) {
      for (const [raw, stream] of streams) if (stream.sid === sid) end(raw);
    },
    close() {
      unsubscribe();
      for (const raw of [...streams.keys()]) end(raw);
      if (heartbeat) clearInterval(heartbeat);
    },
  };
}
