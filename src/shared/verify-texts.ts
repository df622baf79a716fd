/**
 * The words of a verification: the draw's steps (draw.ts), the log's checks and their notes
 * (verify-log.ts, public-log.ts). Written once, in English, as templates with `{named}` values:
 * the CLI prints them as they are, and the browser, which runs the same checks, reads each back
 * (`readVerifyText`) to say it in the page's language (DECISIONS §6, Languages), as the ledger's
 * descriptions are (ledger-descriptions.ts). What was published and what was checked (hashes,
 * rounds, ids) are data and are shown as they are.
 */
export const VERIFY_TEXTS = {
  // Protocol 1 (draw-protocol-1.ts verifyDraw).
  commitment: 'Commitment: SHA-256 of the secret',
  listHash: 'Entrant list hash',
  entrantCount: 'Entrant count',
  seed1: 'Seed: SHA-256 of secret:beacon:listHash',
  winner: 'Winner {position}',
  protocol1AfterCutover: 'Protocol: {month} is protocol 1, but every month from {cut} on (the first terms in the log) is protocol 2',
  protocol1Note: 'Protocol 1: the beacon was entered by an admin, and the secret published at the close.',
  // Protocol 2 (draw-protocol-2.ts verifyDraw).
  termsHash: "Terms hash: SHA-256 of the terms' canonical JSON",
  termsMonth: "Terms: the season's month",
  termsRound: "Terms: beacon round, the first at or after the month's end + 1 hour",
  beaconChain: 'Beacon chain: the terms name it, the beacon is from it',
  beaconRoundLate: "Beacon round: frozen after the terms' round, so the first at or after the freeze + {seconds} s",
  beaconRoundLateLatest:
    "Beacon round: drand's latest round was already the terms' round or later at the freeze, so the first after it and at or after the freeze + {seconds} s",
  latestRound: "Latest round at the freeze: round {round}, signed by the chain's key (the freeze came after it)",
  beaconRound: "Beacon round: the terms' round",
  beaconTime: "Beacon time: the round's time",
  championsNotEntrants: 'Champions are not lottery entrants',
  championPrizes: "Champion prizes: the terms' prizes by rank",
  beaconWaiting: 'Beacon: waiting for round {round} at {at}',
  beaconSignature: "Beacon signature: round {round} signed by the chain's key (BLS, checked here)",
  randomness: 'Randomness: SHA-256 of the signature',
  seed2: 'Seed: SHA-256 of termsHash:listHash:randomness',
  lotteryPrizes: "Lottery prizes: the terms' prize",
  // The chain a beacon is checked against (verify-log.ts verifySeason).
  chainUnknown: 'Beacon chain: drand quicknet, or the chain this server says it draws from',
  chainQuicknet: "Beacon chain: drand quicknet (the key built into this checker, not the server's)",
  chainTest: 'Beacon chain: Test chain, not drand quicknet',
  chainTestRefused: 'Beacon chain: test chain: proves nothing (not drand quicknet)',
  chainTestNote: 'Test chain, not drand quicknet: the beacon is checked against the key this server serves, which only proves something on a test server.',
  // A month against the log (verify-log.ts seasonLogChecks).
  logRead: 'Log: read the public log',
  logChained: "Log: every entry's hash chains to the one before ({count} entries)",
  logEntryHolds: 'Log: entry {seq} holds',
  logTerms: 'Log: the terms',
  logTermsAt: 'Log: the terms (entry {seq})',
  logTermsInTime: 'Log: terms fixed before the month began',
  logTermsLateNote: 'terms fixed late, at {at}',
  logFreeze: 'Log: the freeze',
  logFreezeAt: 'Log: the freeze (entry {seq})',
  logFreezeValues: 'Log: the freeze (entry {seq}): list hash, entrants, round, champions',
  logFrozenInTime: "Log: frozen before round {round}'s time",
  logDraw: 'Log: the draw',
  logDrawAt: 'Log: the draw (entry {seq})',
  logDrawValues: 'Log: the draw (entry {seq}): round, signature, randomness, winners',
  logPrizeWithheld: 'Log: prize withheld from {name}',
  logPrizeWithheldAt: 'Log: prize withheld from {name} (entry {seq})',
  logLotteryWithheld: 'Log: lottery prize withheld from {name}',
  logLotteryWithheldAt: 'Log: lottery prize withheld from {name} (entry {seq})',
  // Why the log does not hold (public-log.ts, verify-log.ts checkLog): /transparency says it.
  chainGap: 'expected entry {expected} after {previous}, found {found}',
  chainLink: 'its prevHash is not the hash of entry {seq}',
  chainUnhashable: 'it cannot be hashed: {error}',
  chainChanged: 'its hash does not match its content (the entry was changed)',
  headShort: 'the server says the log goes on to entry {head}, but its entries end at {last}',
  headOther: 'the server gives its head as {head}, but the entries end at {last}',
  entryGone: 'the log no longer has entry {seq}, which was seen before',
  entryRewritten: 'entry {seq} is not the one seen before: the log was rewritten',
  monthNoTerms: 'the log has no terms for {month}, though every month from {cut} on is protocol 2',
  monthNoFreeze: 'the log has no freeze for {month}, a day after the month ended',
  monthNoClose: "the log has no draw for {month}, a day after its round's time",
  summaryTwice: 'a second summary for {month} (the first is entry {first})',
  latestMissingNote: "the freeze recorded no latest drand round: that it came before the beacon rests on the server's clock",
  chainBackwards: "it is dated {at}, before entry {previous} ({previousAt}): the log's time never goes back",
  entryBackdated: 'entry {seq} is dated {at}, before {seen}, when a head without it (entry {head}) was seen: it was backdated',
  // The log anchored on BSC (verify-log.ts anchorSteps, DECISIONS §7 Anchors on BSC).
  logFreezeAnchored: 'Log: freeze proven before the beacon (anchored in block {block} at {time})',
  logFreezeAnchoredUnchecked: 'Log: the freeze anchored before the beacon in block {block} at {time} (entry {seq}), not read from the chain here',
  logFreezeOnClock: "Log: the freeze's time rests on the server's clock",
  logAnchorOnChain: 'Log: the anchor of entry {seq} on chain',
  anchorUncheckedNote:
    'The anchor is proven by its transaction on BNB Smart Chain: npm run verify-draw -- MONTH --url URL --rpc BSC_RPC reads it, and then the freeze is proven before the beacon by a block time nobody at this server controls.',
  freezeOnClockNote: "the freeze's time rests on the server's clock: no anchor on chain before the beacon's time covers it",
  anchorNotLogHash: "it anchors entry {seq} as {hash}, which is not that entry's hash",
} as const;

export type VerifyTextId = keyof typeof VERIFY_TEXTS;
export type VerifyValues = Readonly<Record<string, string | number>>;

/** A template's English with its values in place. */
export function verifyText(id: VerifyTextId, values: VerifyValues = {}): string {
  return VERIFY_TEXTS[id].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Each template as a pattern that reads its values back, in the order above. */
const PATTERNS = (Object.entries(VERIFY_TEXTS) as [VerifyTextId, string][])
  .map(([id, template]) => {
    const names: string[] = [];
    const source = template
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return escape(part);
        names.push(name);
        return '(.+?)';
      })
      .join('');
    return { id, names, pattern: new RegExp(`^${source}$`, 's'), literal: template.replace(/\{\w+\}/g, '').length };
  })
  // The most words first: 'Log: prize withheld from {name} (entry {seq})' before 'Log: prize withheld from {name}'.
  .sort((a, b) => b.literal - a.literal);

/** Which template wrote `text`, and its values (as text), or null for any other words (shown as they are). */
export function readVerifyText(text: string): { id: VerifyTextId; values: Record<string, string> } | null {
  for (const { id, names, pattern } of PATTERNS) {
    const match = pattern.exec(text);
    if (match) return { id, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])) };
  }
  return null;
}
