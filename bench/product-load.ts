/**
 * Everything measured against one running product on one seeded database:
 * public reads, admin lists, award freshness, a sign-in flood and 50
 * concurrent writers. Only counts and timings are recorded; nothing here fails
 * on a timing.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type autocannon from 'autocannon';
import { BENCH_PASSWORD, WRITERS, benchEmail, type Size } from './seed.ts';
import { load, median, percentile, round, sleep, warm, type LoadResult } from './lib.ts';

export interface ProductFigures {
  /** As a browser asks for them (Accept-Encoding: gzip, deflate, br). */
  leaderboard: LoadResult;
  stats: LoadResult;
  /** The leaderboard for a client that asks for no compression (the whole 13 kB JSON each time). */
  leaderboardPlain: LoadResult;
  adminList: { firstPage: Latency; deepOffset: Latency; deepCursor: Latency | null; totalHeader: string | null; deepRow: number };
  /** The live leaderboard (DECISIONS §5): an award's delivery to 1 and to 5,000 open streams, and memory per stream. */
  fanOut: FanOutFigures | null;
  /** Live changes (DECISIONS §6): an award's `change` event to 1 and to 2,000 signed-in streams (GET /api/events), and memory per stream. */
  liveChanges: FanOutFigures | null;
  /** GET /api/public/log, a page of 100 from the middle of the log (bench/season.ts makes it LOG_ENTRIES long). */
  publicLog: LoadResult;
  /** The admin desk (DECISIONS §5): analytics and a flagged-only list against the first admin page, and an export's memory. */
  desk: { analytics: Latency; flaggedList: Latency; export: ExportFigures | null };
  freshness: { checked: boolean; leaderboardChanged: boolean; statsChanged: boolean; detail: string };
  signIn: { flood: LoadResult; probeAlone: LoadResult; probeDuringFlood: LoadResult; accounts: number };
  writers: WriterFigures;
}

export interface FanOutFigures {
  /** p50 / p99 ms from sending an approving review to each stream's 'leaderboard' event. */
  one: { p50: number; p99: number; received: number };
  many: { p50: number; p99: number; received: number; streams: number };
  /** Server RSS with the streams open over without (KB per stream), when /proc could be read. */
  kbPerStream: number | null;
}

export interface ExportFigures {
  rows: number;
  bytes: number;
  seconds: number;
  /** The server's resident memory just before the export and its peak while it streamed (MB, /proc). */
  rssBeforeMb: number;
  rssPeakMb: number;
}

export interface Latency {
  p50: number;
  p99: number;
  runs: number;
  status: number;
}

export interface WriterFigures {
  writers: number;
  reports: Outcome;
  withdrawals: Outcome;
  sameAmbassadorWithdrawals: Outcome;
}

export interface Outcome {
  requests: number;
  byStatus: Record<string, number>;
  errors: number;
  serverErrors: number;
  p50: number;
  p99: number;
}

const SUPER = { email: 'super@bench.example', password: 'SuperBench123!', superAdminSecret: 'bench-super-secret' };

function cookieOf(response: Response): string {
  const raw = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!raw) throw new Error(`no session cookie (status ${response.status})`);
  return raw.split(';')[0] ?? '';
}

async function post(base: string, path: string, body: unknown, cookie?: string, extra: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}), ...extra },
    body: JSON.stringify(body),
  });
}

export async function signIn(base: string, email: string, password: string): Promise<string> {
  return cookieOf(await post(base, '/api/login', { email, password }));
}

