/**
 * A test server whose months draw from a stand-in drand relay of our own (nothing reaches the
 * internet), the relay on the server's test clock: what every test of a month's draw starts from.
 */
import { runSeasonsJob } from '../../src/server/features/seasons/service.ts';
import { TestClock } from '../helpers/clock.ts';
import type { DatabaseKind } from '../helpers/database.ts';
import { startDrandRelay, type DrandRelay } from '../helpers/drand-relay.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/** The server started at `at` with the relay beside it, and the seasons job run once: the running month's terms are fixed. */
export async function startDrawServer(options: {
  kind: DatabaseKind;
  at: string;
  listen?: boolean;
  env?: Record<string, string>;
}): Promise<{ server: TestServer; relay: DrandRelay }> {
  const clock = new TestClock(options.at);
  const relay = await startDrandRelay({ now: () => clock.now().getTime() });
  const server = await startTestServer({
    kind: options.kind,
    clock,
    listen: options.listen,
    env: { ...options.env, DRAND_TEST_CHAIN: JSON.stringify(relay.chain), DRAND_URLS: relay.url },
  });
  await runSeasonsJob(server.ctx);
  return { server, relay };
}
