/**
 * The provably fair draw of DECISIONS §5, one implementation for the server, the browser and the
 * command-line verifier (WebCrypto, in Node and in browsers). Protocol 1 (steps 1-6: a secret and a
 * typed beacon) for months closed before protocol 2; protocol 2 (terms fixed at the month's start,
 * entrants frozen at its end, a drand beacon) from then on. Both share steps 5-6: `drawFromSeed`.
 */
import { LATE_BEACON_SECONDS, LATE_BEACON_SECONDS_ANCHORED } from './anchor.ts';
import { textOf, type VerifyText, type VerifyTextId, type VerifyValues } from './verify-texts.ts';
import { canonicalJson } from './canonical-json.ts';
import { QUICKNET, randomnessOf, roundAt, roundTime, verifyBeacon, type DrandChain } from './drand.ts';
import { hex, sha256, sha256Hex } from './hash.ts';
import { seasonBounds } from './seasons.ts';

const encoder = new TextEncoder();

/** 32 random bytes from a CSPRNG as 64 lowercase hex characters. */
export function newSecret(): string {
  return hex(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}

export async function commitmentOf(secret: string): Promise<string> {
  return sha256Hex(secret);
}

/** The entrants' ids in the draw's order: lower case, sorted ascending. */
export function sortedEntrants(entrantIds: string[]): string[] {
  return entrantIds.map((id) => id.toLowerCase()).sort();
}

export async function listHashOf(entrantIds: string[]): Promise<string> {
  return sha256Hex(sortedEntrants(entrantIds).join('\n'));
}

export async function seedOf(secret: string, beacon: string, listHash: string): Promise<Uint8Array> {
  return sha256(encoder.encode(`${secret}:${beacon}:${listHash}`));
}

export async function drawWinners(input: { secret: string; beacon: string; entrantIds: string[]; winners: number }): Promise<string[]> {
  const list = sortedEntrants(input.entrantIds);
  return drawFromSeed(await seedOf(input.secret, input.beacon, await listHashOf(list)), list, input.winners);
}

/**
 * Steps 5-6, shared by both protocols: the random stream SHA-256(seed ‖ uint32 big-endian i) read
 * as 32-bit big-endian integers, and a partial Fisher-Yates shuffle of `sortedIds` (already in the
 * draw's order: lower case, ascending) for W = min(winners, n) positions. Answers positions 0 … W-1.
 */
export async function drawFromSeed(seed: Uint8Array, sortedIds: string[], winners: number): Promise<string[]> {
  const list = [...sortedIds];
  const n = list.length;
  const w = Math.max(0, Math.min(winners, n));
  let block = 0;
  let queue: number[] = [];
  const next = async (): Promise<number> => {
    if (!queue.length) {
      const counter = new Uint8Array(4);
      new DataView(counter.buffer).setUint32(0, block++);
      const bytes = await sha256(new Uint8Array([...seed, ...counter]));
      const view = new DataView(bytes.buffer);
      queue = Array.from({ length: 8 }, (_, i) => view.getUint32(i * 4));
    }
    return queue.shift() as number;
  };
  for (let k = 0; k < w; k++) {
    const j = k + (await uniformBelow(n - k, next));
    [list[k], list[j]] = [list[j] as string, list[k] as string];
  }
  return list.slice(0, w);
}

/**
 * Step 6's unbiased pick of 0 … m-1: integers u are taken from the stream until u < floor(2^32 / m) × m
 * (the rest would favour small results), and the answer is u mod m.
 */
export async function uniformBelow(m: number, next: () => Promise<number>): Promise<number> {
  const limit = Math.floor(2 ** 32 / m) * m;
  let u = await next();
  while (u >= limit) u = await next();
  return u % m;
}

/** What a closed season publishes that the draw is checked from (GET /api/public/seasons/{month}). */
export interface PublishedDraw {
  lottery: {
    commitment: string;
    secret: string;
    beacon: string;
    listHash: string;
    entrantCount: number;
    winners: { position: number; ambassadorId: string }[];
  };
  entrants: { ambassadorId: string }[];
}

/**
 * A step's status: 'match'; 'late', a step that holds as the protocol allows, but late (terms fixed
 * after the month began, a freeze after the terms' round): never shown or counted as a match (issue
 * 40, item 5); or 'mismatch'.
 */
export type StepStatus = 'match' | 'late' | 'mismatch';

/**
 * A step of a verification: which text names it and its values (`id`, `values`: verify-texts.ts,
 * said in English by the CLI and in the page's language by the browser), its status, and what was
 * published (`expected`) against what it should be (`actual`), as data.
 */
export interface DrawCheck extends VerifyText {
  status: StepStatus;
  expected: string;
  actual: string;
}

/** A step named `id` with `values`: a match when `ok`, else a mismatch. */
export function check(id: VerifyTextId, values: VerifyValues, expected: string, actual: string, ok = expected === actual): DrawCheck {
  return { id, values, status: ok ? 'match' : 'mismatch', expected, actual };
}

/**
 * Recomputes a published season's draw (DECISIONS §5) and answers every step with what was
 * published, what it should be, and whether they match. The same code runs in the browser (the
 * Hall of Fame's 'Verify this draw') and in `npm run verify-draw`.
 */
export async function verifyDraw(published: PublishedDraw): Promise<{ ok: boolean; checks: DrawCheck[] }> {
  const { lottery } = published;
  const ids = published.entrants.map((e) => e.ambassadorId);
  const commitment = await commitmentOf(lottery.secret);
  const listHash = await listHashOf(ids);
  const seed = hex(await seedOf(lottery.secret, lottery.beacon, listHash));
  const publishedWinners = [...lottery.winners].sort((a, b) => a.position - b.position).map((w) => w.ambassadorId.toLowerCase());
  const drawn = await drawWinners({ secret: lottery.secret, beacon: lottery.beacon, entrantIds: ids, winners: publishedWinners.length });
  const checks: DrawCheck[] = [
    check('commitment', {}, lottery.commitment, commitment),
    check('listHash', {}, lottery.listHash, listHash),
    check('entrantCount', {}, String(lottery.entrantCount), String(ids.length), ids.length === lottery.entrantCount),
    check('seed1', {}, seed, seed, true),
    ...Array.from({ length: Math.max(drawn.length, publishedWinners.length) }, (_, i) =>
      check('winner', { position: i + 1 }, publishedWinners[i] ?? '(none)', drawn[i] ?? '(none)'),
    ),
  ];
  return { ok: checks.every((c) => c.status !== 'mismatch'), checks };
}

/* ---------------------------------------------------------------------------------------------
 * Protocol 2 (DECISIONS §5): a draw nobody can bend. Terms fixed at the month's start, entrants
 * frozen at its end, drand's round R as the beacon, no secret.
 * ------------------------------------------------------------------------------------------- */

/**
 * The referral rule a month's terms fix (DECISIONS §7, Referrals): what qualifies a referee, the GCM
 * and USDT credited per referral, and how many referrals a referrer is credited at most in the month.
 */
export type ReferralTerms = { qualify: 'approved' | 'first_report'; gcm: string; usdt: string; monthlyCap: number };

/**
 * A month's terms, written once when the month is first seen (step 1). `referral` joins them from the
 * month after a super admin first sets a rule; months fixed before have no such key, and hash as they did.
 */
export type SeasonTerms = {
  version: 2;
  month: string;
  prizesUsdt: string[];
  lotteryWinners: number;
  lotteryPrizeUsdt: string;
  beacon: { chain: string; round: number };
  referral?: ReferralTerms;
};

/** `termsHash`: lowercase hex SHA-256 of the terms' canonical JSON (RFC 8785). */
export async function termsHashOf(terms: SeasonTerms): Promise<string> {
  return sha256Hex(canonicalJson(terms));
}

/** Step 1's R: the first round of the chain whose time is at or after the month's end + 1 hour. */
export function termsBeaconRound(chain: DrandChain, month: string): number {
  return roundAt(chain, seasonBounds(month).end.getTime() / 1000 + 3600);
}

/** A month's terms (step 1) from the prize settings in force when it starts. */
export function seasonTermsOf(
  month: string,
  settings: { prizesUsdt: string[]; lotteryWinners: number; lotteryPrizeUsdt: string; referral?: ReferralTerms | null | undefined },
  chain: DrandChain = QUICKNET,
): SeasonTerms {
  const { referral } = settings;
  return {
    version: 2,
    month,
    prizesUsdt: [...settings.prizesUsdt],
    lotteryWinners: settings.lotteryWinners,
    lotteryPrizeUsdt: settings.lotteryPrizeUsdt,
    beacon: { chain: chain.hash, round: termsBeaconRound(chain, month) },
    ...(referral ? { referral: { qualify: referral.qualify, gcm: referral.gcm, usdt: referral.usdt, monthlyCap: referral.monthlyCap } } : {}),
  };
}

/**
 * Whether a freeze is late (DECISIONS §5 step 2, §7 Protocol 2 against the database and the clock):
 * it happened after R's time by its own clock, or the relays' latest round L, asked after the
 * month's row was locked, was already R or later (whatever the server's clock said).
 */
export function freezeIsLate(chain: DrandChain, termsRound: number, frozenAt: Date | string, latestRound?: number | null): boolean {
  const frozenMs = frozenAt instanceof Date ? frozenAt.getTime() : Date.parse(frozenAt);
  if (!Number.isFinite(frozenMs)) throw new RangeError(`freezeIsLate: ${String(frozenAt)} is not a time`);
  return frozenMs > roundTime(chain, termsRound) * 1000 || (latestRound !== undefined && latestRound !== null && latestRound >= termsRound);
}

/**
 * The round the draw uses (step 2): the terms' round R, unless the freeze is late (freezeIsLate);
 * then the first round at or after both `frozenAt` + `lateBySeconds` (60 s) and L + 1.
 */
export function drawBeaconRound(chain: DrandChain, termsRound: number, frozenAt: Date | string, latestRound?: number | null, lateBySeconds = 60): number {
  if (!freezeIsLate(chain, termsRound, frozenAt, latestRound)) return termsRound;
  const frozenMs = frozenAt instanceof Date ? frozenAt.getTime() : Date.parse(frozenAt);
  return Math.max(roundAt(chain, frozenMs / 1000 + lateBySeconds), (latestRound ?? 0) + 1);
}

/** Step 4's seed: SHA-256 of the UTF-8 string `${termsHash}:${listHash}:${randomness}` (32 bytes). */
export async function seedOf2(termsHash: string, listHash: string, randomness: string): Promise<Uint8Array> {
  return sha256(encoder.encode(`${termsHash}:${listHash}:${randomness}`));
}

/**
 * Protocol 2's lottery: the seed of step 4, then steps 5-6 of protocol 1 over the sorted entrants,
 * W = min(winners, n). `listHash` defaults to the entrants' own (pass the frozen one to draw from it).
 */
export async function drawWinners2(input: {
  termsHash: string;
  listHash?: string;
  randomness: string;
  entrantIds: string[];
  winners: number;
}): Promise<string[]> {
  const list = sortedEntrants(input.entrantIds);
  const listHash = input.listHash ?? (await listHashOf(list));
  return drawFromSeed(await seedOf2(input.termsHash, listHash, input.randomness), list, input.winners);
}

/** GET /api/public/seasons/{month} of a protocol 2 month, frozen or closed (DECISIONS §5, steps 2 and 4). */
export interface PublishedSeason2 {
  month: string;
  protocol: 2;
  status: 'frozen' | 'closed';
  terms: SeasonTerms;
  termsHash: string;
  frozenAt: string;
  closedAt?: string;
  champions: { rank: number; ambassadorId: string; fullName: string; monthlyGcm?: string; prizeUsdt: string; withheld?: { reason: string } }[];
  entrants: { ambassadorId: string; fullName: string }[];
  entrantCount: number;
  listHash: string;
  beacon: { chain: string; round: number; at: string; signature?: string; randomness?: string };
  /** The relays' latest round when the month froze (DECISIONS §7): proof the freeze came after it. Absent on freezes before it was recorded. */
  latestRound?: { round: number; signature: string } | null;
  lottery?: { winners: { position: number; ambassadorId: string; fullName: string; prizeUsdt: string; withheld?: { reason: string } }[] };
}

/** A published season of either protocol; protocol 1 answers carry no `protocol` (or 1). */
export type PublishedSeason = PublishedSeason2 | (PublishedDraw & { protocol?: 1 });

/**
 * A verification's answer: every step (`expected` is what was published, `actual` what it should
 * be), `ok` when none fails, and `pending` when a frozen season's beacon is not out yet (what
 * exists is checked; the draw is not).
 */
export interface DrawVerification {
  ok: boolean;
  pending: boolean;
  checks: DrawCheck[];
}

function iso(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString();
}

/** Runs `compute`, answering its text or, when it throws, the reason in parentheses. */
function attempt(compute: () => string): string {
  try {
    return compute();
  } catch (error) {
    return `(${error instanceof Error ? error.message : String(error)})`;
  }
}

/**
 * Recomputes a protocol 2 season from what it publishes (DECISIONS §5, step 5): the terms hash,
 * the terms' round, the beacon round, the list hash, the entrant count, the prizes against the
 * terms, then, once closed, the beacon's BLS signature (offline, against `chain`'s public key), the
 * randomness, the seed and each winner. A frozen season's draw is reported as pending.
 */
export async function verifyDraw2(published: PublishedSeason2, chain: DrandChain = QUICKNET): Promise<DrawVerification> {
  const { terms, beacon } = published;
  const checks: DrawCheck[] = [];
  const add = (step: VerifyText, expected: string, actual: string, ok = expected === actual) => checks.push(check(step.id, step.values, expected, actual, ok));
  const names = new Map(published.entrants.map((e) => [e.ambassadorId.toLowerCase(), e.fullName]));
  for (const c of published.champions) names.set(c.ambassadorId.toLowerCase(), c.fullName);
  const who = (id: string | undefined) => (id === undefined ? '(none)' : names.has(id) ? `${names.get(id)} (${id})` : id);

  let termsHash = published.termsHash;
  try {
    termsHash = await termsHashOf(terms);
    add(textOf('termsHash'), published.termsHash, termsHash);
  } catch (error) {
    add(textOf('termsHash'), published.termsHash, `(${error instanceof Error ? error.message : String(error)})`, false);
  }
  add(textOf('termsMonth'), published.month, terms.month);
  add(
    textOf('termsRound'),
    String(terms.beacon.round),
    attempt(() => String(termsBeaconRound(chain, terms.month))),
  );
  const chainOk = [terms.beacon.chain, beacon.chain].every((hash) => hash.toLowerCase() === chain.hash.toLowerCase());
  add(textOf('beaconChain'), `${terms.beacon.chain} / ${beacon.chain}`, `${chain.hash} / ${chain.hash}`, chainOk);

  const latest = published.latestRound ?? null;
  if (latest) {
    const signed = await verifyBeacon(chain, latest.round, latest.signature);
    add(
      textOf('latestRound', { round: latest.round }),
      `${latest.round}:${latest.signature}`,
      signed ? `${latest.round}:${latest.signature}` : `(not a signature of round ${latest.round} by ${chain.hash})`,
      signed,
    );
  }
  const late = attempt(() => String(freezeIsLate(chain, terms.beacon.round, published.frozenAt, latest?.round)));
  // A late freeze's beacon is 60 s on, or 10 minutes on when the server anchors its log (DECISIONS §7): both
  // unknown when the list was read. The step names the delay whose round the beacon is (else the first).
  const delays = [LATE_BEACON_SECONDS, LATE_BEACON_SECONDS_ANCHORED];
  const lateRounds = attempt(() => delays.map((s) => String(drawBeaconRound(chain, terms.beacon.round, published.frozenAt, latest?.round, s))).join(','));
  const matched = Math.max(0, lateRounds.split(',').indexOf(String(beacon.round)));
  const lateStep = latest && latest.round >= terms.beacon.round ? 'beaconRoundLateLatest' : 'beaconRoundLate';
  add(
    late === 'true' ? textOf(lateStep, { seconds: delays[matched] ?? LATE_BEACON_SECONDS }) : textOf('beaconRound'),
    String(beacon.round),
    late === 'true'
      ? lateRounds.startsWith('(')
        ? lateRounds
        : (lateRounds.split(',')[matched] ?? lateRounds)
      : attempt(() => String(drawBeaconRound(chain, terms.beacon.round, published.frozenAt, latest?.round))),
  );
  const last = checks.at(-1);
  if (late === 'true' && last?.status === 'match') last.status = 'late';
  const at = attempt(() => iso(roundTime(chain, beacon.round)));
  add(textOf('beaconTime'), beacon.at, at, Date.parse(beacon.at) === Date.parse(at));

  const ids = published.entrants.map((e) => e.ambassadorId);
  const list = sortedEntrants(ids);
  const listHash = await listHashOf(list);
  add(textOf('listHash'), published.listHash, listHash);
  add(textOf('entrantCount'), String(published.entrantCount), String(ids.length));
  const championIds = new Set(published.champions.map((c) => c.ambassadorId.toLowerCase()));
  const entered = list.filter((id) => championIds.has(id));
  add(textOf('championsNotEntrants'), '(none)', entered.length ? entered.map(who).join(', ') : '(none)');
  const champions = [...published.champions].sort((a, b) => a.rank - b.rank);
  add(
    textOf('championPrizes'),
    champions.map((c) => `${c.rank}: ${c.prizeUsdt}`).join(', ') || '(none)',
    champions.map((c) => `${c.rank}: ${terms.prizesUsdt[c.rank - 1] ?? '(no prize)'}`).join(', ') || '(none)',
  );

  if (published.status !== 'closed') {
    const when = attempt(() => iso(roundTime(chain, beacon.round)));
    add(textOf('beaconWaiting', { round: beacon.round, at: when }), `round ${beacon.round} at ${when}`, `round ${beacon.round} at ${when}`);
    return { ok: checks.every((c) => c.status !== 'mismatch'), pending: true, checks };
  }

  const signature = beacon.signature ?? '';
  const valid = await verifyBeacon(chain, beacon.round, signature);
  add(
    textOf('beaconSignature', { round: beacon.round }),
    signature || '(not published)',
    valid ? signature : `(not a signature of round ${beacon.round} by ${chain.hash})`,
    valid,
  );
  let randomness = beacon.randomness ?? '';
  try {
    randomness = await randomnessOf(signature);
    add(textOf('randomness'), beacon.randomness ?? '(not published)', randomness);
  } catch {
    add(textOf('randomness'), beacon.randomness ?? '(not published)', '(the signature is not hex)', false);
  }
  const seed = hex(await seedOf2(termsHash, listHash, randomness));
  add(textOf('seed2'), seed, seed);

  const winners = [...(published.lottery?.winners ?? [])].sort((a, b) => a.position - b.position);
  const publishedIds = winners.map((w) => w.ambassadorId.toLowerCase());
  const drawn = await drawWinners2({ termsHash, listHash, randomness, entrantIds: list, winners: terms.lotteryWinners });
  for (let i = 0; i < Math.max(drawn.length, publishedIds.length); i++) {
    add(textOf('winner', { position: i + 1 }), who(publishedIds[i]), who(drawn[i]), publishedIds[i] === drawn[i]);
  }
  if (winners.length) {
    add(textOf('lotteryPrizes'), winners.map((w) => w.prizeUsdt).join(', '), winners.map(() => terms.lotteryPrizeUsdt).join(', '));
  }
  return { ok: checks.every((c) => c.status !== 'mismatch'), pending: false, checks };
}

/** Verifies a published season by its protocol: 2 → `verifyDraw2`; missing or 1 → `verifyDraw`. */
export async function verifyPublishedSeason(published: PublishedSeason, chain: DrandChain = QUICKNET): Promise<DrawVerification> {
  if (published.protocol === 2) return verifyDraw2(published, chain);
  return { ...(await verifyDraw(published)), pending: false };
}
