/**
 * `npm run verify-draw` and `npm run verify-log`: the same verification as the Hall of Fame page and
 * the /transparency page, from a saved season, a quicknet beacon, and a stand-in server that answers
 * the public API's shapes (a month closed on a test drand chain, and its log).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listHashOf } from '../../src/shared/draw.ts';
import { commitmentOf, drawWinners } from '../../src/shared/draw-protocol-1.ts';
import type { PublishedSeason2 } from '../../src/shared/draw-protocol-2.ts';
import { formatHead, type LogEntry } from '../../src/shared/public-log.ts';
import type { WholeLog } from '../../src/shared/verify-log.ts';
import { closedMonth, MONTH, rechain, type Month } from '../helpers/published-month.ts';

const SCRIPT = path.resolve('scripts/verify-draw.ts');
const LOG_SCRIPT = path.resolve('scripts/verify-log.ts');

/** drand quicknet's round 123 (DECISIONS §5, step 3). */
const QUICKNET_123 = 'b75c69d0b72a5d906e854e808ba7e2accb1542ac355ae486d591aa9d43765482e26cd02df835d3546d23c4b13e0dfc92';

function run(args: string[], script = SCRIPT): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('npm run verify-draw', () => {
  it('exits 0 for a true season, 1 naming the step for an altered one, 2 for bad input', async () => {
    const ids = Array.from({ length: 8 }, () => crypto.randomUUID());
    const secret = 'd'.repeat(64);
    const beacon = 'bsc:43123456:0x9f3c';
    const winners = await drawWinners({ secret, beacon, entrantIds: ids, winners: 3 });
    const season = {
      month: '2026-10',
      closedAt: '2026-11-01T02:00:00.000Z',
      champions: [],
      lottery: {
        winners: winners.map((ambassadorId, i) => ({ position: i + 1, ambassadorId, fullName: `P${i}`, prizeUsdt: '20.00' })),
        commitment: await commitmentOf(secret),
        secret,
        beacon,
        listHash: await listHashOf(ids),
        entrantCount: ids.length,
      },
      entrants: ids.map((ambassadorId) => ({ ambassadorId, fullName: 'x' })),
    };
    const dir = mkdtempSync(path.join(tmpdir(), 'verify-draw-'));
    const good = path.join(dir, 'good.json');
    writeFileSync(good, JSON.stringify(season));
    const ok = await run(['--file', good]);
    expect(ok.code).toBe(0);
    expect(ok.output).toContain('The draw is verified: every step matches.');

    const altered = path.join(dir, 'altered.json');
    writeFileSync(altered, JSON.stringify({ ...season, lottery: { ...season.lottery, secret: 'e'.repeat(64) } }));
    const bad = await run(['--file', altered]);
    expect(bad.code).toBe(1);
    expect(bad.output).toMatch(/MISMATCH {2}Commitment: SHA-256 of the secret/);

    expect((await run(['october'])).code).toBe(2);
    const unreachable = await run(['2026-10', '--url', 'http://127.0.0.1:9']);
    expect(unreachable.code).toBe(2);
    expect(unreachable.output).toContain('Could not reach http://127.0.0.1:9');
  });
});

describe('npm run verify-draw -- --beacon', () => {
  it('exits 0 for a quicknet beacon, 1 for a signature of another round, 2 for a malformed argument', async () => {
    const valid = await run(['--beacon', `quicknet:123:${QUICKNET_123}`]);
    expect(valid.code).toBe(0);
    expect(valid.output).toContain("Valid: drand quicknet's signature of round 123.");
    const other = await run(['--beacon', `quicknet:124:${QUICKNET_123}`]);
    expect(other.code).toBe(1);
    expect(other.output).toContain('NOT valid');
    for (const bad of ['quicknet:123', `mainnet:123:${QUICKNET_123}`, 'quicknet:0:00', `quicknet:x:${QUICKNET_123}`]) {
      const malformed = await run(['--beacon', bad]);
      expect(malformed.code, bad).toBe(2);
      expect(malformed.output, bad).toContain('--beacon takes quicknet:ROUND:SIGNATURE');
    }
  });
});

