/**
 * Cross-site and read-only guarantees over the server's whole route list:
 * no GET changes state, and every POST/PATCH/DELETE with a foreign or missing
 * Origin is refused for every role without changing anything. Also: fields an
 * ambassador may not set change nothing (mass assignment).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { createAmbassador, validReport, type CreatedAmbassador } from '../helpers/factories.ts';
import { BUSINESS_TABLES, fingerprint } from '../helpers/fingerprint.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { WALLET_A } from '../helpers/wallets.ts';

/** Every table but `sessions`, whose idle expiry a read may push forward by design. */
const TABLES = [...BUSINESS_TABLES, 'rate_limits'];

describe('state integrity over every route', () => {
  let server: TestServer;
  let admin: ApiClient;
  let amb: CreatedAmbassador;
  let clients: ApiClient[];

  beforeAll(async () => {
    server = await startTestServer();
    admin = await superAdminClient(server);
    amb = await createAmbassador(server, { admin });
    await amb.client.post('/api/reports', validReport());
    clients = [new ApiClient(server), amb.client, admin];
  });
  afterAll(async () => server?.close());

  it('changes nothing on any GET, for any role', async () => {
    const before = await fingerprint(server.db, TABLES);
    // Streams stay open (opened over real HTTP in seasons.test.ts); every other GET is called here.
    for (const route of server.app.routeTable.filter((r) => r.method === 'GET' && !r.stream)) {
      for (const client of clients) await client.get(route.url.replace(':id', crypto.randomUUID()));
    }
    expect(await fingerprint(server.db, TABLES)).toBe(before);
  });

  it('refuses every state-changing route with a foreign or missing Origin, for every role, changing nothing', async () => {
    const before = await fingerprint(server.db, TABLES);
    const failures: string[] = [];
    // The one-click unsubscribe is cross-site on purpose (signed link; hearing-back.test checks it).
    for (const route of server.app.routeTable.filter((r) => r.method !== 'GET' && !r.crossSite)) {
      for (const signedIn of clients) {
        for (const origin of [null, 'https://attacker.example']) {
          const caller = new ApiClient(server, { origin });
          caller.cookie = signedIn.cookie;
          const response = await caller.request(route.method, route.url.replace(':id', crypto.randomUUID()).replace(':token', 'token'), {});
          // Without a session the answer may be 401 first; with one it is always the Origin refusal.
          const ok = response.status === 403 || (response.status === 401 && !signedIn.cookie);
          if (!ok) failures.push(`${route.method} ${route.url} origin=${origin ?? 'none'} -> ${response.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await fingerprint(server.db, TABLES)).toBe(before);
    expect((await amb.client.get('/api/user')).status).toBe(200);
  });

  it('ignores fields an ambassador may not set', async () => {
    const before = (await amb.client.get('/api/ambassador')).body;
    const response = await amb.client.patch('/api/ambassador', {
      isAdmin: true,
      isSuperAdmin: true,
      status: 'active',
      badgeLevel: 'gold',
      badgePinned: true,
      totalGcmEarned: '999999',
      monthlyUsdt: '500',
      gcmWalletAddress: WALLET_A,
      email: 'stolen@example.com',
      userId: crypto.randomUUID(),
      id: crypto.randomUUID(),
    });
    expect(response.status).toBe(200);
    const after = (await amb.client.get('/api/ambassador')).body;
    expect({ ...after, updatedAt: before.updatedAt }).toEqual(before);
    const user = (await amb.client.get('/api/user')).body;
    expect(user).toMatchObject({ isAdmin: false, isSuperAdmin: false, email: amb.email });
    const report = (await amb.client.get('/api/reports')).body[0];
    expect(report).toMatchObject({ status: 'pending', gcmAwarded: '0.00', usdtAwarded: '0.00' });
  });
});
