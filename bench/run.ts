/**
 * `npm run bench`: seeds each database at each size with bulk SQL, starts the
 * real product on it, loads it with autocannon next to two baselines measured
 * in the same run, and writes bench/results/<time>.json and docs/benchmarks.md.
 *
 * Sizes and databases: `--pg=S,L --pglite=S` (the default), or the
 * environment BENCH_PG / BENCH_PGLITE (empty or "none" skips one). Seconds per
 * load run: `--seconds=10` or BENCH_SECONDS. PostgreSQL: BENCH_DATABASE_URL
 * (an account that may create databases), default postgres://postgres@127.0.0.1:5432/postgres.
 * `--skip=coldstart,frontend,ceilings,edge,webhooks,tasks` leaves parts out. It never fails on a timing.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../src/server/auth/password-worker.ts';
import { systemClock } from '../src/server/clock.ts';
import type { AppContext } from '../src/server/context.ts';
import { openDatabase, type Database, type Db } from '../src/server/db/client.ts';
import * as schema from '../src/server/db/schema.ts';
import { leaderboard, publicStats } from '../src/server/features/public/service.ts';
import { measureCeilings, type CeilingFigures } from './ceilings.ts';
import { measureColdStart, type ColdStartFigures } from './cold-start.ts';
import { measureEdge, type EdgeFigures } from './edge.ts';
import { measureFrontend, type FrontendFigures } from './frontend.ts';
import { ROOT, load, median, round, startChild, timeIt, warm, type Child, type LoadResult } from './lib.ts';
import { measureProduct, type ProductFigures } from './product-load.ts';
import { measureSeason, type SeasonFigures } from './season.ts';
import { measureWebhooks, type WebhookFigures } from './webhooks.ts';
import { measureTaskClaims, type TaskClaimFigures } from './tasks.ts';
import { createPgDatabase, dropPgDatabase, withPgClient } from '../test/helpers/pg-server.ts';
import { writeMarkdown } from './report.ts';
import { BENCH_PASSWORD, SIZES, seed, type Size } from './seed.ts';

type Kind = 'postgres' | 'pglite';

export interface QueryFigures {
  leaderboardMs: number;
  statsMs: number;
  plans: { query: string; seqScans: string[]; ledgerSeqScan: boolean }[];
}

export interface SizeRun {
  kind: Kind;
  size: Size;
  seedMs: number;
  queries: QueryFigures;
  /** Last month's freeze and close (protocol 2), in-process; the public log made LOG_ENTRIES long. */
  season: SeasonFigures | { skipped: string };
  product: ProductFigures;
  /** The Fastify hello route measured just before this size's public reads: one of the runs whose median divides the public reads. */
  helloNear: LoadResult;
  deadlocks: number | null;
}

export interface BenchResults {
  startedAt: string;
  command: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; os: string; postgres: string | null };
  seconds: number;
  baselines: {
    node: LoadResult;
    fastify: LoadResult;
    nodeAfter: LoadResult;
    fastifyAfter: LoadResult;
    /** Node then Fastify, back to back, several times at the start: the framework ratio is the median of the pairs' ratios. */
    pairs: { node: LoadResult; fastify: LoadResult }[];
  };
  argon2: { hashMs: number; verifyMs: number; samples: number };
  runs: SizeRun[];
  /** The product as `npm start` runs it against same-bytes and same-work ceilings (bench/ceilings.ts), on one size. */
  ceilings: CeilingFigures | { skipped: string };
  /** nginx as a stand-in CDN with the README's blocks in front of the product (bench/edge.ts), on the ceilings' size. */
  edge?: EdgeFigures | { skipped: string };
  coldStart: ColdStartFigures | { skipped: string };
  frontend: FrontendFigures;
  /** The webhook sender against a bare sign-and-POST loop, and public reads during a backlog (bench/webhooks.ts, PostgreSQL). */
  webhooks?: WebhookFigures | { skipped: string };
  /** Task claims (telegram_member) against the same request without the claim's logic (bench/tasks.ts, issue 43), on PostgreSQL when it is measured. */
  tasks?: TaskClaimFigures | { skipped: string };
}

function arg(name: string): string | undefined {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : undefined;
}

function sizesFrom(value: string | undefined, fallback: Size['name'][]): Size[] {
  if (value === undefined) return fallback.map((n) => SIZES[n]);
  if (value === '' || value === 'none') return [];
  return value.split(',').map((name) => {
    const size = SIZES[name.trim().toUpperCase() as Size['name']];
    if (!size) throw new Error(`unknown size ${name}: use S, M or L`);
    return size;
  });
}

