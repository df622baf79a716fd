/**
 * A stand-in webhook receiver for tests (DECISIONS §7): an HTTP server on loopback that keeps every
 * request it gets (headers and the body as sent), answers with the status the test chooses (204 by
 * default), can hang, and can be taken down and brought back on the same port, as a receiver that
 * crashes and restarts.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  /** The request's path (`/hook/…`). */
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  /** Every header, lower-case names. */
  headers: Record<string, string>;
  body: string;
  type: string;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:PORT/hook` */
  url: string;
  readonly received: ReceivedWebhook[];
  /** The status every later request is answered with (`'hang'`: never answered). */
  answer(status: number | 'hang'): void;
  /** Down: the port refuses connections (and open ones are cut) until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  /** Resolves once `predicate` holds for what was received (checked on each arrival). */
  waitFor(predicate: (received: readonly ReceivedWebhook[]) => boolean, what: string): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let status: number | 'hang' = 204;
  const hanging = new Set<ServerResponse>();
  const waiters = new Set<() => void>();

  function handle(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
      let type: string;
      try {
        type = String((JSON.parse(body) as { type?: unknown }).type ?? '');
      } catch {
        type = '';
      }
      received.push({
        path: request.url ?? '',
        id: headers['webhook-id'] ?? '',
        timestamp: headers['webhook-timestamp'] ?? '',
        signature: headers['webhook-signature'] ?? '',
        headers,
        body,
        type,
      });
      for (const wake of [...waiters]) wake();
      if (status === 'hang') {
        hanging.add(response);
        return;
      }
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 200 && status < 300 ? '' : `answer ${status}`);
    });
  }

  let server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  async function stop(current: Server): Promise<void> {
    for (const response of hanging) response.destroy();
    hanging.clear();
    current.closeAllConnections();
    await new Promise<void>((resolve) => current.close(() => resolve()));
  }

  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answer(next) {
      status = next;
    },
    async down() {
      await stop(server);
    },
    async up() {
      server = createServer(handle);
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    waitFor(predicate, what) {
      if (predicate(received)) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the receiver did not get ${what}; it got ${received.map((r) => r.type).join(', ') || 'nothing'}`));
        }, 20_000);
        const check = () => {
          if (!predicate(received)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      });
    },
    async close() {
      if (server.listening) await stop(server);
    },
  };
}
