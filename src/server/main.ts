/**
 * The process: read the environment, open the port, start, and stop cleanly on SIGTERM / SIGINT.
 *
 * Liveness before readiness (docs/decisions/008): the port is opened before the heavy modules
 * load and the database opens. Until startServer has finished, /healthz answers 200, /readyz 503
 * and every other request 503 with Retry-After; then the same listening server hands each request
 * to the Fastify app. Only node:http and the config are loaded before listening.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { describeOffset } from './clock.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { clientErrorHandler, httpServerOptions } from './http-server.ts';
import { startTelemetry } from './telemetry.ts';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const STARTING = JSON.stringify({ message: 'The service is starting. Please try again.', code: 'STARTING' });
const STOPPING = JSON.stringify({ message: 'The service is stopping. Please try again.', code: 'STOPPING' });

function send(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(body);
}

/** The answers while the app is not there yet: the process is live, not ready. */
function answerWhileStarting(request: IncomingMessage, response: ServerResponse): void {
  const pathname = (request.url ?? '/').split('?')[0]?.replace(/(.)\/+$/, '$1');
  const read = request.method === 'GET' || request.method === 'HEAD';
  if (read && pathname === '/healthz') return send(response, 200, JSON.stringify({ status: 'ok' }));
  if (read && pathname === '/readyz') return send(response, 503, JSON.stringify({ status: 'unavailable' }));
  send(response, 503, STARTING, { 'retry-after': '1' });
}

/** A request that arrives on an open connection after SIGTERM: another instance should take it. */
function answerWhileStopping(_request: IncomingMessage, response: ServerResponse): void {
  send(response, 503, STOPPING, { 'retry-after': '1', connection: 'close' });
}

/**
 * The largest dependencies, loaded one at a time before the app. Loading a module graph ends in one
 * synchronous run that evaluates all of it, during which /healthz cannot be answered: loaded
 * together, they kept it waiting for their sum (about 0.7 s on a quiet two-core machine, over 1 s
 * under load, longer than a liveness probe's usual timeout); in turns, with the event loop free
 * between them, for the longest of them. A name missing here costs time, never correctness.
 */
const LARGE_DEPENDENCIES = ['zod', 'fastify', 'drizzle-orm', 'drizzle-orm/pg-core', 'pino', 'nodemailer', 'pg', '@electric-sql/pglite'];

async function loadInTurns(): Promise<typeof import('./server.ts')> {
  for (const name of LARGE_DEPENDENCIES) {
    await import(name);
    // A few turns: a waiting probe's connection is accepted in one, its request read in the next.
    for (let turn = 0; turn < 3; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return import('./server.ts');
}

/** Before the app (and pino) is loaded: one JSON line in pino's shape, at pino's level numbers. */
function earlyLogger(level: string) {
  const levels: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
  const threshold = levels[level] ?? 30;
  const write = (value: number, msg: string) => {
    if (value >= threshold) process.stdout.write(`${JSON.stringify({ level: value, time: Date.now(), pid: process.pid, hostname: hostname(), msg })}\n`);
  };
  return { info: (msg: string) => write(30, msg), error: (msg: string) => write(50, msg) };
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let handle: Handler = answerWhileStarting;
  // Responses not yet finished, so a stop can ask their connections to close once they are done.
  const open = new Set<ServerResponse>();
  // One shared listener (no closure per request).
  function forget(this: ServerResponse): void {
    open.delete(this);
  }
  const listener = createServer(httpServerOptions(config.requestTimeoutMs), (request, response) => {
    open.add(response);
    response.once('close', forget);
    handle(request, response);
  });
  listener.on('clientError', clientErrorHandler);
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen({ port: config.port, host: config.host }, () => {
      listener.off('error', reject);
      resolve();
    });
  });

  // Traces, when an OTLP endpoint is set: before the app and the drivers load, so they are instrumented.
  // Unset, telemetry.ts loads nothing (docs/decisions/031).
  const telemetry = config.traces ? startTelemetry() : Promise.resolve(undefined);
  // The heavy modules (Fastify, the features, the database drivers) load only now.
  const starting = telemetry.then(loadInTurns).then(({ startServer }) => startServer(config));
  let log: { info(msg: string): void; error(msg: string): void } = earlyLogger(config.logLevel);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    handle = answerWhileStopping;
    log.info(`${signal} received: finishing requests in flight, then stopping`);
    // Requests in flight get 10 s. The deadline counts from when the start has settled: a start
    // in progress is bounded by itself (the database's connect timeout) and is finished, then
    // closed, so a slow machine loading the modules is not mistaken for a stuck shutdown.
    const deadline = () => {
      setTimeout(() => {
        log.error('shutdown took too long, exiting');
        process.exit(1);
      }, 10_000).unref();
    };
    starting.then(deadline, deadline);
    // No new connections; idle ones close now, busy ones once their response is sent.
    const drained = new Promise<void>((resolve) => listener.close(() => resolve()));
    for (const response of open) {
      if (!response.headersSent) response.setHeader('connection', 'close');
      response.once('close', () => listener.closeIdleConnections());
      // A live stream never finishes by itself: end it (the browser reconnects to another instance).
      if (String(response.getHeader('content-type') ?? '').startsWith('text/event-stream')) response.end();
    }
    // Then the app, outbox and database, whether it stopped while starting or while serving.
    Promise.all([drained, starting.catch(() => undefined)])
      .then(([, server]) => server?.close())
      // The last requests' spans leave before the process does.
      .then(() => telemetry.then((traces) => traces?.shutdown()).catch(() => undefined))
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error('error during shutdown:', error);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  const server = await starting;
  if (stopping) return;
  serveWith(listener, server.app);
  handle = server.app.routing;
  log = server.app.log;
  const where = config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
  log.info(`Ambassador programme ready at ${config.appUrl} (database: ${where}; email: ${config.smtpUrl ? 'SMTP' : 'printed to this log'})`);
  if (config.clockOffsetMs) {
    // Said at every start: a server whose clock is moved must never be mistaken for a real one.
    log.info(
      `TEST_CLOCK_OFFSET is on (${describeOffset(config.clockOffsetMs)}): the programme's clock reads ${server.ctx.clock.now().toISOString()}, ` +
        `real time is ${server.ctx.clock.real().toISOString()}. Session cookies and two-factor codes go by real time.`,
    );
  }
}

/**
 * The listening server takes the settings Fastify gave the server it made but never listens on:
 * keep-alive and limits. Timeouts and the answer to malformed requests it has had from the start
 * (http-server.ts), so they hold while the app is loading too.
 */
function serveWith(listener: ReturnType<typeof createServer>, app: FastifyInstance): void {
  const configured = app.server;
  listener.keepAliveTimeout = configured.keepAliveTimeout;
  listener.timeout = configured.timeout;
  listener.maxRequestsPerSocket = configured.maxRequestsPerSocket;
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error);
  process.exit(1);
});
