/**
 * Security headers (helmet's, CSP included) on every answer: pages, API, errors. They are worked out
 * once at start and added by one hook: running helmet's middleware per request cost about a third
 * of a cached public read's CPU, and @fastify/helmet even rebuilt the middleware, parsing the CSP,
 * on every request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Adds the headers to every answer, errors included, and the request's id (X-Request-Id, the `reqId`
 * of its log lines), which the pages show with a server failure so it can be found in the log.
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: Record<string, string>): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('X-Request-Id', request.id);
    done();
  });
}

/** The product's headers for this configuration. */
export function appSecurityHeaders(config: Pick<Config, 'env'>): Record<string, string> {
  return securityHeaders({
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
        upgradeInsecureRequests: config.env === 'production' ? [] : null,
      },
    },
    strictTransportSecurity: config.env === 'production',
    crossOriginEmbedderPolicy: false,
  });
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
