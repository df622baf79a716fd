/**
 * Checks of the public programme log and of a month's draw against it (DECISIONS §5, protocol 2
 * step 5 and The public programme log), one implementation for the Hall of Fame's 'Verify this
 * draw', the /transparency page, `npm run verify-draw` and `npm run verify-log`. Nothing here
 * fetches: callers pass a function that reads one page of GET /api/public/log, and what they read.
 */
import { canonicalJson } from './canonical-json.ts';
import { QUICKNET, type DrandChain } from './drand.ts';
import type { DrawCheck } from './draw.ts';
import { beaconTime, type PublishedSeason2 } from './draw-protocol-2.ts';
import { verifyPublishedSeason, type PublishedSeason } from './draw-protocols.ts';
import { extendsHead, formatHead, verifyChain, type LogEntry, type LogHead, type WitnessHead } from './public-log.ts';
import {
  readLogData,
  type TAnchoredData,
  type TClosedData,
  type TFrozenData,
  type TReferralCreditedData,
  type TTermsData,
  type TWithheldData,
} from './schemas/log-data.ts';
import { LOG_PAGE_MAX, ZLogPage } from './schemas/public-log.ts';
import { seasonBounds } from './seasons.ts';
import { englishOf, textOf, type VerifyText, type VerifyTextId } from './verify-texts.ts';

/** A whole log as read: its entries, oldest first, and the head the server said it has. */
export interface WholeLog {
  entries: LogEntry[];
  head: LogHead;
}

/**
 * Reads the whole log, `LOG_PAGE_MAX` entries a page, from the start up to the head the server
 * answers (entries written while reading are read too). `getPage(after, limit)` answers the body of
 * GET /api/public/log?after=…&limit=…. Stops when a page brings nothing new: whatever is missing
 * then shows up in `checkLog` as a head the entries do not reach.
 */
export async function readWholeLog(getPage: (after: number, limit: number) => Promise<unknown>): Promise<WholeLog> {
  const entries: LogEntry[] = [];
  let after = 0;
  let head: LogHead;
  for (;;) {
    const parsed = ZLogPage.safeParse(await getPage(after, LOG_PAGE_MAX));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(
        `the log's page after entry ${after} is not a log page (${issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'unreadable'})`,
      );
    }
    const page = parsed.data;
    head = page.head;
    const last = page.entries.at(-1);
    entries.push(...page.entries);
    // A full page may come from a cache with an older head (DECISIONS §7): read on until a page is
    // not full, and take the head from that one; a page cut shorter than asked while its head is
    // further on (a server whose pages are smaller) is read on too.
    if (!last || last.seq <= after) break;
    if (page.entries.length < LOG_PAGE_MAX && last.seq >= page.head.seq) break;
    after = last.seq;
  }
  return { entries, head };
}

/**
 * Where a check failed: the first entry that does not hold, and why. `cause`: 'chain' (an entry's
 * hash, link or seq), 'head' (the served head is not where the entries end), 'rewritten' (a head
 * remembered earlier is no longer in the log, or an entry after it is dated before it was seen),
 * 'draw' (a logged draw does not verify), 'missing' (a month from the cut-over on lacks its terms,
 * freeze or close: monthsMissing).
 */
export interface LogFailure {
  seq: number;
  reason: VerifyText;
  cause: 'chain' | 'head' | 'rewritten' | 'draw' | 'missing';
}

export type LogVerdict = { ok: true; head: LogHead; count: number } | { ok: false; head: LogHead; count: number; failure: LogFailure };

/**
 * The log's checks: every entry's hash and link to the one before (verifyChain), the served head
 * is the last entry, and every head remembered earlier (a browser's, or `--head`) is still in it
 * (extendsHead). Answers the first failure, by seq.
 */
