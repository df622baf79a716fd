/**
 * The webhook case of issue 45 (`npm run bench:webhooks`): PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; a database of its own, dropped after).
 *
 * 1. Events per second delivered to a local receiver (bench/servers/webhook-receiver.ts, its own
 *    process) by the product's sender (bench/servers/product-webhooks.ts), against a bare loop in
 *    this process that signs each event (HMAC-SHA-256, Standard Webhooks) and POSTs it, with the
 *    same concurrency and the same bodies, measured alternately in the same run. A backlog of
 *    EVENTS events is written straight into the outbox (as `m.event` writes it: one event row, one
 *    delivery row) spread over ENDPOINTS endpoints; the rate is the receiver's: events / (last
 *    arrival - first arrival). One endpoint is sent in order (one at a time), so the product's 16
 *    slots are used with 16 endpoints; the 1-endpoint case measures the serial path.
 * 2. p99 of public reads (autocannon on /api/public/leaderboard) while such a backlog is being
 *    delivered, against without one, alternately (BENCH_WEBHOOK_ROUNDS rounds, 4; which goes first
 *    alternates too), each p99 from every answer's own time (autocannon's histogram keeps whole ms).
 *
 * `npm run bench` runs it too (after the sizes; `--skip=webhooks` leaves it out) and reports its rows
 * in docs/benchmarks.md. On its own it writes bench/results/webhooks-<time>.json and prints the
 * ratios. It never fails on a timing.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPgDatabase, dropPgDatabase } from '../test/helpers/pg-server.ts';
import { cpuSeconds, load, median, round, sleep, startChild, warm, ROOT, type Child, type LoadResult } from './lib.ts';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = 2;
/** Rounds of public reads with and without a backlog (BENCH_WEBHOOK_ROUNDS): on a shared machine one round's p99 ranges widely. */
const READ_ROUNDS = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 4);

/** A run's p99 from each answer's own time (hundredths of a ms), else autocannon's whole milliseconds. */
const p99Of = (run: LoadResult) => run.exact?.p99 ?? run.p99;
const SUPER = { email: 'super@bench.example', password: 'SuperBench123!', superAdminSecret: 'bench-super-secret' };
/** About the size of a product event's body (a decided application, say). */
const PADDING = 'x'.repeat(400);

interface Stats {
  count: number;
  firstMs: number;
  lastMs: number;
}

interface RateRun {
  events: number;
  endpoints: number;
  /** Events per second at the receiver, first arrival to last. */
  eventsPerSecond: number;
  /** From the write of the backlog (or the loop's start) to the last arrival, ms. */
  wallMs: number;
}

async function stats(receiver: Child): Promise<Stats> {
  return (await (await fetch(`${receiver.url}/stats`)).json()) as Stats;
}

async function reset(receiver: Child): Promise<void> {
  await fetch(`${receiver.url}/reset`, { method: 'POST' });
}

async function waitFor(receiver: Child, count: number, timeoutMs = 600_000): Promise<Stats> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = await stats(receiver);
    if (now.count >= count) return now;
    if (Date.now() > deadline) throw new Error(`the receiver got ${now.count} of ${count}`);
    await sleep(50);
  }
}

function bodyOf(n: number): string {
  return JSON.stringify({ type: 'bench.event', timestamp: new Date().toISOString(), data: { n, padding: PADDING } });
}

/** The baseline: sign and POST each event, `endpoints` loops side by side (each one endpoint's events in order). */
async function bareLoop(receiver: Child, secret: string, events: number, endpoints: number): Promise<RateRun> {
  await reset(receiver);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const agent = new http.Agent({ keepAlive: true, maxSockets: endpoints });
  const target = new URL(receiver.url);
  const post = (n: number, endpoint: number) =>
    new Promise<void>((resolve, reject) => {
      const id = randomUUID();
      const timestamp = Math.floor(Date.now() / 1000);
      const body = bodyOf(n);
      const signature = `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: `/e${endpoint}`,
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'webhook-id': id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': signature,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => (response.statusCode === 204 ? resolve() : reject(new Error(`answered ${response.statusCode}`))));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  const started = performance.now();
  const per = Math.ceil(events / endpoints);
  await Promise.all(
    Array.from({ length: endpoints }, async (_, endpoint) => {
      for (let i = 0; i < per && endpoint * per + i < events; i++) await post(endpoint * per + i, endpoint);
    }),
  );
  const wallMs = performance.now() - started;
  agent.destroy();
  const done = await stats(receiver);
  return { events, endpoints, eventsPerSecond: round(events / ((done.lastMs - done.firstMs) / 1000), 1), wallMs: round(wallMs, 0) };
}

/** Writes `events` events into the outbox for the endpoints, round-robin, due now (the sender's poll finds them within a second). */
async function writeBacklog(db: pg.Client, endpointIds: string[], events: number): Promise<void> {
  await db.query(
    `with ev as (
       insert into webhook_events (id, type, body)
       select gen_random_uuid(), 'bench.event', json_build_object('type', 'bench.event', 'timestamp', now(), 'data', json_build_object('n', g, 'padding', $3::text))::text
       from generate_series(1, $1::int) g
       returning id
     ), numbered as (select id, row_number() over () as n from ev)
     insert into webhook_deliveries (endpoint_id, event_id, next_attempt_at)
     select ($2::uuid[])[1 + (n % array_length($2::uuid[], 1))], id, now() from numbered order by n`,
    [events, endpointIds, PADDING],
  );
}

async function productRun(receiver: Child, db: pg.Client, endpointIds: string[], events: number): Promise<RateRun> {
  await reset(receiver);
  const started = performance.now();
  await writeBacklog(db, endpointIds, events);
  const done = await waitFor(receiver, events);
  const wallMs = performance.now() - started;
  return { events, endpoints: endpointIds.length, eventsPerSecond: round(events / ((done.lastMs - done.firstMs) / 1000), 1), wallMs: round(wallMs, 0) };
}

async function signInSuper(base: string): Promise<string> {
  const response = await fetch(`${base}/api/super-admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(SUPER),
  });
  const raw = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!raw) throw new Error(`super admin sign-in answered ${response.status}`);
  return raw.split(';')[0] ?? '';
}

