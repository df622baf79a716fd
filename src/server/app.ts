/**
 * buildApp(deps): the whole HTTP application without listening. Plugins load
 * in a stated order: platform (errors, security, cookies, docs), then the
 * session and access hooks, then feature routes, then the pages.
 */
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { SESSION_COOKIE, loadSession } from './auth/sessions.ts';
import type { TrustProxy } from './config.ts';
import type { AppContext } from './context.ts';
import { AppError, badRequest, forbidden, isConnectionFailure, notFound, pgErrorCode } from './errors.ts';
import { AMBASSADOR_NOT_FOUND, findAmbassadorByUser } from './features/ambassadors/service.ts';
import { checkAccess, type Access } from './http.ts';
import { clientErrorHandler, httpServerOptions } from './http-server.ts';
import { registerJsonBody } from './json-body.ts';
import { registerFeatures } from './features/index.ts';
import { registerPages } from './pages.ts';

export const BODY_LIMIT = 64 * 1024;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its access level, for the authorisation matrix test. */
    routeTable: RouteEntry[];
  }
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Where the built pages are; defaults to dist/client. */
  clientDir?: string;
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Security headers from helmet, worked out once at start (securityHeaders) and added to every answer.
  // Running helmet's middleware per request cost about a third of a cached public read's CPU, and
  // @fastify/helmet even rebuilt the middleware, parsing the CSP, on every request.
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: ctx.config.env === 'production' ? [] : null,
      },
    },
    strictTransportSecurity: ctx.config.env === 'production',
    crossOriginEmbedderPolicy: false,
  });
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Headers and body must arrive within REQUEST_TIMEOUT_SECONDS (408 after), so a body trickled a
    // byte at a time cannot hold a connection open (main.ts gives its listener the same settings).
    requestTimeout: ctx.config.requestTimeoutMs,
    http: httpServerOptions(ctx.config.requestTimeoutMs),
    // Fastify's own answers to malformed requests, in the project's error shape (DECISIONS §2).
    clientErrorHandler,
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const known = FRAMEWORK_ERRORS[error.code] ?? { status: 500, message: 'Internal server error' };
      return reply.headers(headers).code(known.status).header('Cache-Control', 'no-store').send({ message: known.message });
    },
  });
  app.decorate('ctx', ctx);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionSid', null);
  app.decorateRequest('ambassador', null);
  app.decorate('routeTable', [] as RouteEntry[]);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerJsonBody(app);

  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Ambassador Programme API', version: '1.0.0', description: 'Every call of spec §7. Errors: {message, errors?}.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
    },
    transform: jsonSchemaTransform,
  });

  // Every API route states who may call it; one that does not is a bug caught at start.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) {
      if (route.url.startsWith('/api')) throw new Error(`Route ${String(route.method)} ${route.url} declares no access level`);
      return;
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const mutating = methods.some((m) => MUTATING.has(m));
    for (const method of methods) if (method !== 'HEAD') app.routeTable.push({ method, url: route.url, access });
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [
      async (request) => {
        if (access !== 'public') await attachSession(request);
        checkAccess(access, request.user);
        if (mutating) checkOrigin(request);
        if (access === 'ambassador' && request.user) {
          request.ambassador = (await findAmbassadorByUser(ctx.db, request.user.id)) ?? null;
          if (!request.ambassador) throw mutating ? forbidden('Only ambassadors can do this') : notFound(AMBASSADOR_NOT_FOUND);
        }
      },
      ...existing,
    ];
  });

  async function attachSession(request: FastifyRequest): Promise<void> {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const session = await loadSession(ctx.db, ctx.config, token, ctx.clock.now());
    if (session) {
      request.user = session.user;
      request.sessionSid = session.sid;
    }
  }

  // A state-changing request must come from the app's own origin (APP_URL) or one listed in
  // ALLOWED_ORIGINS. Never from "whatever Host it was sent to": a hostile name resolving to this
  // server (DNS rebinding) would pass that.
  const appUrl = new URL(ctx.config.appUrl);
  const allowedOrigins = new Set([appUrl.origin, ...ctx.config.allowedOrigins]);
  function checkOrigin(request: FastifyRequest): void {
    const origin = request.headers.origin;
    if (origin && allowedOrigins.has(origin)) return;
    throw forbidden('Cross-site request refused');
  }

  // In production every request names APP_URL's host (421 otherwise), so pages and API answers are
  // never served under a name the operator did not choose. Probes and metrics, which load balancers
  // and scrapers call by address, are exempt.
  if (ctx.config.env === 'production') {
    const allowedHosts = new Set([appUrl.host, ...ctx.config.allowedOrigins.map((o) => new URL(o).host)]);
    const unscoped = new Set(['/healthz', '/readyz', '/metrics']);
    app.addHook('onRequest', async (request, reply) => {
      if (allowedHosts.has(request.host) || unscoped.has(request.url.split('?')[0] ?? '')) return;
      return reply.code(421).header('Cache-Control', 'no-store').send({ message: 'This server does not answer for that host name' });
    });
  }

  // PostgreSQL text cannot hold NUL: refuse it in any input up front, as bad input (400), never a 500.
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) throw badRequest('Text must not contain NUL characters');
  });

  app.get('/healthz', { config: { access: 'public' }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const ok = await ctx.database.ping();
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable' });
  });

  await app.register(registerFeatures);

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  registerPages(app, ctx, options.clientDir ?? CLIENT_DIR);
  return app;
}

function errorHandler(this: FastifyInstance, error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return reply.code(error.status).send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((issue) => ({
      path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (issue.params as { issue?: { path?: unknown[] } }).issue?.path?.join('.') || '',
      message: issue.message ?? 'Invalid value',
    }));
    return reply.code(400).send({ message: errors[0]?.message ?? 'Invalid request', errors });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    return reply.code(500).send({ message: 'Internal server error' });
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    const code = 'code' in error ? error.code : undefined;
    const message =
      code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'Malformed JSON in request body'
        : code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'Request body is too large'
          : code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type; send JSON'
            : code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'Request body is empty; send a JSON object'
              : error.message;
    return reply.code(status).send({ message });
  }
  const sqlState = pgErrorCode(error);
  if (isConnectionFailure(error) || sqlState === '40001' || sqlState === '40P01') {
    // The database went away or gave up on this transaction: nothing was written; the caller may retry.
    request.log.warn({ err: error, sqlState }, 'database unavailable for this request');
    return reply.code(503).header('Retry-After', '1').send({ message: 'The service is briefly unavailable. Please try again.' });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ message: 'Internal server error' });
}

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes "the nearest n hops are proxies" (as
 * Express reads it); Fastify itself now refuses to trust any hop for a bare number, because the count
 * cannot tell a proxy from a client that reaches the app directly. That is why the README asks for
 * the proxies' addresses where they are known, and for a hop count only where the app cannot be
 * reached except through the proxies.
 */
function trustProxyOption(setting: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: 'The address is not a valid URL' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'The address is too long' },
};

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

/**
 * The headers helmet sets with these options. Nothing in our options depends on the request (no
 * CSP nonces or functions), so its middleware is run once, at start, against a stand-in response.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let ran = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    ran = true;
  });
  if (!ran) throw new Error('helmet did not finish synchronously: its headers cannot be computed once');
  return headers;
}
