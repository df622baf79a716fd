/**
 * The operator's doors behind a reverse proxy on the same host (issue 24, DECISIONS §5 Operations):
 * a proxy makes every visitor's connection come from loopback, so nothing on the public port may be
 * decided by the client's address. A stand-in proxy in the four common styles (no forwarding header,
 * X-Real-IP, X-Forwarded-For appended to what the client sent, Forwarded), in front of the product
 * with TRUST_PROXY unset, `loopback` and `1`: there is no database dump over HTTP at all, and
 * /metrics answers only the bearer token (and is off, 404, without one). The client tries the
 * usual spoofs on top (X-Forwarded-For, True-Client-IP, CF-Connecting-IP, X-Real-IP: 127.0.0.1).
 * And in production, the Host check reads Host itself, not a client's X-Forwarded-Host.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { blockServer } from '../helpers/suite.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const STYLES = ['none', 'x-real-ip', 'x-forwarded-for', 'forwarded'] as const;
type Style = (typeof STYLES)[number];
const SPOOFS: Record<string, string>[] = [
  {},
  { 'x-forwarded-for': '127.0.0.1' },
  { 'x-real-ip': '127.0.0.1' },
  { 'true-client-ip': '127.0.0.1' },
  { 'cf-connecting-ip': '127.0.0.1' },
  { forwarded: 'for=127.0.0.1' },
];

/** A same-host reverse proxy in one of the common styles; the visitor's address is 203.0.113.9 (as the proxy would see it). */
async function startProxy(target: string, style: Style): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server: Server = createServer((request, response) => {
    const headers: IncomingHttpHeaders = { ...request.headers };
    const visitor = '203.0.113.9';
    if (style === 'x-real-ip') headers['x-real-ip'] = visitor;
    if (style === 'x-forwarded-for') headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${String(headers['x-forwarded-for'])}, ${visitor}` : visitor;
    if (style === 'forwarded') headers.forwarded = `for=${visitor}`;
    // nginx's bare proxy_pass sends Host as the upstream's address.
    headers.host = upstream.host;
    const forwarded = httpRequest({ host: upstream.hostname, port: upstream.port, path: request.url, method: request.method, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forwarded.on('error', () => response.writeHead(502).end());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function status(url: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  return response.status;
}

for (const trustProxy of ['', 'loopback', '1']) {
  describe(`behind a same-host proxy, TRUST_PROXY=${trustProxy || 'unset'}`, () => {
    let withToken: TestServer;
    let withoutToken: TestServer;
    beforeAll(async () => {
      withToken = await startTestServer({ listen: true, env: { TRUST_PROXY: trustProxy, METRICS_TOKEN: TOKEN } });
      withoutToken = await startTestServer({ listen: true, mail: withToken.mail, env: { TRUST_PROXY: trustProxy } });
    });
    afterAll(async () => {
      await withoutToken?.close();
      await withToken?.close();
    });

    it.each(STYLES)('proxy style %s: no dump over HTTP, /metrics only with the token', async (style) => {
      for (const [server, tokened] of [
        [withToken, true],
        [withoutToken, false],
      ] as const) {
        const proxy = await startProxy(server.url, style);
        try {
          for (const spoof of SPOOFS) {
            const what = `${style} ${JSON.stringify(spoof)} token=${tokened}`;
            for (const path of ['/backup', '/backup/', '/api/backup']) expect(await status(`${proxy.url}${path}`, spoof), `${what} ${path}`).toBe(404);
            // Directly on loopback too: the address proves nothing.
            expect(await status(`${server.url}/backup`, spoof), what).toBe(404);
            expect(await status(`${proxy.url}/metrics`, spoof), what).toBe(tokened ? 401 : 404);
            expect(await status(`${server.url}/metrics`, spoof), what).toBe(tokened ? 401 : 404);
            const withBearer = await status(`${proxy.url}/metrics`, { ...spoof, authorization: `Bearer ${TOKEN}` });
            expect(withBearer, what).toBe(tokened ? 200 : 404);
          }
          // The app itself is served through the proxy.
          expect(await status(`${proxy.url}/api/settings`, {})).toBe(200);
        } finally {
          await proxy.close();
        }
      }
    });
  });
}

describe('production, TRUST_PROXY=1: the Host check reads Host', () => {
  const server = blockServer({ env: { NODE_ENV: 'production', TRUST_PROXY: '1', ADMIN_MFA: 'optional' } });

  it('answers 421 to a foreign Host whatever X-Forwarded-Host says, and serves APP_URL’s host', async () => {
    const appHost = new URL(server.config.appUrl).host;
    const get = (headers: Record<string, string>) => server.app.inject({ method: 'GET', url: '/api/settings', headers });
    expect((await get({ host: 'evil.example', 'x-forwarded-host': appHost })).statusCode).toBe(421);
    expect((await get({ host: 'evil.example' })).statusCode).toBe(421);
    expect((await get({ host: appHost })).statusCode).toBe(200);
    expect((await get({ host: appHost.toUpperCase() })).statusCode).toBe(200);
    // What X-Forwarded-Host says does not widen or narrow it.
    expect((await get({ host: appHost, 'x-forwarded-host': 'evil.example' })).statusCode).toBe(200);
  });
});

describe('live streams are capped per address and in all', () => {
  const server = blockServer({ listen: true, env: { TRUST_PROXY: 'loopback', LIVE_STREAMS_PER_ADDRESS: '3', LIVE_STREAMS_MAX: '5' } });

  /** Opens the leaderboard stream as `client` (its address, as the trusted proxy reports it). */
  async function open(client: string): Promise<{ status: number; retryAfter: string | null; body: string; close(): void }> {
    const abort = new AbortController();
    const response = await fetch(`${server.url}/api/public/leaderboard/stream`, { headers: { 'x-forwarded-for': client }, signal: abort.signal });
    const body = response.status === 200 ? '' : await response.text();
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body, close: () => abort.abort() };
  }

  async function waitForOpen(n: number): Promise<void> {
    await expect.poll(() => server.ctx.streamLimits.open).toBe(n);
  }

  it('answers 429 past LIVE_STREAMS_PER_ADDRESS for one address and past LIVE_STREAMS_MAX for all, and counts a closed stream out', async () => {
    const a = [await open('198.51.100.1'), await open('198.51.100.1'), await open('198.51.100.1')];
    expect(a.map((s) => s.status)).toEqual([200, 200, 200]);
    const fourth = await open('198.51.100.1');
    expect(fourth.status).toBe(429);
    expect(fourth.retryAfter).toBe('30');
    expect(JSON.parse(fourth.body)).toEqual({ message: 'Too many live updates are open from your network. Close some tabs and try again.', code: 'LIVE_STREAMS_PER_ADDRESS' });

    const b = [await open('198.51.100.2'), await open('198.51.100.2')];
    expect(b.map((s) => s.status)).toEqual([200, 200]);
    const full = await open('198.51.100.3');
    expect(full.status).toBe(429);
    expect(JSON.parse(full.body)).toEqual({ message: 'The live updates are busy right now. Please try again in a moment.', code: 'LIVE_STREAMS_FULL' });

    a[0]?.close();
    await waitForOpen(4);
    const again = await open('198.51.100.3');
    expect(again.status).toBe(200);
    for (const stream of [...a, ...b, again]) stream.close();
    await waitForOpen(0);
  });
});
