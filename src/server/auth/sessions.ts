/**
 * Server-side sessions (DECISIONS §4). The cookie holds 256 random bits; the
 * table holds only their HMAC. Idle expiry moves with use, absolute does not.
 */
import { and, eq, gt, ne, lt, or, sql, type SQL, type WithSubquery } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { preparedPer } from '../db/prepared.ts';
import { ambassadors, sessions, users } from '../db/schema.ts';
import { newToken, sessionKey } from './tokens.ts';
import { isLocale, type Locale } from '../../shared/locales.ts';

export const SESSION_COOKIE = 'sid';

export interface SessionUser {
  id: string;
  email: string;
  username: string | null;
  fullName: string | null;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  /** Two-factor sign-in is on for the account. */
  mfaEnabled: boolean;
  /** The language the account chose (DECISIONS §6), or null. */
  locale: Locale | null;
}

export interface LoadedSession {
  sid: string;
  user: SessionUser;
  /** This session was signed in with the second factor (the two-person payout rule asks for it). */
  mfaVerified: boolean;
}

/** Idle expiry is written at most once a minute, not on every request. */
const TOUCH_EVERY_MS = 60_000;

/** How long a half-signed-in browser has to give its second factor. */
export const MFA_PENDING_MS = 5 * 60_000;

interface SessionOptions {
  mfaPending?: boolean;
  mfaVerified?: boolean;
}

/**
 * A new session. `mfaPending`: the password was right and a second factor is due; such a session
 * lives MFA_PENDING_MS and is good for nothing but `POST /api/login/mfa`.
 */
export async function createSession(
  db: Db,
  config: Config,
  userId: string,
  now: Date,
  options: SessionOptions = {},
): Promise<{ token: string; expires: Date }> {
  const { row, ...session } = newSession(config, userId, now, options);
  await db.insert(sessions).values(row);
  return session;
}

/** A new session's row and the token its cookie carries (createSession inserts it; a sign-in inserts it with more in one statement). */
export function newSession(
  config: Config,
  userId: string,
  now: Date,
  options: SessionOptions = {},
): { token: string; expires: Date; row: typeof sessions.$inferInsert } {
  const token = newToken();
  const absoluteExpire = new Date(now.getTime() + (options.mfaPending ? MFA_PENDING_MS : config.sessionAbsoluteMs));
  const expire = new Date(Math.min(now.getTime() + config.sessionIdleMs, absoluteExpire.getTime()));
  return {
    token,
    expires: absoluteExpire,
    row: {
      sid: sessionKey(config.sessionSecret, token),
      sess: { userId, createdAt: now.toISOString() },
      expire,
      absoluteExpire,
      userId,
      mfaPending: options.mfaPending ?? false,
      mfaVerified: options.mfaVerified ?? false,
      createdAt: now,
    },
  };
}

/** The half-signed-in session a cookie names, if it is one and has not expired. */
export async function loadPendingSession(
  db: Db,
  config: Config,
  token: string | undefined,
  now: Date,
): Promise<{ sid: string; userId: string; email: string } | null> {
  if (!token || token.length > 100) return null;
  const sid = sessionKey(config.sessionSecret, token);
  const rows = await db
    .select({ userId: sessions.userId, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sid), eq(sessions.mfaPending, true), gt(sessions.absoluteExpire, now)));
  return rows[0] ? { sid, ...rows[0] } : null;
}

/**
 * Signs a browser in: the session its cookie held before (this account's or another's) ends in the
 * same transaction as the new one starts (call it inside one), so signing in again never leaves
 * the replaced id valid.
 */
export async function replaceSession(
  tx: Db,
  config: Config,
  userId: string,
  now: Date,
  previousToken: string | undefined,
  options: SessionOptions = {},
): Promise<{ token: string; expires: Date }> {
  if (previousToken && previousToken.length <= 100) await tx.delete(sessions).where(eq(sessions.sid, sessionKey(config.sessionSecret, previousToken)));
  return createSession(tx, config, userId, now, options);
}

const SESSION_COLUMNS = {
  expire: sessions.expire,
  absoluteExpire: sessions.absoluteExpire,
  id: users.id,
  email: users.email,
  username: users.username,
  fullName: users.fullName,
  isAdmin: users.isAdmin,
  isSuperAdmin: users.isSuperAdmin,
  mfaEnabledAt: users.mfaEnabledAt,
  mfaVerified: sessions.mfaVerified,
  locale: users.locale,
};

/** A live, fully signed-in session (not one waiting for its second factor). */
const liveSession = () =>
  and(
    eq(sessions.sid, sql.placeholder('sid')),
    eq(sessions.mfaPending, false),
    gt(sessions.expire, sql.placeholder('now')),
    gt(sessions.absoluteExpire, sql.placeholder('now')),
  );

/** The session of a signed-in request, with its account: built once per database handle (db/prepared.ts). */
const loadSessionStatement = preparedPer((db) =>
  db.select(SESSION_COLUMNS).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(liveSession()).prepare('load_session'),
);

/**
 * The same, with the account's ambassador record (null when it has none), for the routes of
 * ambassadors: one round trip where two were made (the record is needed by every such route).
 */
const loadAmbassadorSessionStatement = preparedPer((db) =>
  db
    .select({ ...SESSION_COLUMNS, ambassador: ambassadors })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(ambassadors, eq(ambassadors.userId, users.id))
    .where(liveSession())
    .prepare('load_ambassador_session'),
);