export async function measureProduct(base: string, size: Size, seconds: number, log: (line: string) => void, serverPid?: number): Promise<ProductFigures> {
  const admin = cookieOf(await post(base, '/api/super-admin-login', SUPER));

  log('  public reads (100 connections, as a browser asks: Accept-Encoding gzip, deflate, br)');
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  await warm(`${base}/api/public/leaderboard`, 2, { headers: browser });
  const leaderboard = await load({ url: `${base}/api/public/leaderboard`, connections: 100, seconds, headers: browser, serverPid });
  await warm(`${base}/api/public/stats`, 2, { headers: browser });
  const stats = await load({ url: `${base}/api/public/stats`, connections: 100, seconds, headers: browser, serverPid });
  const leaderboardPlain = await load({ url: `${base}/api/public/leaderboard`, connections: 100, seconds, serverPid });

  log('  admin list: first page, a deep page by offset and by cursor');
  const adminList = await measureAdminList(base, admin, size);

  log('  admin desk: analytics, a flagged-only list, an export of every ambassador');
  const desk = await measureDesk(base, admin, serverPid);

  log('  award freshness');
  const freshness = await checkFreshness(base, admin);

  log('  sign-in flood');
  const signInFigures = await signInFlood(base, admin, size, seconds, serverPid);

  log('  50 concurrent writers');
  const writers = await measureWriters(base, size);

  log('  live leaderboard fan-out: 1 stream, then 5,000');
  const fanOut = await measureFanOut(base, admin, serverPid).catch((error: unknown) => {
    log(`    fan-out not measured: ${String(error)}`);
    return null;
  });

  log('  live changes to signed-in pages: 1 stream, then 2,000 (400 sessions, 5 tabs each)');
  const liveChanges = await measureLiveChanges(base, admin, serverPid).catch((error: unknown) => {
    log(`    live changes not measured: ${String(error)}`);
    return null;
  });

  log('  the public log: a page of 100 from the middle');
  const publicLog = await loadPublicLog(base, seconds, serverPid);
  log(`    ${publicLog.rps} req/s (p99 ${publicLog.p99} ms)`);
  return { leaderboard, stats, leaderboardPlain, adminList, desk, fanOut, liveChanges, publicLog, freshness, signIn: signInFigures, writers };
}

/** Resident memory of a process in MB (Linux /proc), or undefined. */
function rssMb(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    const kb = Number(line?.replace(/\D+/g, ''));
    return Number.isFinite(kb) ? round(kb / 1024, 1) : undefined;
  } catch {
    return undefined;
  }
}

async function measureDesk(base: string, admin: string, serverPid: number | undefined): Promise<ProductFigures['desk']> {
  const runs = 30;
  const strip = ({ headers: _h, ...rest }: Latency & { headers: Headers }): Latency => rest;
  const analytics = strip(await timedGet(`${base}/api/admin/analytics`, admin, runs));
  const flaggedList = strip(await timedGet(`${base}/api/admin/ambassadors?limit=50&flagged=true`, admin, runs));
  const before = rssMb(serverPid);
  if (before === undefined) return { analytics, flaggedList, export: null };
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(serverPid) ?? peak);
  }, 20);
  const started = performance.now();
  let bytes = 0;
  let rows = 0;
  try {
    const response = await fetch(`${base}/api/admin/export/ambassadors.csv`, { headers: { cookie: admin } });
    const reader = response.body?.getReader();
    for (;;) {
      const chunk = reader ? await reader.read() : { done: true as const, value: undefined };
      if (chunk.done) break;
      bytes += chunk.value.byteLength;
      for (const byte of chunk.value) if (byte === 10) rows += 1;
    }
  } finally {
    clearInterval(sampler);
  }
  return {
    analytics,
    flaggedList,
    export: { rows: Math.max(0, rows - 1), bytes, seconds: round((performance.now() - started) / 1000, 2), rssBeforeMb: before, rssPeakMb: peak },
  };
}

async function timedGet(url: string, cookie: string, runs: number): Promise<Latency & { headers: Headers }> {
  const times: number[] = [];
  let status = 0;
  let headers = new Headers();
  for (let i = 0; i < runs + 5; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    if (i >= 5) times.push(performance.now() - started);
    status = response.status;
    headers = response.headers;
  }
  return { p50: round(median(times), 3), p99: round(percentile(times, 99), 3), runs, status, headers };
}

async function measureAdminList(base: string, admin: string, size: Size) {
  const runs = 60;
  const first = await timedGet(`${base}/api/admin/ambassadors?limit=50`, admin, runs);
  const deepRow = Math.floor(size.ambassadors * 0.9);
  const deepOffset = await timedGet(`${base}/api/admin/ambassadors?limit=50&offset=${deepRow}`, admin, runs);
  // The cursor of the deep page comes from the page before it (the product hands it out in X-Next-Cursor).
  const before = await fetch(`${base}/api/admin/ambassadors?limit=50&offset=${deepRow - 50}`, { headers: { cookie: admin } });
  await before.arrayBuffer();
  const cursor = before.headers.get('x-next-cursor');
  const deepCursor = cursor ? await timedGet(`${base}/api/admin/ambassadors?limit=50&cursor=${encodeURIComponent(cursor)}`, admin, runs) : null;
  const strip = ({ headers: _h, ...rest }: Latency & { headers: Headers }): Latency => rest;
  return {
    firstPage: strip(first),
    deepOffset: strip(deepOffset),
    deepCursor: deepCursor ? strip(deepCursor) : null,
    totalHeader: first.headers.get('x-total-count'),
    deepRow,
  };
}

