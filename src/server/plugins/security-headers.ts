/**
 * Security headers (helmet's, CSP included) on every answer: pages, API, errors. They are worked out
 * once at start and added by one hook: running helmet's middleware per request cost about a third
 * of a cached public read's CPU, and @fastify/helmet even rebuilt the middleware, parsing the CSP,
 * on every request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Adds the headers to every answer, errors included, as one frozen set per kind of answer, worked out
 * at start: API answers also carry `Cache-Control: no-store` (they carry people's data and session
 * cookies: no cache keeps them, ASVS 14.3) unless the route sets its own caching (the public reads'
 * ETags), which replaces it; pages and files set their own. And the request's id (X-Request-Id, the
 * `reqId` of its log lines), which the pages show with a server failure so it can be found in the log.
 * One synchronous hook, one call: nothing of it is worked out again per request.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  headers: Readonly<Record<string, string>>,
  /** A check every request must pass, answered with these headers when it fails (one hook for both). */
  refuse: (request: FastifyRequest) => Error | undefined = () => undefined,
): void {
  const { api, other } = headerSets(headers);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api') ? api : other).header('x-request-id', request.id);
    const refused = refuse(request);
    // A refusal is never stored by a cache, whatever the path.
    if (refused) reply.header('cache-control', 'no-store');
    done(refused);
  });
}

/** The two frozen sets: every answer's security headers, and the API's (the same with no-store). */
export function headerSets(headers: Readonly<Record<string, string>>): { api: Readonly<Record<string, string>>; other: Readonly<Record<string, string>> } {
  return { api: Object.freeze({ ...headers, 'cache-control': 'no-store' }), other: Object.freeze({ ...headers }) };
}

/** The Telegram Login Widget's script and the frame it draws its button in (https://core.telegram.org/widgets/login). */
export const TELEGRAM_WIDGET = { script: 'https://telegram.org', frame: 'https://oauth.telegram.org' } as const;

/** Whether the profile offers the Telegram Login Widget: the bot's username and its token are both set. */
export function telegramWidgetBot(config: {
  providers: { telegramBotToken?: string | undefined; telegramBotUsername?: string | undefined };
}): string | undefined {
  return config.providers.telegramBotToken ? config.providers.telegramBotUsername : undefined;
}

/** The product's headers for this configuration. */
export function appSecurityHeaders(config: Pick<Config, 'env' | 'providers'>): Readonly<Record<string, string>> {
  // Telegram's script and frame are allowed only where the widget is offered; otherwise the pages load nothing from elsewhere.
  const telegram = telegramWidgetBot(config) !== undefined;
  return Object.freeze(
    securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: telegram ? ["'self'", TELEGRAM_WIDGET.script] : ["'self'"],
          ...(telegram ? { frameSrc: [TELEGRAM_WIDGET.frame] } : {}),
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: config.env === 'production' ? [] : null,
        },
      },
      strictTransportSecurity: config.env === 'production',
      crossOriginEmbedderPolicy: false,
    }),
  );
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
