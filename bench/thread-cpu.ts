/**
 * Where a sign-in's CPU goes, thread by thread: the product (as `npm start` runs it) and the
 * same-work ceiling (one argon2id verification on the product's pool), each flooded with sign-ins
 * in turn; each thread's user + system time from /proc/<pid>/task/<tid>/stat over the requests.
 *
 *   BENCH_DATABASE_URL=postgres://…/a_seeded_db npx tsx bench/thread-cpu.ts [--seconds=8]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { hash as argon2Hash } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../src/server/auth/password-worker.ts';
import { freePort } from '../test/helpers/ports.ts';
import { load, startChild, type Child } from './lib.ts';
import { productionEnv } from './product-env.ts';
import { signInRequests } from './product-load.ts';
import { BENCH_PASSWORD } from './seed.ts';

const TICK_US = 1_000_000 / 100;

function threads(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      out.set(`${tid === String(pid) ? 'main' : comm} ${tid}`, ticks * TICK_US);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return out;
}

async function measure(name: string, child: Child, seconds: number): Promise<void> {
  const pid = child.process.pid ?? 0;
  const requests = signInRequests(child.url, 2_000);
  await load({ url: child.url, connections: 16, seconds: 2, requests });
  const before = threads(pid);
  const result = await load({ url: child.url, connections: 16, seconds, requests });
  const after = threads(pid);
  const byKind = new Map<string, number>();
  for (const [thread, us] of after) {
    const kind = thread.replace(/ \d+$/, '');
    byKind.set(kind, (byKind.get(kind) ?? 0) + (us - (before.get(thread) ?? 0)));
  }
  console.log(`${name}: ${result.rps} sign-ins/s, non-2xx ${result.non2xx}`);
  for (const [kind, us] of [...byKind].sort((a, b) => b[1] - a[1]))
    if (us > 0) console.log(`  ${kind.padEnd(24)} ${(us / result.requests).toFixed(0).padStart(7)} µs per sign-in`);
}

const seconds = Number(process.argv.find((a) => a.startsWith('--seconds='))?.slice(10) ?? 8);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
const passwordHash = await argon2Hash(BENCH_PASSWORD, ARGON2_OPTIONS);
delete process.env.LOG_LEVEL;
const product = await startChild('src/server/main.ts', productionEnv(await freePort(), { BENCH_DATABASE_URL: databaseUrl }), 600_000, /ready at http:\/\/127\.0\.0\.1:(\d+)/, () => undefined);
const ceiling = await startChild('bench/servers/sign-in-ceiling.ts', { BENCH_PASSWORD_HASH: passwordHash });
try {
  for (let round = 0; round < 2; round++) {
    await measure('one verification', ceiling, seconds);
    await measure('the product', product, seconds);
  }
} finally {
  await product.stop();
  await ceiling.stop();
}