const log = (line: string) => console.log(line);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh database per run and size: a new PostgreSQL database, or a new PGlite directory. */
async function freshDatabase(
  kind: Kind,
  size: Size,
): Promise<{ open(): Promise<Database>; productEnv: Record<string, string>; drop(): Promise<void>; deadlocks(): Promise<number | null> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), `ambassador-bench-${size.name}-`));
    return {
      open: () => openDatabase({ dataDir: dir }),
      productEnv: { BENCH_DATA_DIR: dir },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
      deadlocks: async () => null,
    };
  }
  const name = `ambassador_bench_${size.name.toLowerCase()}_${Date.now().toString(36)}`;
  const url = await createPgDatabase(PG_URL, name);
  return {
    open: () => openDatabase({ databaseUrl: url, poolSize: 4 }),
    productEnv: { BENCH_DATABASE_URL: url },
    drop: () => dropPgDatabase(PG_URL, name),
    deadlocks: () =>
      withPgClient(PG_URL, async (c) => Number((await c.query('select deadlocks from pg_stat_database where datname = $1', [name])).rows[0]?.deadlocks ?? 0)),
  };
}

/**
 * Times the public queries straight on the database (no HTTP, no cache) and
 * EXPLAINs every statement they send, looking for sequential scans.
 */
async function measureQueries(database: Database): Promise<QueryFigures> {
  const captured: { text: string; params: unknown[] }[] = [];
  const logger = { logQuery: (text: string, params: unknown[]) => captured.push({ text, params }) };
  const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
  const logged = (database.kind === 'postgres'
    ? drizzlePg(client as pg.Pool, { schema, logger })
    : drizzlePglite(client as PGlite, { schema, logger })) as unknown as Db;
  const ctx = (db: Db) => ({ db, clock: systemClock }) as unknown as AppContext;
  await publicStats(ctx(logged));
  await leaderboard(ctx(logged));
  const plans: QueryFigures['plans'] = [];
  for (const q of captured) {
    const explain = `explain (format json) ${q.text}`;
    const result = database.kind === 'postgres' ? await (client as pg.Pool).query(explain, q.params) : await (client as PGlite).query(explain, q.params);
    const plan = JSON.stringify(result.rows[0]);
    const seqScans = [...plan.matchAll(/"Node Type":"Seq Scan"[^}]*?"Relation Name":"(\w+)"/g)].map((m) => m[1] ?? '');
    plans.push({ query: q.text, seqScans, ledgerSeqScan: seqScans.includes('transactions') });
  }
  const direct = ctx(database.db);
  const leaderboardTime = await timeIt(() => leaderboard(direct), 100, 10);
  const statsTime = await timeIt(() => publicStats(direct), 100, 10);
  return { leaderboardMs: leaderboardTime.median, statsMs: statsTime.median, plans };
}

async function runSize(
  kind: Kind,
  size: Size,
  seconds: number,
  passwordHash: string,
  hello: Hello,
  ceilings?: (productEnv: Record<string, string>) => Promise<void>,
): Promise<SizeRun> {
  log(
    `\n== ${kind} size ${size.name}: ${size.ambassadors} ambassadors, ${size.applications} applications, ${size.reports} reports, ${size.ledger} ledger rows`,
  );
  const fresh = await freshDatabase(kind, size);
  try {
    const database = await fresh.open();
    let seedMs = 0;
    let queries: QueryFigures;
    let season: SeasonFigures | { skipped: string };
    try {
      await database.migrate();
      const started = performance.now();
      await seed(database.db, size, passwordHash, log);
      seedMs = round(performance.now() - started, 0);
      log(`  seeded in ${seedMs} ms`);
      queries = await measureQueries(database);
      log(
        `  query time: leaderboard ${queries.leaderboardMs} ms, stats ${queries.statsMs} ms; seq scans: ${queries.plans.map((p) => p.seqScans.join('+') || 'none').join(', ')}`,
      );
      season = await measureSeason(database, log).catch((error: unknown) => {
        log(`  season not measured: ${String(error)}`);
        return { skipped: String(error).slice(0, 300) };
      });
    } finally {
      await database.close();
    }
    const deadlocksBefore = await fresh.deadlocks();
    const product = await startChild('bench/servers/product.ts', fresh.productEnv);
    let figures: ProductFigures;
    let helloNear: LoadResult;
    try {
      helloNear = await measureHello(hello, seconds);
      log(`  Fastify hello just before: ${helloNear.rps} req/s (p99 ${helloNear.p99} ms)`);
      figures = await measureProduct(product.url, size, seconds, log, product.process.pid);
    } finally {
      await product.stop();
    }
    // The ceilings run on the same database once the harness's product has stopped (PGlite's directory takes one process).
    if (ceilings) await ceilings(fresh.productEnv);
    const deadlocksAfter = await fresh.deadlocks();
    const deadlocks = deadlocksBefore === null || deadlocksAfter === null ? null : deadlocksAfter - deadlocksBefore;
    log(`  leaderboard ${figures.leaderboard.rps} req/s (p99 ${figures.leaderboard.p99} ms), stats ${figures.stats.rps} req/s (p99 ${figures.stats.p99} ms)`);
    log(
      `  sign-ins ${figures.signIn.flood.rps}/s; writers: reports ${JSON.stringify(figures.writers.reports.byStatus)}, withdrawals ${JSON.stringify(figures.writers.withdrawals.byStatus)}`,
    );
    return { kind, size, seedMs, queries, season, product: figures, helloNear, deadlocks };
  } finally {
    if (!process.argv.includes('--keep')) await fresh.drop();
  }
}

