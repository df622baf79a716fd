import { describe, expect, it } from 'vitest';
import { giveWay, pauseMs, requestSeen, serving } from './pacing.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds the event loop (a request being answered, say). */
const holdLoop = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('webhook pacing (the product’s requests come first)', () => {
  it('lets attempts go at once while no request came, paces them from the first request, and holds a second after the last', async () => {
    // The pacing is the process's: a test file before this one in the worker (vitest.config.ts,
    // isolate: false) may have served a request less than a second ago.
    await expect.poll(() => serving(), { timeout: 2_000 }).toBe(false);
    const idle = performance.now();
    await Promise.all([giveWay(), giveWay(), giveWay()]);
    expect(performance.now() - idle).toBeLessThan(10);

    requestSeen();
    expect(serving()).toBe(true);
    const started = performance.now();
    const turns: number[] = [];
    await Promise.all([1, 2, 3].map(() => giveWay().then(() => turns.push(performance.now() - started))));
    // One at a time, at least the pause apart.
    expect(turns[0]).toBeGreaterThanOrEqual(9);
    expect((turns[2] ?? 0) - (turns[0] ?? 0)).toBeGreaterThanOrEqual(18);

    await wait(500);
    expect(serving()).toBe(true);
    await wait(600);
    expect(serving()).toBe(false);
  });

  it('pauses longer while the event loop is late, up to 50 ms (at least 20 attempts a second), and from 10 ms again once requests stop', async () => {
    // Not serving (the first test's last request is over a second old): the pause starts again from 10 ms.
    expect(serving()).toBe(false);
    await giveWay();
    requestSeen();
    expect(pauseMs()).toBe(10);
    for (let i = 0; i < 8; i++) {
      const turn = giveWay();
      // The loop is held past the pause's timer: it fires late.
      setTimeout(() => holdLoop(60), 1);
      await turn;
    }
    expect(pauseMs()).toBe(50);
    await wait(1_100);
    await giveWay();
    expect(pauseMs()).toBe(10);
  });
});
