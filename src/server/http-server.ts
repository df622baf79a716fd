/**
 * Settings of the listening HTTP server, shared by main.ts (which listens before the app loads) and
 * app.ts (whose Fastify server the tests listen on). Light on purpose: main.ts imports it before
 * anything heavy is loaded.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/** Node's server settings that make REQUEST_TIMEOUT_SECONDS hold for headers as for bodies. */
export function httpServerOptions(requestTimeoutMs: number): { requestTimeout: number; headersTimeout: number; connectionsCheckingInterval: number } {
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: requestTimeoutMs,
    // Node looks for timed-out requests this often; its default of 30 s would let one live to twice the limit.
    connectionsCheckingInterval: Math.max(250, Math.min(5_000, Math.floor(requestTimeoutMs / 4))),
  };
}

const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large' },
};

/**
 * Malformed requests that never reach Fastify's routing (bad request line or headers, too large
 * headers, a request not received in time): answered in the project's error shape, as Node and
 * Fastify would otherwise answer with their own.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, message: 'The request is malformed' };
  const body = JSON.stringify({ message: known.message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
