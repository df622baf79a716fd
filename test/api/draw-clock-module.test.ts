/**
 * The red team's clock attack as the red team ran it (issue 48): the product process itself, started
 * as an operator starts it, with a module preloaded by `node --import` that holds its clock back
 * (test/helpers/clock-back.mjs). TEST_CLOCK_OFFSET's refusal in production does not stop such a module,
 * so the draw must not rest on the process's clock: the freeze asks drand for its latest round and
 * the beacon moves past it, and the verifier says the freeze was late.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishedSeason2 } from '../../src/shared/draw-protocol-2.ts';
import type { LogEntry } from '../../src/shared/public-log.ts';
import type { TTermsData } from '../../src/shared/schemas/log-data.ts';
import { roundAt, roundTime } from '../../src/shared/drand.ts';
import { startDrandRelay, type DrandRelay } from '../helpers/drand-relay.ts';
import { localEnv, runVerifier, spawnScript, type Spawned, waitForStatus } from '../helpers/product-process.ts';
import { freePort } from '../helpers/ports.ts';

const CLOCK_BACK = path.resolve('test/helpers/clock-back.mjs');

describe('the process clock moved by a preloaded module', () => {
  let relay: DrandRelay;
  let dataDir: string;
  let port: number;
  let running: Spawned | undefined;

  /** The product on the data directory, its clock starting at `at` by the preloaded module; resolves once it is ready. */
  async function start(at: string): Promise<Spawned> {
    const started = spawnScript(
      localEnv(port, { DATA_DIR: dataDir, LOG_LEVEL: 'warn', CLOCK_BACK_AT: at, DRAND_TEST_CHAIN: JSON.stringify(relay.chain), DRAND_URLS: relay.url }),
      undefined,
      [],
      [CLOCK_BACK],
    );
    running = started;
    await waitForStatus(started, `http://127.0.0.1:${port}/readyz`, 200);
    return started;
  }

  async function stop(): Promise<void> {
    if (!running) return;
    running.child.kill('SIGTERM');
    await running.exited;
    running = undefined;
  }

  /** The round December's terms fixed, once its `season.terms` entry is in the public log. */
  async function termsRound(month: string): Promise<number | undefined> {
    const page = (await (await fetch(`http://127.0.0.1:${port}/api/public/log?after=0&limit=500`)).json()) as { entries: LogEntry[] };
    const entry = page.entries.find((e) => e.kind === 'season.terms' && (e.data as TTermsData).month === month);
    return entry && (entry.data as TTermsData).terms.beacon.round;
  }

  async function season(month: string): Promise<PublishedSeason2 | undefined> {
    const response = await fetch(`http://127.0.0.1:${port}/api/public/seasons/${month}`);
    return response.status === 200 ? ((await response.json()) as PublishedSeason2) : undefined;
  }

  beforeAll(async () => {
    relay = await startDrandRelay();
    dataDir = mkdtempSync(path.join(tmpdir(), 'amb-clock-back-'));
    port = await freePort();
  });
  afterAll(async () => {
    await stop();
    await relay?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a freeze dated before round R while drand is past it: the beacon moves past drand’s latest round, and verify-draw says LATE', async () => {
    // December's terms, fixed shortly before it begins (its start job), with the clocks agreeing.
    relay.setNow(Date.parse('2026-11-30T23:55:00Z'));
    const first = await start('2026-11-30T23:55:00Z');
    await expect.poll(() => termsRound('2026-12'), { timeout: 60_000 }).toBeGreaterThan(0);
    const r = (await termsRound('2026-12')) ?? 0;
    expect(r).toBe(roundAt(relay.chain, Date.parse('2027-01-01T01:00:00Z') / 1000));
    await stop();
    expect(first.output()).not.toMatch(/"level":(50|60)/);

    // The insider's restart: the process's clock says a minute after the month's end, drand is two hours on (R is public).
    relay.setNow(Date.parse('2027-01-01T02:00:00Z'));
    const second = await start('2027-01-01T00:01:00Z');
    await expect.poll(async () => (await season('2026-12'))?.frozenAt, { timeout: 60_000 }).toBeTruthy();
    const frozen = (await season('2026-12')) as PublishedSeason2;
    // Its own clock dates the freeze before R's time; drand's latest round, asked before the list was read, says otherwise.
    expect(Date.parse(frozen.frozenAt)).toBeLessThan(roundTime(relay.chain, r) * 1000);
    expect(frozen.latestRound?.round).toBeGreaterThan(r);
    expect(frozen.latestRound?.signature).toBe(await relay.sign(frozen.latestRound?.round ?? 0));
    expect(frozen.beacon.round).toBe((frozen.latestRound?.round ?? 0) + 1);
    expect(second.output()).not.toMatch(/"level":(50|60)/);

    // A witness running the verifier against that server reads that the freeze was late, never 'every step matches'.
    const cli = await runVerifier('verify-draw', ['2026-12', '--url', `http://127.0.0.1:${port}`, '--test-chain']);
    expect(cli.output, cli.output).toMatch(/LATE {6}Beacon round: drand's latest round/);
    expect(cli.output).not.toContain('every step matches');
  }, 300_000);
});
