/**
 * Who may call what (docs/decisions/013-access-levels.md). Every API route declares an access level;
 * one that does not is a bug caught at start. For each route, before its body is even parsed:
 * the session is read (except on public routes), the role checked (401 / 403), a state-changing
 * request's Origin compared with the app's own, and on `ambassador` routes the caller's ambassador
 * record found. API answers are never stored by a cache (no-store) unless a route says otherwise.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, loadAmbassadorSession, loadSession, type AmbassadorSessionLoader, type LoadedSession } from '../auth/sessions.ts';
import type { AppContext } from '../context.ts';
import { INTEGRATION_MESSAGES, MFA_MESSAGES } from '../../shared/schemas/messages.ts';
import { AppError, forbidden } from '../errors.ts';
import { AMBASSADOR_NOT_FOUND } from '../features/ambassadors/service.ts';
import { apiKeyUser, authenticateApiKey } from '../features/api-keys/service.ts';
import { INTEGRATION_CODES } from '../../shared/schemas/integrations.ts';
import { MUTATING_METHODS, checkAccess, mustEnrollFirst, type Access } from '../http.ts';
import { ERROR_TEXTS } from '../../shared/error-codes.ts';

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
  /** A stream that stays open (tests that call every route open it elsewhere, over real HTTP). */
  stream: boolean;
  /** Takes changes from other sites on purpose (a signed link), without the Origin check. */
  crossSite: boolean;
  /** The API key scope that reaches it (an admin GET route), if any. */
  scope?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its access level, for the authorisation matrix test. */
    routeTable: RouteEntry[];
  }
}

