/**
 * What `npm run verify-draw` and `npm run verify-log` share that only a command line needs: reading
 * the server's public answers, printing steps, and the exit codes (0 holds, 1 does not, 2 could not
 * check: bad input, or the server could not be read). The checks themselves are src/shared's.
 */
import { readAnchorData } from '../src/shared/anchor.ts';
import { parseHead, type LogEntry, type WitnessHead } from '../src/shared/public-log.ts';
import { anchorsOf, type VerifyStep } from '../src/shared/verify-log.ts';
import { englishOf } from '../src/shared/verify-texts.ts';

export const EXIT_HOLDS = 0;
export const EXIT_FAILS = 1;
export const EXIT_CANNOT_CHECK = 2;

/**
 * Characters that must not reach a terminal as they are (issue 40): what the verifiers print comes
 * partly from a server (names in the public log, reasons, months), and a name holding ESC, CR or a
 * direction override could move the cursor, erase lines or forge a 'match'. C0 and C1 controls
 * (line breaks included: one printed line stays one line), DEL, and the Unicode direction marks,
 * overrides, embeddings, isolates and line separators are written as visible escapes (\x1B, \u202E).
 */
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/** `text` with its unprintable characters written as escapes (a tab stays a tab). */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => {
    const code = c.codePointAt(0) ?? 0;
    return code < 0x100 ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}` : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
  });
}

/** Prints one line of output, every character of it printable: the only way the verifiers write to stdout. */
export function say(line: string): void {
  console.log(printable(line));
}

/** Says why nothing could be checked (each of its lines printable), and exits 2. */
export function cannotCheck(message: string): never {
  console.error(message.split('\n').map(printable).join('\n'));
  process.exit(EXIT_CANNOT_CHECK);
}

/** The value of `--name VALUE`, or undefined. */
export function flag(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** The base URL of `--url`, without a trailing slash (default http://localhost:5000). */
export function baseUrl(args: readonly string[]): string {
  const url = flag(args, '--url') ?? 'http://localhost:5000';
  if (!/^https?:\/\/[^\s/]+/i.test(url)) cannotCheck(`--url must be an http(s) address, like https://ambassadors.example.com (got '${url}')`);
  return url.replace(/\/+$/, '');
}

/** A non-OK answer, kept apart from an unreachable server (which exits 2 at once). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super(`${url} answered ${status}`);
    this.name = 'HttpError';
  }
}

/** GET `${base}${path}` as JSON; an unreachable server exits 2, a non-OK answer throws HttpError. */
export async function getJson(base: string, path: string): Promise<unknown> {
  const url = `${base}${path}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' } });
  } catch (error) {
    cannotCheck(`Could not reach ${base}: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`);
  }
  if (!response.ok) throw new HttpError(response.status, url);
  try {
    return (await response.json()) as unknown;
  } catch {
    cannotCheck(`${url} did not answer JSON`);
  }
}

/** Every value of `--name VALUE`, in order (a flag given more than once). */
export function flags(args: readonly string[], name: string): string[] {
  return args.flatMap((a, i) => (a === name && i + 1 < args.length ? [args[i + 1] as string] : []));
}

/**
 * `--head SEQ:HASH[@ISO-TIME]`, each as a witness saw it (DECISIONS §7); exits 2 on a malformed one.
 * The text of usage says how.
 */
export function witnessHeads(args: readonly string[]): WitnessHead[] {
  const texts = flags(args, '--head');
  if (args.includes('--head') && !texts.length) texts.push('');
  return texts.map((text) => {
    const head = parseHead(text);
    if (!head)
      cannotCheck(
        `--head takes SEQ:HASH as the /transparency page shows it (a whole number, a colon, 64 lowercase hex characters), optionally @ISO-TIME, the time you saw it (like 2026-12-01T09:00:00Z). Got '${text}'.`,
      );
    return head;
  });
}

/** A step's label: 'match', 'late' (it holds, late: never a match) or 'MISMATCH'. */
function label(step: VerifyStep): string {
  return { match: 'match   ', late: 'LATE    ', mismatch: 'MISMATCH' }[step.status];
}

/** One line a step: its status, the step, what was found (and, when it differs, what was published); notes after. */
export function printSteps(steps: readonly VerifyStep[], indent = ''): void {
  for (const step of steps) {
    say(`${indent}${label(step)}  ${englishOf(step)}: ${step.actual}${step.status === 'mismatch' ? ` (published: ${step.expected})` : ''}`);
  }
  for (const step of steps) if (step.note) say(`${indent}note      ${englishOf(step.note)}`);
}

/** The steps that hold but late, as one phrase for a verdict; empty when none. */
export function lateSteps(steps: readonly VerifyStep[]): string {
  return steps
    .filter((s) => s.status === 'late')
    .map(englishOf)
    .join('; ');
}

/** `--rpc URL`: a BNB Smart Chain JSON-RPC node the log's anchors are read from; exits 2 when malformed. */
export function rpcUrl(args: readonly string[]): string | undefined {
  if (!args.includes('--rpc')) return undefined;
  const url = flag(args, '--rpc') ?? '';
  if (!/^https?:\/\/[^\s/]+/i.test(url))
    cannotCheck(`--rpc must be the http(s) address of a BNB Smart Chain JSON-RPC node, like https://bsc-dataseed.bnbchain.org (got '${url}')`);
  return url;
}

