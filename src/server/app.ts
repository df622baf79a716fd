/**
 * buildApp(deps): the whole HTTP application without listening. Plugins load
 * in a stated order: platform (errors, security, cookies, docs), then the
 * session and access hooks, then feature routes, then the pages.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
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
import type { AppContext } from './context.ts';
import { AppError, badRequest, forbidden, isConnectionFailure, notFound, pgErrorCode } from './errors.ts';
import { AMBASSADOR_NOT_FOUND, findAmbassadorByUser } from './features/ambassadors/service.ts';
import { checkAccess, type Access } from './http.ts';
import { registerFeatures } from './features/index.ts';

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
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    trustProxy: ctx.config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  app.decorate('ctx', ctx);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionSid', null);
  app.decorateRequest('ambassador', null);
  app.decorate('routeTable', [] as RouteEntry[]);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

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

  const appOrigin = new URL(ctx.config.appUrl).origin;
  function checkOrigin(request: FastifyRequest): void {
    const origin = request.headers.origin;
    if (origin && (origin === appOrigin || origin === `${request.protocol}://${request.host}`)) return;
    throw forbidden('Cross-site request refused');
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

/** The built React pages: hashed assets cached for a year, index.html never. */
function registerPages(app: FastifyInstance, ctx: AppContext, clientDir: string): void {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.setNotFoundHandler((request, reply) => reply.code(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` }));
    app.get('/', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain').send('The API is running. Build the pages with `npm run build` (npm start does it for you).'),
    );
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const restrictedHtml = indexHtml.replace('<meta name="app-page" content="" />', '<meta name="app-page" content="super-admin-login" />');
  // "/" gets the landing page prerendered by the build (scripts/prerender-landing.ts); every other
  // page path the empty app below, so none flashes the landing page. A build without it: the empty app.
  const landingFile = path.join(clientDir, 'landing.html');
  const landingHtml = existsSync(landingFile) ? readFileSync(landingFile, 'utf8') : indexHtml;
  void app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    allowedPath: (pathname) => pathname !== '/landing.html',
    setHeaders(res, filePath) {
      res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  // A route of its own, so that @fastify/compress (which works per route) compresses it. A page, not
  // an API route: no access level, so it stays out of the API's route table.
  app.get('/', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('text/html')
      .send(ctx.config.superAdminLoginPath === '/' ? restrictedHtml : landingHtml),
  );
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || pathname.startsWith('/api/') || pathname === '/api' || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.code(404).send({ message: `Route ${request.method} ${pathname} not found` });
    }
    // Every page path gets the app, which shows its own not-found page for unknown ones.
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html').send(pathname === ctx.config.superAdminLoginPath ? restrictedHtml : indexHtml);
  });
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