export async function checkLog(log: WholeLog, remembered: readonly WitnessHead[] = []): Promise<LogVerdict> {
  const count = log.entries.length;
  const chain = await verifyChain(log.entries);
  if (!chain.ok) return { ok: false, head: log.head, count, failure: { seq: chain.seq, reason: chain.reason, cause: 'chain' } };
  if (chain.head.seq !== log.head.seq || chain.head.hash !== log.head.hash) {
    const seq = Math.min(chain.head.seq + 1, log.head.seq);
    const reason =
      chain.head.seq < log.head.seq
        ? textOf('headShort', { head: log.head.seq, last: chain.head.seq })
        : textOf('headOther', { head: formatHead(log.head), last: formatHead(chain.head) });
    return { ok: false, head: log.head, count, failure: { seq, reason, cause: 'head' } };
  }
  const failures = remembered
    .map((head) => ({ head, check: extendsHead(log.entries, head) }))
    .flatMap(({ head, check }) => (check.ok ? [] : [{ seq: check.seq ?? head.seq, reason: check.reason, cause: 'rewritten' as const }]))
    .sort((a, b) => a.seq - b.seq);
  const first =
    failures[0] ??
    [...monthsMissing(log.entries), ...summariesTwice(log.entries), ...anchorsMismatched(log.entries), ...referralsMismatched(log.entries)].sort(
      (a, b) => a.seq - b.seq,
    )[0];
  return first ? { ok: false, head: log.head, count, failure: first } : { ok: true, head: chain.head, count };
}

const DAY_MS = 86_400_000;

/** The log's `log.anchored` entries, read (DECISIONS §7, Anchors on BSC); an unreadable one is left out (anchorsMismatched names it). */
export function anchorsOf(entries: readonly LogEntry[]): { entry: LogEntry; data: TAnchoredData }[] {
  return entries.flatMap((entry) => {
    if (entry.kind !== 'log.anchored') return [];
    const read = readLogData(entry);
    return read.kind === 'log.anchored' ? [{ entry, data: read.data as TAnchoredData }] : [];
  });
}

/** An entry's data read as the record of its kind; when it cannot be, the entry's failure (`unreadable`) is noted and undefined returned. */
function readOrNote<T>(entry: LogEntry, kind: 'log.anchored' | 'referral.credited', unreadable: VerifyTextId, failures: LogFailure[]): T | undefined {
  const read = readLogData(entry);
  if (read.kind === kind) return read.data as T;
  failures.push({ seq: entry.seq, reason: textOf(unreadable), cause: 'chain' });
  return undefined;
}

/** A `log.anchored` entry that cannot be read, or names an entry of the log (before it) with another hash than that entry's. */
export function anchorsMismatched(entries: readonly LogEntry[]): LogFailure[] {
  const bySeq = new Map(entries.map((e) => [e.seq, e]));
  const failures: LogFailure[] = [];
  for (const entry of entries) {
    if (entry.kind !== 'log.anchored') continue;
    const data = readOrNote<TAnchoredData>(entry, 'log.anchored', 'anchorUnreadable', failures);
    if (!data) continue;
    const anchored = data.seq < entry.seq ? bySeq.get(data.seq) : undefined;
    if (anchored?.hash !== data.hash) failures.push({ seq: entry.seq, reason: textOf('anchorNotLogHash', { seq: data.seq, hash: data.hash }), cause: 'chain' });
  }
  return failures;
}

/** What the chain says about each `log.anchored` entry, by that entry's own seq: true when its transaction holds, else why not (verify-draw and verify-log with --rpc). */
export type AnchorsOnChain = ReadonlyMap<number, true | string>;

/**
 * Whether a month's freeze came before its beacon by a block time (DECISIONS §7, Anchors on BSC): an
 * anchor of a head at or after the freeze entry, in a block mined before the beacon round's time. With
 * `anchors` (read from the chain), each such anchor must hold there, and the freeze is then proven; without,
 * the log's own entry is shown and a note says how to prove it. No such anchor: the freeze's time rests on
 * the server's clock (a note; a failure when `strict`).
 */
