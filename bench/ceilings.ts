/**
 * The product as an operator runs it, against ceilings that do the same work with nothing else:
 *
 * - the product is src/server/main.ts as `npm start` runs it (NODE_ENV=production, the default
 *   LOG_LEVEL, its log written to a pipe the harness drains and counts, metrics on with a token);
 * - same bytes: bench/servers/same-bytes.ts answers byte-identical responses to the product's
 *   leaderboard and stats (every header except Date, the same encodings), loaded alternately with
 *   the product, and with the Fastify hello;
 * - same work for a sign-in: bench/servers/sign-in-ceiling.ts, one argon2id verification on the
 *   product's pool;
 * - same work for the dashboard read: bench/servers/dashboard-ceiling.ts, one session lookup and one
 *   row read on the product's driver and pool (PostgreSQL only: PGlite's directory takes one process).
 *
 * Every load records the server's CPU per request beside its req/s; runs alternate (ceiling,
 * product, product, ceiling, ...) so a change in the machine's speed falls on both.
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { freePort } from '../test/helpers/ports.ts';
import os from 'node:os';
import path from 'node:path';
import { BENCH_PASSWORD, WRITERS, benchEmail, type Size } from './seed.ts';
import { load, startChild, warm, type Child, type LoadOptions, type LoadResult } from './lib.ts';
import { signIn, signInRequests } from './product-load.ts';
import { BENCH_SESSION_SECRET, productionEnv } from './product-env.ts';
import type { CapturedAnswer } from './servers/same-bytes.ts';

/** One figure measured alternately on the product and on its ceiling: every run of each. */
export interface Alternation {
  product: LoadResult[];
  ceiling: LoadResult[];
}

export interface CeilingFigures {
  kind: 'postgres' | 'pglite';
  size: Size['name'];
  /** How the product was started (the command and what of its environment matters). */
  productCommand: string;
  /** Whether the ceiling's answers were checked byte for byte against the product's, and what differed. */
  sameBytes: { identical: boolean; detail: string; headerCount: number; bytes: Record<string, number> };
  leaderboard: Alternation;
  stats: Alternation;
  /** The Fastify hello, measured in the same alternation as the public reads. */
  hello: LoadResult[];
  /** Log lines the product wrote per public read (its pipe, counted), and per sign-in. */
  logLinesPerPublicRead: number;
  logLinesPerSignIn: number;
  signIn: Alternation;
  dashboard: Alternation | { skipped: string };
}

/** Runs of each side: each side is loaded this many times, in alternating order. */
const ROUNDS = 2;
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

