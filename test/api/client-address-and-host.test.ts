/**
 * Who the client is and which host it asked for: per-address limits hold under forged X-Forwarded-For
 * whatever TRUST_PROXY says, and Origin and Host are judged against APP_URL (DNS rebinding).
 */
import { describe, expect, it } from 'vitest';
import { ApiClient, expectErrorShape } from '../helpers/client.ts';
import { uniqueEmail } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { blockServer } from '../helpers/suite.ts';

describe('per-address limits under forged X-Forwarded-For', () => {
  const LIMIT = 4;
  // A proxy appends the address it saw; everything to its left came from the client, who can write anything.
  const forged = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` });

  async function wrongSignIns(server: TestServer, attempts: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < attempts; i++) {
      const response = await new ApiClient(server).post('/api/login', { email: uniqueEmail('nobody'), password: 'wrong-password' }, forged(i));
      statuses.push(response.status);
    }
    return statuses;
  }

  for (const trust of ['1', '127.0.0.1', '127.0.0.0/8,10.0.0.0/8', undefined]) {
    it(`holds with TRUST_PROXY=${trust ?? '(unset)'}`, async () => {
      const server = await startTestServer({
        env: { LOGIN_MAX_FAILURES_PER_ADDRESS: String(LIMIT), ...(trust ? { TRUST_PROXY: trust } : {}) },
      });
      try {
        const statuses = await wrongSignIns(server, LIMIT + 3);
        expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
        expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);
      } finally {
        await server.close();
      }
    });
  }

  it('counts the address the trusted proxy appended: another client behind the same proxy is not limited', async () => {
    const server = await startTestServer({ env: { TRUST_PROXY: '1', LOGIN_MAX_FAILURES_PER_ADDRESS: String(LIMIT) } });
    try {
      await wrongSignIns(server, LIMIT + 1);
      const other = await new ApiClient(server).post(
        '/api/login',
        { email: uniqueEmail('nobody'), password: 'wrong-password' },
        { 'x-forwarded-for': '203.0.113.8' },
      );
      expect(other.status).toBe(401);
      const same = await new ApiClient(server).post(
        '/api/login',
        { email: uniqueEmail('nobody'), password: 'wrong-password' },
        { 'x-forwarded-for': '203.0.113.7' },
      );
      expect(same.status).toBe(429);
    } finally {
      await server.close();
    }
  });
});

describe('DNS rebinding: Origin is compared with APP_URL, and production answers only for its host', () => {
  const server = blockServer({ env: { ALLOWED_ORIGINS: 'https://admin.example' } });

  it('refuses a state change whose Origin equals a hostile Host header', async () => {
    for (const host of ['evil.example', 'evil.example:5000', '127.0.0.1.nip.io']) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { host, origin: `http://${host}`, 'content-type': 'application/json' },
        payload: { email: 'a@example.com', password: 'whatever1' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-site request refused', code: 'CROSS_SITE_REFUSED' });
    }
  });

  it('accepts APP_URL and the ALLOWED_ORIGINS entries', async () => {
    for (const origin of [server.origin, 'https://admin.example']) {
      const response = await new ApiClient(server, { origin }).post('/api/login', { email: 'a@example.com', password: 'whatever1' });
      expect(response.status).toBe(401);
    }
  });

  it('answers 421 in production to a Host that is not APP_URL, except health probes', async () => {
    const production = await startTestServer({ env: { NODE_ENV: 'production', APP_URL: 'https://ambassadors.example' } });
    try {
      const foreign = await production.app.inject({ method: 'GET', url: '/api/public/stats', headers: { host: 'evil.example' } });
      expect(foreign.statusCode).toBe(421);
      expectErrorShape(foreign.json());
      expect(foreign.json().message).toBe('This server does not answer for that host name');
      // Refused with the security headers and the request id, and never cached, on a page as on the API.
      expect(foreign.headers['cache-control']).toBe('no-store');
      expect(foreign.headers['x-content-type-options']).toBe('nosniff');
      expect(foreign.headers['x-request-id']).toBeTruthy();
      const page = await production.app.inject({ method: 'GET', url: '/apply', headers: { host: 'evil.example' } });
      expect(page.statusCode).toBe(421);
      expect(page.headers['cache-control']).toBe('no-store');
      const own = await production.app.inject({ method: 'GET', url: '/api/public/stats', headers: { host: 'ambassadors.example' } });
      expect(own.statusCode).toBe(200);
      const probe = await production.app.inject({ method: 'GET', url: '/healthz', headers: { host: '10.0.0.12:5000' } });
      expect(probe.statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});
