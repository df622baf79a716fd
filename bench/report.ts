/** Turns one run's results into docs/benchmarks.md: every target row of issue 5, its measured ratio, pass or miss. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadResult } from './lib.ts';
import type { BenchResults, SizeRun } from './run.ts';
import { median, round } from './lib.ts';

type Verdict = 'pass' | 'miss' | 'not measured' | 'reported';

interface Row {
  what: string;
  target: string;
  measured: string;
  verdict: Verdict;
  note: string;
  /** What explains a miss, shown under the table when the row misses. */
  why?: string;
}

const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? String(round(n, digits)) : '-');
/** A load's server CPU per request, beside its req/s. */
const cpu = (r: LoadResult) => (r.cpuUsPerRequest === undefined ? '' : `, ${r.cpuUsPerRequest} µs CPU/request`);
/** The median of one side's alternating runs (rps, cpu, p99). */
function mid(runs: LoadResult[]): { rps: number; cpu: number; p99: number; non2xx: number } {
  return {
    rps: median(runs.map((x) => x.rps)),
    cpu: median(runs.map((x) => x.cpuUsPerRequest ?? Number.NaN)),
    p99: median(runs.map((x) => x.p99)),
    non2xx: runs.reduce((n, x) => n + x.non2xx + x.errors, 0),
  };
}
const sides = (a: { rps: number; cpu: number; p99: number }, label: string) =>
  `${label} ${fmt(a.rps, 1)} req/s, ${fmt(a.cpu, 1)} µs CPU/request, p99 ${a.p99} ms`;

/** The row of the task claims (bench/tasks.ts, issue 43): claims per second against the same request without the claim's logic. */
function taskRows(r: BenchResults): Row[] {
  const t = r.tasks;
  const what = 'tasks: telegram_member claims/s / the same request doing the session read, one stand-in call and one write';
  if (!t || 'skipped' in t) return [notRun(what, '>= 0.7', t ? t.skipped : 'not run')];
  return [
    {
      what,
      target: '>= 0.7',
      measured: fmt(t.ratio, 3),
      verdict: t.ratio >= 0.7 ? 'pass' : 'miss',
      why: 'a claim is 12-13 statements (the rate limit, task, link and period in one; the lock; the ledger; the totals) against the ceiling\'s 4; see docs/decisions/029.',
      note: `${t.database}; CPU ratio ${fmt(t.cpuRatio, 3)}; statements ${t.statements.claim.statements} / ${t.statements.ceiling.statements}; against a bare stand-in call ${fmt(t.ratioToBareCall, 3)}`,
    },
  ];
}

/** The rows of the webhook sender (bench/webhooks.ts, issue 45): delivery rate against a bare loop, public reads during a backlog. */
function webhookRows(r: BenchResults): Row[] {
  const w = r.webhooks;
  const names = [
    'webhooks: events/s delivered to one endpoint / a bare sign-and-POST loop',
    'webhooks: events/s delivered over 16 endpoints / a bare sign-and-POST loop',
    'webhooks: public leaderboard p99 while a backlog is delivered / without',
  ];
  if (!w || 'skipped' in w) return names.map((n) => notRun(n, n.includes('p99') ? '<= 1.5' : '>= 0.5', w ? w.skipped : 'not run'));
  const rate = (endpoints: number) => {
    const entry = w.rates.find((e) => e.endpoints === endpoints);
    if (!entry) return '-';
    return `product ${entry.product.map((x) => x.eventsPerSecond).join(', ')} events/s, bare ${entry.bare.map((x) => x.eventsPerSecond).join(', ')} (alternating; medians divided)`;
  };
  const why =
    'each batch costs a claim and a settling transaction beside its POSTs, and the sender shares the process (and, here, two cores) with the product; see docs/decisions/030.';
  const s = w.summary;
  return [
    {
      what: names[0] as string,
      target: '>= 0.5',
      measured: fmt(s.deliveryRatio1 ?? Number.NaN, 3),
      verdict: s.deliveryRatio1 !== null && s.deliveryRatio1 >= 0.5 ? 'pass' : 'miss',
      why,
      note: rate(1),
    },
    {
      what: names[1] as string,
      target: '>= 0.5',
      measured: fmt(s.deliveryRatio16 ?? Number.NaN, 3),
      verdict: s.deliveryRatio16 !== null && s.deliveryRatio16 >= 0.5 ? 'pass' : 'miss',
      why,
      note: rate(16),
    },
    {
      what: names[2] as string,
      target: '<= 1.5',
      measured: fmt(s.p99Ratio, 3),
      verdict: s.p99Ratio <= 1.5 ? 'pass' : 'miss',
      why: 'a delivery takes CPU from the process that answers the reads; the sender gives way while the product is busy (features/webhooks/pacing.ts), but its claims and settlements still run.',
      note: `p99 ${s.p99Backlog} ms with a backlog, ${s.p99Idle} ms without; req/s ${fmt(s.rpsRatio, 3)}×; delivered during the loaded runs: ${w.reads.map((x) => x.deliveredDuringRun).join(', ')}`,
    },
  ];
}

