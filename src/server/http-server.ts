/**
 * Settings of the listening HTTP server, shared by main.ts (which listens before the app loads) and
 * app.ts (whose Fastify server the tests listen on). Light on purpose: main.ts imports it before
 * anything heavy is loaded.
 */
import { errorCode } from '../shared/error-codes.ts';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/** Node's server settings that make REQUEST_TIMEOUT_SECONDS hold for headers as for bodies. */
export function httpServerOptions(requestTimeoutMs: number): {
  requestTimeout: number;
  headersTimeout: number;
  connectionsCheckingInterval: number;
  requireHostHeader: boolean;
} {
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: requestTimeoutMs,
    // Node looks for timed-out requests this often; its default of 30 s would let one live to twice the limit.
    connectionsCheckingInterval: Math.max(250, Math.min(5_000, Math.floor(requestTimeoutMs / 4))),
    // Node would answer a request without Host with an empty 400 of its own; the app refuses it in
    // the project's error shape instead (plugins/errors.ts requireHostHeader).
    requireHostHeader: false,
  };
}

const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large' },
};

const URI_TOO_LONG = { status: 414, message: 'The address is too long' };
/**
 * Node counts the request line within its header size limit (16 KiB): a request line of at least
 * half of it is what overflowed, so the answer is 414 (the address), not 431 (the headers).
 */
const LONG_REQUEST_LINE = /^[A-Z]+ [^\r\n]{8192}/;

function clientError(error: Error & { code?: string; rawPacket?: unknown }): { status: number; message: string } {
  const packet = error.rawPacket;
  if (error.code === 'HPE_HEADER_OVERFLOW' && Buffer.isBuffer(packet) && LONG_REQUEST_LINE.test(packet.toString('latin1', 0, 8300))) return URI_TOO_LONG;
  return CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, message: 'The request is malformed' };
}

/**
 * Malformed requests that never reach Fastify's routing (bad request line or headers, too large
 * headers or address, a request not received in time): answered in the project's error shape, as
 * Node and Fastify would otherwise answer with their own. With an X-Request-Id like every answer
 * (no log line carries it: nothing of the request could be read).
 */
export function clientErrorHandler(error: Error & { code?: string; rawPacket?: unknown }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = clientError(error);
  const body = JSON.stringify({ message: known.message, code: errorCode(known.status, known.message) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nX-Request-Id: ${randomUUID()}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
