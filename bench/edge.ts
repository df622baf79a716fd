/**
 * The edge on match day (issue 47, DECISIONS §7 Deployment and the edge): nginx from Debian as a
 * stand-in CDN, configured with the README's own two nginx blocks (the reverse proxy and the edge's
 * cache, read from README.md so the bench checks what operators copy), in front of the product as
 * `npm start` runs it. It loads the leaderboard through the edge and counts the requests that
 * reached the product (its /metrics) against the ones the edge served; stops the product and reads
 * the leaderboard through the edge again (stale-if-error); starts it again, approves a report with a
 * large award and times how long until the edge shows it. Next to it, the same load on the product
 * directly, in the same run. Never fails on a timing.
 *
 *   tsx bench/edge.ts        # on its own: a PostgreSQL database of size S (BENCH_DATABASE_URL)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../test/helpers/ports.ts';
import { ROOT, load, round, sleep, startChild, stopProcess, warm, type Child, type LoadResult } from './lib.ts';
import { BENCH_METRICS_TOKEN, productionEnv } from './product-env.ts';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const LEADERBOARD = '/api/public/leaderboard';
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const SUPER = { email: 'super@bench.example', password: 'SuperBench123!', superAdminSecret: 'bench-super-secret' };

export interface EdgeFigures {
  nginx: string;
  /** The leaderboard loaded through the edge: what clients got. */
  throughEdge: LoadResult;
  /** The requests for the leaderboard that reached the product meanwhile (its /metrics). */
  originRequests: number;
  originPerSecond: number;
  /** originRequests / throughEdge.requests. */
  originLoadRatio: number;
  /** The same load on the product itself, in the same run. */
  direct: LoadResult;
  /** The product stopped: reads of the leaderboard through the edge and how many were 200 with the last copy. */
  originDown: { reads: number; ok: number; sameBody: number };
  /** An award approved: ms until a plain read through the edge showed the new ranking (one sample per try). */
  awardVisibleMs: number[];
}

/** The README's nginx blocks, in order: the reverse proxy's `location /`, then the edge's cache. */
export function readmeNginxBlocks(readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8')): { proxy: string; edge: string } {
  const blocks = [...readme.matchAll(/```nginx\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  const proxy = blocks.find((b) => b.trimStart().startsWith('location / {'));
  const edge = blocks.find((b) => b.includes('proxy_cache_path'));
  if (!proxy || !edge) throw new Error('README.md has no nginx reverse proxy block or no edge block');
  return { proxy, edge };
}

/** A whole nginx.conf around the README's blocks: the app's port and the cache's directory put in, nothing else changed. */
export function nginxConf(dir: string, listen: number, appPort: number): string {
  const { proxy, edge } = readmeNginxBlocks();
  const toApp = (block: string) => block.replaceAll('http://127.0.0.1:5000', `http://127.0.0.1:${appPort}`);
  const cachePathLine = /^proxy_cache_path .*$/m.exec(edge)?.[0];
  if (!cachePathLine) throw new Error('the edge block has no proxy_cache_path line');
  const cachePath = cachePathLine.replace('/var/cache/nginx/ambassadors', path.join(dir, 'cache'));
  const locations = toApp(edge.replace(cachePathLine, ''));
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  return `daemon off;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
    access_log off;
    ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n    ')}
    ${cachePath}
    server {
        listen 127.0.0.1:${listen};
${toApp(proxy)}
${locations}
    }
}
`;
}

export async function startNginx(dir: string, conf: string, port: number): Promise<ChildProcess> {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx)');
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, conf);
  const check = spawnSync(NGINX, ['-t', '-c', file, '-p', dir], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refused the README's configuration:\n${check.stderr}`);
  const child = spawn(NGINX, ['-c', file, '-p', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`);
      return child;
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`nginx did not listen on ${port}: ${readFileSync(path.join(dir, 'error.log'), 'utf8').slice(-1000)}`);
}

/** The product's count of answered leaderboard reads, from /metrics (any status). */
async function originCount(appUrl: string): Promise<number> {
  const text = await (await fetch(`${appUrl}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } })).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith('http_requests_total{') && l.includes(`route="${LEADERBOARD}"`))
    .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** Approves the next pending report with an award that moves the ranking, through the edge (as an admin's browser would). */
async function award(edge: string, admin: string, origin: string): Promise<void> {
  const pending = await fetch(`${edge}/api/admin/reports?status=pending&limit=1`, { headers: { cookie: admin } });
  const report = ((await pending.json()) as { id: string }[])[0];
  if (!report) throw new Error('no pending report to approve');
  const review = await fetch(`${edge}/api/admin/reports/${report.id}/review`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: admin, origin },
    body: JSON.stringify({ status: 'approved', gcmAwarded: '900000', usdtAwarded: '0' }),
  });
  if (review.status !== 200) throw new Error(`review answered ${review.status}: ${await review.text()}`);
}