/** The rows of the edge (bench/edge.ts): nginx with the README's blocks in front of the product. */
function edgeRows(r: BenchResults): Row[] {
  const e = r.edge;
  const names = [
    'the edge: leaderboard requests reaching the product / requests the edge answered',
    'the edge: the leaderboard answered with the product stopped',
    'the edge: an award visible through the edge',
  ];
  if (!e || 'skipped' in e) return names.map((n) => notRun(n, 'see issue 47', e ? e.skipped : 'not run'));
  const worstAward = Math.max(...e.awardVisibleMs.map((ms) => (Number.isFinite(ms) ? ms : Infinity)));
  return [
    {
      what: names[0] as string,
      target: 'about one request per URL a second at the origin',
      measured: `${e.originRequests} of ${e.throughEdge.requests} (${fmt(e.originLoadRatio, 5)}; ${fmt(e.originPerSecond)} /s at the origin)`,
      verdict: e.originPerSecond <= 1.5 && e.throughEdge.non2xx === 0 ? 'pass' : 'miss',
      why: 'nginx refreshes its copy in the background once a second (max-age=1) while a crowd reads it; more than that means the cache did not hold the answer.',
      note: `${e.nginx}; through the edge ${e.throughEdge.rps} req/s, p99 ${e.throughEdge.p99} ms; the product directly under the same load ${e.direct.rps} req/s, p99 ${e.direct.p99} ms${cpu(e.direct)} (100 connections, Accept-Encoding as a browser sends it)`,
    },
    {
      what: names[1] as string,
      target: 'every read 200 from the last copy',
      measured: `${e.originDown.ok}/${e.originDown.reads} (${e.originDown.sameBody} the last copy)`,
      verdict: e.originDown.ok === e.originDown.reads ? 'pass' : 'miss',
      why: 'stale-if-error: proxy_cache_use_stale error timeout http_5xx with inactive=1d.',
      note: 'the product stopped with SIGTERM, 50 reads through the edge',
    },
    {
      what: names[2] as string,
      target: '<= 2000 ms',
      measured: `${e.awardVisibleMs.join(', ')} ms`,
      verdict: worstAward <= 2000 ? 'pass' : 'miss',
      why: 'the edge keeps a copy a second and refreshes it in the background; the product’s own cache follows the change at once.',
      note: 'a report approved with a large award through the edge while 20 connections read the leaderboard through it; then plain reads until the answer changed',
    },
  ];
}