/** More columns an ambassador route reads in its session's own round trip (over `users` and `ambassadors`). */
export type SessionExtra = Record<string, SQL>;

/** A route's own part of its session's statement: its columns, and the CTEs and tables they read. */
export interface SessionRead<E extends SessionExtra> {
  /** Columns over `users`, `ambassadors` and what `join` adds. */
  extra: E;
  /** CTEs the statement starts with (`db.$with`), e.g. a counter the route's request moves. */
  with?: WithSubquery[];
  /** More tables joined to the session, its account and its record (left joins: the session is found without them). */
  join?: (query: SessionQuery) => SessionQuery;
}

/** The session's statement as a route's `join` extends it. */
export type SessionQuery = PgSelect;

/**
 * The session, the caller's ambassador record and a route's own columns in one statement (prepared
 * once per connection under `name`): a route whose whole answer is a few figures of the caller
 * (the dashboard's read), or that reads what it needs next with its session (a task claim's
 * counter, task and link), costs one round trip instead of two. Its placeholders beside `sid` and
 * `now` come from `params` of the load.
 */
export function ambassadorSessionWith<E extends SessionExtra>(name: string, own: E | ((db: Db) => SessionRead<E>)) {
  const statement = preparedPer((db) => {
    const read: SessionRead<E> = typeof own === 'function' ? own(db) : { extra: own };
    const from = read.with?.length ? db.with(...read.with) : db;
    const query = from
      .select({ ...SESSION_COLUMNS, ambassador: ambassadors, extra: read.extra })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(ambassadors, eq(ambassadors.userId, users.id))
      .$dynamic();
    // The join keeps the selection (it only adds tables its columns read): the result's type is the query's.
    return ((read.join ? read.join(query) : query) as typeof query).where(liveSession()).prepare(name);
  });
  return async (
    db: Db,
    config: Config,
    token: string,
    now: Date,
    params: Record<string, unknown>,
  ): Promise<AmbassadorSession<{ [K in keyof E]: E[K]['_']['type'] }> | null> => {
    const sid = sidOf(config, token);
    if (!sid) return null;
    const [found] = await statement(db).execute({ ...params, sid, now });
    if (!found) return null;
    const { ambassador, extra: values, ...row } = found;
    return { ...(await sessionOf(db, config, sid, row, now)), ambassador, extra: values as { [K in keyof E]: E[K]['_']['type'] } };
  };
}

/** A signed-in ambassador route's session: the account, its ambassador record, and a route's own columns when it asked for them. */
export type AmbassadorSession<X = undefined> = LoadedSession & { ambassador: typeof ambassadors.$inferSelect | null; extra?: X };

/** How an ambassador route's access check reads its session (loadAmbassadorSession, or a route's own with more columns). */
export type AmbassadorSessionLoader = (db: Db, config: Config, token: string, now: Date, request: FastifyRequest) => Promise<AmbassadorSession<unknown> | null>;

type SessionRow = Awaited<ReturnType<ReturnType<typeof loadSessionStatement>['execute']>>[number];

export async function loadSession(db: Db, config: Config, token: string, now: Date): Promise<LoadedSession | null> {
  const sid = sidOf(config, token);
  if (!sid) return null;
  const [row] = await loadSessionStatement(db).execute({ sid, now });
  return row ? await sessionOf(db, config, sid, row, now) : null;
}

/** loadSession for an ambassador route: the session and the caller's ambassador record (null when there is none). */
export async function loadAmbassadorSession(db: Db, config: Config, token: string, now: Date): Promise<AmbassadorSession | null> {
  const sid = sidOf(config, token);
  if (!sid) return null;
  const [found] = await loadAmbassadorSessionStatement(db).execute({ sid, now });
  if (!found) return null;
  const { ambassador, ...row } = found;
  return { ...(await sessionOf(db, config, sid, row, now)), ambassador };
}

function sidOf(config: Config, token: string): string | null {
  return !token || token.length > 100 ? null : sessionKey(config.sessionSecret, token);
}

/** A found session as the request keeps it; its idle expiry moved on (at most once a minute). */
async function sessionOf(db: Db, config: Config, sid: string, row: SessionRow, now: Date): Promise<LoadedSession> {
  const idleExpire = Math.min(now.getTime() + config.sessionIdleMs, row.absoluteExpire.getTime());
  if (idleExpire - row.expire.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ expire: new Date(idleExpire) })
      .where(eq(sessions.sid, sid));
  }
  const { expire: _e, absoluteExpire: _a, mfaEnabledAt, mfaVerified, locale, ...rest } = row;
  return { sid, user: { ...rest, mfaEnabled: mfaEnabledAt !== null, locale: isLocale(locale) ? locale : null }, mfaVerified };
}

export async function destroySession(db: Db, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

/** Ends every session of a user, or every other one when `exceptSid` is the caller's. */
export async function endUserSessions(db: Db, userId: string, exceptSid?: string): Promise<void> {
  await db.delete(sessions).where(exceptSid ? and(eq(sessions.userId, userId), ne(sessions.sid, exceptSid)) : eq(sessions.userId, userId));
}

export async function pruneExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expire, now), lt(sessions.absoluteExpire, now)));
}
