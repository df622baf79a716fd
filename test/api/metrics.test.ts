/**
 * GET /metrics (DECISIONS §5 Operations): Prometheus text with requests by route pattern and
 * status, their durations, the process's figures, the database pool (PostgreSQL), the outbox
 * backlog and the pending queues; answered only with METRICS_TOKEN's bearer, and off (404)
 * without one. On both databases.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { emailOutbox } from '../../src/server/db/schema.ts';
import { ApiClient } from '../helpers/client.ts';
import { validApplication } from '../helpers/factories.ts';
import { type TestServer } from '../helpers/server.ts';
import { blockServer, describeEachDatabase } from '../helpers/suite.ts';

const UNKNOWN_ID = '7d3b2a52-0000-4000-8000-0000000000aa';
const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one sample line, by its exact name and labels as printed, e.g. `x{a="b"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(server: TestServer, options: { ip?: string; headers?: Record<string, string> } = {}) {
  return server.app.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: options.headers ?? { authorization: `Bearer ${TOKEN}` },
  });
}

describeEachDatabase('GET /metrics on %s', { env: { METRICS_TOKEN: TOKEN } }, ({ kind, server }) => {
  it('counts requests by route pattern and status, with durations, process figures and the queues', async () => {
    const anonymous = new ApiClient(server);
    expect((await anonymous.get('/api/settings')).status).toBe(200);
    expect((await anonymous.get('/api/settings')).status).toBe(200);
    // A route with a parameter: labelled by its pattern, never the id.
    expect((await anonymous.post(`/api/admin/reports/${UNKNOWN_ID}/review`, {})).status).toBe(401);
    // No route at all: one label for every such request.
    expect((await anonymous.get(`/api/no-such-thing/${UNKNOWN_ID}`)).status).toBe(404);
    expect((await anonymous.get('/api/nothing-here-either')).status).toBe(404);
    // One pending application.
    expect((await anonymous.post('/api/applications', validApplication())).status).toBe(201);
    // The outbox: the application's emails sent, then one waiting, queued 90 seconds ago and not due for an hour.
    await server.flushEmail();
    const now = server.clock.now();
    await server.db.insert(emailOutbox).values({
      recipient: 'waiting@example.com',
      subject: 'waiting',
      textBody: 'x',
      htmlBody: 'x',
      createdAt: new Date(now.getTime() - 90_000),
      nextAttemptAt: new Date(now.getTime() + 3_600_000),
    });

    const response = await scrape(server);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;

    expect(sample(text, 'http_requests_total{method="GET",route="/api/settings",status_code="200"}')).toBe(2);
    expect(sample(text, 'http_requests_total{method="POST",route="/api/admin/reports/:id/review",status_code="401"}')).toBe(1);
    expect(sample(text, 'http_requests_total{method="GET",route="unmatched",status_code="404"}')).toBe(2);
    expect(sample(text, 'http_requests_total{method="POST",route="/api/applications",status_code="201"}')).toBe(1);
    expect(text).not.toContain(UNKNOWN_ID);
    expect(text).not.toContain('no-such-thing');
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/settings",status_code="200"}')).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/settings",status_code="200"}')).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_sum{method="GET",route="/api/settings",status_code="200"}')).toBeGreaterThan(0);

    // The process: event-loop lag among prom-client's default figures.
    expect(text).toMatch(/^# TYPE nodejs_eventloop_lag_seconds gauge$/m);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);

    expect(sample(text, 'pending_queue_items{queue="applications"}')).toBe(1);
    expect(sample(text, 'pending_queue_items{queue="reports"}')).toBe(0);
    expect(sample(text, 'pending_queue_items{queue="withdrawals"}')).toBe(0);
    expect(sample(text, 'email_outbox_pending')).toBe(1);
    const age = sample(text, 'email_outbox_oldest_pending_age_seconds') ?? 0;
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(91);
    expect(sample(text, 'database_up')).toBe(1);
    expect(sample(text, `database_info{kind="${kind === 'postgres' ? 'postgres' : 'pglite'}"}`)).toBe(1);

    if (kind === 'postgres') {
      expect(sample(text, 'db_pool_max_connections')).toBe(20);
      expect(sample(text, 'db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_pool_waiting_requests')).toBe(0);
    } else {
      // PGlite has one connection and no pool: nothing to report.
      expect(text).not.toContain('db_pool_');
    }

    // The scrape itself is counted on the next one.
    const next = (await scrape(server)).body;
    expect(sample(next, 'http_requests_total{method="GET",route="/metrics",status_code="200"}')).toBe(1);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  const server = blockServer();

  it('is off (404) from anywhere, loopback included: nothing is decided by the address', async () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '203.0.113.9']) {
      for (const headers of <Record<string, string>[]>[{}, { authorization: `Bearer ${TOKEN}` }, { 'x-forwarded-for': '127.0.0.1' }]) {
        expect((await scrape(server, { ip, headers })).statusCode, `${ip} ${JSON.stringify(headers)}`).toBe(404);
      }
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  // A second app in this process: its own registry, no clash with the first file's.
  const server = blockServer({ env: { METRICS_TOKEN: TOKEN } });

  it('needs the bearer token, from anywhere (loopback included)', async () => {
    for (const ip of ['127.0.0.1', '203.0.113.9']) {
      const absent = await scrape(server, { ip, headers: {} });
      expect(absent.statusCode, ip).toBe(401);
      expect(absent.headers['www-authenticate']).toBe('Bearer');
      for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, 'Bearer ', TOKEN, `Basic ${TOKEN}`]) {
        expect((await scrape(server, { ip, headers: { authorization } })).statusCode, `${ip} ${authorization}`).toBe(401);
      }
      const right = await scrape(server, { ip, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(right.statusCode, ip).toBe(200);
      expect(right.body).toContain('http_requests_total');
    }
    // The refusals are counted too, under the route's pattern.
    const text = (await scrape(server, { headers: { authorization: `bearer ${TOKEN}` } })).body;
    expect(sample(text, 'http_requests_total{method="GET",route="/metrics",status_code="401"}')).toBe(12);
  });

  it('METRICS_TOKEN must be at least 16 characters', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'too-short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(loadConfig({ METRICS_TOKEN: TOKEN, SESSION_SECRET: 'x'.repeat(32) }).metricsToken).toBe(TOKEN);
  });
});
