/**
 * Route plumbing shared by every feature: the access level each route declares,
 * the typed router, and the list helpers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AmbassadorSessionLoader, SessionUser } from './auth/sessions.ts';
import type { ambassadors } from './db/schema.ts';
import type { ApiKeyCaller } from './features/api-keys/service.ts';
import type { ApiScope } from '../shared/schemas/integrations.ts';
import type { AppContext } from './context.ts';
import { forbidden, unauthorized } from './errors.ts';
import { LOCALE_COOKIE, pickLocale, type Locale } from '../shared/locales.ts';

/**
 * public: no session is read. optional: the session is read if there is one.
 * user: any signed-in account. ambassador: a signed-in account with an
 * ambassador record (404 on reads, 403 on changes without one). admin /
 * superAdmin: by role. All of it runs before the body is validated.
 */
export type Access = 'public' | 'optional' | 'user' | 'ambassador' | 'admin' | 'superAdmin';

/** The methods that change something: the Origin check applies to them, and the API document lists their write answers. */
export const MUTATING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Parts of the API document (OpenAPI 3.0) a route may declare for itself. */
export interface DocRef {
  $ref: string;
}
export interface DocHeader {
  description: string;
  required?: boolean;
  schema: Record<string, unknown>;
}
export interface DocResponse {
  description: string;
  headers?: Record<string, DocHeader | DocRef>;
  content?: Record<string, { schema?: Record<string, unknown> }>;
}
/** A reference to one of the document's shared headers (components/headers). */
export type SharedHeader =
  | 'XRequestId'
  | 'RetryAfter'
  | 'RetryAfterMaybe'
  | 'XTotalCount'
  | 'XTotalCountEstimated'
  | 'XNextCursor'
  | 'ETag'
  | 'ETagWhenImmutable'
  | 'CacheControlEdge'
  | 'CdnCacheControl'
  | 'CacheControlImmutable'
  | 'SetCookie'
  | 'IdempotentReplayed'
  | 'XChangedTopics'
  | 'ContentDisposition';
export const docHeader = (name: SharedHeader): DocRef => ({
  $ref: `#/components/headers/${name}`,
});

/**
 * The caching headers of each kind of public answer (DECISIONS §7). `edge`: browsers keep no-cache
 * (they revalidate on every read, so an award shows at once) while a CDN may answer from its copy
 * for a second, serve it stale while it fetches the next (30 s), and for a day when the origin
 * fails. Only CDNs read CDN-Cache-Control (RFC 9213), so browsers are unaffected. No `Vary: Cookie`:
 * the answer is the same for everyone. `immutable`: the answer never changes.
 */
export const CACHING = {
  edge: Object.freeze({ 'cache-control': 'no-cache', 'cdn-cache-control': 'max-age=1, stale-while-revalidate=30, stale-if-error=86400' }),
  immutable: Object.freeze({ 'cache-control': 'public, max-age=31536000, immutable' }),
} as const;
export type Caching = keyof typeof CACHING;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The answer is a stream that stays open (Server-Sent Events): tests open it over real HTTP. */
    stream?: boolean;
    /** A change that comes from other sites on purpose (a signed one-click link): no Origin check. */
    crossSite?: boolean;
    /**
     * What the API document (openapi.ts) tells of a route beyond its schemas. idempotent: it takes
     * an Idempotency-Key (withTransaction with the request). etag: a public read with an ETag (304
     * on If-None-Match): `edge` always, revalidated by browsers and kept a second by a CDN;
     * `immutable` when the answer can never change (a closed month, a full page of the log), else
     * no-store (features/public/cache.ts CACHING). sessionCookie: it sets or clears the session cookie.
     */
    idempotent?: boolean;
    etag?: 'edge' | 'immutable';
    sessionCookie?: boolean;
    /**
     * What no schema tells of the route, declared on the route itself for the API document:
     * answers beside the schema's (a redirect), headers of its success answer, and `database:
     * false` for a route that never reads the database (no 503 when it is busy).
     */
    document?: { responses?: Record<string, DocResponse>; headers?: Record<string, DocHeader | DocRef>; database?: false };
    /** An ambassador route that reads its own columns with the session, in one round trip (the dashboard's figures). */
    ambassadorSession?: AmbassadorSessionLoader;
    /** An admin GET route an API key with this scope may read (`Authorization: Bearer amb_…`, DECISIONS §7). */
    scope?: ApiScope;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionSid: string | null;
    /** The session was signed in with the second factor. */
    sessionMfaVerified: boolean;
    /** The caller's ambassador record, on routes of access 'ambassador'. */
    ambassador: typeof ambassadors.$inferSelect | null;
    /** What the route's own session read brought beside the record (config.ambassadorSession), else null. */
    sessionExtra: unknown;
    /** The API key the request came with (then `user` stands for the key, not a person), else null. */
    apiKey: ApiKeyCaller | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Throws 401 / 403 for a request that may not use a route of this access level. */
export function checkAccess(access: Access, user: SessionUser | null): void {
  if (access === 'public' || access === 'optional') return;
  if (!user) throw unauthorized();
  if (access === 'admin' && !user.isAdmin && !user.isSuperAdmin) throw forbidden('Admin access required');
  if (access === 'superAdmin' && !user.isSuperAdmin) throw forbidden('Super admin access required');
}

/**
 * An admin held back from the admin role until they enrol two-factor sign-in (ADMIN_MFA=required):
 * every admin API answers 403 MFA_ENROLL (plugins/access.ts), and their live stream hears what a
 * non-admin's would (features/events/hub.ts).
 */
export function mustEnrollFirst(adminMfa: 'required' | 'optional', user: SessionUser): boolean {
  return adminMfa === 'required' && (user.isAdmin || user.isSuperAdmin) && !user.mfaEnabled;
}

/** The caller's ambassador record (set by the access hook on 'ambassador' routes). */
export function requireAmbassador(request: FastifyRequest): typeof ambassadors.$inferSelect {
  if (!request.ambassador) throw forbidden('Only ambassadors can do this');
  return request.ambassador;
}

/**
 * The paging headers of an admin list: X-Total-Count (PostgreSQL's estimate when
 * above db/paging EXACT_COUNT_LIMIT, flagged by X-Total-Count-Estimated) and,
 * when the page is full, X-Next-Cursor for `?cursor=`.
 */
export function setTotal(reply: FastifyReply, total: number | { total: number; estimated?: boolean; nextCursor?: string | undefined }): void {
  const page = typeof total === 'number' ? { total } : total;
  reply.header('X-Total-Count', String(page.total));
  if (page.estimated) reply.header('X-Total-Count-Estimated', 'true');
  if (page.nextCursor) reply.header('X-Next-Cursor', page.nextCursor);
}

/** A page of a list: its items are the answer, its count and next cursor go in the headers (setTotal). */
export function sendPage<T>(reply: FastifyReply, { items, ...page }: { items: T[]; total: number; estimated?: boolean; nextCursor?: string | undefined }): T[] {
  setTotal(reply, page);
  return items;
}

/**
 * The language a request was sent in (DECISIONS §6): the language menu's cookie, else
 * Accept-Language, else English. For what a visitor without an account is sent (an application's
 * emails); a signed-in account's saved language comes first where there is one.
 */
export function requestLocale(request: FastifyRequest): Locale {
  return pickLocale(null, request.cookies?.[LOCALE_COOKIE] ?? null, request.headers['accept-language']);
}
