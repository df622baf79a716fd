/**
 * Live changes for signed-in pages (DECISIONS §6): `GET /api/events`, Server-Sent Events. Each open
 * stream belongs to a session; a change (mutation.ts, made here or heard from another instance
 * through PostgreSQL NOTIFY) reaches a stream only with the topics it may hear: the public ones,
 * `me` when the change is about the stream's own account, and the admin topics on an admin's
 * stream (not an admin held back until they enrol two-factor sign-in: http.ts mustEnrollFirst).
 * Events are named `change` with `data: {"topics": [...]}`: words, never data. Changes within
 * COALESCE_MS go out as one event.
 *
 * Ids and reconnection (issue 40, for any standard EventSource client): the instance numbers the
 * changes it hears; a stream's opening and each of its events carry the id `<instance>.<number>`.
 * A client that reconnects sends it back (Last-Event-ID): the stream then opens with one `change`
 * event naming the topics it missed (kept for the last RECENT changes), or every topic it may hear
 * when the id is not this instance's or too old, so the client reads those again; nothing is
 * missed across a drop.
 *
 * A stream ends when its account's streams are ended (sign-out, password change, suspension,
 * removal: `end` in a change), when its session is gone (checked for every stream in one query at
 * each heartbeat, so a sign-out on another instance ends it within a heartbeat), and the oldest of
 * a session's streams ends when it opens more than MAX_PER_SESSION, with an `end` event
 * (`{"reason": "replaced"}`, its id marked `.replaced`). Our page then opens it again only when
 * shown again (the client's streams.ts); a standard client reconnects at once with that id, and
 * while the session still has MAX_PER_SESSION streams it is answered 204 No Content, which ends a
 * standard client's reconnecting (WHATWG HTML, Server-sent events), so tabs never evict each other
 * in turn. A new EventSource (no Last-Event-ID) is a tab being opened or shown: it takes its place.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_TOPICS, MEMBER_TOPICS, PUBLIC_TOPICS, type LiveTopic } from '../../../shared/live.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { Change } from '../../db/figures.ts';
import { sessions } from '../../db/schema.ts';
import { mustEnrollFirst } from '../../http.ts';
import { openEventStream } from '../../sse.ts';

const HEARTBEAT_MS = 25_000;
const COALESCE_MS = 50;
/** Tabs of one session that may listen at once; the oldest is closed first. */
export const MAX_PER_SESSION = 5;
/** The last changes kept, so a stream that reconnects hears what it missed. */
const RECENT = 1_000;
/** The mark of the id of a stream replaced by a newer tab of its session. */
const REPLACED = '.replaced';

const PUBLIC = new Set<LiveTopic>(PUBLIC_TOPICS);
/** Heard by every signed-in session (the public stream of visitors does not carry them). */
const MEMBER = new Set<LiveTopic>(MEMBER_TOPICS);

interface Stream {
  userId: string;
  admin: boolean;
  /** An admin held back from the admin topics until they enrol two-factor sign-in: a change about them ends the stream, so it reopens judged again. */
  heldBack: boolean;
  sid: string;
  openedAt: number;
  pending: Set<LiveTopic>;
  timer: NodeJS.Timeout | undefined;
  release: () => void;
}

export interface EventsHub {
  /** Opens the request's stream, or answers 204 to a replaced stream's reconnection while its session has no room. */
  open(request: FastifyRequest, reply: FastifyReply, user: SessionUser, sid: string): void;
  /** Ends the streams of one session (sign-out) on this instance. */
  endSession(sid: string): void;
  readonly size: number;
  close(): void;
}

/** Which of a change's topics a stream may hear. */
export function visibleTopics(change: Pick<Change, 'topics' | 'users'>, stream: { userId: string; admin: boolean }): LiveTopic[] {
  return change.topics.filter((topic) => {
    if (PUBLIC.has(topic) || MEMBER.has(topic)) return true;
    if (topic === 'me') return change.users === '*' || change.users.includes(stream.userId);
    return stream.admin;
  });
}

