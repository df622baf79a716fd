/**
 * Where a public read's microseconds go: starts the product as `npm start` runs it (bench/ceilings.ts's
 * environment: NODE_ENV=production, default LOG_LEVEL, METRICS_TOKEN) under `--cpu-prof`, loads one
 * path for a while, stops it and sums the profile's self time by where the code lives, divided by the
 * requests served: microseconds of the main thread per request.
 *
 *   BENCH_DATABASE_URL=postgres://…/a_seeded_db npx tsx bench/profile.ts [--path=/api/public/leaderboard] [--seconds=10] [--signed-in]
 *
 * A seeded database: `npm run bench -- --pg=S --pglite=none --skip=coldstart,frontend --keep` leaves one.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { productionEnv } from './product-env.ts';
import { ROOT, load, stopProcess } from './lib.ts';
import { signIn, signInRequests } from './product-load.ts';
import { BENCH_PASSWORD, WRITERS, benchEmail } from './seed.ts';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives, from its file. */
function area(url: string, fn: string): string {
  if (fn === '(garbage collector)') return 'garbage collection';
  if (fn === '(idle)' || fn === '(program)') return fn;
  if (!url) return 'node internals / native';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) {
    const pkg = m[1] ?? '';
    if (pkg === 'fastify' || pkg.startsWith('@fastify/') || pkg === 'find-my-way' || pkg === 'light-my-request' || pkg === 'avvio') return `fastify (${pkg})`;
    if (pkg.startsWith('pino') || pkg === 'sonic-boom' || pkg === 'fast-redact' || pkg === 'quick-format-unescaped' || pkg === 'safe-stable-stringify')
      return `logging (${pkg})`;
    return pkg;
  }
  if (url.startsWith('node:')) {
    const mod = url.slice(5).split('/').slice(0, 2).join('/');
    return `node (${mod})`;
  }
  const local = url.indexOf('/src/');
  if (local >= 0) return `product (${url.slice(local + 1)})`;
  return url;
}

function arg(name: string): string | undefined {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : undefined;
}

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) throw new Error('BENCH_DATABASE_URL: a seeded database');
  const target = arg('path') ?? '/api/public/leaderboard';
  const seconds = Number(arg('seconds') ?? 10);
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ambassador-profile-'));
  const env = { ...process.env, ...productionEnv(port, { BENCH_DATABASE_URL: databaseUrl }) };
  delete env.LOG_LEVEL;
  const file = path.join(dir, 'product.cpuprofile');
  env.BENCH_PROFILE_FILE = file;
  // --server=bench/servers/same-bytes.ts profiles a ceiling instead (it prints READY <port>; BENCH_ANSWERS from the environment).
  const server = arg('server') ?? 'src/server/main.ts';
  const child = spawn(process.execPath, ['--import', path.join(ROOT, 'bench/profile-hook.mjs'), '--import', 'tsx', path.join(ROOT, server)], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let lines = 0;
  let listening = port;
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      for (const byte of chunk) if (byte === 10) lines += 1;
      if (!/ready at|READY/.test(out)) {
        out += chunk.toString();
        const ready = /READY (\d+)/.exec(out);
        if (ready) listening = Number(ready[1]);
        if (/ready at|READY/.test(out)) resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the product exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${listening}${target}`;
  const headers = { 'accept-encoding': 'gzip, deflate, br' };
  // --path=/api/login: the sign-in flood of the bench (16 connections, the seeded accounts in turn).
  const signIns = target === '/api/login';
  const base = `http://127.0.0.1:${listening}`;
  // --signed-in: the path read by a signed-in ambassador, as the dashboard ceiling loads it (its account, 50 connections, no compression).
  const cookie = process.argv.includes('--signed-in') ? await signIn(base, benchEmail(WRITERS + 2), BENCH_PASSWORD) : undefined;
  const options = signIns
    ? { url: base, connections: 16, requests: signInRequests(base, 1_000) }
    : cookie
      ? { url, connections: 50, headers: { cookie } }
      : { url, connections: 100, headers };
  await load({ ...options, seconds: 3 });
  const linesBefore = lines;
  child.kill('SIGUSR2');
  const result = await load({ ...options, seconds, serverPid: child.pid });
  child.kill('SIGUSR2');
  const linesDuring = lines - linesBefore;
  for (let i = 0; i < 100 && !stderr.includes('PROFILE WRITTEN'); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  await stopProcess(child);
  if (!existsSync(file)) throw new Error(`no profile written\n${stderr}`);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const fns = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const dt = profile.timeDeltas[i] ?? 0;
    if (!node) return;
    const where = area(node.callFrame.url, node.callFrame.functionName);
    self.set(where, (self.get(where) ?? 0) + dt);
    const fn = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/src\//, 'src/')}:${node.callFrame.lineNumber + 1}`;
    fns.set(fn, (fns.get(fn) ?? 0) + dt);
    if (where !== '(idle)') total += dt;
  });
  // Shares of the main thread's busy samples, applied to the process's CPU per request (/proc: all
  // threads; on a public read the main thread is nearly all of it), give microseconds per request.
  // (Busy samples are wall time the thread was not idle: on a shared machine that includes time it
  // waited for a core, so only their shares are used.)
  const perRequest = result.cpuUsPerRequest ?? 0;
  console.log(
    `${target}: ${result.rps} req/s; server CPU per request (all threads, /proc) ${perRequest} µs; ${(linesDuring / result.requests).toFixed(3)} log lines per request`,
  );
  console.log('\nself time of the main thread, by where the code lives (share of busy samples; µs per request at the measured CPU):');
  for (const [where, t] of [...self.entries()]
    .filter(([w]) => w !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25))
    console.log(`  ${((100 * t) / total).toFixed(1).padStart(5)}%  ${((perRequest * t) / total).toFixed(1).padStart(6)} µs  ${where}`);
  console.log('\nthe heaviest functions (self time):');
  for (const [fn, t] of [...fns.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40))
    if (!fn.startsWith('(idle)')) console.log(`  ${((100 * t) / total).toFixed(1).padStart(5)}%  ${fn}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
