/**
 * Where a sign-in's CPU goes, thread by thread: the product (as `npm start` runs it) and the
 * same-work ceiling (one argon2id verification on the product's pool), each flooded with sign-ins
 * in turn; each thread's user + system time from /proc/<pid>/task/<tid>/stat over the requests.
 *
 *   BENCH_DATABASE_URL=postgres://…/a_seeded_db npx tsx bench/thread-cpu.ts [--seconds=8] [--accounts=1000]
 *
 * --accounts: how many of the seeded ambassadors sign in (at most the size's count: 1,000 at S), so
 * that every sign-in succeeds and none meets the failed attempts' limit.
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

/**
 * PostgreSQL's processes beside the product, on the same cores: user + system time by kind (the
 * backends that serve connections, and each background process: WAL writer, checkpointer, …).
 */
function postgresUs(): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      // 'postgres: [cluster: ]walwriter', 'postgres: [cluster: ]<user> <db> 127.0.0.1(<port>) idle': a connection's backend.
      const role = title.replace(/^postgres: (\S+: )?/, '');
      const kind = /^\S+ \S+ [\d.]+\(\d+\)/.test(role) ? 'backends' : title.startsWith('postgres: ') ? role : 'postmaster';
      out.set(`postgres ${kind}`, (out.get(`postgres ${kind}`) ?? 0) + (Number(fields[11]) + Number(fields[12])) * TICK_US);
    } catch {
      // The process ended meanwhile.
    }
  }
  return out;
}

async function measure(name: string, child: Child, seconds: number, accounts: number): Promise<void> {
  const pid = child.process.pid ?? 0;
  const requests = signInRequests(child.url, accounts);
  await load({ url: child.url, connections: 16, seconds: 2, requests });
  const before = threads(pid);
  const postgresBefore = postgresUs();
  const result = await load({ url: child.url, connections: 16, seconds, requests });
  const after = threads(pid);
  for (const [kind, us] of postgresUs()) after.set(kind, us);
  for (const [kind, us] of postgresBefore) before.set(kind, us);
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
const accounts = Number(process.argv.find((a) => a.startsWith('--accounts='))?.slice(11) ?? 1_000);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
const passwordHash = await argon2Hash(BENCH_PASSWORD, ARGON2_OPTIONS);
delete process.env.LOG_LEVEL;
const product = await startChild(
  'src/server/main.ts',
  productionEnv(await freePort(), { BENCH_DATABASE_URL: databaseUrl }),
  600_000,
  /ready at http:\/\/127\.0\.0\.1:(\d+)/,
  () => undefined,
);
const ceiling = await startChild('bench/servers/sign-in-ceiling.ts', { BENCH_PASSWORD_HASH: passwordHash });
try {
  for (let round = 0; round < 2; round++) {
    await measure('one verification', ceiling, seconds, accounts);
    await measure('the product', product, seconds, accounts);
  }
} finally {
  await product.stop();
  await ceiling.stop();
}