export async function measureEdge(input: {
  productEnv: Record<string, string>;
  seconds: number;
  log: (line: string) => void;
}): Promise<EdgeFigures | { skipped: string }> {
  const { seconds, log } = input;
  if (!NGINX) return { skipped: 'nginx is not installed (Debian: apt-get install nginx)' };
  const version = spawnSync(NGINX, ['-v'], { encoding: 'utf8' }).stderr.trim();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ambassador-edge-'));
  mkdirSync(path.join(dir, 'cache'));
  // nginx started as root runs its workers as nobody: they write the cache.
  chmodSync(dir, 0o755);
  chmodSync(path.join(dir, 'cache'), 0o777);
  const appPort = await freePort();
  const edgePort = await freePort();
  // The public address is the edge's; nginx passes `Host $host` (no port), so APP_URL names the host alone.
  // ALLOWED_ORIGINS lets the same load reach the product directly, for the comparison.
  const publicUrl = 'http://127.0.0.1';
  const env = {
    ...productionEnv(appPort, input.productEnv),
    APP_URL: publicUrl,
    ALLOWED_ORIGINS: `http://127.0.0.1:${appPort}`,
    TRUST_PROXY: 'loopback',
  };
  delete process.env.LOG_LEVEL;
  // It says it is ready at APP_URL, which names no port here: the port is the one it was given.
  const startProduct = () => startChild('src/server/main.ts', env, 600_000, /ready at http:\/\/127\.0\.0\.1()/);
  let product: Child | undefined = await startProduct();
  let nginx: ChildProcess | undefined;
  try {
    const app = `http://127.0.0.1:${appPort}`;
    const edge = `http://127.0.0.1:${edgePort}`;
    nginx = await startNginx(dir, nginxConf(dir, edgePort, appPort), edgePort);
    log(`  edge: ${version} with the README's blocks on ${edge}, the product on ${app}`);

    await warm(`${app}${LEADERBOARD}`, 2, { headers: BROWSER });
    const direct = await load({ url: `${app}${LEADERBOARD}`, connections: 100, seconds, headers: BROWSER, serverPid: product.process.pid });
    log(`    direct: ${direct.rps} req/s, p99 ${direct.p99} ms`);

    const first = await fetch(`${edge}${LEADERBOARD}`, { headers: BROWSER });
    if (first.status !== 200) throw new Error(`the leaderboard through the edge answered ${first.status}: ${(await first.text()).slice(0, 300)}`);
    await warm(`${edge}${LEADERBOARD}`, 2, { headers: BROWSER });
    const before = await originCount(app);
    const throughEdge = await load({ url: `${edge}${LEADERBOARD}`, connections: 100, seconds, headers: BROWSER, serverPid: product.process.pid });
    const originRequests = (await originCount(app)) - before;
    const originLoadRatio = round(originRequests / Math.max(1, throughEdge.requests), 5);
    log(
      `    through the edge: ${throughEdge.rps} req/s (${throughEdge.requests} answered, ${throughEdge.non2xx} not 2xx), ${originRequests} reached the product (${round(originRequests / seconds)} /s; ratio ${originLoadRatio})`,
    );

    // The product stopped: the edge answers from its copy (stale-if-error).
    const last = await (await fetch(`${edge}${LEADERBOARD}`)).text();
    await product.stop();
    product = undefined;
    const downReads = await Promise.all(
      Array.from({ length: 50 }, () => fetch(`${edge}${LEADERBOARD}`).then(async (r) => ({ status: r.status, body: await r.text() }))),
    );
    const originDown = {
      reads: downReads.length,
      ok: downReads.filter((r) => r.status === 200).length,
      sameBody: downReads.filter((r) => r.body === last).length,
    };
    log(`    the product stopped: ${originDown.ok}/${originDown.reads} reads answered 200 by the edge (${originDown.sameBody} with the last copy)`);

    // Back, an award, and how long until the edge shows it.
    product = await startProduct();
    const login = await fetch(`${edge}/api/super-admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: publicUrl },
      body: JSON.stringify(SUPER),
    });
    if (login.status !== 200) throw new Error(`super admin sign-in through the edge answered ${login.status}: ${await login.text()}`);
    const admin = cookieOf(login);
    const awardVisibleMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      // Keep the edge's copy warm, as a crowd would.
      const crowd = load({ url: `${edge}${LEADERBOARD}`, connections: 20, seconds: 6, headers: BROWSER });
      await sleep(1000);
      const shown = await (await fetch(`${edge}${LEADERBOARD}`)).text();
      const sent = performance.now();
      await award(edge, admin, publicUrl);
      let seen = Number.NaN;
      while (performance.now() - sent < 4000) {
        if ((await (await fetch(`${edge}${LEADERBOARD}`)).text()) !== shown) {
          seen = round(performance.now() - sent, 0);
          break;
        }
        await sleep(20);
      }
      awardVisibleMs.push(seen);
      await crowd;
    }
    log(`    an award visible through the edge after ${awardVisibleMs.join(', ')} ms`);
    return {
      nginx: version,
      throughEdge,
      originRequests,
      originPerSecond: round(originRequests / seconds),
      originLoadRatio,
      direct,
      originDown,
      awardVisibleMs,
    };
  } finally {
    if (nginx) await stopProcess(nginx, 'SIGQUIT');
    await product?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// On its own: seed size S on PostgreSQL and measure.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { createPgDatabase, dropPgDatabase } = await import('../test/helpers/pg-server.ts');
  const { hash } = await import('@node-rs/argon2');
  const { ARGON2_OPTIONS } = await import('../src/server/auth/password-worker.ts');
  const { openDatabase } = await import('../src/server/db/client.ts');
  const { SIZES, BENCH_PASSWORD, seed } = await import('./seed.ts');
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `ambassador_bench_edge_${process.pid}`;
  const url = await createPgDatabase(admin, name);
  try {
    const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
    await database.migrate();
    await seed(database.db, SIZES.S, await hash(BENCH_PASSWORD, ARGON2_OPTIONS), console.log);
    await database.close();
    const figures = await measureEdge({ productEnv: { BENCH_DATABASE_URL: url }, seconds: Number(process.env.BENCH_SECONDS ?? 10), log: console.log });
    console.log(JSON.stringify(figures, null, 2));
  } finally {
    await dropPgDatabase(admin, name);
  }
}
