/**
 * The start of a Server-Sent Events answer, one way for every stream (the live leaderboard, the live
 * changes): counted against the instance's stream caps before anything is written (past them, a
 * plain 429), then the security headers set by the onRequest hook, the stream's own headers, and how
 * long the browser waits before reconnecting. Answers the raw response and the release of its count.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StreamLimits } from './stream-limits.ts';

export const SSE_RETRY_MS = 3_000;

export function openEventStream(request: FastifyRequest, reply: FastifyReply, limits: StreamLimits): { raw: ServerResponse; release: () => void } {
  const release = limits.admit(request.ip);
  const raw = reply.raw;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = String(value);
  reply.hijack();
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: ${SSE_RETRY_MS}\n\n`);
  return { raw, release };
}