/** Approves a pending report with a large award and reads the public figures at once: they must already show it. */
async function checkFreshness(base: string, admin: string): Promise<ProductFigures['freshness']> {
  const pending = await fetch(`${base}/api/admin/reports?status=pending&limit=1`, { headers: { cookie: admin } });
  const reports = (await pending.json()) as { id: string; ambassadorId: string }[];
  const report = reports[0];
  if (!report) return { checked: false, leaderboardChanged: false, statsChanged: false, detail: 'no pending report' };
  const statsBefore = (await (await fetch(`${base}/api/public/stats`)).json()) as { totalGcmAwarded: string };
  await (await fetch(`${base}/api/public/leaderboard`)).arrayBuffer();
  const award = '1000000.00';
  const review = await post(base, `/api/admin/reports/${report.id}/review`, { status: 'approved', gcmAwarded: award, usdtAwarded: '1.00' }, admin);
  if (review.status !== 200)
    return { checked: false, leaderboardChanged: false, statsChanged: false, detail: `review answered ${review.status}: ${await review.text()}` };
  const board = (await (await fetch(`${base}/api/public/leaderboard`)).json()) as { id: string; monthlyGcm: string }[];
  const statsAfter = (await (await fetch(`${base}/api/public/stats`)).json()) as { totalGcmAwarded: string };
  const leaderboardChanged = board[0]?.id === report.ambassadorId;
  const statsChanged = Number(statsAfter.totalGcmAwarded) - Number(statsBefore.totalGcmAwarded) === 1_000_000;
  return {
    checked: true,
    leaderboardChanged,
    statsChanged,
    detail: `first place after the award: ${board[0]?.id === report.ambassadorId ? 'the awarded ambassador' : 'someone else'}; GCM total ${statsBefore.totalGcmAwarded} -> ${statsAfter.totalGcmAwarded}`,
  };
}

/** POST /api/login as the seeded ambassadors 1..accounts in turn, with their password (each succeeds). */
export function signInRequests(base: string, accounts: number): autocannon.Request[] {
  let next = 0;
  return [
    {
      method: 'POST',
      path: '/api/login',
      setupRequest: (request) => {
        next = (next % accounts) + 1;
        return {
          ...request,
          headers: { ...request.headers, 'content-type': 'application/json', origin: base },
          body: JSON.stringify({ email: benchEmail(next), password: BENCH_PASSWORD }),
        };
      },
    },
  ];
}

async function signInFlood(base: string, admin: string, size: Size, seconds: number, serverPid?: number): Promise<ProductFigures['signIn']> {
  const accounts = Math.min(size.ambassadors, 2_000);
  const probe = { url: `${base}/api/user`, connections: 4, overallRate: 100, seconds: Math.max(5, Math.round(seconds / 2)), headers: { cookie: admin } };
  await warm(probe.url, 1, { headers: probe.headers, connections: 4 });
  const probeAlone = await load(probe);
  const requests = signInRequests(base, accounts);
  const floodRun = load({ url: base, connections: 16, seconds, requests, serverPid });
  await sleep(1_000);
  const probeDuringFlood = await load({ ...probe, seconds: Math.max(3, seconds - 3) });
  const flood = await floodRun;
  return { flood, probeAlone, probeDuringFlood, accounts };
}

