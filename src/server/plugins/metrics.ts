/**
 * GET /metrics in Prometheus' text format (DECISIONS §5 Operations): requests by route pattern and
 * status with their durations, the process (event-loop lag, memory, CPU, handles), the database
 * pool, the outbox backlog and the pending queues. Not under /api and not for users: with
 * METRICS_TOKEN set it needs `Authorization: Bearer <token>`; without it, it is off (404).
 *
 * Each app has its own registry, so several apps in one process (the tests) do not collide. The
 * process's own figures are one registry per process: they describe the process, not an app, and
 * prom-client's collectors (a GC observer, an event-loop delay monitor) are made once.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { count, eq, min } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext } from '../context.ts';
import { emailOutbox } from '../db/schema.ts';
import { unauthorized } from '../errors.ts';
import { pendingApplicationCount } from '../features/applications/service.ts';
import { pendingReportCount } from '../features/reports/service.ts';
import { pendingWithdrawalCount } from '../features/wallet/service.ts';

/** The label of a request no route matched (404s of unknown paths): raw URLs would be unbounded. */
export const UNMATCHED_ROUTE = 'unmatched';

let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * The guard of GET /metrics: the bearer token of METRICS_TOKEN, compared in constant time (401
 * otherwise, from anywhere). Nothing is decided by the client's address: a reverse proxy on the
 * same host makes every visitor look local (DECISIONS §5 Operations). Without a token configured
 * the route is not registered at all (404).
 */
function bearerOnly(token: string) {
  const expected = sha256(token);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.header('Cache-Control', 'no-store');
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(request.headers.authorization ?? '');
    // Both sides hashed: equal lengths for timingSafeEqual, and the token's length is not told either.
    if (match?.[1] && timingSafeEqual(sha256(match[1]), expected)) return;
    reply.header('WWW-Authenticate', 'Bearer');
    throw unauthorized('A valid bearer token (METRICS_TOKEN) is required');
  };
}

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One series of the request metrics: a method, a route pattern and a status. */
interface Series {
  /** Its labels as the text format writes them: method="GET",route="/api/x",status_code="200". */
  labels: string;
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative), by BUCKETS' index. */
  buckets: Float64Array;
}

const escapeLabel = (value: string) => value.replaceAll('\\', '\\\\').replaceAll('\n', '\\n').replaceAll('"', '\\"');

/**
 * http_requests_total and http_request_duration_seconds, kept as plain numbers: a series is made once
 * per route, method and status, and a request then costs a map lookup and a few additions, no label
 * object and no hashing of labels (prom-client's children still hash theirs on every call). Written
 * in Prometheus' text format at scrape time, as prom-client writes a counter and a histogram.
 */
export function httpRequestFigures() {
  const all: Series[] = [];
  return {
    recorder(route: string) {
      const byMethod = new Map<string, Map<number, Series>>();
      return (method: string, status: number, seconds: number): void => {
        let byStatus = byMethod.get(method);
        if (!byStatus) byMethod.set(method, (byStatus = new Map()));
        let series = byStatus.get(status);
        if (!series) {
          series = {
            labels: `method="${escapeLabel(method)}",route="${escapeLabel(route)}",status_code="${status}"`,
            count: 0,
            sum: 0,
            buckets: new Float64Array(BUCKETS.length),
          };
          byStatus.set(status, series);
          all.push(series);
        }
        series.count += 1;
        series.sum += seconds;
        let bucket = 0;
        while (bucket < BUCKETS.length && seconds > (BUCKETS[bucket] as number)) bucket += 1;
        if (bucket < BUCKETS.length) series.buckets[bucket] = (series.buckets[bucket] ?? 0) + 1;
      };
    },
    text(): string {
      const lines = ['# HELP http_requests_total HTTP requests answered, by route pattern and status', '# TYPE http_requests_total counter'];
      for (const s of all) lines.push(`http_requests_total{${s.labels}} ${s.count}`);
      lines.push(
        '',
        '# HELP http_request_duration_seconds Time to answer HTTP requests, by route pattern and status',
        '# TYPE http_request_duration_seconds histogram',
      );
      for (const s of all) {
        let cumulative = 0;
        BUCKETS.forEach((bound, i) => {
          cumulative += s.buckets[i] ?? 0;
          lines.push(`http_request_duration_seconds_bucket{le="${bound}",${s.labels}} ${cumulative}`);
        });
        lines.push(`http_request_duration_seconds_bucket{le="+Inf",${s.labels}} ${s.count}`);
        lines.push(`http_request_duration_seconds_sum{${s.labels}} ${s.sum}`);
        lines.push(`http_request_duration_seconds_count{${s.labels}} ${s.count}`);
      }
      return `${lines.join('\n')}\n\n`;
    },
  };
}