async function addEndpoints(base: string, cookie: string, receiver: Child, n: number, prefix: string): Promise<{ ids: string[]; secret: string }> {
  const ids: string[] = [];
  let secret = '';
  for (let i = 0; i < n; i++) {
    const response = await fetch(`${base}/api/admin/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify({ url: `${receiver.url}/${prefix}${i}`, events: ['log.appended'], description: 'bench' }),
    });
    if (response.status !== 201) throw new Error(`adding an endpoint answered ${response.status}: ${await response.text()}`);
    const made = (await response.json()) as { id: string; secret: string };
    ids.push(made.id);
    secret = made.secret;
  }
  return { ids, secret };
}

async function pauseAll(base: string, cookie: string, ids: string[]): Promise<void> {
  for (const id of ids)
    await fetch(`${base}/api/admin/webhooks/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify({ enabled: false }),
    });
}

interface ReadRun {
  idle: LoadResult;
  backlog: LoadResult;
  /** Deliveries still waiting when the loaded run ended (0 would mean the backlog did not last the run). */
  backlogLeftAtEnd: number;
  deliveredDuringRun: number;
  /** This round's p99 with the backlog / without. */
  p99Ratio: number;
  /** CPU the receiver (the bench's own process) used during the loaded run with the backlog, in cores. */
  receiverCores: number;
}

export interface WebhookFigures {
  command: string;
  seconds: number;
  rates: { endpoints: number; bare: RateRun[]; product: RateRun[] }[];
  reads: ReadRun[];
  summary: {
    deliveryRatio1: number | null;
    deliveryRatio16: number | null;
    p99Idle: number;
    p99Backlog: number;
    p99Ratio: number;
    /** The rounds' own ratios, lowest to highest. */
    p99RoundRatios: number[];
    rpsRatio: number;
  };
}