async function outcome(tasks: (() => Promise<Response>)[], parallel: boolean): Promise<Outcome> {
  const byStatus: Record<string, number> = {};
  const times: number[] = [];
  let errors = 0;
  const runOne = async (task: () => Promise<Response>) => {
    const started = performance.now();
    try {
      const response = await task();
      await response.arrayBuffer();
      byStatus[response.status] = (byStatus[response.status] ?? 0) + 1;
    } catch {
      errors += 1;
    }
    times.push(performance.now() - started);
  };
  if (parallel) await Promise.all(tasks.map(runOne));
  else for (const task of tasks) await runOne(task);
  const serverErrors = Object.entries(byStatus).reduce((sum, [status, n]) => (Number(status) >= 500 ? sum + n : sum), 0);
  return { requests: tasks.length, byStatus, errors, serverErrors, p50: round(median(times), 1), p99: round(percentile(times, 99), 1) };
}

function merge(outcomes: Outcome[]): Outcome {
  const byStatus: Record<string, number> = {};
  for (const o of outcomes) for (const [k, v] of Object.entries(o.byStatus)) byStatus[k] = (byStatus[k] ?? 0) + v;
  return {
    requests: outcomes.reduce((s, o) => s + o.requests, 0),
    byStatus,
    errors: outcomes.reduce((s, o) => s + o.errors, 0),
    serverErrors: outcomes.reduce((s, o) => s + o.serverErrors, 0),
    p50: median(outcomes.map((o) => o.p50)),
    p99: Math.max(...outcomes.map((o) => o.p99)),
  };
}

/**
 * 50 ambassadors (each with its own session) submit a report at the same
 * instant, then each requests 4 withdrawals in a row, all 50 at once; then 50
 * requests at once against one ambassador's balance (they queue on its row).
 */
async function measureWriters(base: string, size: Size): Promise<WriterFigures> {
  const writers = Math.min(WRITERS, size.ambassadors);
  const cookies: string[] = [];
  // Seeded ambassador i is suspended when i % 97 == 0; writers 1..50 are all active.
  for (let i = 1; i <= writers; i++) cookies.push(await signIn(base, benchEmail(i), BENCH_PASSWORD));
  const today = new Date().toISOString().slice(0, 10);
  const weekStart = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
  const report = {
    weekStartDate: weekStart,
    weekEndDate: today,
    activityReport: 'Hosted a Telegram AMA with 300 attendees and posted five threads on X about the game.',
  };
  const reports = await outcome(
    cookies.map((cookie) => () => post(base, '/api/reports', report, cookie)),
    true,
  );
  const wallet = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
  const perWriter = await Promise.all(
    cookies.map((cookie) =>
      outcome(
        Array.from({ length: 4 }, () => () => post(base, '/api/withdrawal-requests', { amount: 50, walletAddress: wallet }, cookie)),
        false,
      ),
    ),
  );
  const withdrawals = merge(perWriter);
  const one = cookies[0] ?? '';
  const sameAmbassadorWithdrawals = await outcome(
    Array.from({ length: writers }, () => () => post(base, '/api/withdrawal-requests', { amount: '50.00', walletAddress: wallet }, one)),
    true,
  );
  return { writers, reports, withdrawals, sameAmbassadorWithdrawals };
}

interface OpenStream {
  request: http.ClientRequest;
  receivedAt: number | null;
}

/** Opens `n` SSE streams of the leaderboard, 200 at a time, each waiting for its first 'leaderboard' event after `arm`. */
interface StreamTarget {
  path: string;
  /** The event whose first arrival after arming is timed. */
  event: string;
  /** A cookie per stream (signed-in streams), by the stream's index. */
  cookie?: (i: number) => string;
}

const LEADERBOARD_STREAM: StreamTarget = { path: '/api/public/leaderboard/stream', event: 'leaderboard' };

async function openStreams(base: string, n: number, target: StreamTarget = LEADERBOARD_STREAM): Promise<{ streams: OpenStream[]; arm: () => void }> {
  const url = new URL(target.path, base);
  const marker = `event: ${target.event}`;
  let armed = false;
  const streams: OpenStream[] = [];
  const openOne = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const stream: OpenStream = { request: null as unknown as http.ClientRequest, receivedAt: null };
      const headers: Record<string, string> = { accept: 'text/event-stream', ...(target.cookie ? { cookie: target.cookie(i) } : {}) };
      stream.request = http.get(url, { agent: false, headers }, (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`${target.path} answered ${response.statusCode ?? '?'}`));
          return;
        }
        response.on('data', (chunk: Buffer) => {
          if (armed && stream.receivedAt === null && chunk.includes(marker)) stream.receivedAt = performance.now();
        });
        resolve();
      });
      stream.request.on('error', reject);
      streams.push(stream);
    });
  for (let i = 0; i < n; i += 200) await Promise.all(Array.from({ length: Math.min(200, n - i) }, (_, k) => openOne(i + k)));
  return { streams, arm: () => (armed = true) };
}

