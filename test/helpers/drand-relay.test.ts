/**
 * The stand-in drand relay answers as drand's relays do, with rounds that verifyBeacon accepts,
 * nothing before a round's time, and the failures it can be switched to.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { randomnessOf, roundTime, verifyBeacon } from '../../src/shared/drand.ts';
import { startDrandRelay, type DrandRelay } from './drand-relay.ts';

let relay: DrandRelay | undefined;
afterEach(async () => {
  await relay?.close();
  relay = undefined;
});

const get = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('the stand-in drand relay', () => {
  it("serves the chain's info and rounds that verify against its key", async () => {
    relay = await startDrandRelay({ genesisTime: 1_700_000_000, period: 3, now: () => (1_700_000_000 + 3 * 99) * 1000 });
    const { url, chain } = relay;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const info = await get(`${url}/${chain.hash}/info`);
    expect(info).toEqual({
      status: 200,
      body: expect.objectContaining({
        public_key: chain.publicKey,
        period: 3,
        genesis_time: 1_700_000_000,
        hash: chain.hash,
        schemeID: 'bls-unchained-g1-rfc9380',
      }),
    });
    for (const round of [1, 50, 100]) {
      const { status, body } = await get(`${url}/${chain.hash}/public/${round}`);
      expect(status).toBe(200);
      expect(body.round).toBe(round);
      expect(await verifyBeacon(chain, round, body.signature as string)).toBe(true);
      expect(body.randomness).toBe(await randomnessOf(body.signature as string));
      expect(body.signature).toBe(await relay.sign(round));
    }
    expect((await get(`${url}/${chain.hash}/public/latest`)).body.round).toBe(100);
    expect(relay.requests).toBe(5);
    expect(relay.paths[0]).toBe(`/${chain.hash}/info`);
  });

  it("answers 404 until a round's time has come, by its own clock", async () => {
    relay = await startDrandRelay({ genesisTime: 1_700_000_000, period: 3 });
    const { url, chain } = relay;
    relay.setNow(roundTime(chain, 10) * 1000 - 1);
    expect((await get(`${url}/${chain.hash}/public/10`)).status).toBe(404);
    expect((await get(`${url}/${chain.hash}/public/9`)).status).toBe(200);
    relay.setNow(roundTime(chain, 10) * 1000);
    expect((await get(`${url}/${chain.hash}/public/10`)).status).toBe(200);
    relay.setNow(undefined); // back to Date.now: round 10 of 2023 is long past
    expect((await get(`${url}/${chain.hash}/public/10`)).status).toBe(200);
    expect(relay.now()).toBeGreaterThan(Date.UTC(2024, 0, 1));
    expect((await get(`${url}/${'0'.repeat(64)}/public/10`)).status).toBe(404);
    expect((await get(`${url}/${chain.hash}/public/0`)).status).toBe(404);
  });

  it('fails on demand: 500, a wrong signature, or no answer', async () => {
    relay = await startDrandRelay();
    const { url, chain } = relay;
    relay.setMode('error');
    expect((await get(`${url}/${chain.hash}/public/5`)).status).toBe(500);
    relay.setMode('wrong-signature');
    const wrong = await get(`${url}/${chain.hash}/public/5`);
    expect(wrong.status).toBe(200);
    expect(await verifyBeacon(chain, 5, wrong.body.signature as string)).toBe(false);
    relay.setMode('hang');
    await expect(fetch(`${url}/${chain.hash}/public/5`, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    relay.setMode('ok');
    expect(await verifyBeacon(chain, 5, (await get(`${url}/${chain.hash}/public/5`)).body.signature as string)).toBe(true);
    expect(relay.requests).toBe(4);
  });
});