export function freezeAnchorSteps(
  published: PublishedSeason2,
  entries: readonly LogEntry[],
  chain: DrandChain,
  options: { anchors?: AnchorsOnChain | undefined; strict?: boolean | undefined } = {},
): VerifyStep[] {
  const freeze = entriesOf(entries, 'season.frozen', published.month)[0];
  if (!freeze) return [];
  let due: number;
  try {
    due = beaconTime(chain, published.beacon.round).getTime();
  } catch {
    return [];
  }
  const steps: VerifyStep[] = [];
  const before = `entry ${freeze.seq} anchored before ${iso(due)}`;
  const candidates = anchorsOf(entries).filter((a) => a.data.seq >= freeze.seq && Date.parse(a.data.blockTime) < due);
  let covering: (typeof candidates)[number] | undefined;
  for (const candidate of candidates) {
    const onChain = options.anchors ? options.anchors.get(candidate.entry.seq) : true;
    if (onChain === true) covering ??= candidate;
    else
      steps.push({
        ...textOf('logAnchorOnChain', { seq: candidate.data.seq }),
        expected: `${candidate.data.txHash} in block ${candidate.data.blockNumber} at ${candidate.data.blockTime}`,
        actual: onChain ?? '(not read from the chain)',
        status: 'mismatch',
      });
  }
  if (covering) {
    const { data, entry } = covering;
    steps.push(
      options.anchors
        ? {
            ...textOf('logFreezeAnchored', { block: data.blockNumber, time: data.blockTime }),
            expected: before,
            actual: `${data.txHash} (entry ${entry.seq})`,
            status: 'match',
          }
        : {
            ...textOf('logFreezeAnchoredUnchecked', { block: data.blockNumber, time: data.blockTime, seq: entry.seq }),
            expected: before,
            actual: data.txHash,
            status: 'match',
            note: textOf('anchorUncheckedNote'),
          },
    );
  } else {
    steps.push({
      ...textOf('logFreezeOnClock'),
      expected: before,
      actual: '(no such anchor)',
      status: !options.strict ? 'match' : 'mismatch',
      ...(options.strict ? {} : { note: textOf('freezeOnClockNote') }),
    });
  }
  return steps;
}

/**
 * The referrals credited (DECISIONS §7, Referrals) against the terms: each `referral.credited` entry
 * readable, of a referral credited once, under the rule its month's `season.terms` entry (earlier in
 * the log) fixed, qualified within that month and credited after it qualified, and no referrer
 * credited more referrals in a month than the rule's cap.
 */
export function referralsMismatched(entries: readonly LogEntry[]): LogFailure[] {
  const terms = new Map<string, TTermsData>();
  const seen = new Map<string, number>();
  const perReferrer = new Map<string, number>();
  const failures: LogFailure[] = [];
  for (const entry of entries) {
    if (entry.kind === 'season.terms') {
      const read = readLogData(entry);
      if (read.kind === 'season.terms') {
        const data = read.data as TTermsData;
        if (!terms.has(data.month)) terms.set(data.month, data);
      }
      continue;
    }
    if (entry.kind !== 'referral.credited') continue;
    const data = readOrNote<TReferralCreditedData>(entry, 'referral.credited', 'referralUnreadable', failures);
    if (!data) continue;
    const first = seen.get(data.referralId);
    if (first !== undefined) {
      failures.push({ seq: entry.seq, reason: textOf('referralTwice', { referral: data.referralId, first }), cause: 'chain' });
      continue;
    }
    seen.set(data.referralId, entry.seq);
    const rule = terms.get(data.month)?.terms.referral;
    if (!rule) {
      failures.push({
        seq: entry.seq,
        reason: textOf('referralNoRule', { referral: data.referralId, month: data.month }),
        cause: 'chain',
      });
      continue;
    }
    if (canonicalJson(rule) !== canonicalJson(data.rule)) {
      failures.push({
        seq: entry.seq,
        reason: textOf('referralOtherRule', { referral: data.referralId, month: data.month }),
        cause: 'chain',
      });
      continue;
    }
    if (data.qualifiedAt.slice(0, 7) !== data.month || !(Date.parse(entry.at) >= Date.parse(data.qualifiedAt))) {
      failures.push({
        seq: entry.seq,
        reason: textOf('referralNotInMonth', { referral: data.referralId, at: data.qualifiedAt, month: data.month }),
        cause: 'chain',
      });
      continue;
    }
    const key = `${data.month} ${data.ambassadorId.toLowerCase()}`;
    const n = (perReferrer.get(key) ?? 0) + 1;
    perReferrer.set(key, n);
    if (n > rule.monthlyCap)
      failures.push({
        seq: entry.seq,
        reason: textOf('referralOverCap', { ambassador: data.ambassadorId, count: n, month: data.month, cap: rule.monthlyCap }),
        cause: 'chain',
      });
  }
  return failures;
}