export function registerAccess(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionSid', null);
  app.decorateRequest('sessionMfaVerified', false);
  app.decorateRequest('ambassador', null);
  app.decorateRequest('sessionExtra', null);
  app.decorateRequest('apiKey', null);
  app.decorate('routeTable', [] as RouteEntry[]);

  // API answers carry people's data and session cookies: no cache keeps them (ASVS 14.3), unless a
  // route chose its own caching (the public reads' ETags). That default is one of the headers every
  // API answer starts with (plugins/security-headers.ts), which such a route replaces.

  // Every API route states who may call it; one that does not is a bug caught at start.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) {
      if (route.url.startsWith('/api')) throw new Error(`Route ${String(route.method)} ${route.url} declares no access level`);
      return;
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const mutating = methods.some((m) => MUTATING_METHODS.has(m));
    const crossSite = route.config?.crossSite === true;
    for (const method of methods)
      if (method !== 'HEAD')
        app.routeTable.push({
          method,
          url: route.url,
          access,
          stream: route.config?.stream === true,
          crossSite: route.config?.crossSite === true,
          ...(route.config?.scope ? { scope: route.config.scope } : {}),
        });
    // A public read has nothing to check: no session is read, no role, no Origin. It gets no hook.
    if (access === 'public' && !mutating) return;
    const loadOwn = route.config?.ambassadorSession ?? loadAmbassadorSession;
    const scope = route.config?.scope;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [
      async (request) => {
        // An API key stands instead of a session (no cookie read, no Origin: it is no browser), for
        // an admin GET route its scopes name and nothing else.
        const bearer = access === 'public' ? undefined : bearerToken(request);
        if (bearer !== undefined) {
          const key = await authenticateApiKey(ctx, bearer);
          if (!key) throw new AppError('UNAUTHORIZED', INTEGRATION_MESSAGES.apiKeyInvalid, undefined, INTEGRATION_CODES.apiKeyInvalid);
          if (mutating || access !== 'admin' || !scope || !key.scopes.includes(scope))
            throw new AppError('FORBIDDEN', INTEGRATION_MESSAGES.scopeMissing, undefined, INTEGRATION_CODES.scopeMissing, scope ? { scope } : undefined);
          request.apiKey = key;
          request.user = apiKeyUser(key);
          return;
        }
        // A change from a foreign site is refused below, after the role's answer; until then its session is
        // read alone: a route's own read (a claim's counter) may write, and a forged request moves nothing.
        const foreign = mutating && !crossSite && !originAllowed(request);
        if (access !== 'public') await attachSession(request, access === 'ambassador' ? (foreign ? loadAmbassadorSession : loadOwn) : null);
        checkAccess(access, request.user);
        // ADMIN_MFA=required: an admin without two-factor sign-in reaches no admin API until enrolled.
        if ((access === 'admin' || access === 'superAdmin') && request.user && mustEnrollFirst(ctx.config.adminMfa, request.user)) {
          throw new AppError('FORBIDDEN', MFA_MESSAGES.enrollFirst, undefined, 'MFA_ENROLL');
        }
        if (foreign) throw forbidden('Cross-site request refused');
        // The record came with the session (one round trip): an account without one is refused here.
        if (access === 'ambassador' && request.user) {
          if (!request.ambassador)
            throw mutating ? forbidden('Only ambassadors can do this') : new AppError('NOT_FOUND', AMBASSADOR_NOT_FOUND, undefined, 'AMBASSADOR_NOT_FOUND');
        }
      },
      ...existing,
    ];
  });

  /** The session; on an ambassador route (a loader given) with the caller's record, and what else the route reads with it. */
  async function attachSession(request: FastifyRequest, withAmbassador: AmbassadorSessionLoader | null): Promise<void> {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const now = ctx.clock.now();
    if (withAmbassador) {
      const session = await withAmbassador(ctx.db, ctx.config, token, now, request);
      if (session) {
        request.ambassador = session.ambassador;
        request.sessionExtra = session.extra ?? null;
      }
      attach(request, session);
    } else attach(request, await loadSession(ctx.db, ctx.config, token, now));
  }

  function attach(request: FastifyRequest, session: LoadedSession | null): void {
    if (!session) return;
    request.user = session.user;
    request.sessionSid = session.sid;
    request.sessionMfaVerified = session.mfaVerified;
  }

  // A state-changing request must come from the app's own origin (APP_URL) or one listed in
  // ALLOWED_ORIGINS. Never from "whatever Host it was sent to": a hostile name resolving to this
  // server (DNS rebinding) would pass that.
  const appUrl = new URL(ctx.config.appUrl);
  const allowedOrigins = new Set([appUrl.origin, ...ctx.config.allowedOrigins]);
  function originAllowed(request: FastifyRequest): boolean {
    const origin = request.headers.origin;
    return origin !== undefined && allowedOrigins.has(origin);
  }
}

/** The token of `Authorization: Bearer <token>`, if the request sends one (any other scheme: none). */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer[ ]+(\S*)\s*$/i.exec(header);
  return match ? (match[1] ?? '') : undefined;
}

/**
 * In production every request names APP_URL's host (421 otherwise), so pages and API answers are
 * never served under a name the operator did not choose. Probes and metrics (which load balancers
 * and scrapers call by address) are exempt. The Host header itself is compared, never
 * X-Forwarded-Host: with TRUST_PROXY set, Fastify's request.host reads that one, which any client
 * may write (the README's proxy block passes Host through). Run by the security headers' one hook
 * (plugins/security-headers.ts), so every request pays for one synchronous call, not a hook more.
 */
export function wrongHost(config: Pick<AppContext['config'], 'env' | 'appUrl' | 'allowedOrigins'>): (request: FastifyRequest) => AppError | undefined {
  if (config.env !== 'production') return () => undefined;
  const allowedHosts = new Set([new URL(config.appUrl).host, ...config.allowedOrigins.map((o) => new URL(o).host)]);
  const unscoped = new Set(['/healthz', '/readyz', '/metrics']);
  return (request) => {
    const host = request.headers.host ?? '';
    if (allowedHosts.has(host) || allowedHosts.has(host.toLowerCase()) || unscoped.has(request.url.split('?')[0] ?? '')) return undefined;
    return new AppError('MISDIRECTED', ERROR_TEXTS.HOST_NOT_SERVED);
  };
}