/** The request metrics (a hook on every route) and GET /metrics. */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  // Off without a token (404), and nothing counted: no address-based exemption anywhere (issue 24).
  const token = ctx.config.metricsToken;
  if (!token) return;
  // Made now, not at the first scrape: the event-loop delay monitor then has samples by the first one.
  const processFigures = processMetrics();
  const registry = new Registry();
  const http = httpRequestFigures();
  const databaseUp = new Gauge({ name: 'database_up', help: '1 when the scrape-time queries succeeded, 0 when they failed', registers: [registry] });
  new Gauge({ name: 'database_info', help: 'The database this server uses', labelNames: ['kind'], registers: [registry] }).set({ kind: ctx.database.kind }, 1);
  const outboxPending = new Gauge({ name: 'email_outbox_pending', help: 'Emails waiting to be sent (pending in the outbox)', registers: [registry] });
  const outboxOldest = new Gauge({
    name: 'email_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest pending email, 0 when none waits',
    registers: [registry],
  });
  const queues = new Gauge({
    name: 'pending_queue_items',
    help: 'Items waiting for an admin: applications, reports, withdrawals',
    labelNames: ['queue'],
    registers: [registry],
  });

  // PostgreSQL's pool, read at scrape time. PGlite has one connection and no pool: nothing to report.
  const pool = ctx.database.pool;
  if (pool) {
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    poolGauge('db_pool_connections', 'Connections open in the database pool', () => pool.totalCount);
    poolGauge('db_pool_idle_connections', 'Open connections not in use', () => pool.idleCount);
    poolGauge('db_pool_waiting_requests', 'Queries waiting for a connection', () => pool.waitingCount);
    poolGauge('db_pool_max_connections', 'Size limit of the database pool', () => pool.options.max ?? 10);
  }

  async function readQueues(): Promise<void> {
    try {
      // Cheap COUNTs on indexed status columns (and the outbox's partial index of pending rows).
      const [applications, reports, withdrawals, outbox] = await Promise.all([
        pendingApplicationCount(ctx),
        pendingReportCount(ctx),
        pendingWithdrawalCount(ctx),
        ctx.db
          .select({ n: count(), oldest: min(emailOutbox.createdAt) })
          .from(emailOutbox)
          .where(eq(emailOutbox.status, 'pending')),
      ]);
      queues.set({ queue: 'applications' }, applications);
      queues.set({ queue: 'reports' }, reports);
      queues.set({ queue: 'withdrawals' }, withdrawals);
      const row = outbox[0];
      outboxPending.set(row?.n ?? 0);
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : undefined;
      outboxOldest.set(oldest === undefined ? 0 : Math.max(0, (ctx.clock.now().getTime() - oldest) / 1000));
      databaseUp.set(1);
    } catch (error) {
      // The process figures are still worth answering; these are unknown, not zero.
      ctx.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'metrics: database figures unavailable');
      databaseUp.set(0);
      for (const queue of ['applications', 'reports', 'withdrawals']) queues.set({ queue }, Number.NaN);
      outboxPending.set(Number.NaN);
      outboxOldest.set(Number.NaN);
    }
  }

  // Each route counts its own answers under its pattern (/api/admin/reports/:id/review, never the raw
  // URL: ids and junk paths would make a label value each).
  app.addHook('onRoute', (route) => {
    const record = http.recorder(route.url);
    const existing = route.onResponse ? (Array.isArray(route.onResponse) ? route.onResponse : [route.onResponse]) : [];
    route.onResponse = [
      (request, reply, done) => {
        record(request.method, reply.statusCode, reply.elapsedTime / 1000);
        done();
      },
      ...existing,
    ];
  });
  // Requests no route matched (404s of unknown paths) under one label.
  const unmatched = http.recorder(UNMATCHED_ROUTE);
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched(request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true }, onRequest: bearerOnly(token) }, async (_request, reply) => {
    await readQueues();
    const text = (await processFigures.metrics()) + http.text() + (await registry.metrics());
    return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(text);
  });
}
