/**
 * A fuzz pass over every route: malformed, huge, unicode and prototype-polluting
 * input, as every role. No 5xx, and a refused request changes nothing. The one 5xx a route may
 * answer is the documented 503 of an outside service that did not answer (here every one is a
 * closed loopback port): PROVIDER_UNAVAILABLE, never anything else.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { createAmbassador } from '../helpers/factories.ts';
import { BUSINESS_TABLES, fingerprint } from '../helpers/fingerprint.ts';
import { freePort, startTestServer, type TestServer } from '../helpers/server.ts';

/** The documented 503s of a service outside that did not answer. */
const OUTSIDE_DOWN = new Set(['PROVIDER_UNAVAILABLE']);

const HOSTILE: unknown[] = [
  { __proto__: { isAdmin: true } },
  JSON.parse('{"__proto__": {"isAdmin": true, "isSuperAdmin": true}}'),
  { constructor: { prototype: { isAdmin: true } } },
  { amount: '1e309', walletAddress: '0x'.padEnd(42, 'g') },
  { email: 'a@b.co\u0000', password: '\u202e\u0000', fullName: '\ud83d\ude00'.repeat(50) },
  { status: 'approved', gcmAwarded: '99999999999999999999', usdtAwarded: -0 },
  { reportSubmissionEnabled: 'true' },
  { badgeLevel: 'gold', isAdmin: true, status: 'approved', gcmAwarded: 10_000, totalUsdtEarned: '1000000' },
  { weekStartDate: '0000-00-00', weekEndDate: '9999-99-99', activityReport: 'x'.repeat(60_000) },
  [],
  null,
  'x'.repeat(70_000),
];
const hostile = fc.constantFrom<unknown>(...HOSTILE);

const body = fc.oneof(
  { weight: 3, arbitrary: hostile },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  {
    weight: 2,
    arbitrary: fc.dictionary(
      fc.constantFrom(
        'email',
        'password',
        'amount',
        'walletAddress',
        'status',
        'fullName',
        'newPassword',
        'adminNotes',
        'badgeLevel',
        'socialMediaPlatforms',
        'totalFollowers',
        '__proto__',
      ),
      fc.oneof(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.double(), fc.integer(), fc.boolean(), fc.constant(null)),
    ),
  },
);
const raw = fc.oneof(
  body.map((b) => JSON.stringify(b) ?? 'null'),
  fc.string({ maxLength: 200 }).map((s) => `{"a": ${s}`),
  fc.constant('{"a":'.repeat(5_000)),
);
const idSegment = fc.oneof(
  fc.uuid(),
  fc.constantFrom('..%2F..%2Fetc', '%00', '1 OR 1=1', '\u00e9\u00e8', 'x'.repeat(300)),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).map(encodeURIComponent),
);

describe('fuzz pass over every route', () => {
  let server: TestServer;
  const clients: ApiClient[] = [];

  beforeAll(async () => {
    // Every provider set up, so that their routes are fuzzed past the setting's check; each outside
    // service a port nothing listens on.
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    server = await startTestServer({
      env: {
        TELEGRAM_BOT_TOKEN: '123456:fuzz-bot-token-0123456789abc',
        TELEGRAM_API_URL: nowhere,
        DISCORD_CLIENT_ID: '123456789012345678',
        DISCORD_CLIENT_SECRET: 'fuzz-secret',
        DISCORD_API_URL: nowhere,
        DISCORD_OAUTH_URL: nowhere,
        OEMBED_URL: nowhere,
        LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
        LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000',
        APPLICATIONS_PER_HOUR: '100000',
        SETUP_PASSWORD_ATTEMPTS: '100000',
        SUPER_ADMIN_LOGIN_MAX_FAILURES: '100000',
      },
    });
    const admin = await superAdminClient(server);
    const amb = await createAmbassador(server, { admin });
    clients.push(new ApiClient(server), amb.client, admin);
  });
  afterAll(async () => server?.close());

  it('never answers 5xx and changes nothing when it refuses', async () => {
    const failures: string[] = [];
    // A stream never ends by itself: it is opened over real HTTP in seasons.test.ts.
    const routes = server.app.routeTable.filter((r) => r.url !== '/api/logout' && !r.stream);
    for (const route of routes) {
      const mutating = route.method !== 'GET';
      await fc.assert(
        fc.asyncProperty(fc.nat(clients.length - 1), raw, idSegment, fc.string({ maxLength: 60 }), async (who, payload, id, query) => {
          const client = clients[who] as ApiClient;
          const url =
            route.url.replace(':id', id).replace(':token', id) +
            (mutating ? '' : `?${encodeURIComponent(query)}=${encodeURIComponent(query)}&limit=${encodeURIComponent(query)}`);
          const before = mutating ? await fingerprint(server.db, BUSINESS_TABLES) : '';
          const response = await client.request(route.method, url, mutating ? payload : undefined);
          const outsideDown = response.status === 503 && OUTSIDE_DOWN.has((response.body as { code?: string } | undefined)?.code ?? '');
          if (response.status >= 500 && !outsideDown)
            failures.push(`${route.method} ${url.slice(0, 80)} ${payload.slice(0, 80)} -> ${response.status} ${response.text.slice(0, 120)}`);
          if (mutating && response.status >= 400 && (await fingerprint(server.db, BUSINESS_TABLES)) !== before)
            failures.push(`${route.method} ${route.url} refused (${response.status}) but changed state: ${payload.slice(0, 120)}`);
          // A refused prototype-polluting body must not have made anyone an admin.
          expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
        }),
        // Every hostile body as every role first, then random ones.
        {
          numRuns: mutating ? 12 : 4,
          examples: mutating
            ? clients.flatMap((_, who) => HOSTILE.map((h) => [who, JSON.stringify(h) ?? 'null', crypto.randomUUID(), ''] as [number, string, string, string]))
            : [],
        },
      );
    }
    expect(failures).toEqual([]);
    const me = await clients[1]?.get('/api/user');
    expect(me?.body.isAdmin).toBe(false);
  });
});
