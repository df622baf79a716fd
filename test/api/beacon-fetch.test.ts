/**
 * A relay is only a messenger (DECISIONS §5 step 3, §7): the server never reads more than 64 kB of
 * its answer. A stand-in relay on loopback answers 256 MB, with and without saying so up front.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchBeacon, fetchLatestRound, MAX_RELAY_ANSWER_BYTES } from '../../src/server/features/seasons/beacon.ts';
import { createTestChain } from '../helpers/drand-relay.ts';

const HUGE = 256 * 1024 * 1024;

describe('a relay answering 256 MB', () => {
  let server: Server;
  let url: string;
  /** Bytes the relay managed to send, per request. */
  const sent: number[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const declared = request.url?.includes('/public/latest');
      response.writeHead(200, { 'content-type': 'application/json', ...(declared ? { 'content-length': String(HUGE) } : {}) });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const index = sent.push(0) - 1;
      let closed = false;
      response.on('close', () => (closed = true));
      const pump = () => {
        while (!closed && (sent[index] ?? 0) < HUGE) {
          sent[index] = (sent[index] ?? 0) + chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        if (!closed) response.end();
      };
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('is refused without being read whole, whether or not it declares its length', async () => {
    const { chain } = await createTestChain();
    const round = await fetchBeacon({ chain, urls: [url] }, 5);
    expect(round).toEqual({ ok: false, reason: `${url}: answered more than ${MAX_RELAY_ANSWER_BYTES / 1024} kB (refused unread)` });
    const latest = await fetchLatestRound({ chain, urls: [url] });
    expect(latest).toEqual({ ok: false, reason: `${url}: answered more than ${MAX_RELAY_ANSWER_BYTES / 1024} kB (refused unread)` });
    // The connection was dropped long before the relay could send it all (socket buffers hold a few MB at most).
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toHaveLength(2);
    for (const bytes of sent) expect(bytes).toBeLessThan(HUGE / 8);
  });
});
