/**
 * Checks a month's draw with the same code as the Hall of Fame's 'Verify this draw' (src/shared):
 *
 *   npm run verify-draw -- 2026-12 --url https://host   the month as published, the drand chain the
 *       server names (quicknet's key is built in; a test chain is used with a warning) and its
 *       public log: terms, entrants, the beacon's BLS signature, randomness, seed, each winner, and
 *       the month's log entries (terms before the month began, the freeze before the round's time)
 *   npm run verify-draw -- --file season.json [--url https://host]   a saved GET /api/public/seasons/{month}
 *   npm run verify-draw -- --beacon quicknet:ROUND:SIGNATURE   one drand quicknet beacon, offline
 * Options with --url: `--head SEQ:HASH[@ISO-TIME]` (repeatable) a head of the log you saw, and when:
 * it must still be in the log, and nothing after it dated before that time; `--test-chain` accepts
 * a chain other than quicknet (it proves nothing; without it such a month fails); `--strict` fails
 * what is otherwise a note: a freeze whose time rests on the server's clock alone; `--rpc URL` a
 * BNB Smart Chain node: the log's anchors (log.anchored) are read from the chain, and the freeze is
 * proven before the beacon when an anchor of it was mined before the beacon round's time.
 *
 * Exit 0: every step holds (some may be late, and the verdict says so; a beacon: it is valid); 1: a
 * step does not (a beacon: not valid), or the draw is not made yet; 2: bad input, or the server
 * could not be read.
 */
import { readFileSync } from 'node:fs';
import { QUICKNET, randomnessOf, verifyBeacon } from '../src/shared/drand.ts';
import { verifyPublishedSeason, type PublishedSeason } from '../src/shared/draw-protocols.ts';
import { SEASON_PATTERN } from '../src/shared/seasons.ts';
import { readWholeLog, verifySeason, type ServedChain, type WholeLog } from '../src/shared/verify-log.ts';
import { englishOf } from '../src/shared/verify-texts.ts';
import {
  baseUrl,
  cannotCheck,
  EXIT_FAILS,
  EXIT_HOLDS,
  flag,
  getJson,
  HttpError,
  lateSteps,
  printSteps,
  say,
  readAnchorsOnChain,
  rpcUrl,
  witnessHeads,
} from './verify-common.ts';

const USAGE = [
  'Usage: npm run verify-draw -- YYYY-MM --url https://host [--rpc BSC_RPC_URL] [--head SEQ:HASH[@ISO-TIME]] [--test-chain] [--strict]',
  '       npm run verify-draw -- --file season.json [--url https://host]',
  '       npm run verify-draw -- --beacon quicknet:ROUND:SIGNATURE',
].join('\n');

/** `--beacon quicknet:ROUND:SIGNATURE`: drand quicknet's signature of ROUND, checked offline against the key built in here. */
async function checkBeacon(argument: string): Promise<never> {
  const match = /^quicknet:(\d{1,15}):([0-9a-fA-F]+)$/.exec(argument.trim());
  const round = match ? Number(match[1]) : NaN;
  const signature = match?.[2]?.toLowerCase() ?? '';
  if (!match || !Number.isSafeInteger(round) || round < 1 || signature.length !== 96) {
    cannotCheck(
      `--beacon takes quicknet:ROUND:SIGNATURE: the round a whole number from 1, the signature 96 hex characters (48 bytes), as https://api.drand.sh/${QUICKNET.hash}/public/ROUND answers it. Got '${argument}'.`,
    );
  }
  const valid = await verifyBeacon(QUICKNET, round, signature);
  if (valid) {
    say(`Valid: drand quicknet's signature of round ${round}.`);
    say(`Randomness (SHA-256 of the signature): ${await randomnessOf(signature)}`);
  } else {
    say(`NOT valid: this is not drand quicknet's signature of round ${round}.`);
  }
  process.exit(valid ? EXIT_HOLDS : EXIT_FAILS);
}

/** The season's shape, as far as choosing its checks needs. */
function asSeason(value: unknown, where: string): PublishedSeason {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const entrants = Array.isArray(v.entrants);
  if (v.protocol === 2 && entrants && typeof v.terms === 'object' && v.terms !== null && typeof v.beacon === 'object' && v.beacon !== null) {
    return value as PublishedSeason;
  }
  if (v.protocol !== 2 && entrants && typeof v.lottery === 'object' && v.lottery !== null) return value as PublishedSeason;
  cannotCheck(`${where} is not a season of GET /api/public/seasons/{month}: it needs entrants, and terms and beacon (protocol 2) or lottery (protocol 1).`);
}