/** Approves the next pending report with a large award (it moves the ranking) and answers when the request was sent. */
async function award(base: string, admin: string, gcm: string): Promise<number> {
  const pending = await fetch(`${base}/api/admin/reports?status=pending&limit=1`, { headers: { cookie: admin } });
  const report = ((await pending.json()) as { id: string }[])[0];
  if (!report) throw new Error('no pending report to approve');
  const sent = performance.now();
  const review = await post(base, `/api/admin/reports/${report.id}/review`, { status: 'approved', gcmAwarded: gcm, usdtAwarded: '0' }, admin);
  if (review.status !== 200) throw new Error(`review answered ${review.status}`);
  return sent;
}

async function deliveries(base: string, admin: string, n: number, gcm: string, target?: StreamTarget): Promise<{ p50: number; p99: number; received: number }> {
  const { streams, arm } = await openStreams(base, n, target);
  try {
    await sleep(500);
    arm();
    const sent = await award(base, admin, gcm);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && streams.some((s) => s.receivedAt === null)) await sleep(20);
    const times = streams.filter((s) => s.receivedAt !== null).map((s) => (s.receivedAt as number) - sent);
    return { p50: round(median(times), 1), p99: round(percentile(times, 99), 1), received: times.length };
  } finally {
    for (const s of streams) s.request.destroy();
    await sleep(300);
  }
}

/**
 * An award's `change` event on GET /api/events: to one signed-in stream, then to 2,000 (400 sessions of
 * seeded ambassadors, 5 tabs each, the most a session keeps), with the server's memory per open stream.
 */
async function measureLiveChanges(base: string, admin: string, serverPid: number | undefined): Promise<FanOutFigures> {
  const sessions: string[] = [];
  for (let i = 0; i < 400; i += 20) {
    sessions.push(...(await Promise.all(Array.from({ length: 20 }, (_, k) => signIn(base, benchEmail(WRITERS + 1 + i + k), BENCH_PASSWORD)))));
  }
  const target = (perSession: number): StreamTarget => ({ path: '/api/events', event: 'change', cookie: (i) => sessions[Math.floor(i / perSession)] ?? '' });
  const one = await deliveries(base, admin, 1, '2500000.00', target(1));
  const before = rssMb(serverPid);
  const opened = await openStreams(base, 2_000, target(5));
  await sleep(1_000);
  const during = rssMb(serverPid);
  for (const s of opened.streams) s.request.destroy();
  await sleep(500);
  const many = await deliveries(base, admin, 2_000, '3500000.00', target(5));
  const kbPerStream = before !== undefined && during !== undefined ? round(((during - before) * 1024) / 2_000, 1) : null;
  return { one, many: { ...many, streams: 2_000 }, kbPerStream };
}

async function measureFanOut(base: string, admin: string, serverPid: number | undefined): Promise<FanOutFigures> {
  const one = await deliveries(base, admin, 1, '2000000.00');
  const before = rssMb(serverPid);
  const opened = await openStreams(base, 5_000);
  await sleep(1_000);
  const during = rssMb(serverPid);
  for (const s of opened.streams) s.request.destroy();
  await sleep(500);
  const many = await deliveries(base, admin, 5_000, '3000000.00');
  const kbPerStream = before !== undefined && during !== undefined ? round(((during - before) * 1024) / 5_000, 1) : null;
  return { one, many: { ...many, streams: 5_000 }, kbPerStream };
}

/** A page of 100 entries from the middle of the public log, as a verifier pages it (no session, no cache). */
async function loadPublicLog(base: string, seconds: number, serverPid?: number): Promise<LoadResult> {
  const head = (await (await fetch(`${base}/api/public/log?limit=1`)).json()) as { head: { seq: number } };
  const url = `${base}/api/public/log?after=${Math.floor(head.head.seq / 2)}&limit=100`;
  await warm(url, 2);
  return load({ url, connections: 100, seconds, serverPid });
}