/** A second `month.summary` for one month (DECISIONS §7): the later one would change the public figures. */
export function summariesTwice(entries: readonly LogEntry[]): LogFailure[] {
  const seen = new Map<unknown, number>();
  const failures: LogFailure[] = [];
  for (const entry of entries) {
    if (entry.kind !== 'month.summary') continue;
    const month = (entry.data as { month?: unknown } | null)?.month;
    const first = seen.get(month);
    if (first === undefined) seen.set(month, entry.seq);
    else failures.push({ seq: entry.seq, reason: textOf('summaryTwice', { month: String(month), first }), cause: 'missing' });
  }
  return failures;
}

/** The month of the first `season.terms` entry: from it on, every month is protocol 2 (DECISIONS §7). */
export function cutOverMonth(entries: readonly LogEntry[]): string | undefined {
  for (const entry of entries) {
    const read = entry.kind === 'season.terms' ? readLogData(entry) : undefined;
    if (read?.kind === 'season.terms') return (read.data as TTermsData).month;
  }
  return undefined;
}

function monthAfter(month: string): string {
  return seasonBounds(month).end.toISOString().slice(0, 7);
}

/**
 * The months the log must hold from the cut-over on (DECISIONS §7): the terms of every month up to
 * the last whose terms it holds; the freeze of each once the log's own time is a day past the
 * month's end; the close once it is a day past the frozen round's time. A month closed some other
 * way (a protocol 1 close writes nothing here) shows up as its missing entries.
 */
export function monthsMissing(entries: readonly LogEntry[]): LogFailure[] {
  const cut = cutOverMonth(entries);
  const last = entries.at(-1);
  if (!cut || !last) return [];
  const lastAt = Date.parse(last.at);
  const of = (kind: string) => new Map(entries.filter((e) => e.kind === kind).map((e) => [(e.data as { month?: unknown }).month, e]));
  const terms = of('season.terms');
  const frozen = of('season.frozen');
  const closed = of('season.closed');
  const lastTerms =
    [...terms.keys()]
      .filter((m): m is string => typeof m === 'string' && /^\d{4}-\d{2}$/.test(m))
      .sort()
      .at(-1) ?? cut;
  // Where a missing entry shows: the first entry dated from when it was due (else the head).
  const seqFrom = (ms: number) => entries.find((e) => Date.parse(e.at) >= ms)?.seq ?? last.seq;
  const failures: LogFailure[] = [];
  for (let month = cut; month <= lastTerms; month = monthAfter(month)) {
    const { end } = seasonBounds(month);
    if (!terms.has(month)) {
      // Shown at the terms of a later month: where the gap becomes visible.
      const later = entries.find((e) => e.kind === 'season.terms' && String((e.data as { month?: unknown }).month) > month);
      failures.push({ seq: later?.seq ?? last.seq, reason: textOf('monthNoTerms', { month, cut }), cause: 'missing' });
      continue;
    }
    const freeze = frozen.get(month);
    if (!freeze) {
      if (lastAt >= end.getTime() + DAY_MS)
        failures.push({ seq: seqFrom(end.getTime() + DAY_MS), reason: textOf('monthNoFreeze', { month }), cause: 'missing' });
      continue;
    }
    const due = Date.parse(String((freeze.data as { beaconAt?: unknown }).beaconAt));
    if (!closed.has(month) && Number.isFinite(due) && lastAt >= due + DAY_MS)
      failures.push({ seq: seqFrom(due + DAY_MS), reason: textOf('monthNoClose', { month }), cause: 'missing' });
  }
  return failures.sort((a, b) => a.seq - b.seq);
}

/** What the server says about its drand chain (GET /api/public/drand). */
export interface ServedChain extends DrandChain {
  quicknet?: boolean;
  /** Whether the server runs in production (GET /api/public/drand): a test chain then proves nothing. */
  production?: boolean;
}

/**
 * The chain a beacon is checked against: for quicknet, the key built in here (never the copy a
 * server sends); for another chain, the one the server says it draws from, when it is that chain
 * (a test chain, outside production). Undefined for a chain nobody vouches for.
 */