/** The rows of the ceilings (bench/ceilings.ts): the product as `npm start` runs it against same-bytes and same-work routes. */
function ceilingRows(r: BenchResults): Row[] {
  const c = r.ceilings;
  const names = [
    'public reads as `npm start` runs them: CPU per request / a same-bytes Fastify route',
    'public reads as `npm start` runs them: req/s / the same-bytes route',
    'public reads as `npm start` runs them: p99 / the same-bytes route',
    'public reads as `npm start` runs them: req/s / Fastify hello',
    'sign-ins per second / a route doing one argon2id verification on the same pool',
    'the ambassador dashboard read (GET /api/ambassadors/me) / one session lookup and one row read',
  ];
  if (!c || 'skipped' in c) return names.map((n) => notRun(n, 'see the issue 31 targets', c ? c.skipped : 'not run'));
  const where = `size ${c.size}, ${c.kind}; ${c.productCommand}`;
  const reads = (['leaderboard', 'stats'] as const).map((name) => ({ name, product: mid(c[name].product), ceiling: mid(c[name].ceiling) }));
  const hello = mid(c.hello);
  const detail = reads.map((x) => `${x.name}: ${sides(x.product, 'product')}; ${sides(x.ceiling, 'same bytes')}`).join('; ');
  const cpuRatios = reads.map((x) => x.product.cpu / x.ceiling.cpu);
  const rpsRatios = reads.map((x) => x.product.rps / x.ceiling.rps);
  const p99Ratios = reads.map((x) => x.product.p99 / Math.max(1, x.ceiling.p99));
  const helloRatios = reads.map((x) => x.product.rps / hello.rps);
  const pair = (v: number[]) => `leaderboard ${fmt(v[0] ?? Number.NaN)}, stats ${fmt(v[1] ?? Number.NaN)}`;
  const identical = c.sameBytes.identical;
  const rows: Row[] = [
    {
      what: names[0] as string,
      target: '<= 1.25, byte-identical answers',
      measured: `${pair(cpuRatios)}; identical: ${identical ? 'yes' : 'no'}`,
      verdict: Math.max(...cpuRatios) <= 1.25 && identical ? 'pass' : 'miss',
      why: 'what is left is the product’s request path around a stored answer: its hooks (the headers and Host checks, the NUL check, the metrics), the route’s cache lookup and the production Host check; see the profile below.',
      note: `${detail}; ${c.sameBytes.headerCount} headers, ${c.sameBytes.detail}; log lines per public read ${c.logLinesPerPublicRead}; alternating runs, medians (${where})`,
    },
    {
      what: names[1] as string,
      target: '>= 0.85',
      measured: pair(rpsRatios),
      verdict: Math.min(...rpsRatios) >= 0.85 ? 'pass' : 'miss',
      why: 'req/s follows CPU per request on a machine where the load generator takes one of the two cores.',
      note: `the same runs (${where})`,
    },
    {
      what: names[2] as string,
      target: '<= 1.5',
      measured: pair(p99Ratios),
      verdict: Math.max(...p99Ratios) <= 1.5 ? 'pass' : 'miss',
      why: 'at 100 connections the tail is the queue of requests each waiting its turn on one event loop, so it follows CPU per request; on two shared cores it also carries the scheduler.',
      note: `p99 ${reads.map((x) => `${x.name} ${x.product.p99} / ${x.ceiling.p99} ms`).join(', ')}`,
    },
    {
      what: names[3] as string,
      target: '>= 0.8',
      measured: pair(helloRatios),
      verdict: Math.min(...helloRatios) >= 0.8 ? 'pass' : 'miss',
      why: 'the hello answers 17 bytes with 5 headers; a public read answers about 1 kB of headers (the security headers) and the compressed figures: the same-bytes route, which does nothing else, is itself below 0.8 of the hello on this machine when the answer is large.',
      note: `Fastify hello in the same alternation: ${sides(hello, 'hello')}; same-bytes route / hello: ${pair(reads.map((x) => x.ceiling.rps / hello.rps))}`,
    },
  ];
  const sp = mid(c.signIn.product);
  const sc = mid(c.signIn.ceiling);
  const signRatio = sp.rps / sc.rps;
  rows.push({
    what: names[4] as string,
    target: '>= 0.85, rate limits and the constant-time answer unchanged',
    measured: `${fmt(signRatio)}; CPU per sign-in ${fmt(sp.cpu / sc.cpu)}x`,
    verdict: signRatio >= 0.85 && sp.non2xx === 0 ? 'pass' : 'miss',
    why: 'a sign-in also counts its attempt and reads the account in one statement, then starts its session with the attempt given back in a second (both commit without waiting for the WAL flush, ADR 026): two round trips whose CPU (the driver and the loopback writes here, PostgreSQL beside it) is taken from the two cores the hashing threads share; bench/thread-cpu.ts splits it by thread.',
    note: `product ${fmt(sp.rps, 1)} sign-ins/s (${fmt(sp.cpu / 1000, 2)} ms CPU each, non-2xx or errors ${sp.non2xx}); one verification ${fmt(sc.rps, 1)}/s (${fmt(sc.cpu / 1000, 2)} ms CPU each); 16 connections, 2,000 accounts in turn; log lines per sign-in ${c.logLinesPerSignIn} (${where})`,
  });
  if ('skipped' in c.dashboard) rows.push(notRun(names[5] as string, '>= 0.7, CPU per request reported', c.dashboard.skipped));
  else {
    const dp = mid(c.dashboard.product);
    const dc = mid(c.dashboard.ceiling);
    const ratio = dp.rps / dc.rps;
    rows.push({
      what: names[5] as string,
      target: '>= 0.7, CPU per request reported',
      measured: `${fmt(ratio)}; CPU per request ${fmt(dp.cpu / dc.cpu)}x`,
      verdict: ratio >= 0.7 && dp.non2xx === 0 ? 'pass' : 'miss',
      why: 'the dashboard answers more than the ceiling reads: besides the session and the ambassador record, the withdrawals pending and paid, the report count, the prizes won, the email setting and today’s report, all read with the session in one statement (the ceiling makes two); what is left is that larger statement and its answer.',
      note: `${sides(dp, 'product')}; ${sides(dc, 'ceiling')}; 50 connections, one session (${where})`,
    });
  }
  return rows;
}
const find = (r: BenchResults, kind: SizeRun['kind'], size: string) => r.runs.find((x) => x.kind === kind && x.size.name === size);
/** The Fastify hello run with the median req/s among all of this run's hello runs. */
function helloMedian(r: BenchResults): LoadResult {
  const all = [...r.baselines.pairs.map((p) => p.fastify), ...r.runs.map((run) => run.helloNear), r.baselines.fastifyAfter].sort((a, b) => a.rps - b.rps);
  return all[Math.floor(all.length / 2)] as LoadResult;
}

/** Whether the server or the load generator was the limit, from the server's CPU during the run. */
function cpuNote(product: LoadResult, hello: LoadResult): string {
  if (product.serverCores === undefined || hello.serverCores === undefined) return '';
  return ` The product's process used ${product.serverCores} cores during the run, the Fastify hello ${hello.serverCores}${product.serverCores < 0.9 ? ': the product had CPU to spare, so the load generator, reading bigger answers on the same two cores, was part of the limit' : ''}.`;
}

const notRun = (what: string, target: string, why: string): Row => ({ what, target, measured: '-', verdict: 'not measured', note: why });