/** How many node/Fastify pairs are measured at the start (the machine's speed drifts between runs of a few seconds). */
const HELLO_PAIRS = 3;

/** A hello server's route. Both are started once and stay up (idle) for the whole run, so they can be measured next to each product run. */
interface Hello {
  child: Child;
  route: string;
}

async function measureHello(hello: Hello, seconds: number): Promise<LoadResult> {
  const url = `${hello.child.url}${hello.route}`;
  await warm(url, 3);
  return load({ url, connections: 100, seconds, serverPid: hello.child.process.pid });
}

async function postgresVersion(): Promise<string | null> {
  try {
    return await withPgClient(PG_URL, async (c) => String((await c.query('show server_version')).rows[0]?.server_version ?? ''));
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const seconds = Number(arg('seconds') ?? process.env.BENCH_SECONDS ?? 10);
  const pgSizes = sizesFrom(arg('pg') ?? process.env.BENCH_PG, ['S', 'L']);
  const pgliteSizes = sizesFrom(arg('pglite') ?? process.env.BENCH_PGLITE, ['S']);
  const skip = new Set((arg('skip') ?? process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
  const startedAt = new Date();
  const postgres = pgSizes.length ? await postgresVersion() : null;
  if (pgSizes.length && !postgres) throw new Error(`PostgreSQL is not reachable at ${PG_URL}; set BENCH_DATABASE_URL or run with --pg=none`);
  const machine = {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: round(os.totalmem() / 2 ** 30, 1),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    postgres,
  };
  log(`machine: ${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB, Node ${machine.node}, PostgreSQL ${postgres ?? '-'}`);

  log('baselines: bare node:http hello, Fastify hello (100 connections)');
  const nodeHelloServer: Hello = { child: await startChild('bench/servers/hello-node.ts'), route: '/' };
  const fastifyHelloServer: Hello = { child: await startChild('bench/servers/hello-fastify.ts'), route: '/hello' };
  const pairs: { node: LoadResult; fastify: LoadResult }[] = [];
  for (let i = 0; i < HELLO_PAIRS; i++) {
    pairs.push({ node: await measureHello(nodeHelloServer, seconds), fastify: await measureHello(fastifyHelloServer, seconds) });
    log(`  pair ${i + 1}: node ${pairs[i]?.node.rps} req/s, fastify ${pairs[i]?.fastify.rps} req/s`);
  }
  const { node: nodeHello, fastify: fastifyHello } = pairs[0] as { node: LoadResult; fastify: LoadResult };
  log(`  node ${nodeHello.rps} req/s (p99 ${nodeHello.p99} ms), fastify ${fastifyHello.rps} req/s (p99 ${fastifyHello.p99} ms)`);

  // One hash and one verification with the product's parameters, on this thread with nothing else running.
  const hashTimes: number[] = [];
  const verifyTimes: number[] = [];
  let passwordHash = '';
  for (let i = 0; i < 12; i++) {
    let started = performance.now();
    passwordHash = await argon2Hash(BENCH_PASSWORD, ARGON2_OPTIONS);
    hashTimes.push(performance.now() - started);
    started = performance.now();
    await argon2Verify(passwordHash, BENCH_PASSWORD);
    verifyTimes.push(performance.now() - started);
  }
  const argon2 = { hashMs: round(median(hashTimes.slice(2))), verifyMs: round(median(verifyTimes.slice(2))), samples: 10 };
  log(`argon2id: one hash ${argon2.hashMs} ms, one verification ${argon2.verifyMs} ms`);

  const runs: SizeRun[] = [];
  // The ceilings (bench/ceilings.ts) on the largest size of the first database: PostgreSQL L by default.
  let ceilings: CeilingFigures | { skipped: string } = { skipped: skip.has('ceilings') ? 'skipped by --skip' : 'no size was run' };
  // The edge (bench/edge.ts) on the same database, after the ceilings.
  let edge: EdgeFigures | { skipped: string } = { skipped: skip.has('edge') ? 'skipped by --skip' : 'no size was run' };
  const ceilingsOn = pgSizes.length ? { kind: 'postgres' as const, size: pgSizes.at(-1) } : { kind: 'pglite' as const, size: pgliteSizes.at(-1) };
  const ceilingsFor = (kind: Kind, size: Size) =>
    (skip.has('ceilings') && skip.has('edge')) || kind !== ceilingsOn.kind || size !== ceilingsOn.size
      ? undefined
      : async (productEnv: Record<string, string>) => {
          if (!skip.has('edge'))
            edge = await measureEdge({ productEnv, seconds, log }).catch((error: unknown) => {
              log(`  edge not measured: ${String(error)}`);
              return { skipped: String(error).slice(0, 300) };
            });
          if (skip.has('ceilings')) return;
          ceilings = await measureCeilings({
            kind,
            size,
            seconds,
            productEnv,
            passwordHash,
            hello: { url: `${fastifyHelloServer.child.url}${fastifyHelloServer.route}`, pid: fastifyHelloServer.child.process.pid },
            log,
          }).catch((error: unknown) => {
            log(`  ceilings not measured: ${String(error)}`);
            return { skipped: String(error).slice(0, 300) };
          });
        };
  for (const size of pgSizes) runs.push(await runSize('postgres', size, seconds, passwordHash, fastifyHelloServer, ceilingsFor('postgres', size)));
  for (const size of pgliteSizes) runs.push(await runSize('pglite', size, seconds, passwordHash, fastifyHelloServer, ceilingsFor('pglite', size)));

  // The baselines again at the end: a drift between the two says how steady the machine was.
  const nodeAfter = await measureHello(nodeHelloServer, seconds);
  const fastifyAfter = await measureHello(fastifyHelloServer, seconds);
  await nodeHelloServer.child.stop();
  await fastifyHelloServer.child.stop();
  log(`baselines again: node ${nodeAfter.rps} req/s, fastify ${fastifyAfter.rps} req/s`);

  const coldStart = skip.has('coldstart')
    ? { skipped: 'skipped by --skip' }
    : await measureColdStart(log).catch((error: unknown) => ({ skipped: String(error) }));
  const frontend = skip.has('frontend') ? { skipped: 'skipped by --skip' } : await measureFrontend(log);
  const webhooks = skip.has('webhooks')
    ? { skipped: 'skipped by --skip' }
    : !postgres
      ? { skipped: 'needs PostgreSQL (--pg)' }
      : await measureWebhooks({ seconds, log }).catch((error: unknown) => {
          log(`  webhooks not measured: ${String(error)}`);
          return { skipped: String(error).slice(0, 300) };
        });

  const tasks = skip.has('tasks')
    ? { skipped: 'skipped by --skip' }
    : await measureTaskClaims(log, { postgres: postgres ? PG_URL : undefined }).catch((error: unknown) => {
        log(`  tasks not measured: ${String(error)}`);
        return { skipped: String(error).slice(0, 300) };
      });

  const command = `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim();
  const results: BenchResults = {
    startedAt: startedAt.toISOString(),
    command: command === 'npm run bench --' ? 'npm run bench' : command,
    machine,
    seconds,
    baselines: { node: nodeHello, fastify: fastifyHello, nodeAfter, fastifyAfter, pairs },
    argon2,
    runs,
    ceilings,
    edge,
    coldStart,
    frontend,
    webhooks,
    tasks,
  };
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${startedAt.toISOString().replaceAll(':', '-')}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(dir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  const markdown = writeMarkdown(results, gitRevision());
  writeFileSync(path.join(ROOT, 'docs/benchmarks.md'), markdown);
  log(`\nwrote ${path.relative(ROOT, file)} and docs/benchmarks.md`);
}

function gitRevision(): string {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
  } catch {
    return 'unknown';
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
