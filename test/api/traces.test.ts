/**
 * Traces (DECISIONS §7): the product as `npm start` runs it, with OTEL_EXPORTER_OTLP_ENDPOINT pointing at
 * a tiny OTLP/HTTP receiver of this test's own on loopback, sends a trace for a request with a span for
 * its database query under it, on each database. Unset, nothing of OpenTelemetry is loaded: only
 * telemetry.ts and db/tracing.ts name its packages, by dynamic import or as types, and main.ts starts
 * them only when an endpoint is set.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { localEnv, spawnScript, waitForStatus, type Spawned } from '../helpers/product-process.ts';
import { freePort } from '../helpers/ports.ts';
import { TEST_SESSION_SECRET } from '../helpers/server.ts';

/** A span as OTLP/JSON carries it (ids in hex). */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}
interface Received {
  resource: Record<string, string | undefined>;
  span: OtlpSpan;
}

/** An OTLP/HTTP receiver (JSON) on loopback: keeps every span sent to /v1/traces. */
async function otlpReceiver(): Promise<{ url: string; spans: Received[]; paths: string[]; close(): Promise<void> }> {
  const spans: Received[] = [];
  const paths: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      paths.push(`${request.method} ${request.url} ${request.headers['content-type']}`);
      try {
        const payload = JSON.parse(body) as {
          resourceSpans?: { resource?: { attributes?: OtlpSpan['attributes'] }; scopeSpans?: { spans?: OtlpSpan[] }[] }[];
        };
        for (const group of payload.resourceSpans ?? []) {
          const resource = Object.fromEntries((group.resource?.attributes ?? []).map((a) => [a.key, a.value.stringValue]));
          for (const scope of group.scopeSpans ?? []) for (const span of scope.spans ?? []) spans.push({ resource, span });
        }
      } catch {
        // Not JSON: counted in paths, so the test says what arrived.
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    spans,
    paths,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : String(value.intValue));
};

describe.each(DATABASE_KINDS)('traces on %s', (kind) => {
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
  let database: TestDatabase | undefined;
  let started: Spawned | undefined;
  let dataDir = '';
  let base = '';

  beforeAll(async () => {
    receiver = await otlpReceiver();
    dataDir = mkdtempSync(path.join(tmpdir(), 'amb-traces-'));
    if (kind === 'postgres') {
      database = await createTestDatabase('postgres', { poolSize: 1 });
      await database.database.close();
    }
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    started = spawnScript(
      localEnv(port, {
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        LOG_LEVEL: 'warn',
        SESSION_SECRET: TEST_SESSION_SECRET,
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_SERVICE_NAME: 'ambassadors-under-test',
        // Spans leave a tenth of a second after they end, not five seconds.
        OTEL_BSP_SCHEDULE_DELAY: '100',
      }),
    );
    await waitForStatus(started, `${base}/readyz`, 200);
  }, 120_000);

  afterAll(async () => {
    started?.child.kill('SIGTERM');
    await started?.exited;
    await receiver?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exports a span for a request and one for its query under it (OTLP/HTTP)', async () => {
    const response = await fetch(`${base}/api/public/stats`);
    expect(response.status).toBe(200);
    const spans = receiver.spans;
    let request: Received | undefined;
    let query: Received | undefined;
    for (let i = 0; i < 400 && !(request && query); i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      request = spans.find(({ span }) => attribute(span, 'http.route') === '/api/public/stats' || span.name.includes('/api/public/stats'));
      query =
        request &&
        spans.find(
          ({ span }) => span.traceId === request?.span.traceId && (attribute(span, 'db.system.name') ?? attribute(span, 'db.system')) === 'postgresql',
        );
    }
    const seen = spans.map(({ span }) => `${span.name} ${JSON.stringify(span.attributes?.map((a) => a.key))}`).join('\n');
    expect(request, `the request's span among:\n${seen}\n${receiver.paths.join('\n')}`).toBeDefined();
    expect(query, `a database span in the request's trace among:\n${seen}`).toBeDefined();
    expect(request?.resource['service.name']).toBe('ambassadors-under-test');
    expect(receiver.paths.every((p) => p.startsWith('POST /v1/traces application/json'))).toBe(true);
    // The probes are not traced.
    expect(spans.some(({ span }) => (attribute(span, 'http.route') ?? span.name).includes('readyz'))).toBe(false);
  });
});

describe('traces off', () => {
  it('is the default: no endpoint, no traces', () => {
    const base = { NODE_ENV: 'test', SESSION_SECRET: TEST_SESSION_SECRET, DATA_DIR: '/tmp/ambassador-test-unused' };
    expect(loadConfig(base).traces).toBe(false);
    expect(loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }).traces).toBe(true);
    expect(loadConfig({ ...base, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' }).traces).toBe(true);
    expect(loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' }).traces).toBe(false);
    expect(loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_TRACES_EXPORTER: 'none' }).traces).toBe(false);
    expect(() => loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });

  it('loads nothing of OpenTelemetry: its packages are named only by telemetry.ts (dynamically) and db/tracing.ts (types)', () => {
    const files = readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    const naming = files.filter((file) => /['"](@opentelemetry\/|@fastify\/otel)/.test(readFileSync(path.join('src', file), 'utf8')));
    expect(naming.sort()).toEqual([path.join('server', 'db', 'tracing.ts'), path.join('server', 'telemetry.ts')]);
    for (const file of naming) {
      const text = readFileSync(path.join('src', file), 'utf8');
      const staticImports = [...text.matchAll(/^import\s+(?!type\b)[^;]*from\s+['"](@opentelemetry\/[^'"]+|@fastify\/otel)['"]/gm)].map((m) => m[1]);
      expect(staticImports, file).toEqual([]);
    }
    // main.ts starts them only when an endpoint is set.
    expect(readFileSync('src/server/main.ts', 'utf8')).toMatch(/config\.traces \? startTelemetry\(\)/);
  });
});