interface Raw {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

function rawGet(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const pairs: [string, string][] = [];
          for (let i = 0; i < response.rawHeaders.length; i += 2) pairs.push([(response.rawHeaders[i] ?? '').toLowerCase(), response.rawHeaders[i + 1] ?? '']);
          resolve({ status: response.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

/** Headers node writes by itself, and the two that differ per answer by nature. */
const NOT_COMPARED = new Set(['date', 'connection', 'keep-alive', 'content-length', 'x-request-id']);
const ENCODINGS: { encoding: CapturedAnswer['encoding']; headers: Record<string, string> }[] = [
  { encoding: 'br', headers: BROWSER },
  { encoding: 'gzip', headers: { 'accept-encoding': 'gzip' } },
  { encoding: 'identity', headers: {} },
];
const PUBLIC_PATHS = ['/api/public/leaderboard', '/api/public/stats'];

async function capture(base: string): Promise<CapturedAnswer[]> {
  const answers: CapturedAnswer[] = [];
  for (const p of PUBLIC_PATHS)
    for (const { encoding, headers } of ENCODINGS) {
      const raw = await rawGet(`${base}${p}`, headers);
      answers.push({
        path: p,
        encoding,
        status: raw.status,
        headers: raw.headers.filter(([name]) => !NOT_COMPARED.has(name)),
        body: raw.body.toString('base64'),
      });
    }
  return answers;
}

/** Compares the ceiling's answers with the product's: every header (but Date and the request id's value) and every byte. */
async function compare(productBase: string, ceilingBase: string): Promise<CeilingFigures['sameBytes']> {
  const differences: string[] = [];
  const bytes: Record<string, number> = {};
  let headerCount = 0;
  for (const p of PUBLIC_PATHS)
    for (const { encoding, headers } of ENCODINGS) {
      const [a, b] = [await rawGet(`${productBase}${p}`, headers), await rawGet(`${ceilingBase}${p}`, headers)];
      const names = (r: Raw) => r.headers.map(([n]) => n).filter((n) => n !== 'date');
      const values = (r: Raw) =>
        r.headers
          .filter(([n]) => n !== 'date')
          .map(([n, v]) => (n === 'x-request-id' ? `${n}: <${v.length} chars>` : `${n}: ${v}`))
          .sort();
      headerCount = Math.max(headerCount, names(a).length);
      bytes[`${p} ${encoding}`] = a.body.length;
      if (a.status !== b.status) differences.push(`${p} ${encoding}: status ${a.status} / ${b.status}`);
      if (!a.body.equals(b.body)) differences.push(`${p} ${encoding}: bodies differ (${a.body.length} / ${b.body.length} bytes)`);
      const [va, vb] = [values(a), values(b)];
      const missing = va.filter((h) => !vb.includes(h));
      const extra = vb.filter((h) => !va.includes(h));
      if (missing.length || extra.length)
        differences.push(`${p} ${encoding}: headers only the product sent ${JSON.stringify(missing)}, only the ceiling ${JSON.stringify(extra)}`);
    }
  return { identical: differences.length === 0, detail: differences.join('; ') || 'identical but for Date and the request id', headerCount, bytes };
}

/** Loads `a` and `b` alternately, ROUNDS times each (a b, b a, ...), after a warm-up of each. */
async function alternate(a: () => Promise<LoadResult>, b: () => Promise<LoadResult>, warmUp: () => Promise<void>): Promise<[LoadResult[], LoadResult[]]> {
  await warmUp();
  const ra: LoadResult[] = [];
  const rb: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      ra.push(await a());
      rb.push(await b());
    } else {
      rb.push(await b());
      ra.push(await a());
    }
  }
  return [ra, rb];
}

export interface CeilingInput {
  kind: 'postgres' | 'pglite';
  size: Size;
  seconds: number;
  /** BENCH_DATABASE_URL or BENCH_DATA_DIR, as bench/servers/product.ts takes them. */
  productEnv: Record<string, string>;
  passwordHash: string;
  hello: { url: string; pid: number | undefined };
  log: (line: string) => void;
}

export async function measureCeilings(input: CeilingInput): Promise<CeilingFigures> {
  const { seconds, log } = input;
  const port = await freePort();
  let lines = 0;
  const env = productionEnv(port, input.productEnv);
  // The harness's own environment must not set the product's log level.
  delete process.env.LOG_LEVEL;
  const product = await startChild('src/server/main.ts', env, 600_000, /ready at http:\/\/127\.0\.0\.1:(\d+)/, (chunk) => {
    for (const byte of chunk) if (byte === 10) lines += 1;
  });
  const children: Child[] = [product];
  try {
    const base = product.url;
    const pid = product.process.pid;
    log(`  ceilings: the product as npm start runs it (NODE_ENV=production, default LOG_LEVEL, METRICS_TOKEN set) on port ${port}`);
    // The cache fills on the first read: capture after one.
    for (const p of PUBLIC_PATHS) await rawGet(`${base}${p}`, BROWSER);
    const answers = await capture(base);
    const file = path.join(os.tmpdir(), `ambassador-bench-answers-${process.pid}.json`);
    writeFileSync(file, JSON.stringify(answers));
    const sameBytesServer = await startChild('bench/servers/same-bytes.ts', { BENCH_ANSWERS: file });
    children.push(sameBytesServer);
    const sameBytes = await compare(base, sameBytesServer.url);
    log(`    same bytes: ${sameBytes.identical ? 'identical' : 'DIFFERENT'} (${sameBytes.detail}); ${sameBytes.headerCount} headers`);

    const run =
      (url: string, serverPid: number | undefined, extra: Partial<LoadOptions> = {}) =>
      () =>
        load({ url, connections: 100, seconds, headers: BROWSER, serverPid, ...extra });
    const hello: LoadResult[] = [];
    let publicRequests = 0;
    let publicLines = 0;
    const publicRead = async (p: string): Promise<Alternation> => {
      const productRun = async () => {
        const before = lines;
        const result = await run(`${base}${p}`, pid)();
        publicLines += lines - before;
        publicRequests += result.requests;
        return result;
      };
      const [ceiling, productRuns] = await alternate(run(`${sameBytesServer.url}${p}`, sameBytesServer.process.pid), productRun, async () => {
        await warm(`${sameBytesServer.url}${p}`, 2, { headers: BROWSER });
        await warm(`${base}${p}`, 2, { headers: BROWSER });
      });
      hello.push(await run(input.hello.url, input.hello.pid, { headers: {} })());
      const show = (r: LoadResult[]) => r.map((x) => `${x.rps} req/s ${x.cpuUsPerRequest ?? '-'} µs`).join(', ');
      log(`    ${p}: product ${show(productRuns)}; same bytes ${show(ceiling)}; hello ${show(hello.slice(-1))}`);
      return { product: productRuns, ceiling };
    };
    const leaderboard = await publicRead('/api/public/leaderboard');
    const stats = await publicRead('/api/public/stats');
    await sameBytesServer.stop();

    // Sign-ins: the same flood (16 connections, 2,000 accounts in turn) on the product and on one verification.
    const accounts = Math.min(input.size.ambassadors, 2_000);
    const signInCeiling = await startChild('bench/servers/sign-in-ceiling.ts', { BENCH_PASSWORD_HASH: input.passwordHash });
    children.push(signInCeiling);
    let signInRequests_ = 0;
    let signInLines = 0;
    const flood = (child: Child, counted: boolean) => async () => {
      const before = lines;
      const result = await load({ url: child.url, connections: 16, seconds, requests: signInRequests(child.url, accounts), serverPid: child.process.pid });
      if (counted) {
        signInLines += lines - before;
        signInRequests_ += result.requests;
      }
      return result;
    };
    const [signInCeilingRuns, signInProduct] = await alternate(flood(signInCeiling, false), flood(product, true), async () => {
      await load({ url: signInCeiling.url, connections: 16, seconds: 2, requests: signInRequests(signInCeiling.url, accounts) });
      await load({ url: base, connections: 16, seconds: 2, requests: signInRequests(base, accounts) });
    });
    await signInCeiling.stop();
    const showSign = (r: LoadResult[]) => r.map((x) => `${x.rps}/s (non-2xx ${x.non2xx}) ${x.cpuUsPerRequest ?? '-'} µs`).join(', ');
    log(`    sign-ins: product ${showSign(signInProduct)}; one verification ${showSign(signInCeilingRuns)}`);

    let dashboard: CeilingFigures['dashboard'];
    if (input.kind !== 'postgres' || !input.productEnv.BENCH_DATABASE_URL) {
      dashboard = { skipped: 'PGlite: its directory takes one process, so the ceiling cannot run beside the product' };
    } else {
      const cookie = await signInRetrying(base, benchEmail(WRITERS + 2));
      const dashboardCeiling = await startChild('bench/servers/dashboard-ceiling.ts', {
        BENCH_DATABASE_URL: input.productEnv.BENCH_DATABASE_URL,
        BENCH_SESSION_SECRET,
      });
      children.push(dashboardCeiling);
      const read = (url: string, serverPid: number | undefined) => () => load({ url, connections: 50, seconds, headers: { cookie }, serverPid });
      const [ceilingRuns, productRuns] = await alternate(
        read(`${dashboardCeiling.url}/api/ambassadors/me`, dashboardCeiling.process.pid),
        read(`${base}/api/ambassadors/me`, pid),
        async () => {
          await warm(`${dashboardCeiling.url}/api/ambassadors/me`, 2, { headers: { cookie } });
          await warm(`${base}/api/ambassadors/me`, 2, { headers: { cookie } });
        },
      );
      await dashboardCeiling.stop();
      dashboard = { product: productRuns, ceiling: ceilingRuns };
      const show = (r: LoadResult[]) => r.map((x) => `${x.rps} req/s (non-2xx ${x.non2xx}) ${x.cpuUsPerRequest ?? '-'} µs`).join(', ');
      log(`    dashboard: product ${show(productRuns)}; one session lookup and one row read ${show(ceilingRuns)}`);
    }

    return {
      kind: input.kind,
      size: input.size.name,
      productCommand: 'node --import tsx src/server/main.ts (NODE_ENV=production, LOG_LEVEL unset, METRICS_TOKEN set, stdout to a pipe)',
      sameBytes,
      leaderboard,
      stats,
      hello,
      logLinesPerPublicRead: publicRequests ? Math.round((publicLines / publicRequests) * 1000) / 1000 : 0,
      logLinesPerSignIn: signInRequests_ ? Math.round((signInLines / signInRequests_) * 1000) / 1000 : 0,
      signIn: { product: signInProduct, ceiling: signInCeilingRuns },
      dashboard,
    };
  } finally {
    for (const child of children.reverse()) await child.stop();
  }
}

/** A sign-in right after a flood: the flood's last requests may still hold the hashing queue for a moment. */
async function signInRetrying(base: string, email: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await signIn(base, email, BENCH_PASSWORD);
    } catch (error) {
      if (attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
}
