/**
 * Traces (DECISIONS §7, Deployment and the edge): with OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) set, each request (@fastify/otel: the request and its handler)
 * and each database call (PostgreSQL through @opentelemetry/instrumentation-pg; the embedded database
 * by db/tracing.ts) is a span, exported by the standard OTLP/HTTP exporter, which reads the usual
 * OTEL_* variables itself (headers, timeout, OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, the batch
 * processor's OTEL_BSP_*, the sampler's OTEL_TRACES_SAMPLER). Unset: nothing of OpenTelemetry is
 * loaded (every import below is dynamic) and nothing runs per request.
 *
 * Started by main.ts before the app and the database drivers are loaded, so the instrumentations see
 * `pg` and Fastify load.
 */
import { createRequire } from 'node:module';

export interface Telemetry {
  /** Sends the spans still waiting, then stops exporting. */
  shutdown(): Promise<void>;
}

/** Called only when config.traces is true (an OTLP endpoint is set). */
export async function startTelemetry(): Promise<Telemetry> {
  const [
    api,
    { NodeTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { registerInstrumentations },
    { PgInstrumentation },
    { FastifyOtelInstrumentation },
    resources,
    tracing,
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-pg'),
    import('@fastify/otel'),
    import('@opentelemetry/resources'),
    import('./db/tracing.ts'),
  ]);
  const resource = resources
    .resourceFromAttributes({ 'service.name': 'ambassador-programme' })
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
  // The global provider, with AsyncLocalStorage for the context: a query's span is a child of its request's.
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // Queries made for a request; not the background jobs' polling (the outbox asks every few seconds).
      new PgInstrumentation({ requireParentSpan: true }),
      // The request and its handler; registered on the app as Fastify makes it. Probes are not traced.
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        instrumentHooks: false,
        instrumentHandler: true,
        ignorePaths: (route: { url: string }) => route.url === '/healthz' || route.url === '/readyz',
      }),
    ],
  });
  // `pg` is loaded once through require, where the instrumentation patches it; the app's import of it
  // later is the same module (a CommonJS module imported from ESM is taken from the require cache).
  createRequire(import.meta.url)('pg');
  tracing.traceEmbeddedDatabase(api, provider.getTracer('ambassador-programme/pglite'));
  return {
    async shutdown() {
      await provider.shutdown();
    },
  };
}