async function readServed(base: string): Promise<ServedChain | null> {
  try {
    return (await getJson(base, '/api/public/drand')) as ServedChain;
  } catch {
    return null;
  }
}

async function readLog(base: string): Promise<WholeLog | Error> {
  try {
    return await readWholeLog((after, limit) => getJson(base, `/api/public/log?after=${after}&limit=${limit}`));
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

async function main(args: string[]): Promise<never> {
  const beacon = flag(args, '--beacon');
  if (args.includes('--beacon')) return checkBeacon(beacon ?? '');

  const file = flag(args, '--file');
  // A saved month is checked against a server only when one is named; a month by name always is (default http://localhost:5000).
  const url = !file || args.includes('--url') ? baseUrl(args) : undefined;
  let season: PublishedSeason;
  if (file) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      cannotCheck(`Could not read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      cannotCheck(`${file} is not JSON`);
    }
    season = asSeason(json, file);
  } else {
    const month = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--url' && args[i - 1] !== '--head' && args[i - 1] !== '--rpc');
    if (!month || !SEASON_PATTERN.test(month)) cannotCheck(USAGE);
    const base = url ?? baseUrl(args);
    try {
      season = asSeason(await getJson(base, `/api/public/seasons/${month}`), `${base}/api/public/seasons/${month}`);
    } catch (error) {
      if (error instanceof HttpError)
        cannotCheck(`${error.url} answered ${error.status}${error.status === 404 ? ` (no ended month ${month} is published there)` : ''}`);
      throw error;
    }
  }

  const month = (season as { month?: string }).month ?? '(month not given)';
  const remembered = witnessHeads(args);
  const allowTestChain = args.includes('--test-chain');
  const strict = args.includes('--strict');
  const rpc = rpcUrl(args);
  let ok: boolean;
  let pending = false;
  let late = '';
  if (season.protocol !== 2) {
    say(`${month}: protocol 1 (the beacon was entered by an admin; the secret was published at the close).`);
    // Against the server's log when there is one: a protocol 1 month from the cut-over on was downgraded.
    const result = url ? await verifySeason(season, { log: await readLog(url), remembered }) : await verifySeason(season);
    printSteps(result.steps);
    ok = result.ok;
  } else if (!url) {
    // A saved month without a server: the draw alone, against quicknet's built-in key.
    if (season.terms.beacon.chain.toLowerCase() !== QUICKNET.hash)
      cannotCheck(`${file ?? month} was drawn from drand chain ${season.terms.beacon.chain}, not quicknet: give --url of the server that draws from it.`);
    say(`${month}: protocol 2, drand quicknet. The public log is not checked (give --url to check it too).`);
    const result = await verifyPublishedSeason(season, QUICKNET);
    printSteps(result.checks);
    ok = result.ok;
    pending = result.pending;
  } else {
    const [served, log] = await Promise.all([readServed(url), readLog(url)]);
    say(`${month}: protocol 2, checked against ${url}'s public log.`);
    const anchors = rpc && !(log instanceof Error) ? await readAnchorsOnChain(rpc, url, log.entries) : undefined;
    const result = await verifySeason(season, { served, log, remembered, allowTestChain, anchors, strict });
    printSteps(result.steps);
    for (const note of result.notes.filter((n) => !result.steps.some((s) => s.note === n))) say(`note      ${englishOf(note)}`);
    ok = result.ok;
    pending = result.pending;
    late = lateSteps(result.steps);
    if (strict && !season.latestRound) {
      say("STRICT    the freeze's time rests on the server's clock: no latest drand round was recorded at the freeze");
      ok = false;
    }
  }
  if (!ok) say('The draw does NOT match what was published.');
  else if (pending && season.protocol === 2)
    say(
      `Not drawn yet: everything published so far holds${late ? ` (late: ${late})` : ''}; the draw waits for drand round ${season.beacon.round} at ${season.beacon.at}.`,
    );
  else if (late) say(`The draw is verified, but not every step was in time: late: ${late}.`);
  else say('The draw is verified: every step matches.');
  process.exit(ok && !pending ? EXIT_HOLDS : EXIT_FAILS);
}

await main(process.argv.slice(2));
