/**
 * The edge in front of the product (issue 47, DECISIONS §7 Deployment and the edge), in npm test:
 * Debian's nginx with the README's own two blocks (bench/edge.ts `nginxConf`, read from README.md)
 * in front of a test server. A crowd's reads of the leaderboard reach the product at most about once
 * a second (the cache's lock and its one-second copy), an award shows through the edge, and with the
 * product stopped the edge still answers the leaderboard from its copy. `npm run bench` measures the
 * same under load (bench/edge.ts). Skipped on a machine without nginx, never in CI (.ci/run installs it).
 */
import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX, nginxConf, startNginx } from '../../bench/edge.ts';
import { stopProcess } from '../../bench/lib.ts';
import { superAdminClient } from '../helpers/client.ts';
import { createAmbassador, credit, type CreatedAmbassador } from '../helpers/factories.ts';
import { freePort } from '../helpers/ports.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const LEADERBOARD = '/api/public/leaderboard';
const METRICS_TOKEN = 'edge-test-metrics-token-0123456789';
/** One Accept-Encoding for every read: nginx keeps a copy per value (Vary). */
const BROWSER = { 'accept-encoding': 'gzip' };

describe.skipIf(!NGINX && !process.env.CI)('nginx with the README’s blocks in front of the product', () => {
  let server: TestServer | undefined;
  let nginx: ChildProcess | undefined;
  let dir: string;
  let edge: string;
  let person: CreatedAmbassador;

  /** The leaderboard reads the product answered (its /metrics, any status). */
  async function originReads(): Promise<number> {
    const text = await (await fetch(`${server?.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    return text
      .split('\n')
      .filter((line) => line.startsWith('http_requests_total{') && line.includes(`route="${LEADERBOARD}"`))
      .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
  }

  const throughEdge = async () => {
    const answer = await fetch(`${edge}${LEADERBOARD}`, { headers: BROWSER });
    return { status: answer.status, body: await answer.text() };
  };

  beforeAll(async () => {
    server = await startTestServer({ listen: true, env: { METRICS_TOKEN, TRUST_PROXY: 'loopback' } });
    person = await createAmbassador(server, { admin: await superAdminClient(server) });
    dir = mkdtempSync(path.join(os.tmpdir(), 'ambassador-edge-test-'));
    mkdirSync(path.join(dir, 'cache'));
    // nginx started as root runs its workers as nobody: they write the cache.
    chmodSync(dir, 0o755);
    chmodSync(path.join(dir, 'cache'), 0o777);
    const port = await freePort();
    edge = `http://127.0.0.1:${port}`;
    nginx = await startNginx(dir, nginxConf(dir, port, Number(new URL(server.url).port)), port);
  }, 120_000);

  afterAll(async () => {
    if (nginx) await stopProcess(nginx, 'SIGQUIT');
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers a crowd’s reads of the leaderboard from its copy: the product sees about one a second', async () => {
    // The first read finds no copy: it reaches the product (and shows the count counts).
    const cold = await originReads();
    expect((await throughEdge()).status).toBe(200);
    const before = await originReads();
    expect(before).toBeGreaterThan(cold);
    const started = performance.now();
    let served = 0;
    for (let wave = 0; wave < 10; wave++) {
      const answers = await Promise.all(Array.from({ length: 50 }, throughEdge));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      served += answers.length;
    }
    const seconds = (performance.now() - started) / 1000;
    const reached = (await originReads()) - before;
    expect(served).toBe(500);
    // At most one refresh per second the crowd lasted (and the one under way when it began).
    expect(reached).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
  });

  it('shows an award through the edge once the copy is refreshed', async () => {
    const shown = (await throughEdge()).body;
    await credit(server as TestServer, person.ambassadorId, 'GCM', '900000.00');
    await expect.poll(async () => (await throughEdge()).body).not.toBe(shown);
    const board = JSON.parse((await throughEdge()).body) as { id: string }[];
    expect(board[0]?.id).toBe(person.ambassadorId);
  });

  it('answers the leaderboard from its copy while the product is stopped', async () => {
    const last = (await throughEdge()).body;
    await server?.close();
    server = undefined;
    const reads = await Promise.all(Array.from({ length: 20 }, throughEdge));
    expect(reads.map((r) => r.status)).toEqual(reads.map(() => 200));
    expect(reads.every((r) => r.body === last)).toBe(true);
  });
});