export function targetRows(r: BenchResults): Row[] {
  const rows: Row[] = [];
  // The framework's ratio: node and Fastify measured back to back, several times; the median of the pairs' ratios.
  const pairRatios = r.baselines.pairs.map((p) => p.fastify.rps / p.node.rps);
  const framework = median(pairRatios);
  rows.push({
    what: 'Fastify hello / bare node hello',
    target: '>= 0.9',
    measured: fmt(framework),
    verdict: framework >= 0.9 ? 'pass' : 'miss',
    why: 'the framework against `node:http` on two cores, where the load generator takes one: nothing in the product takes part. Pairs of 10 s runs on this machine vary by up to 2x, which is why the median of pairs is used.',
    note: `median of ${pairRatios.length} back-to-back pairs (${r.baselines.pairs.map((p) => `${p.fastify.rps} / ${p.node.rps}`).join('; ')} req/s); at the end of the run ${r.baselines.fastifyAfter.rps} / ${r.baselines.nodeAfter.rps}`,
  });

  rows.push(...ceilingRows(r));
  rows.push(...edgeRows(r));
  rows.push(...webhookRows(r));
  rows.push(...taskRows(r));

  const pgL = find(r, 'postgres', 'L');
  const pgS = find(r, 'postgres', 'S');
  const liteS = find(r, 'pglite', 'S');
  const large = pgL ?? find(r, 'pglite', 'L');
  if (large) {
    const p = large.product;
    const fresh = p.freshness;
    // The denominator: the median of every Fastify hello run of this run (three at the start, one before
    // each size's public reads, one at the end). Single 10 s runs of the hello vary by up to 2x here.
    const near = helloMedian(r);
    const lbRatio = p.leaderboard.rps / near.rps;
    const freshOk = fresh.checked && fresh.leaderboardChanged && fresh.statsChanged;
    rows.push({
      what: `public leaderboard req/s / Fastify hello, at size L (${large.kind})`,
      target: '>= 0.5, figures change as soon as an award is credited',
      measured: `${fmt(lbRatio)}; fresh after an award: ${freshOk ? 'yes' : 'no'}`,
      verdict: lbRatio >= 0.5 && freshOk ? 'pass' : 'miss',
      why: freshOk
        ? `the answer is cached as bytes (no query, JSON or compression per request); what is left is the request path (security headers, access hook) and about 1 kB of headers and 3 kB of body against 17 bytes.${cpuNote(p.leaderboard, near)}`
        : 'the figures did not change at once after an award: a cache invalidation defect.',
      note: `${p.leaderboard.rps} req/s${cpu(p.leaderboard)}, p50 ${p.leaderboard.p50} ms, p99 ${p.leaderboard.p99} ms, errors ${p.leaderboard.errors}, non-2xx ${p.leaderboard.non2xx} (as a browser asks, compressed); Fastify hello (median of this run's ${r.baselines.pairs.length + r.runs.length + 1} hello runs): ${near.rps} req/s${cpu(near)}; without compression ${p.leaderboardPlain.rps} req/s${cpu(p.leaderboardPlain)} (${fmt(p.leaderboardPlain.rps / near.rps)}); ${fresh.detail}`,
    });
    const stRatio = p.stats.rps / near.rps;
    rows.push({
      what: `public stats req/s / Fastify hello, at size L (${large.kind})`,
      target: '>= 0.5',
      measured: fmt(stRatio),
      verdict: stRatio >= 0.5 && fresh.statsChanged ? 'pass' : 'miss',
      why: `as for the leaderboard: the request path around a cached answer.${cpuNote(p.stats, near)}`,
      note: `${p.stats.rps} req/s${cpu(p.stats)}, p50 ${p.stats.p50} ms, p99 ${p.stats.p99} ms, errors ${p.stats.errors}, non-2xx ${p.stats.non2xx}`,
    });
    const p99Ratio = Math.max(p.leaderboard.p99, p.stats.p99) / near.p99;
    rows.push({
      what: 'p99 of public reads at 100 connections / hello route p99',
      target: '<= 3',
      measured: fmt(p99Ratio),
      verdict: p99Ratio <= 3 ? 'pass' : 'miss',
      why: 'a cache refresh (every change of the figures, at most every 5 s) makes the requests arriving meanwhile wait for one query; on two shared cores the tail also carries the scheduler.',
      note: `worst public p99 ${Math.max(p.leaderboard.p99, p.stats.p99)} ms vs Fastify hello p99 ${near.p99} ms (size L, ${large.kind})`,
    });
  } else {
    for (const what of [
      'public leaderboard req/s / Fastify hello, at size L',
      'public stats req/s / Fastify hello, at size L',
      'p99 of public reads at 100 connections / hello route p99',
    ])
      rows.push(notRun(what, what.includes('p99') ? '<= 3' : '>= 0.5', 'size L was not run (--pg / --pglite)'));
  }

  const small = large ? find(r, large.kind, 'S') : undefined;
  if (large && small) {
    const lb = large.queries.leaderboardMs / small.queries.leaderboardMs;
    const st = large.queries.statsMs / small.queries.statsMs;
    const ledgerScan = large.queries.plans.some((p) => p.ledgerSeqScan);
    const seqScans = [...new Set(large.queries.plans.flatMap((p) => p.seqScans))];
    rows.push({
      what: 'leaderboard and stats query time at L / at S',
      target: '<= 1.5, no sequential scan over the ledger',
      measured: `leaderboard ${fmt(lb)}, stats ${fmt(st)}; ledger seq scan: ${ledgerScan ? 'yes' : 'no'}`,
      verdict: lb <= 1.5 && st <= 1.5 && !ledgerScan ? 'pass' : 'miss',
      note: `medians at L ${large.queries.leaderboardMs} / ${large.queries.statsMs} ms, at S ${small.queries.leaderboardMs} / ${small.queries.statsMs} ms (${large.kind}); sequential scans at L: ${seqScans.join(', ') || 'none'}`,
    });
  } else rows.push(notRun('leaderboard and stats query time at L / at S', '<= 1.5', 'needs sizes S and L on one database'));

  if (large) {
    const list = large.product.adminList;
    const deep = list.deepCursor ?? list.deepOffset;
    const ratio = deep.p50 / list.firstPage.p50;
    rows.push({
      what: 'admin list, a deep page / the first page, at L',
      target: '<= 1.5 (keyset paging, no exact count on every page)',
      measured: fmt(ratio),
      verdict: ratio <= 1.5 && list.deepCursor !== null ? 'pass' : 'miss',
      note: `p50 first page ${list.firstPage.p50} ms; row ${list.deepRow} by ${list.deepCursor ? `cursor ${list.deepCursor.p50} ms` : 'offset (no cursor offered)'}; by offset ${list.deepOffset.p50} ms; X-Total-Count ${list.totalHeader ?? '-'}`,
    });
  } else rows.push(notRun('admin list, a deep page / the first page, at L', '<= 1.5', 'size L was not run'));

  if (large) {
    const f = large.product.fanOut;
    const ratio = f ? f.many.p99 / f.one.p99 : null;
    rows.push(
      f && ratio !== null
        ? {
            what: 'live leaderboard: p99 delivery of an award to 5,000 streams / to 1, at L',
            target: '<= 5, with memory per stream',
            measured: fmt(ratio),
            verdict: ratio <= 5 && f.many.received === f.many.streams ? 'pass' : 'miss',
            note: `p99 ${f.many.p99} ms to ${f.many.received} of ${f.many.streams} streams, ${f.one.p99} ms to 1; ${f.kbPerStream ?? '-'} KB of server memory per open stream`,
            why: 'each event carries the whole leaderboard (about 13 kB), written 5,000 times by one process on two cores that the 5,000 receiving sockets of the load generator share; the 100 ms coalescing window is in both figures.',
          }
        : notRun('live leaderboard: p99 delivery of an award to 5,000 streams / to 1, at L', '<= 5', 'not measured in this run'),
    );
    const live = large.product.liveChanges;
    const liveRatio = live && live.one.p99 > 0 ? live.many.p99 / live.one.p99 : Number.NaN;
    rows.push(
      live
        ? {
            what: 'live changes: p99 delivery of an award to 2,000 signed-in streams / to 1, at L',
            target: '<= 5, with memory per stream',
            measured: fmt(liveRatio),
            verdict: liveRatio <= 5 && live.many.received === live.many.streams ? 'pass' : 'miss',
            note: `p99 ${live.many.p99} ms to ${live.many.received} of ${live.many.streams} streams (400 sessions, 5 tabs each), ${live.one.p99} ms to 1; ${live.kbPerStream ?? '-'} KB of server memory per open stream`,
          }
        : notRun('live changes: p99 delivery of an award to 2,000 signed-in streams / to 1, at L', '<= 5', 'not measured in this run'),
    );
    const season = large.season;
    if ('skipped' in season) {
      rows.push(notRun('freeze of a month at L / the leaderboard query at L', 'reported', `not measured: ${season.skipped}`));
      rows.push(notRun('close of a month at L / the leaderboard query at L', 'reported', `not measured: ${season.skipped}`));
    } else {
      rows.push({
        what: 'freeze of a month at L / the leaderboard query at L',
        target: 'reported (one transaction: standings, entrants, the log, everyone told)',
        measured: fmt(season.freezeMs / large.queries.leaderboardMs),
        verdict: 'reported',
        note: `freeze of ${season.month} with ${season.entrants} entrants ${season.freezeMs} ms (a notification each, and an email each), leaderboard query ${large.queries.leaderboardMs} ms`,
      });
      rows.push({
        what: 'close of a month at L / the leaderboard query at L',
        target: 'reported (the beacon fetched and verified, the draw, prizes credited)',
        measured: season.closed ? fmt(season.closeMs / large.queries.leaderboardMs) : '-',
        verdict: season.closed ? 'reported' : 'miss',
        note: `close of ${season.month} ${season.closeMs} ms, of which a BLS verification and a relay on loopback; leaderboard query ${large.queries.leaderboardMs} ms`,
      });
    }
    const publicLog = large.product.publicLog;
    const logRatio = publicLog.p99 / helloMedian(r).p99;
    rows.push({
      what: `public log page (100 of ${'skipped' in season ? '?' : season.logEntries} entries) p99 at 100 connections / hello route p99`,
      target: '<= 3 (as the public reads)',
      measured: fmt(logRatio),
      verdict: logRatio <= 3 && publicLog.non2xx === 0 ? 'pass' : 'miss',
      why: 'a full page is served from memory (its entries never change), but it is tens of kilobytes of JSON (100 entries, each with two 64-character hashes and its data), about ten times a public read’s body: writing it is most of its CPU per request and sets the tail at 100 connections.',
      note: `${publicLog.rps} req/s${cpu(publicLog)}, p50 ${publicLog.p50} ms, p99 ${publicLog.p99} ms, errors ${publicLog.errors}, non-2xx ${publicLog.non2xx}; Fastify hello p99 ${helloMedian(r).p99} ms`,
    });
  }

  if (large) {
    const first = large.product.adminList.firstPage.p50;
    const desk = large.product.desk;
    const analytics = desk.analytics.p50 / first;
    const flagged = desk.flaggedList.p50 / first;
    rows.push({
      what: 'admin analytics / the first admin page, at L',
      target: '<= 3 (SQL aggregates over indexed columns)',
      measured: fmt(analytics),
      verdict: analytics <= 3 ? 'pass' : 'miss',
      note: `p50 analytics ${desk.analytics.p50} ms, first page ${first} ms`,
      why: 'the per-week and per-month credit sums read every ledger row of the last 12 months (1M at L) through the created_at index; a page of 50 reads 50 rows. Answering in list time needs rollups kept with each credit (a daily figures table), not built yet.',
    });
    rows.push({
      what: "a 'Flagged only' list / the first admin page, at L",
      target: '<= 3 (flags answered by indexes)',
      measured: fmt(flagged),
      verdict: flagged <= 3 ? 'pass' : 'miss',
      note: `p50 flagged-only ${desk.flaggedList.p50} ms, first page ${first} ms`,
      why: 'the flagged filter is evaluated per row until 50 match, and the bounded count evaluates it over up to its cap; at L every seeded ambassador shares one wallet, so this is the worst case for the count.',
    });
    const e = desk.export;
    const memory = e ? e.rssPeakMb / e.rssBeforeMb : null;
    rows.push(
      e && memory !== null
        ? {
            what: 'export of every ambassador at L: peak server RSS during / before',
            target: '<= 1.5 (streamed in pages)',
            measured: fmt(memory),
            verdict: memory <= 1.5 ? 'pass' : 'miss',
            note: `${e.rows} rows, ${fmt(e.bytes / 1_048_576, 1)} MB in ${e.seconds} s; RSS ${e.rssBeforeMb} -> peak ${e.rssPeakMb} MB`,
          }
        : notRun('export of every ambassador at L: peak server RSS during / before', '<= 1.5', 'the server process could not be sampled'),
    );
  } else {
    for (const what of ['admin analytics / the first admin page, at L', "a 'Flagged only' list / the first admin page, at L"])
      rows.push(notRun(what, '<= 3', 'size L was not run'));
    rows.push(notRun('export of every ambassador at L: peak server RSS during / before', '<= 1.5', 'size L was not run'));
  }

  const signRun = large ?? pgS ?? liteS;
  if (signRun) {
    const s = signRun.product.signIn;
    const ceiling = r.machine.cpus / (r.argon2.hashMs / 1000);
    const ratio = s.flood.rps / ceiling;
    const p99 = s.probeDuringFlood.p99 / s.probeAlone.p99;
    rows.push({
      what: 'sign-ins per second / (cores / time of one argon2id hash)',
      target: '>= 0.8, other endpoints p99 at most doubles during a sign-in flood',
      measured: `${fmt(ratio)}; p99 during / alone ${fmt(p99)}`,
      verdict: ratio >= 0.8 && p99 <= 2 && s.flood.non2xx === 0 && s.flood.errors === 0 ? 'pass' : 'miss',
      why: `the ceiling counts both cores hashing and nothing else. Each sign-in also makes two database statements (and PostgreSQL runs them), the HTTP work and the load generator on the same two cores, and a verification took ${r.argon2.verifyMs} ms against ${r.argon2.hashMs} ms for a hash.${p99 > 2 ? ' The probe queued behind the hashing threads.' : ''}`,
      note: `${s.flood.rps} sign-ins/s${cpu(s.flood)} (non-2xx ${s.flood.non2xx}, errors ${s.flood.errors}) vs ${r.machine.cpus} cores / ${r.argon2.hashMs} ms = ${fmt(ceiling, 1)}/s; GET /api/user at 100 req/s: p99 ${s.probeAlone.p99} ms alone, ${s.probeDuringFlood.p99} ms during (size ${signRun.size.name}, ${signRun.kind})`,
    });
  }

  const writerRuns = r.runs;
  if (writerRuns.length) {
    const kinds = new Set(writerRuns.map((w) => w.kind));
    const clean = writerRuns.every((w) => {
      const x = w.product.writers;
      const okStatus = (o: typeof x.reports, allowed: string[]) =>
        o.errors === 0 && o.serverErrors === 0 && Object.keys(o.byStatus).every((s) => allowed.includes(s));
      return okStatus(x.reports, ['201']) && okStatus(x.withdrawals, ['201']) && okStatus(x.sameAmbassadorWithdrawals, ['201']) && (w.deadlocks ?? 0) === 0;
    });
    rows.push({
      what: 'report submission and withdrawal request at 50 concurrent writers',
      target: 'no errors, no deadlocks, on both databases',
      measured: `${clean ? 'no errors, no deadlocks' : 'errors'} on ${[...kinds].join(' and ')}`,
      verdict: clean && kinds.size === 2 ? 'pass' : kinds.size < 2 && clean ? 'not measured' : 'miss',
      note: writerRuns
        .map((w) => {
          const x = w.product.writers;
          return `${w.kind} ${w.size.name}: reports ${JSON.stringify(x.reports.byStatus)}, withdrawals ${JSON.stringify(x.withdrawals.byStatus)}, one account x50 ${JSON.stringify(x.sameAmbassadorWithdrawals.byStatus)}, deadlocks ${w.deadlocks ?? 'n/a'}`;
        })
        .join('; '),
    });
  }

  if (pgS && liteS) {
    const lb = liteS.product.leaderboard.rps / pgS.product.leaderboard.rps;
    const st = liteS.product.stats.rps / pgS.product.stats.rps;
    rows.push({
      what: 'PGlite req/s / PostgreSQL req/s for public reads',
      target: '>= 0.5',
      measured: `leaderboard ${fmt(lb)}, stats ${fmt(st)}`,
      verdict: Math.min(lb, st) >= 0.5 ? 'pass' : 'miss',
      note: `size S: PGlite ${liteS.product.leaderboard.rps} / ${liteS.product.stats.rps} req/s (${liteS.product.leaderboard.cpuUsPerRequest ?? '-'} / ${liteS.product.stats.cpuUsPerRequest ?? '-'} µs CPU/request), PostgreSQL ${pgS.product.leaderboard.rps} / ${pgS.product.stats.rps} req/s (${pgS.product.leaderboard.cpuUsPerRequest ?? '-'} / ${pgS.product.stats.cpuUsPerRequest ?? '-'} µs CPU/request)`,
    });
  } else rows.push(notRun('PGlite req/s / PostgreSQL req/s for public reads', '>= 0.5', 'needs size S on both databases'));

  const fe = r.frontend;
  if ('initialJs' in fe && 'gzipBytes' in fe.initialJs) {
    const kb = fe.initialJs.gzipBytes / 1024;
    rows.push({
      what: 'initial JavaScript of the landing page',
      target: '<= 120 kB gzip',
      measured: `${fmt(kb, 1)} kB`,
      verdict: kb <= 120 ? 'pass' : 'miss',
      note: `${fe.initialJs.files.length} files; the budget is also a test in npm test (test/budget/initial-js.test.ts)`,
    });
  } else
    rows.push(
      notRun('initial JavaScript of the landing page', '<= 120 kB gzip', 'skipped' in fe ? fe.skipped : 'skipped' in fe.initialJs ? fe.initialJs.skipped : ''),
    );
  if ('lighthouse' in fe && 'performance' in fe.lighthouse) {
    const l = fe.lighthouse;
    rows.push({
      what: 'Lighthouse on the landing page, phone profile, Debian Chromium',
      target: 'performance, accessibility, best practices >= 95',
      measured: `${l.performance} / ${l.accessibility} / ${l.bestPractices}`,
      verdict: Math.min(l.performance, l.accessibility, l.bestPractices) >= 95 ? 'pass' : 'miss',
      why: 'Lighthouse simulates a slow phone from the CPU time it observes, so a busy machine scores lower, mostly through Total Blocking Time (the hydration of the prerendered page, docs/decisions/007); LIGHTHOUSE_REPORT=<file> keeps a report to read the audits.',
      note: `Lighthouse ${l.version}, median of ${l.runs?.length ?? 1} runs (performance ${l.runs?.join(', ') ?? l.performance})${l.metrics ? `; FCP ${l.metrics.fcpMs} ms, LCP ${l.metrics.lcpMs} ms, TBT ${l.metrics.tbtMs} ms, CLS ${l.metrics.cls}, Speed Index ${l.metrics.speedIndexMs} ms` : ''}`,
    });
  } else
    rows.push(
      notRun(
        'Lighthouse on the landing page, phone profile, Debian Chromium',
        'performance, accessibility, best practices >= 95',
        'lighthouse' in fe && 'skipped' in fe.lighthouse ? fe.lighthouse.skipped : 'skipped',
      ),
    );

  const cs = r.coldStart;
  if ('cold' in cs) {
    const ok = cs.cold.healthzMs <= 2000 && cs.reopenMedian.healthzMs <= 500;
    rows.push({
      what: 'cold start to /healthz on a new embedded database; reopen',
      target: '<= 2 s; reopen <= 0.5 s',
      measured: `${fmt(cs.cold.healthzMs / 1000)} s; reopen ${fmt(cs.reopenMedian.healthzMs / 1000)} s`,
      verdict: ok ? 'pass' : 'miss',
      why: 'the process answers /healthz as soon as it listens, before the database opens (docs/decisions/008); a miss here is the time to load Node and the first module.',
      note: `/readyz (database answering): ${fmt(cs.cold.readyzMs / 1000)} s new, ${fmt(cs.reopenMedian.readyzMs / 1000)} s reopen; ${cs.command}`,
    });
  } else rows.push(notRun('cold start to /healthz on a new embedded database; reopen', '<= 2 s; reopen <= 0.5 s', cs.skipped));
  return rows;
}

