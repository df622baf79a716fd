/**
 * `npm run verify-log -- --url https://host [--head SEQ:HASH]`: reads the server's whole public
 * programme log (GET /api/public/log) and checks, with the code of the /transparency page
 * (src/shared/verify-log.ts):
 *   - the chain: every entry's hash recomputed, each linked to the one before, the served head last;
 *   - the head noted earlier (--head, as the page shows it): still in the log, unchanged;
 *   - every draw the log records (season.closed): the month as published, verified step by step
 *     (quicknet's key is built in; a test chain is used only with a warning) and against the log.
 * Exit 0 when all hold; 1 naming the first failing seq and why; 2 when it could not check (bad
 * input, or the server could not be read).
 */
import { QUICKNET } from '../src/shared/drand.ts';
import type { PublishedSeason } from '../src/shared/draw.ts';
import { formatHead, parseHead, type LogHead } from '../src/shared/public-log.ts';
import { checkLog, readWholeLog, verifyLoggedDraws, type ServedChain, type WholeLog } from '../src/shared/verify-log.ts';
import { baseUrl, cannotCheck, EXIT_FAILS, EXIT_HOLDS, flag, getJson, HttpError, printSteps, say } from './verify-common.ts';

const USAGE = 'Usage: npm run verify-log -- --url https://host [--head SEQ:HASH]';

function failed(seq: number, reason: string): never {
  say(`FAILED at entry ${seq}: ${reason}`);
  process.exit(EXIT_FAILS);
}

async function main(args: string[]): Promise<never> {
  if (!args.includes('--url')) cannotCheck(USAGE);
  const base = baseUrl(args);
  const remembered: LogHead[] = [];
  if (args.includes('--head')) {
    const text = flag(args, '--head') ?? '';
    const head = parseHead(text);
    if (!head) cannotCheck(`--head takes SEQ:HASH as the /transparency page shows it (a whole number, a colon, 64 lowercase hex characters). Got '${text}'.`);
    remembered.push(head);
  }

  let log: WholeLog;
  try {
    log = await readWholeLog((after, limit) => getJson(base, `/api/public/log?after=${after}&limit=${limit}`));
  } catch (error) {
    cannotCheck(`Could not read ${base}/api/public/log: ${error instanceof Error ? error.message : String(error)}`);
  }
  say(`Read ${log.entries.length} entries; the server gives its head as ${formatHead(log.head)}.`);

  const verdict = await checkLog(log, remembered);
  if (!verdict.ok) failed(verdict.failure.seq, verdict.failure.reason);
  say(`match     the chain: every entry's hash recomputed and linked to the one before, up to ${formatHead(verdict.head)}`);
  for (const head of remembered) say(`match     the head noted earlier, ${formatHead(head)}, is still in the log`);

  let served: ServedChain | null = null;
  try {
    served = (await getJson(base, '/api/public/drand')) as ServedChain;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
  }
  if (served && served.hash.toLowerCase() !== QUICKNET.hash) say(`note      Test chain, not drand quicknet: this server draws from ${served.hash}.`);

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
        result.steps.filter((s) => !s.ok || s.note),
        '          ',
      );
    },
  );
  if (!draws.ok) failed(draws.failure.seq, draws.failure.reason);
  say(
    `The log holds: ${log.entries.length} entries, ${draws.months.length} ${draws.months.length === 1 ? 'draw' : 'draws'} verified${remembered.length ? ', the noted head still in it' : ''}. Head: ${formatHead(verdict.head)}`,
  );
  process.exit(EXIT_HOLDS);
}

await main(process.argv.slice(2));
