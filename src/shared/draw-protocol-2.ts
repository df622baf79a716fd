/**
 * Protocol 2 of the draw (DECISIONS §5): a draw nobody can bend. Terms fixed at the month's start,
 * entrants frozen at its end, drand's round R as the beacon, no secret. The same function names as
 * draw-protocol-1.ts (`seedOf`, `drawWinners`, `verifyDraw`); the shared steps are in draw.ts.
 */
import { LATE_BEACON_SECONDS, LATE_BEACON_SECONDS_ANCHORED } from './anchor.ts';
import { canonicalJson } from './canonical-json.ts';
import { QUICKNET, randomnessOf, roundAt, roundTime, verifyBeacon, type DrandChain } from './drand.ts';
import { check, drawFromSeed, listHashOf, sortedEntrants, type DrawCheck, type DrawVerification } from './draw.ts';
import { hex, sha256, sha256Hex } from './hash.ts';
import { seasonBounds } from './seasons.ts';
import { textOf, type VerifyText } from './verify-texts.ts';

const encoder = new TextEncoder();

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
  return frozenMs > beaconTime(chain, termsRound).getTime() || (latestRound !== undefined && latestRound !== null && latestRound >= termsRound);
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

/**
 * When a round is out (the chain's genesis + (round - 1) × period): the one derivation of a beacon's
 * time, for the freeze's beaconAt, the pages and the verifiers.
 */
export function beaconTime(chain: DrandChain, round: number): Date {
  return new Date(roundTime(chain, round) * 1000);
}

/** Step 4's seed: SHA-256 of the UTF-8 string `${termsHash}:${listHash}:${randomness}` (32 bytes). */
export async function seedOf(termsHash: string, listHash: string, randomness: string): Promise<Uint8Array> {
  return sha256(encoder.encode(`${termsHash}:${listHash}:${randomness}`));
}

/**
 * Protocol 2's lottery: the seed of step 4, then steps 5-6 of protocol 1 over the sorted entrants,
 * W = min(winners, n). `listHash` defaults to the entrants' own (pass the frozen one to draw from it).
 */
export async function drawWinners(input: {
  termsHash: string;
  listHash?: string;
  randomness: string;
  entrantIds: string[];
  winners: number;
}): Promise<string[]> {
  const list = sortedEntrants(input.entrantIds);
  const listHash = input.listHash ?? (await listHashOf(list));
  return drawFromSeed(await seedOf(input.termsHash, listHash, input.randomness), list, input.winners);
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
export async function verifyDraw(published: PublishedSeason2, chain: DrandChain = QUICKNET): Promise<DrawVerification> {
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
  const at = attempt(() => beaconTime(chain, beacon.round).toISOString());
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
    const when = attempt(() => beaconTime(chain, beacon.round).toISOString());
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
  const seed = hex(await seedOf(termsHash, listHash, randomness));
  add(textOf('seed2'), seed, seed);

  const winners = [...(published.lottery?.winners ?? [])].sort((a, b) => a.position - b.position);
  const publishedIds = winners.map((w) => w.ambassadorId.toLowerCase());
  const drawn = await drawWinners({ termsHash, listHash, randomness, entrantIds: list, winners: terms.lotteryWinners });
  for (let i = 0; i < Math.max(drawn.length, publishedIds.length); i++) {
    add(textOf('winner', { position: i + 1 }), who(publishedIds[i]), who(drawn[i]), publishedIds[i] === drawn[i]);
  }
  if (winners.length) {
    add(textOf('lotteryPrizes'), winners.map((w) => w.prizeUsdt).join(', '), winners.map(() => terms.lotteryPrizeUsdt).join(', '));
  }
  return { ok: checks.every((c) => c.status !== 'mismatch'), pending: false, checks };
}