const iso = (seconds: bigint) => new Date(Number(seconds) * 1000).toISOString();

/**
 * Each `log.anchored` entry read from the chain (DECISIONS §7, Anchors on BSC), by the entry's seq:
 * true when its transaction exists, is from the address of GET /api/public/anchor to itself on the
 * chain that answer names, its data encodes that seq and hash, that hash is the log's at that seq, and
 * its block and block time are the entry's; else why not. A node that cannot be reached exits 2.
 */
export async function readAnchorsOnChain(rpc: string, base: string, entries: readonly LogEntry[]): Promise<Map<number, true | string>> {
  const anchors = anchorsOf(entries);
  const result = new Map<number, true | string>();
  if (!anchors.length) return result;
  let info: { address: string; chainId: number } | undefined;
  try {
    info = (await getJson(base, '/api/public/anchor')) as { address: string; chainId: number };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
  }
  const { createPublicClient, http, TransactionNotFoundError } = await import('viem');
  const client = createPublicClient({ transport: http(rpc, { retryCount: 1, timeout: 20_000 }) });
  let chainId: number;
  try {
    chainId = await client.getChainId();
  } catch (error) {
    cannotCheck(`Could not reach the BSC node ${rpc}: ${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)}`);
  }
  const hashes = new Map(entries.map((e) => [e.seq, e.hash]));
  const check = async ({ data }: (typeof anchors)[number]): Promise<true | string> => {
    if (!info) return '(the server does not say which address anchors its log: GET /api/public/anchor did not answer one)';
    if (info.chainId !== chainId) return `(the server anchors on chain ${info.chainId}, but this node is chain ${chainId})`;
    const address = info.address.toLowerCase();
    let tx;
    try {
      tx = await client.getTransaction({ hash: data.txHash as `0x${string}` });
    } catch (error) {
      if (error instanceof TransactionNotFoundError) return `(transaction ${data.txHash} not found on chain)`;
      return `(transaction ${data.txHash} could not be read: ${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)})`;
    }
    if (tx.from.toLowerCase() !== address) return `(sent from ${tx.from}, not the anchor address ${info.address})`;
    if (tx.to?.toLowerCase() !== address) return `(sent to ${tx.to ?? 'a new contract'}, not to the anchor address ${info.address} itself)`;
    const decoded = readAnchorData(tx.input);
    if (!decoded || decoded.seq !== data.seq || decoded.hash !== data.hash.toLowerCase())
      return `(its data ${decoded ? `anchors entry ${decoded.seq} as ${decoded.hash}` : 'is not an anchor'}, not entry ${data.seq} as ${data.hash})`;
    if (hashes.get(data.seq) !== data.hash) return `(entry ${data.seq}'s hash in the log is not ${data.hash})`;
    if (tx.blockNumber === null) return `(transaction ${data.txHash} is not mined)`;
    if (Number(tx.blockNumber) !== data.blockNumber) return `(mined in block ${tx.blockNumber}, not ${data.blockNumber})`;
    const block = await client.getBlock({ blockNumber: tx.blockNumber });
    if (Date.parse(iso(block.timestamp)) !== Date.parse(data.blockTime))
      return `(block ${tx.blockNumber} was mined at ${iso(block.timestamp)}, not ${data.blockTime})`;
    return true;
  };
  for (const anchor of anchors) result.set(anchor.entry.seq, await check(anchor));
  return result;
}
