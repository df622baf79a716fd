/**
 * Spans for the embedded database's queries when traces are on (telemetry.ts). PostgreSQL's are made
 * by @opentelemetry/instrumentation-pg; PGlite has no instrumentation, so its client's `query` (all
 * drizzle calls, in and out of transactions) is wrapped here, with the same names and attributes. As
 * for PostgreSQL, only queries made within a traced request get a span. Off (the default), the client
 * is left untouched and nothing of OpenTelemetry is loaded: this module imports its types only.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type * as Api from '@opentelemetry/api';

interface Traced {
  api: typeof Api;
  tracer: Api.Tracer;
}

let traced: Traced | undefined;

/** Turns the spans on for embedded databases opened from now on. */
export function traceEmbeddedDatabase(api: typeof Api, tracer: Api.Tracer): void {
  traced = { api, tracer };
}

/** The client, its queries in spans when traces are on; the client itself, untouched, otherwise. */
export function traceQueries(client: PGlite): PGlite {
  const on = traced;
  if (!on) return client;
  const wrap = (target: PGlite | Transaction) => {
    const query = target.query.bind(target);
    target.query = <T>(text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) => {
      // Only within a traced request, like instrumentation-pg's requireParentSpan.
      if (!on.api.trace.getActiveSpan()) return query<T>(text, params, options);
      const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
      return on.tracer.startActiveSpan(
        `pglite.query:${operation}`,
        {
          kind: on.api.SpanKind.CLIENT,
          attributes: { 'db.system.name': 'postgresql', 'db.system': 'postgresql', 'db.query.text': text, 'db.statement': text },
        },
        async (span) => {
          try {
            return await query<T>(text, params, options);
          } catch (error) {
            span.recordException(error instanceof Error ? error : String(error));
            span.setStatus({ code: on.api.SpanStatusCode.ERROR });
            throw error;
          } finally {
            span.end();
          }
        },
      );
    };
  };
  wrap(client);
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction<T>((tx) => {
      wrap(tx);
      return callback(tx);
    });
  return client;
}