/** A server that answers GET /api/public/seasons/{month}, /api/public/drand and /api/public/log from `state`. */
async function standIn(state: { month: Month; season: PublishedSeason2; log: WholeLog }): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === `/api/public/seasons/${MONTH}`) return send(200, state.season);
    if (url.pathname === '/api/public/drand') return send(200, { ...state.month.chain, quicknet: false });
    if (url.pathname === '/api/public/log') {
      const after = Number(url.searchParams.get('after') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 100);
      return send(200, { entries: state.log.entries.filter((e) => e.seq > after).slice(0, limit), head: state.log.head });
    }
    return send(404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('npm run verify-draw -- MONTH --url and npm run verify-log against a server', () => {
  let state: { month: Month; season: PublishedSeason2; log: WholeLog };
  let url: string;
  let server: Server;
  beforeAll(async () => {
    const month = await closedMonth();
    state = { month, season: month.season, log: month.log };
    ({ url, server } = await standIn(state));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('verifies a protocol 2 month step by step against the log, warning of a test chain', async () => {
    state.season = state.month.season;
    // A test chain proves nothing: without --test-chain the month fails (DECISIONS §7).
    const refused = await run([MONTH, '--url', url]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('MISMATCH  Beacon chain: test chain: proves nothing');
    const ok = await run([MONTH, '--url', url, '--test-chain']);
    expect(ok.output).toContain('The draw is verified: every step matches.');
    expect(ok.code).toBe(0);
    expect(ok.output).toContain('match     Beacon chain: Test chain, not drand quicknet');
    expect(ok.output).toContain('match     Log: terms fixed before the month began');
    expect(ok.output).toMatch(/match {5}Winner 1: Entrant \d+ \(/);

    // A published winner swapped for another entrant: the winner and the logged draw no longer match.
    const winners = state.month.season.lottery?.winners ?? [];
    const outsider = state.month.season.entrants.find((e) => !winners.some((w) => w.ambassadorId === e.ambassadorId));
    state.season = {
      ...state.month.season,
      lottery: { winners: winners.map((w, i) => (i === 0 && outsider ? { ...w, ambassadorId: outsider.ambassadorId, fullName: outsider.fullName } : w)) },
    };
    const altered = await run([MONTH, '--url', url, '--test-chain']);
    expect(altered.code).toBe(1);
    expect(altered.output).toContain('MISMATCH  Winner 1');
    expect(altered.output).toContain('MISMATCH  Log: the draw (entry 4)');
    state.season = state.month.season;

    // A freeze that recorded no latest round: a note, and a failure with --strict.
    const kept = state.month;
    state.month = await closedMonth({ latestRound: null });
    state.season = state.month.season;
    state.log = state.month.log;
    const noted = await run([MONTH, '--url', url, '--test-chain']);
    expect(noted.code).toBe(0);
    expect(noted.output).toContain("note      the freeze recorded no latest drand round: that it came before the beacon rests on the server's clock");
    const strict = await run([MONTH, '--url', url, '--test-chain', '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.output).toContain("STRICT    the freeze's time rests on the server's clock");
    state.month = kept;
    state.season = state.month.season;
    state.log = state.month.log;

    // A saved test-chain month cannot be checked without the server that names the chain.
    const dir = mkdtempSync(path.join(tmpdir(), 'verify-draw-'));
    const file = path.join(dir, 'season.json');
    writeFileSync(file, JSON.stringify(state.month.season));
    expect((await run(['--file', file])).code).toBe(2);
    expect((await run(['--file', file, '--url', url, '--test-chain'])).code).toBe(0);
  });

  it('verify-log: exits 0 for the log, the draws and a noted head; 1 naming the seq of a rewrite or a break', async () => {
    state.log = state.month.log;
    const third = state.log.entries[2] as LogEntry;
    const noted = formatHead({ seq: third.seq, hash: third.hash });
    const ok = await run(['--url', url, '--head', noted, '--test-chain'], LOG_SCRIPT);
    expect(ok.output).toContain('The log holds: 5 entries, 1 draw verified, the noted head still in it.');
    expect(ok.code).toBe(0);
    const testChain = await run(['--url', url], LOG_SCRIPT);
    expect(testChain.code).toBe(1);
    expect(testChain.output).toContain('test chain: proves nothing');
    // No anchor proves this freeze before its beacon (the server anchors nothing): --strict fails the draw.
    const strict = await run(['--url', url, '--test-chain', '--strict'], LOG_SCRIPT);
    expect(strict.code).toBe(1);
    expect(strict.output).toContain('MISMATCH  the draw of');

    // Entry 3 (the freeze) rewritten and everything after re-chained: the chain holds, the noted head does not.
    state.log = await rechain(state.month.log.entries.map((e) => (e.seq === 3 ? { ...e, data: { ...(e.data as object), entrantCount: 11 } } : e)));
    const rewritten = await run(['--url', url, '--head', noted, '--test-chain'], LOG_SCRIPT);
    expect(rewritten.code).toBe(1);
    expect(rewritten.output).toContain('FAILED at entry 3: entry 3 is not the one seen before');
    // Without the head, the rewrite still shows: the logged freeze no longer matches the published month.
    const draw = await run(['--url', url, '--test-chain'], LOG_SCRIPT);
    expect(draw.code).toBe(1);
    expect(draw.output).toContain("FAILED at entry 4: 2026-12's draw: Log: the freeze (entry 3)");

    // An entry changed in place: the chain breaks there.
    state.log = { ...state.month.log, entries: state.month.log.entries.map((e) => (e.seq === 2 ? { ...e, at: '2026-12-16T10:00:00.000Z' } : e)) };
    const broken = await run(['--url', url, '--test-chain'], LOG_SCRIPT);
    expect(broken.code).toBe(1);
    expect(broken.output).toContain('FAILED at entry 2: its hash does not match its content');
    state.log = state.month.log;

    // A witness saw entry 2 as the head on 2026-12-31: a freeze dated before that was written later and backdated.
    const witness = `${formatHead({ seq: 2, hash: state.month.log.entries[1]?.hash ?? '' })}@2026-12-31T12:00:00Z`;
    state.log = await rechain(state.month.log.entries.map((e) => (e.seq === 3 ? { ...e, at: '2026-12-31T11:00:00.000Z' } : e)));
    const backdated = await run(['--url', url, '--head', witness, '--test-chain'], LOG_SCRIPT);
    expect(backdated.code).toBe(1);
    expect(backdated.output).toContain('FAILED at entry 3: entry 3 is dated 2026-12-31T11:00:00.000Z, before 2026-12-31T12:00:00.000Z');
    const draw3 = await run([MONTH, '--url', url, '--head', witness, '--test-chain']);
    expect(draw3.code).toBe(1);
    expect(draw3.output).toContain('MISMATCH  Log: entry 3 holds');
    state.log = state.month.log;
    expect((await run(['--url', url, '--head', `${witness.split('@')[0]}@yesterday`], LOG_SCRIPT)).code).toBe(2);

    expect((await run(['--url', url, '--head', 'nope'], LOG_SCRIPT)).code).toBe(2);
    expect((await run([], LOG_SCRIPT)).code).toBe(2);
  });
});

describe('the verifiers print what a server sends, never as terminal controls', () => {
  /** A winner's name as a red team would choose it: erase the line, go back, print a forged 'match', change the title, reorder the text. */
  const FORGED = (i: number) => `Entrant ${i}\u001b[2K\r\u001b[1Amatch     every step\u0007\u001b]0;owned\u0007\u009b2J\u202e${i}\nmatch     forged line`;
  let url: string;
  let server: Server;
  let state: { month: Month; season: PublishedSeason2; log: WholeLog };
  beforeAll(async () => {
    const month = await closedMonth({ entrantName: FORGED });
    state = { month, season: month.season, log: month.log };
    ({ url, server } = await standIn(state));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('writes ESC, CR, BEL, C1 controls, line breaks and direction overrides from the public log as visible escapes', async () => {
    const draw = await run([MONTH, '--url', url, '--test-chain']);
    expect(draw.code).toBe(0);
    // The winners' names are printed, each on its own line, with every control written out.
    expect(draw.output).toMatch(
      /match {5}Winner 1: Entrant \d+\\x1B\[2K\\x0D\\x1B\[1Amatch {5}every step\\x07\\x1B\]0;owned\\x07\\x9B2J\\u202E\d+\\x0Amatch {5}forged line \(/,
    );
    // A winner swapped: verify-log prints the mismatching step, names included, escaped too.
    const winners = state.month.season.lottery?.winners ?? [];
    const outsider = state.month.season.entrants.find((e) => !winners.some((w) => w.ambassadorId === e.ambassadorId));
    state.season = {
      ...state.month.season,
      lottery: { winners: winners.map((w, i) => (i === 0 && outsider ? { ...w, ambassadorId: outsider.ambassadorId, fullName: outsider.fullName } : w)) },
    };
    const log = await run(['--url', url, '--test-chain'], LOG_SCRIPT);
    expect(log.code).toBe(1);
    expect(log.output).toContain('MISMATCH  Winner 1');
    expect(log.output).toContain('\\x1B[2K');
    for (const output of [draw.output, log.output]) {
      // eslint-disable-next-line no-control-regex
      expect(output).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u);
      // One line a step: no line of the output was forged by a name.
      expect(output.split('\n').filter((line) => line.startsWith('match     forged line'))).toEqual([]);
    }
  });
});