export function chainFor(chainHash: string, served?: ServedChain | null): { chain: DrandChain; quicknet: boolean } | undefined {
  const hash = chainHash.toLowerCase();
  if (hash === QUICKNET.hash) return { chain: QUICKNET, quicknet: true };
  if (served && served.hash.toLowerCase() === hash) {
    const { hash: servedHash, publicKey, genesisTime, period } = served;
    return { chain: { hash: servedHash.toLowerCase(), publicKey, genesisTime, period }, quicknet: false };
  }
  return undefined;
}

/** A step of a verification: a draw step, or one against the log; `note` says something worth knowing that is not a failure. */
export interface VerifyStep extends DrawCheck {
  note?: VerifyText;
}

/** Whether no step is a mismatch (late steps hold). */
function holds(steps: readonly VerifyStep[]): boolean {
  return steps.every((s) => s.status !== 'mismatch');
}

/** Entries of `kind` about `month` (data.month), oldest first. */
function entriesOf(entries: readonly LogEntry[], kind: string, month: string): LogEntry[] {
  return entries.filter((e) => e.kind === kind && typeof e.data === 'object' && e.data !== null && (e.data as { month?: unknown }).month === month);
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * What a freeze fixed, as one line: written the same way for the published season and for its log
 * entry, so that the two are compared as text.
 */
function freezeText(f: {
  listHash: string;
  entrantCount: number;
  beaconRound: number;
  champions: readonly { rank: number; ambassadorId: string; prizeUsdt: string }[];
  latestRound?: { round: number; signature: string } | null | undefined;
}): string {
  const champions = [...f.champions].sort((a, b) => a.rank - b.rank).map((c) => `${c.rank}: ${c.ambassadorId.toLowerCase()} ${c.prizeUsdt}`);
  return [
    `list ${f.listHash}`,
    `${f.entrantCount} entrants`,
    `round ${f.beaconRound}`,
    `champions ${champions.join(', ') || '(none)'}`,
    `latest round ${f.latestRound ? `${f.latestRound.round}:${f.latestRound.signature.toLowerCase()}` : '(none)'}`,
  ].join('; ');
}

/** What a close drew, as one line (as freezeText): the beacon and the winners in order. */
function drawText(d: {
  beaconRound: number;
  signature?: string | null | undefined;
  randomness?: string | null | undefined;
  winners: readonly { position: number; ambassadorId: string }[];
}): string {
  const winners = [...d.winners].sort((a, b) => a.position - b.position).map((w) => `${w.position}: ${w.ambassadorId.toLowerCase()}`);
  return [
    `round ${d.beaconRound}`,
    `signature ${d.signature ?? '(none)'}`,
    `randomness ${d.randomness ?? '(none)'}`,
    `winners ${winners.join(', ') || '(none)'}`,
  ].join('; ');
}

/** One entry of a kind for the month: the step's failure when there is none, or more than one, or it cannot be read. */
function oneEntry<T>(
  entries: readonly LogEntry[],
  kind: 'season.terms' | 'season.frozen' | 'season.closed',
  month: string,
  steps: { whole: VerifyTextId; at: VerifyTextId },
  expected: string,
): { entry: LogEntry; data: T } | VerifyStep {
  const found = entriesOf(entries, kind, month);
  const entry = found[0];
  const step = textOf(steps.whole);
  if (!entry) return { ...step, expected, actual: `(no ${kind} entry for ${month})`, status: 'mismatch' };
  if (found.length > 1)
    return { ...step, expected, actual: `(${kind} written ${found.length} times: entries ${found.map((e) => e.seq).join(', ')})`, status: 'mismatch' };
  const read = readLogData(entry);
  if (read.kind !== kind)
    return { ...textOf(steps.at, { seq: entry.seq }), expected, actual: `(entry ${entry.seq} cannot be read as ${kind})`, status: 'mismatch' };
  return { entry, data: read.data as T };
}

const isStep = (value: object): value is VerifyStep => 'status' in value;

/** An entry's values, written as one line (freezeText, drawText), against the published ones written the same way. */
function sameLine(step: VerifyTextId, seq: number, published: string, logged: string): VerifyStep {
  return { ...textOf(step, { seq }), expected: published, actual: logged, status: logged === published ? 'match' : 'mismatch' };
}

/**
 * A protocol 2 month against the log: the terms logged once, as published, and before the month
 * began (late: a note, not a failure); the freeze logged once, as published, before the beacon
 * round's time; the draw logged as published once closed; and each withheld prize logged.
 */
export function seasonLogChecks(published: PublishedSeason2, entries: readonly LogEntry[], chain: DrandChain): VerifyStep[] {
  const { month } = published;
  const steps: VerifyStep[] = [];

  const terms = oneEntry<TTermsData>(entries, 'season.terms', month, { whole: 'logTerms', at: 'logTermsAt' }, published.termsHash);
  if (isStep(terms)) steps.push(terms);
  else {
    const same = terms.data.termsHash === published.termsHash && canonicalJson(terms.data.terms) === canonicalJson(published.terms);
    steps.push({
      ...textOf('logTermsAt', { seq: terms.entry.seq }),
      expected: published.termsHash,
      actual: terms.data.termsHash === published.termsHash && !same ? `${terms.data.termsHash} (with other terms)` : terms.data.termsHash,
      status: same ? 'match' : 'mismatch',
    });
    const start = seasonBounds(month).start.getTime();
    const late = !(Date.parse(terms.entry.at) <= start);
    steps.push({
      ...textOf('logTermsInTime'),
      expected: terms.entry.at,
      actual: late ? `${terms.entry.at}: late, the month began ${iso(start)}` : `before ${iso(start)}`,
      status: late ? 'late' : 'match',
      ...(late ? { note: textOf('logTermsLateNote', { at: terms.entry.at }) } : {}),
    });
  }

  const publishedFreeze = freezeText({
    listHash: published.listHash,
    entrantCount: published.entrantCount,
    beaconRound: published.beacon.round,
    champions: published.champions,
    latestRound: published.latestRound,
  });
  const frozen = oneEntry<TFrozenData>(entries, 'season.frozen', month, { whole: 'logFreeze', at: 'logFreezeAt' }, publishedFreeze);
  if (isStep(frozen)) steps.push(frozen);
  else {
    steps.push(sameLine('logFreezeValues', frozen.entry.seq, publishedFreeze, freezeText(frozen.data)));
    let due: number | undefined;
    try {
      due = beaconTime(chain, published.beacon.round).getTime();
    } catch {
      due = undefined;
    }
    const inTime = due !== undefined && Date.parse(frozen.entry.at) < due;
    steps.push({
      ...textOf('logFrozenInTime', { round: published.beacon.round }),
      expected: frozen.entry.at,
      actual: due === undefined ? '(no such round)' : inTime ? `before ${iso(due)}` : `not before the round's time, ${iso(due)}`,
      status: inTime ? 'match' : 'mismatch',
    });
  }

  if (published.status === 'closed') {
    const publishedDraw = drawText({
      beaconRound: published.beacon.round,
      signature: published.beacon.signature,
      randomness: published.beacon.randomness,
      winners: published.lottery?.winners ?? [],
    });
    const closed = oneEntry<TClosedData>(entries, 'season.closed', month, { whole: 'logDraw', at: 'logDrawAt' }, publishedDraw);
    if (isStep(closed)) steps.push(closed);
    else steps.push(sameLine('logDrawValues', closed.entry.seq, publishedDraw, drawText(closed.data)));
  }

  const withheldEntries = entriesOf(entries, 'prize.withheld', month).flatMap((entry) => {
    const read = readLogData(entry);
    return read.kind === 'prize.withheld' ? [{ entry, data: read.data as TWithheldData }] : [];
  });
  const rows = [
    ...published.champions.map((c) => ({ kind: 'prize' as const, id: c.ambassadorId.toLowerCase(), name: c.fullName, withheld: c.withheld })),
    ...(published.lottery?.winners ?? []).map((w) => ({ kind: 'lottery' as const, id: w.ambassadorId.toLowerCase(), name: w.fullName, withheld: w.withheld })),
  ];
  for (const row of rows) {
    const logged = withheldEntries.find((w) => w.data.kind === row.kind && w.data.ambassadorId.toLowerCase() === row.id);
    const [whole, at] =
      row.kind === 'prize' ? (['logPrizeWithheld', 'logPrizeWithheldAt'] as const) : (['logLotteryWithheld', 'logLotteryWithheldAt'] as const);
    if (row.withheld) {
      steps.push({
        ...(logged ? textOf(at, { name: row.name, seq: logged.entry.seq }) : textOf(whole, { name: row.name })),
        expected: row.withheld.reason,
        actual: logged ? logged.data.reason : '(not in the log)',
        status: logged?.data.reason === row.withheld.reason ? 'match' : 'mismatch',
      });
    } else if (logged) {
      steps.push({
        ...textOf(at, { name: row.name, seq: logged.entry.seq }),
        expected: '(paid, as the season shows)',
        actual: `withheld: ${logged.data.reason}`,
        status: 'mismatch',
      });
    }
  }
  return steps;
}

/** A month's whole verification: the draw (verifyPublishedSeason), the chain it used, and the log. */
export interface SeasonVerification {
  ok: boolean;
  /** A frozen month: its beacon is not out yet, so the draw itself is not checked. */
  pending: boolean;
  steps: VerifyStep[];
  /** The notes of the steps, and the protocol's: what a reader should know that is not a failure. */
  notes: VerifyText[];
}

/**
 * Verifies a published month (GET /api/public/seasons/{month}) as DECISIONS §5 step 5 says: for
 * protocol 2 the beacon against the chain `chainFor` picks (quicknet's built-in key; a test chain
 * only when the server says it draws from it, with a warning), the draw, the whole log's chain and
 * the month's entries in it. A protocol 1 month is checked by its own steps (it predates the log).
 * `log` is the whole log as read, or an Error when it could not be read (a failed step).
 */
export async function verifySeason(
  published: PublishedSeason,
  options: {
    served?: ServedChain | null | undefined;
    log?: WholeLog | Error | null | undefined;
    /** Heads a witness saw (the browser's remembered heads, `--head`), each with the time it was seen. */
    remembered?: readonly WitnessHead[] | undefined;
    /** Whether a test chain may stand in for quicknet: `--test-chain`; by default, when the server says it is not in production. */
    allowTestChain?: boolean | undefined;
    /** The log's anchors as read from the chain (`--rpc`); without, the log's own `log.anchored` entries are shown, not proven. */
    anchors?: AnchorsOnChain | undefined;
    /** `--strict`: a freeze no anchor proves before the beacon fails. */
    strict?: boolean | undefined;
  } = {},
): Promise<SeasonVerification> {
  if (published.protocol !== 2) {
    const result = await verifyPublishedSeason(published);
    const steps: VerifyStep[] = [...result.checks];
    const month = (published as { month?: string }).month;
    const log = options.log;
    const cut = log && !(log instanceof Error) ? cutOverMonth(log.entries) : undefined;
    // From the cut-over on every month is protocol 2: a protocol 1 month there was downgraded.
    if (cut && month && month >= cut)
      steps.push({ ...textOf('protocol1AfterCutover', { month, cut }), expected: 'protocol 2', actual: 'protocol 1', status: 'mismatch' });
    return { ok: holds(steps), pending: false, steps, notes: [textOf('protocol1Note')] };
  }
  const steps: VerifyStep[] = [];
  const termsChain = published.terms.beacon.chain;
  const picked = chainFor(termsChain, options.served);
  if (!picked) {
    steps.push({
      ...textOf('chainUnknown'),
      expected: termsChain,
      actual: options.served ? `(this server draws from ${options.served.hash})` : '(this server does not say which chain it draws from)',
      status: 'mismatch',
    });
  } else if (picked.quicknet) {
    steps.push({
      ...textOf('chainQuicknet'),
      expected: termsChain,
      actual: QUICKNET.hash,
      status: 'match',
    });
  } else if (options.allowTestChain ?? options.served?.production === false) {
    steps.push({
      ...textOf('chainTest'),
      expected: QUICKNET.hash,
      actual: picked.chain.hash,
      status: 'match',
      note: textOf('chainTestNote'),
    });
  } else {
    // A test chain presented as real: its key is the server's own, so the beacon proves nothing.
    steps.push({ ...textOf('chainTestRefused'), expected: QUICKNET.hash, actual: picked.chain.hash, status: 'mismatch' });
  }
  const chain = picked?.chain ?? QUICKNET;
  const draw = await verifyPublishedSeason(published, chain);
  steps.push(...draw.checks);

  const log = options.log;
  if (log instanceof Error || !log) {
    steps.push({ ...textOf('logRead'), expected: 'the whole log', actual: log ? `(${log.message})` : '(not read)', status: 'mismatch' });
  } else {
    const verdict = await checkLog(log, options.remembered ?? []);
    steps.push(
      verdict.ok
        ? {
            ...textOf('logChained', { count: verdict.count }),
            expected: formatHead(log.head),
            actual: formatHead(verdict.head),
            status: 'match',
          }
        : {
            ...textOf('logEntryHolds', { seq: verdict.failure.seq }),
            expected: 'an unbroken chain',
            actual: englishOf(verdict.failure.reason),
            status: 'mismatch',
          },
    );
    steps.push(...seasonLogChecks(published, log.entries, chain));
    steps.push(...freezeAnchorSteps(published, log.entries, chain, { anchors: options.anchors, strict: options.strict }));
  }
  const notes = steps.flatMap((s) => (s.note ? [s.note] : []));
  if (!published.latestRound) notes.push(textOf('latestMissingNote'));
  return { ok: holds(steps), pending: draw.pending, steps, notes };
}

/**
 * `npm run verify-log`'s draws: every month the log says was closed, loaded with `loadSeason` and
 * verified against the log. Answers the first failure by the closing entry's seq, and the notes.
 */
export async function verifyLoggedDraws(
  log: WholeLog,
  loadSeason: (month: string) => Promise<PublishedSeason>,
  served: ServedChain | null | undefined,
  onSeason?: (month: string, result: SeasonVerification) => void,
  options: { remembered?: readonly WitnessHead[]; allowTestChain?: boolean; anchors?: AnchorsOnChain; strict?: boolean } = {},
): Promise<{ ok: true; months: string[] } | { ok: false; months: string[]; failure: LogFailure }> {
  const months: string[] = [];
  for (const entry of log.entries) {
    if (entry.kind !== 'season.closed') continue;
    const read = readLogData(entry);
    if (read.kind !== 'season.closed') return { ok: false, months, failure: { seq: entry.seq, reason: textOf('closedUnreadable'), cause: 'draw' } };
    const { month } = read.data as TClosedData;
    let published: PublishedSeason;
    try {
      published = await loadSeason(month);
    } catch (error) {
      return {
        ok: false,
        months,
        failure: { seq: entry.seq, reason: textOf('seasonUnread', { month, error: error instanceof Error ? error.message : String(error) }), cause: 'draw' },
      };
    }
    const result = await verifySeason(published, { served, log, ...options });
    onSeason?.(month, result);
    months.push(month);
    const bad = result.steps.find((s) => s.status === 'mismatch');
    if (bad)
      return {
        ok: false,
        months,
        failure: {
          seq: entry.seq,
          reason: textOf('drawFails', { month, step: englishOf(bad), expected: bad.expected, actual: bad.actual }),
          cause: 'draw',
        },
      };
    if (result.pending) return { ok: false, months, failure: { seq: entry.seq, reason: textOf('drawNotClosed', { month }), cause: 'draw' } };
  }
  return { ok: true, months };
}

/**
 * A month's entries (terms, freeze, draw, withheld prizes, summary; payouts by the month they were paid
 * in; an anchor with the entry it anchors), newest month first.
 */
export function logByMonth(entries: readonly LogEntry[]): { month: string; entries: LogEntry[] }[] {
  const months = new Map<string, LogEntry[]>();
  const monthOfSeq = new Map<number, string>();
  for (const entry of entries) {
    const data = typeof entry.data === 'object' && entry.data !== null ? (entry.data as Record<string, unknown>) : {};
    const anchored = entry.kind === 'log.anchored' && typeof data.seq === 'number' ? monthOfSeq.get(data.seq) : undefined;
    const when = anchored ?? (typeof data.month === 'string' ? data.month : typeof data.paidAt === 'string' ? data.paidAt.slice(0, 7) : entry.at.slice(0, 7));
    const month = /^\d{4}-\d{2}$/.test(when) ? when : entry.at.slice(0, 7);
    monthOfSeq.set(entry.seq, month);
    const list = months.get(month);
    if (list) list.push(entry);
    else months.set(month, [entry]);
  }
  return [...months.entries()].sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0)).map(([month, list]) => ({ month, entries: list }));
}
