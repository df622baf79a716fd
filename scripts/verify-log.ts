/**
 * `npm run verify-log -- --url https://host [--head SEQ:HASH]`: reads the server's whole public
 * programme log (GET /api/public/log) and checks, with the code of the /transparency page
 * (src/shared/verify-log.ts):
 *   - the chain: every entry's hash recomputed, each linked to the one before, the served head last;
 *   - the head noted earlier (--head, as the page shows it): still in the log, unchanged;
 *   - every draw the log records (season.closed): the month as published, verified step by step
 *     (quicknet's key is built in; a test chain is used only with a warning) and against the log;
 *   - with `--rpc URL` (a BNB Smart Chain node): every log.anchored entry against its transaction on
 *     chain, and each month's freeze proven before its beacon by an anchor mined before the round's time;
 *   - with `--strict`: a draw whose freeze no anchor proves before its beacon (its time rests on the
 *     server's clock alone) fails, as `verify-draw --strict` fails it.
 * Exit 0 when all hold; 1 naming the first failing seq and why; 2 when it could not check (bad
 * input, or the server could not be read).
 */
import { QUICKNET } from '../src/shared/drand.ts';
import type { PublishedSeason } from '../src/shared/draw-protocols.ts';
import { formatHead } from '../src/shared/public-log.ts';
import { anchorsOf, checkLog, readWholeLog, verifyLoggedDraws, type ServedChain, type WholeLog } from '../src/shared/verify-log.ts';
import { englishOf } from '../src/shared/verify-texts.ts';
import {
  baseUrl,
  cannotCheck,
  EXIT_FAILS,
  EXIT_HOLDS,
  getJson,
  HttpError,
  lateSteps,
  printSteps,
  say,
  readAnchorsOnChain,
  rpcUrl,
  witnessHeads,
} from './verify-common.ts';

const USAGE = 'Usage: npm run verify-log -- --url https://host [--rpc BSC_RPC_URL] [--head SEQ:HASH[@ISO-TIME]] [--test-chain] [--strict]';

function failed(seq: number, reason: string): never {
  say(`FAILED at entry ${seq}: ${reason}`);
  process.exit(EXIT_FAILS);
}

async function main(args: string[]): Promise<never> {
  if (!args.includes('--url')) cannotCheck(USAGE);
  const base = baseUrl(args);
  const remembered = witnessHeads(args);
  const allowTestChain = args.includes('--test-chain');
  const strict = args.includes('--strict');
  const rpc = rpcUrl(args);

  let log: WholeLog;
  try {
    log = await readWholeLog((after, limit) => getJson(base, `/api/public/log?after=${after}&limit=${limit}`));
  } catch (error) {
    cannotCheck(`Could not read ${base}/api/public/log: ${error instanceof Error ? error.message : String(error)}`);
  }
  say(`Read ${log.entries.length} entries; the server gives its head as ${formatHead(log.head)}.`);

  const verdict = await checkLog(log, remembered);
  if (!verdict.ok) failed(verdict.failure.seq, englishOf(verdict.failure.reason));
  say(`match     the chain: every entry's hash recomputed and linked to the one before, up to ${formatHead(verdict.head)}`);
  for (const head of remembered)
    say(
      `match     the head noted earlier, ${formatHead(head)}, is still in the log${head.seenAt ? `, and nothing after it is dated before ${head.seenAt}` : ''}`,
    );

  const anchors = rpc ? await readAnchorsOnChain(rpc, base, log.entries) : undefined;
  for (const { entry, data } of rpc ? anchorsOf(log.entries) : []) {
    const onChain = anchors?.get(entry.seq);
    if (onChain !== true) failed(entry.seq, `the anchor of entry ${data.seq} on chain: ${onChain ?? '(not read)'}`);
    say(`match     the anchor of entry ${data.seq} on chain: ${data.txHash} in block ${data.blockNumber} at ${data.blockTime}`);
  }

  let served: ServedChain | null = null;
  try {
    served = (await getJson(base, '/api/public/drand')) as ServedChain;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
  }
  if (served && served.hash.toLowerCase() !== QUICKNET.hash)
    say(
      allowTestChain
        ? `note      Test chain, not drand quicknet: this server draws from ${served.hash} (accepted with --test-chain; it proves nothing).`
        : `MISMATCH  Test chain, not drand quicknet: this server draws from ${served.hash}; its draws prove nothing (give --test-chain to check a test server).`,
    );

  const late: string[] = [];
  const draws = await verifyLoggedDraws(
    log,
    async (month) => {
      try {
        return (await getJson(base, `/api/public/seasons/${month}`)) as PublishedSeason;
      } catch (error) {
        throw error instanceof HttpError ? new Error(`GET /api/public/seasons/${month} answered ${error.status}`) : error;
      }
    },
    served,
    (month, result) => {
      say(`${result.ok ? 'match   ' : 'MISMATCH'}  the draw of ${month}`);
      printSteps(
        // What failed or is late or noted, and what an anchor proved.
        result.steps.filter((s) => s.status !== 'match' || s.note || s.id === 'logFreezeAnchored'),
        '          ',
      );
      late.push(...(lateSteps(result.steps) ? [`${month}: ${lateSteps(result.steps)}`] : []));
    },
    { remembered, allowTestChain, strict, ...(anchors ? { anchors } : {}) },
  );
  if (!draws.ok) failed(draws.failure.seq, englishOf(draws.failure.reason));
  if (served && served.hash.toLowerCase() !== QUICKNET.hash && !allowTestChain) {
    say('The log holds, but its draws are on a test chain: they prove nothing.');
    process.exit(EXIT_FAILS);
  }
  say(
    `The log holds: ${log.entries.length} entries, ${draws.months.length} ${draws.months.length === 1 ? 'draw' : 'draws'} verified${remembered.length ? ', the noted head still in it' : ''}${late.length ? `, but not every step was in time (late: ${late.join('; ')})` : ''}. Head: ${formatHead(verdict.head)}`,
  );
  process.exit(EXIT_HOLDS);
}

await main(process.argv.slice(2));
