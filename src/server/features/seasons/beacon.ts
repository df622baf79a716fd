/**
 * The draw's beacon, fetched (DECISIONS §5, protocol 2 step 3): drand round R of the configured chain
 * (quicknet; DRAND_TEST_CHAIN in tests), asked of each relay in DRAND_URLS in turn. A relay is only a
 * messenger: what it answers is kept only if the BLS signature verifies against the chain's public
 * key (src/shared/drand.ts), and the randomness is computed here from the signature, never taken
 * from the relay. Nothing about the month is sent anywhere: the request names only the round.
 */
import { randomnessOf, verifyBeacon, type DrandChain } from '../../../shared/drand.ts';

const RELAY_TIMEOUT_MS = 5_000;
/** A relay's answer is a few hundred bytes; more than this is refused unread (DECISIONS §7). */
export const MAX_RELAY_ANSWER_BYTES = 64 * 1024;

class TooLarge extends Error {}

/** The answer's body as JSON, read only up to MAX_RELAY_ANSWER_BYTES: a larger one is cancelled, not read. */
async function cappedJson(response: Response): Promise<unknown> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > MAX_RELAY_ANSWER_BYTES) {
    await response.body?.cancel();
    throw new TooLarge();
  }
  const reader = response.body?.getReader();
  if (!reader) return JSON.parse('');
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_RELAY_ANSWER_BYTES) {
      await reader.cancel();
      throw new TooLarge();
    }
    chunks.push(value);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

export type BeaconResult = { ok: true; round: number; signature: string; randomness: string; relay: string } | { ok: false; reason: string };

/**
 * A round of the chain from the first relay whose answer verifies: round `round`, or with 'latest'
 * the newest round the relay has (any round it names, as long as its signature verifies).
 */
export async function fetchBeacon(drand: { chain: DrandChain; urls: string[] }, round: number | 'latest'): Promise<BeaconResult> {
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
      body = await cappedJson(response);
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      failures.push(
        `${relay}: ${
          error instanceof TooLarge
            ? `answered more than ${MAX_RELAY_ANSWER_BYTES / 1024} kB (refused unread)`
            : name === 'TimeoutError'
              ? 'no answer within 5 s'
              : error instanceof SyntaxError
                ? 'did not answer JSON'
                : 'could not be reached'
        }`,
      );
      continue;
    }
    const answer = (typeof body === 'object' && body !== null ? body : {}) as { round?: unknown; signature?: unknown };
    const wanted = round === 'latest' ? answer.round : round;
    if (typeof wanted !== 'number' || !Number.isSafeInteger(wanted) || answer.round !== wanted || typeof answer.signature !== 'string') {
      failures.push(`${relay}: answered something other than ${round === 'latest' ? 'its latest round' : `round ${round}`}`);
      continue;
    }
    const signature = answer.signature.toLowerCase();
    if (!(await verifyBeacon(drand.chain, wanted, signature))) {
      failures.push(`${relay}: its signature for round ${wanted} does not verify against the chain's public key`);
      continue;
    }
    return { ok: true, round: wanted, signature, randomness: await randomnessOf(signature), relay };
  }
  return { ok: false, reason: failures.length ? failures.join('; ') : 'no drand relay is configured (DRAND_URLS)' };
}

/**
 * The relays' latest round (DECISIONS §7), asked of every relay at once: the highest round whose
 * signature verifies. A relay can hold back a round but cannot make one up, so the highest is the
 * best proof of how late it is.
 */
export async function fetchLatestRound(drand: { chain: DrandChain; urls: string[] }): Promise<BeaconResult> {
  const answers = await Promise.all(drand.urls.map((url) => fetchBeacon({ chain: drand.chain, urls: [url] }, 'latest')));
  const verified = answers.flatMap((a) => (a.ok ? [a] : [])).sort((a, b) => b.round - a.round);
  return verified[0] ?? { ok: false, reason: answers.map((a) => (a.ok ? '' : a.reason)).join('; ') || 'no drand relay is configured (DRAND_URLS)' };
}