/** What a Last-Event-ID names: this instance's change number, and whether its stream was replaced. */
export function parseEventId(value: string | undefined, instance: string): { seq: number; replaced: boolean } | undefined {
  if (!value) return undefined;
  const replaced = value.endsWith(REPLACED);
  const [id, seq, ...rest] = (replaced ? value.slice(0, -REPLACED.length) : value).split('.');
  if (id !== instance || rest.length || !seq || !/^\d{1,15}$/.test(seq)) return { seq: -1, replaced };
  return { seq: Number(seq), replaced };
}

export function eventsHub(ctx: AppContext): EventsHub {
  const streams = new Map<ServerResponse, Stream>();
  let heartbeat: NodeJS.Timeout | undefined;
  /** This instance's name in event ids (a restart makes a new one: the ids of before are then unknown). */
  const instance = randomBytes(6).toString('base64url');
  /** The number of the last change heard, and the last RECENT changes by number. */
  let seq = 0;
  const recent: { seq: number; change: Change }[] = [];
  const idNow = () => `${instance}.${seq}`;

  /** Ends a stream; `replaced`: a newer tab of its session took its place, so it says so and its page waits until shown again. */
  function end(raw: ServerResponse, replaced = false): void {
    const stream = streams.get(raw);
    if (!stream) return;
    streams.delete(raw);
    if (stream.timer) clearTimeout(stream.timer);
    stream.release();
    if (replaced) raw.write(`event: end\nid: ${idNow()}${REPLACED}\ndata: {"reason":"replaced"}\n\n`);
    raw.end();
    if (!streams.size && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  function flush(raw: ServerResponse, stream: Stream): void {
    stream.timer = undefined;
    if (!stream.pending.size || raw.destroyed) return;
    raw.write(`event: change\nid: ${idNow()}\ndata: ${JSON.stringify({ topics: [...stream.pending] })}\n\n`);
    stream.pending.clear();
  }

  const unsubscribe = ctx.database.changes.subscribe((change) => {
    seq += 1;
    recent.push({ seq, change });
    if (recent.length > RECENT) recent.shift();
    for (const [raw, stream] of streams) {
      const aboutThem = change.users !== '*' && change.users.includes(stream.userId) && change.topics.includes('me');
      if (change.end.includes(stream.userId) || (stream.heldBack && aboutThem)) {
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
      const header = request.headers['last-event-id'];
      const last = parseEventId(Array.isArray(header) ? header[0] : header, instance);
      const mine = [...streams.entries()].filter(([, s]) => s.sid === sid).sort((a, b) => a[1].openedAt - b[1].openedAt);
      // A replaced stream reconnecting (a standard client) does not push out another tab in turn.
      if (last?.replaced && mine.length >= MAX_PER_SESSION) {
        void reply.code(204).header('cache-control', 'no-store').send();
        return;
      }
      const { raw, release } = openEventStream(request, reply, ctx.streamLimits);
      for (const [old] of mine.slice(0, Math.max(0, mine.length - MAX_PER_SESSION + 1))) end(old, true);
      const role = user.isAdmin || user.isSuperAdmin;
      const heldBack = role && mustEnrollFirst(ctx.config.adminMfa, user);
      const stream: Stream = {
        userId: user.id,
        admin: role && !heldBack,
        heldBack,
        sid,
        openedAt: performance.now(),
        pending: new Set(),
        timer: undefined,
        release,
      };
      streams.set(raw, stream);
      // A reconnection hears what it missed: the changes after its id, or everything it may hear when they are not all kept.
      if (last) {
        const kept = last.seq >= 0 && last.seq <= seq && (recent[0]?.seq ?? seq + 1) <= last.seq + 1;
        const missed = kept
          ? new Set(recent.filter((r) => r.seq > last.seq).flatMap((r) => visibleTopics(r.change, stream)))
          : new Set<LiveTopic>(['me', ...PUBLIC_TOPICS, ...MEMBER_TOPICS, ...(stream.admin ? ADMIN_TOPICS : [])]);
        raw.write(missed.size ? `event: change\nid: ${idNow()}\ndata: ${JSON.stringify({ topics: [...missed] })}\n\n` : `id: ${idNow()}\n\n`);
      } else raw.write(`id: ${idNow()}\n\n`);
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
