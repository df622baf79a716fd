/**
 * The draw's beacon, fetched (DECISIONS §5, protocol 2 step 3): drand round R of the configured chain
 * (quicknet; DRAND_TEST_CHAIN in tests), asked of each relay in DRAND_URLS in turn. A relay is only a
 * messenger: what it answers is kept only if the BLS signature verifies against the chain's public
 * key (src/shared/drand.ts), and the randomness is computed here from the signature, never taken
 * from the relay. Nothing about the month is sent anywhere: the request names only the round.
 */
import { randomnessOf, verifyBeacon, type DrandChain } from '../../../shared/drand.ts';

const RELAY_TIMEOUT_MS = 5_000;

export type BeaconResult = { ok: true; signature: string; randomness: string; relay: string } | { ok: false; reason: string };

export async function fetchBeacon(drand: { chain: DrandChain; urls: string[] }, round: number): Promise<BeaconResult> {
  const failures: string[] = [];
  for (const relay of drand.urls) {
    const url = `${relay}/${drand.chain.hash}/public/${round}`;
    let body: unknown;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(RELAY_TIMEOUT_MS), headers: { accept: 'application/json' }, redirect: 'error' });
      if (!response.ok) {
        await response.body?.cancel();
        failures.push(`${relay}: HTTP ${response.status}`);
        continue;
      }
      body = await response.json();
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      failures.push(`${relay}: ${name === 'TimeoutError' ? 'no answer within 5 s' : 'could not be reached'}`);
      continue;
    }
    const answer = body as { round?: unknown; signature?: unknown };
    if (answer.round !== round || typeof answer.signature !== 'string') {
      failures.push(`${relay}: answered something other than round ${round}`);
      continue;
    }
    const signature = answer.signature.toLowerCase();
    if (!(await verifyBeacon(drand.chain, round, signature))) {
      failures.push(`${relay}: its signature for round ${round} does not verify against the chain's public key`);
      continue;
    }
    return { ok: true, signature, randomness: await randomnessOf(signature), relay };
  }
  return { ok: false, reason: failures.length ? failures.join('; ') : 'no drand relay is configured (DRAND_URLS)' };
}