/** The hand-kept profile write-up (bench/profile-notes.md), included as it is: a profile is read by a person, not computed. */
function profileSection(): string[] {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'profile-notes.md');
  if (!existsSync(file)) return [];
  return [readFileSync(file, 'utf8').trimEnd(), ''];
}

export function writeMarkdown(r: BenchResults, revision: string): string {
  const rows = targetRows(r);
  const misses = rows.filter((row) => row.verdict === 'miss');
  const m = r.machine;
  const lines = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (bench/run.ts); do not edit by hand. Every ratio is taken against a baseline measured in the same run',
    '(a bare `node:http` hello server and a Fastify hello route, each in its own process, 100 connections, autocannon on loopback;',
    'the hello servers stay up for the whole run. Single runs of a few seconds vary by up to 2x on this machine, so the',
    'framework row is the median ratio of three back-to-back node/Fastify pairs, and the public reads are divided by the median',
    'of all Fastify hello runs of the run: three at the start, one just before each size, one at the end.',
    'Public reads are loaded as a browser asks for them (`Accept-Encoding: gzip, deflate, br`); the leaderboard is also loaded without compression.',
    'Beside every req/s figure is the server process’s CPU per request (user + system time from `/proc/<pid>/stat` over the requests',
    'it served): req/s swings up to 4x when other work shares the machine, CPU per request much less, so the headline ratios',
    '(the ceilings rows, bench/ceilings.ts) compare CPU per request as well, between servers loaded alternately in one run: the product',
    'as `npm start` runs it (NODE_ENV=production, the default LOG_LEVEL) against a bare Fastify route answering byte-identical',
    'responses, a route doing one argon2id verification on the same pool, and one doing one session lookup and one row read.',
    'The harness records figures and never fails on a timing. Raw figures: `bench/results/*.json` (git-ignored).',
    '',
    `- command: \`${r.command}\` (${r.seconds} s per load run)`,
    `- machine: ${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB, ${m.os}, Node ${m.node}, PostgreSQL ${m.postgres ?? '-'}, PGlite (embedded)`,
    `- run: ${r.startedAt}, commit ${revision}`,
    '',
    '| what | target | measured | verdict | figures |',
    '|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.what} | ${row.target} | ${row.measured} | ${row.verdict === 'pass' ? '**pass**' : row.verdict === 'miss' ? '**miss**' : row.verdict} | ${row.note.replaceAll('|', '\\|')} |`,
    ),
    '',
    '## Every load run',
    '',
    '| database | size | seed | Fastify hello just before, req/s (µs CPU/request) | leaderboard req/s (p50 / p99 ms; server CPU cores; µs CPU/request) | leaderboard uncompressed req/s (µs CPU/request) | stats req/s (p50 / p99 ms; µs CPU/request) | query ms: leaderboard / stats | admin list p50 ms: first / deep offset / deep cursor | sign-ins/s (ms CPU each); probe p99 alone / during |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...r.runs.map((run) => {
      const p = run.product;
      const a = p.adminList;
      const us = (x: LoadResult) => x.cpuUsPerRequest ?? '-';
      const signInMs = p.signIn.flood.cpuUsPerRequest === undefined ? '-' : fmt(p.signIn.flood.cpuUsPerRequest / 1000, 2);
      return `| ${run.kind} | ${run.size.name} | ${fmt(run.seedMs / 1000, 1)} s | ${run.helloNear.rps} (${us(run.helloNear)}) | ${p.leaderboard.rps} (${p.leaderboard.p50} / ${p.leaderboard.p99}; ${p.leaderboard.serverCores ?? '-'}; ${us(p.leaderboard)}) | ${p.leaderboardPlain.rps} (${us(p.leaderboardPlain)}) | ${p.stats.rps} (${p.stats.p50} / ${p.stats.p99}; ${us(p.stats)}) | ${run.queries.leaderboardMs} / ${run.queries.statsMs} | ${a.firstPage.p50} / ${a.deepOffset.p50} / ${a.deepCursor?.p50 ?? '-'} | ${p.signIn.flood.rps} (${signInMs}); ${p.signIn.probeAlone.p99} / ${p.signIn.probeDuringFlood.p99} ms |`;
    }),
    '',
    `Baselines: bare node ${r.baselines.node.rps} req/s (p99 ${r.baselines.node.p99} ms${cpu(r.baselines.node)}), Fastify ${r.baselines.fastify.rps} req/s (p99 ${r.baselines.fastify.p99} ms${cpu(r.baselines.fastify)});`,
    `at the end of the run ${r.baselines.nodeAfter.rps} and ${r.baselines.fastifyAfter.rps} req/s. One argon2id hash: ${r.argon2.hashMs} ms (verification ${r.argon2.verifyMs} ms).`,
    '',
    '## Why the misses miss (this run)',
    '',
    ...(misses.length ? misses.map((row) => `- **${row.what}**: ${row.why ?? 'not explained yet.'}`) : ['Every target measured in this run passes.']),
    '',
    ...profileSection(),
    '## How to run',
    '',
    '```sh',
    'npm run bench                          # PostgreSQL S and L, PGlite S (about 17 minutes on 2 cores)',
    'npm run bench -- --pg=S,M,L --pglite=S,L --seconds=20',
    'npm run bench -- --pg=none --pglite=S --skip=coldstart,frontend',
    'npm run bench -- --pg=S --pglite=none --skip=coldstart,frontend --keep   # leaves the seeded database, for:',
    'BENCH_DATABASE_URL=postgres://…/ambassador_bench_s_… npx tsx bench/profile.ts --path=/api/public/leaderboard   # where the µs go',
    'BENCH_DATABASE_URL=postgres://user@host:5432/postgres npm run bench   # an account that may create databases',
    '```',
    '',
    'Sizes (bench/seed.ts): S = 1k ambassadors, 10k ledger rows; M = 10k and 1M; L = 100k ambassadors, 100k applications,',
    '100k reports, 1M ledger rows over 12 months. Each size gets a new database (PostgreSQL) or a new directory (PGlite).',
    '',
  ];
  return `${lines.join('\n')}\n`;
}