export async function measureWebhooks(options: { seconds: number; log: (line: string) => void }): Promise<WebhookFigures> {
  const { seconds: SECONDS, log } = options;
  const events16 = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 4000);
  const events1 = Math.max(100, Math.round(events16 / 10));
  const name = `bench_webhooks_${Date.now()}`;
  const url = await createPgDatabase(SERVER, name);
  const receiver = await startChild('bench/servers/webhook-receiver.ts');
  let product: Child | undefined;
  const db = new pg.Client({ connectionString: url });
  try {
    product = await startChild('bench/servers/product-webhooks.ts', { BENCH_DATABASE_URL: url });
    await db.connect();
    const cookie = await signInSuper(product.url);
    const wide = await addEndpoints(product.url, cookie, receiver, 16, 'wide');
    const narrow = await addEndpoints(product.url, cookie, receiver, 1, 'narrow');
    log(`product ${product.url}, receiver ${receiver.url}, database ${name}; ${os.cpus().length} cpus, ${os.cpus()[0]?.model ?? '?'}`);

    // Warm both paths once, unmeasured.
    await bareLoop(receiver, wide.secret, 400, 16);
    await productRun(receiver, db, wide.ids, 400);

    const rates: { endpoints: number; bare: RateRun[]; product: RateRun[] }[] = [];
    for (const [ids, events] of [
      [narrow.ids, events1],
      [wide.ids, events16],
    ] as const) {
      const entry = { endpoints: ids.length, bare: [] as RateRun[], product: [] as RateRun[] };
      for (let round_ = 0; round_ < ROUNDS; round_++) {
        // Alternating, so a change in the machine's speed falls on both.
        const order = round_ % 2 ? (['product', 'bare'] as const) : (['bare', 'product'] as const);
        for (const side of order) {
          const run = side === 'bare' ? await bareLoop(receiver, wide.secret, events, ids.length) : await productRun(receiver, db, [...ids], events);
          entry[side].push(run);
          log(`  ${ids.length} endpoint(s), ${events} events, ${side}: ${run.eventsPerSecond} events/s (wall ${run.wallMs} ms)`);
        }
      }
      rates.push(entry);
    }

    // Public reads with and without a backlog being delivered (16 endpoints).
    const leaderboard = `${product.url}/api/public/leaderboard`;
    await warm(leaderboard, 3, { connections: 10 });
    const productRate = median(rates[1]?.product.map((r) => r.eventsPerSecond) ?? [1000]);
    const backlogEvents = Math.round(productRate * SECONDS * 3);
    const reads: ReadRun[] = [];
    const idleRun = () => load({ url: leaderboard, connections: 10, seconds: SECONDS, serverPid: product?.process.pid, exactLatency: true });
    const backlogRun = async () => {
      await reset(receiver);
      await writeBacklog(db, wide.ids, backlogEvents);
      // The sender's poll (1 s) has found it: the reads are loaded while it is being delivered.
      await waitFor(receiver, 1);
      const receiverCpu = cpuSeconds(receiver.process.pid);
      const started = performance.now();
      const run = await load({ url: leaderboard, connections: 10, seconds: SECONDS, serverPid: product?.process.pid, exactLatency: true });
      const receiverCores = round(((cpuSeconds(receiver.process.pid) ?? 0) - (receiverCpu ?? 0)) / ((performance.now() - started) / 1000));
      const delivered = (await stats(receiver)).count;
      const left = Number((await db.query(`select count(*) from webhook_deliveries where status = 'pending'`)).rows[0]?.count ?? 0);
      return { run, delivered, left, receiverCores };
    };
    for (let round_ = 0; round_ < READ_ROUNDS; round_++) {
      // Alternating which goes first, so neither always follows the other's aftermath (a drained backlog's vacuum, say).
      let idle: LoadResult;
      let busy: Awaited<ReturnType<typeof backlogRun>>;
      if (round_ % 2) {
        busy = await backlogRun();
        await waitFor(receiver, backlogEvents);
        idle = await idleRun();
      } else {
        idle = await idleRun();
        busy = await backlogRun();
        await waitFor(receiver, backlogEvents);
      }
      const backlog = busy.run;
      const p99Ratio = round(p99Of(backlog) / Math.max(0.001, p99Of(idle)), 3);
      reads.push({ idle, backlog, backlogLeftAtEnd: busy.left, deliveredDuringRun: busy.delivered, p99Ratio, receiverCores: busy.receiverCores });
      log(
        `  leaderboard p99: ${p99Of(idle)} ms idle (${idle.rps} req/s, product ${idle.serverCores ?? '-'} cores), ${p99Of(backlog)} ms with a backlog (${backlog.rps} req/s, product ${backlog.serverCores ?? '-'} cores, receiver ${busy.receiverCores}; ${busy.delivered} delivered meanwhile, ${busy.left} left): ${p99Ratio}x`,
      );
    }
    await pauseAll(product.url, cookie, [...wide.ids, ...narrow.ids]);

    const ratio = (entry: (typeof rates)[number]) =>
      round(median(entry.product.map((r) => r.eventsPerSecond)) / median(entry.bare.map((r) => r.eventsPerSecond)), 3);
    const summary = {
      deliveryRatio1: rates[0] ? ratio(rates[0]) : null,
      deliveryRatio16: rates[1] ? ratio(rates[1]) : null,
      p99Idle: median(reads.map((r) => p99Of(r.idle))),
      p99Backlog: median(reads.map((r) => p99Of(r.backlog))),
      p99Ratio: round(median(reads.map((r) => p99Of(r.backlog))) / Math.max(0.001, median(reads.map((r) => p99Of(r.idle)))), 3),
      p99RoundRatios: reads.map((r) => r.p99Ratio).sort((a, b) => a - b),
      rpsRatio: round(median(reads.map((r) => r.backlog.rps)) / Math.max(0.001, median(reads.map((r) => r.idle.rps))), 3),
    };
    log(
      `\nproduct / bare signer-and-POST loop: ${summary.deliveryRatio1} with 1 endpoint, ${summary.deliveryRatio16} with 16; public read p99 with a backlog / without: ${summary.p99Ratio} (${summary.p99Backlog} / ${summary.p99Idle} ms; rounds ${summary.p99RoundRatios.join(', ')}), req/s ${summary.rpsRatio}`,
    );
    return { command: 'npm run bench:webhooks', seconds: SECONDS, rates, reads, summary };
  } finally {
    await db.end().catch(() => undefined);
    await product?.stop();
    await receiver.stop();
    await dropPgDatabase(SERVER, name);
  }
}

// On its own (`npm run bench:webhooks`).
if (import.meta.url === `file://${process.argv[1]}`) {
  const startedAt = new Date().toISOString();
  const figures = await measureWebhooks({ seconds: Number(process.env.BENCH_SECONDS ?? 10), log: console.log });
  const results = { startedAt, machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '', node: process.version }, ...figures };
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `webhooks-${startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`written to ${path.relative(ROOT, file)}`);
}
