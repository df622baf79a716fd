/**
 * buildApp(deps): the whole HTTP application without listening. Plugins load
 * in a stated order: platform (errors, security, cookies, docs), then the
 * session and access hooks, then feature routes, then the pages.
 */
import { requestSeen } from './features/webhooks/pacing.ts';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { TrustProxy } from './config.ts';
import type { AppContext } from './context.ts';
import { clientErrorHandler, httpServerOptions } from './http-server.ts';
import { registerJsonBody } from './json-body.ts';
import { registerFeatures } from './features/index.ts';
import { registerEvents } from './features/events/routes.ts';
import { registerPages } from './pages.ts';
import { registerAccess, wrongHost } from './plugins/access.ts';
import { openapiOptions } from './openapi.ts';
import { FRAMEWORK_ERRORS, errorHandler, missingHost, refuseNulCharacters } from './plugins/errors.ts';
import { errorCode } from '../shared/error-codes.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { requestIds } from './request-id.ts';
import { QUIET_SUMMARY_EVERY_MS, RequestLog, lazyChildLogger } from './request-log.ts';
import { appSecurityHeaders, registerSecurityHeaders } from './plugins/security-headers.ts';

export const BODY_LIMIT = 64 * 1024;
const CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));

export type { RouteEntry } from './plugins/access.ts';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Where the built pages are; defaults to dist/client. */
  clientDir?: string;
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const headers = appSecurityHeaders(ctx.config);
  const requestLog = new RequestLog();
  const app = Fastify({
    logger: options.logger ?? false,
    // Changes keep both of Fastify's lines; reads one line when they fail, are slow or signed in; the
    // rest are counted, a line a minute (request-log.ts).
    logController: requestLog,
    childLoggerFactory: lazyChildLogger,
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    // A random prefix per process and a counter, in UUID form (request-id.ts): no randomness per request.
    genReqId: requestIds(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Headers and body must arrive within REQUEST_TIMEOUT_SECONDS (408 after), so a body trickled a
    // byte at a time cannot hold a connection open (main.ts gives its listener the same settings).
    requestTimeout: ctx.config.requestTimeoutMs,
    http: httpServerOptions(ctx.config.requestTimeoutMs),
    // Fastify's own answers to malformed requests, in the project's error shape (DECISIONS §2).
    clientErrorHandler,
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const known = FRAMEWORK_ERRORS[error.code] ?? { status: 500, message: 'Internal server error' };
      return reply.headers(headers).header('X-Request-Id', request.id).code(known.status).header('Cache-Control', 'no-store').send({ message: known.message, code: errorCode(known.status, known.message) });
    },
  });
  app.decorate('ctx', ctx);
  if (options.logger) {
    const summary = setInterval(() => requestLog.flushQuiet(app.log), QUIET_SUMMARY_EVERY_MS);
    summary.unref();
    app.addHook('onClose', (_instance, done) => {
      clearInterval(summary);
      requestLog.flushQuiet(app.log);
      done();
    });
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerJsonBody(app);

  // The headers of every answer, and the refusal of a request without a Host, or (in production)
  // for another host name: one hook for all three.
  const otherHost = wrongHost(ctx.config);
  registerSecurityHeaders(app, headers, (request) => missingHost(request) ?? otherHost(request));
  // The webhook sender gives way while the product is busy answering (features/webhooks/pacing.ts).
  app.addHook('onRequest', (_request, _reply, done) => {
    requestSeen();
    done();
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  // Cookies are read only where a route may use them (parseCookiesWhereUsed): never on a public read.
  await app.register(fastifyCookie, { hook: false });
  // The API document: generated from the route schemas, completed from each route's access level and traits (openapi.ts).
  await app.register(fastifySwagger, openapiOptions({ appUrl: ctx.config.appUrl, bodyLimit: BODY_LIMIT, requestTimeoutMs: ctx.config.requestTimeoutMs }));

  registerAccess(app, ctx);
  parseCookiesWhereUsed(app);
  registerMetrics(app, ctx);
  refuseNulCharacters(app);

  app.get('/healthz', { config: { access: 'public' }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const ok = await ctx.database.ping();
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable' });
  });

  registerEvents(app);
  await app.register(registerFeatures);

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  registerPages(app, ctx, options.clientDir ?? CLIENT_DIR);
  return app;
}

/**
 * A public read (GET or HEAD of a route of access 'public': the leaderboard, the stats, pages, probes)
 * never looks at a cookie, so its cookies are not parsed: every other route's are, first thing (before
 * the access hook reads the session). Registered after the access plugin: both put their hook first,
 * so this one runs before it. Setting a cookie works everywhere (the plugin parses on demand).
 */
function parseCookiesWhereUsed(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const publicRead = (route.config?.access === 'public' || !route.url.startsWith('/api')) && methods.every((m) => m === 'GET' || m === 'HEAD');
    if (publicRead) return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [
      (request, _reply, done) => {
        const header = request.headers.cookie;
        request.cookies = header ? app.parseCookie(header) : {};
        done();
      },
      ...existing,
    ];
  });
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
