/**
 * The words of a verification: the draw's steps (draw-protocol-1.ts, draw-protocol-2.ts), the log's checks, their notes and why
 * the log does not hold (verify-log.ts, public-log.ts). The checks answer a text's name and its
 * values (`VerifyText`), never English; each text is written once, here, in English, as a Lingui
 * message descriptor whose id is its English (as the emails' catalog is), marked by an `i18n`
 * comment for `npm run i18n:extract`, which puts it in the client's catalogs. `npm run verify-draw`
 * and `verify-log` print the English (`englishOf`); the browser says it in the page's language
 * (client/components/verify-text.ts, DECISIONS §6 Languages). What was published and what was
 * checked (hashes, rounds, ids) are data and are shown as they are.
 */
export const VERIFY_TEXTS = {
  // Protocol 1 (draw-protocol-1.ts verifyDraw).
  commitment: /*i18n*/ { id: 'Commitment: SHA-256 of the secret' },
  listHash: /*i18n*/ { id: 'Entrant list hash' },
  entrantCount: /*i18n*/ { id: 'Entrant count' },
  seed1: /*i18n*/ { id: 'Seed: SHA-256 of secret:beacon:listHash' },
  winner: /*i18n*/ { id: 'Winner {position}' },
  protocol1AfterCutover: /*i18n*/ { id: 'Protocol: {month} is protocol 1, but every month from {cut} on (the first terms in the log) is protocol 2' },
  protocol1Note: /*i18n*/ { id: 'Protocol 1: the beacon was entered by an admin, and the secret published at the close.' },
  // Protocol 2 (draw-protocol-2.ts verifyDraw).
  termsHash: /*i18n*/ { id: "Terms hash: SHA-256 of the terms' canonical JSON" },
  termsMonth: /*i18n*/ { id: "Terms: the season's month" },
  termsRound: /*i18n*/ { id: "Terms: beacon round, the first at or after the month's end + 1 hour" },
  beaconChain: /*i18n*/ { id: 'Beacon chain: the terms name it, the beacon is from it' },
  beaconRoundLate: /*i18n*/ { id: "Beacon round: frozen after the terms' round, so the first at or after the freeze + {seconds} s" },
  beaconRoundLateLatest: /*i18n*/ {
    id: "Beacon round: drand's latest round was already the terms' round or later at the freeze, so the first after it and at or after the freeze + {seconds} s",
  },
  latestRound: /*i18n*/ { id: "Latest round at the freeze: round {round}, signed by the chain's key (the freeze came after it)" },
  beaconRound: /*i18n*/ { id: "Beacon round: the terms' round" },
  beaconTime: /*i18n*/ { id: "Beacon time: the round's time" },
  championsNotEntrants: /*i18n*/ { id: 'Champions are not lottery entrants' },
  championPrizes: /*i18n*/ { id: "Champion prizes: the terms' prizes by rank" },
  beaconWaiting: /*i18n*/ { id: 'Beacon: waiting for round {round} at {at}' },
  beaconSignature: /*i18n*/ { id: "Beacon signature: round {round} signed by the chain's key (BLS, checked here)" },
  randomness: /*i18n*/ { id: 'Randomness: SHA-256 of the signature' },
  seed2: /*i18n*/ { id: 'Seed: SHA-256 of termsHash:listHash:randomness' },
  lotteryPrizes: /*i18n*/ { id: "Lottery prizes: the terms' prize" },
  // The chain a beacon is checked against (verify-log.ts verifySeason).
  chainUnknown: /*i18n*/ { id: 'Beacon chain: drand quicknet, or the chain this server says it draws from' },
  chainQuicknet: /*i18n*/ { id: "Beacon chain: drand quicknet (the key built into this checker, not the server's)" },
  chainTest: /*i18n*/ { id: 'Beacon chain: Test chain, not drand quicknet' },
  chainTestRefused: /*i18n*/ { id: 'Beacon chain: test chain: proves nothing (not drand quicknet)' },
  chainTestNote: /*i18n*/ {
    id: 'Test chain, not drand quicknet: the beacon is checked against the key this server serves, which only proves something on a test server.',
  },
  // A month against the log (verify-log.ts seasonLogChecks).
  logRead: /*i18n*/ { id: 'Log: read the public log' },
  logChained: /*i18n*/ { id: "Log: every entry's hash chains to the one before ({count} entries)" },
  logEntryHolds: /*i18n*/ { id: 'Log: entry {seq} holds' },
  logTerms: /*i18n*/ { id: 'Log: the terms' },
  logTermsAt: /*i18n*/ { id: 'Log: the terms (entry {seq})' },
  logTermsInTime: /*i18n*/ { id: 'Log: terms fixed before the month began' },
  logTermsLateNote: /*i18n*/ { id: 'terms fixed late, at {at}' },
  logFreeze: /*i18n*/ { id: 'Log: the freeze' },
  logFreezeAt: /*i18n*/ { id: 'Log: the freeze (entry {seq})' },
  logFreezeValues: /*i18n*/ { id: 'Log: the freeze (entry {seq}): list hash, entrants, round, champions' },
  logFrozenInTime: /*i18n*/ { id: "Log: frozen before round {round}'s time" },
  logDraw: /*i18n*/ { id: 'Log: the draw' },
  logDrawAt: /*i18n*/ { id: 'Log: the draw (entry {seq})' },
  logDrawValues: /*i18n*/ { id: 'Log: the draw (entry {seq}): round, signature, randomness, winners' },
  logPrizeWithheld: /*i18n*/ { id: 'Log: prize withheld from {name}' },
  logPrizeWithheldAt: /*i18n*/ { id: 'Log: prize withheld from {name} (entry {seq})' },
  logLotteryWithheld: /*i18n*/ { id: 'Log: lottery prize withheld from {name}' },
  logLotteryWithheldAt: /*i18n*/ { id: 'Log: lottery prize withheld from {name} (entry {seq})' },
  // Why the log does not hold (public-log.ts, verify-log.ts checkLog): /transparency says it.
  chainGap: /*i18n*/ { id: 'expected entry {expected} after {previous}, found {found}' },
  chainLink: /*i18n*/ { id: 'its prevHash is not the hash of entry {seq}' },
  chainUnhashable: /*i18n*/ { id: 'it cannot be hashed: {error}' },
  chainChanged: /*i18n*/ { id: 'its hash does not match its content (the entry was changed)' },
  headShort: /*i18n*/ { id: 'the server says the log goes on to entry {head}, but its entries end at {last}' },
  headOther: /*i18n*/ { id: 'the server gives its head as {head}, but the entries end at {last}' },
  entryGone: /*i18n*/ { id: 'the log no longer has entry {seq}, which was seen before' },
  entryRewritten: /*i18n*/ { id: 'entry {seq} is not the one seen before: the log was rewritten' },
  monthNoTerms: /*i18n*/ { id: 'the log has no terms for {month}, though every month from {cut} on is protocol 2' },
  monthNoFreeze: /*i18n*/ { id: 'the log has no freeze for {month}, a day after the month ended' },
  monthNoClose: /*i18n*/ { id: "the log has no draw for {month}, a day after its round's time" },
  summaryTwice: /*i18n*/ { id: 'a second summary for {month} (the first is entry {first})' },
  latestMissingNote: /*i18n*/ { id: "the freeze recorded no latest drand round: that it came before the beacon rests on the server's clock" },
  chainBackwards: /*i18n*/ { id: "it is dated {at}, before entry {previous} ({previousAt}): the log's time never goes back" },
  entryBackdated: /*i18n*/ { id: 'entry {seq} is dated {at}, before {seen}, when a head without it (entry {head}) was seen: it was backdated' },
  // The log anchored on BSC (verify-log.ts anchorSteps, DECISIONS §7 Anchors on BSC).
  logFreezeAnchored: /*i18n*/ { id: 'Log: freeze proven before the beacon (anchored in block {block} at {time})' },
  logFreezeAnchoredUnchecked: /*i18n*/ {
    id: 'Log: the freeze anchored before the beacon in block {block} at {time} (entry {seq}), not read from the chain here',
  },
  logFreezeOnClock: /*i18n*/ { id: "Log: the freeze's time rests on the server's clock" },
  logAnchorOnChain: /*i18n*/ { id: 'Log: the anchor of entry {seq} on chain' },
  anchorUncheckedNote: /*i18n*/ {
    id: 'The anchor is proven by its transaction on BNB Smart Chain: npm run verify-draw -- MONTH --url URL --rpc BSC_RPC reads it, and then the freeze is proven before the beacon by a block time nobody at this server controls.',
  },
  freezeOnClockNote: /*i18n*/ { id: "the freeze's time rests on the server's clock: no anchor on chain before the beacon's time covers it" },
  anchorNotLogHash: /*i18n*/ { id: "it anchors entry {seq} as {hash}, which is not that entry's hash" },
  // Entries the log's checks cannot read, and referrals against their terms (verify-log.ts).
  anchorUnreadable: /*i18n*/ { id: 'its data is not a log.anchored record' },
  referralUnreadable: /*i18n*/ { id: 'its data is not a referral.credited record' },
  referralTwice: /*i18n*/ { id: 'referral {referral} was already credited at entry {first}' },
  referralNoRule: /*i18n*/ { id: 'referral {referral} is credited under {month}, whose terms (earlier in the log) have no referral rule' },
  referralOtherRule: /*i18n*/ { id: 'referral {referral} is credited under another rule than the terms of {month} fixed' },
  referralNotInMonth: /*i18n*/ { id: 'referral {referral} qualified at {at}: not in {month}, or after it was credited' },
  referralOverCap: /*i18n*/ { id: 'ambassador {ambassador} is credited {count} referrals in {month}, above the cap of {cap}' },
  // The draws the log records (verify-log.ts verifyLoggedDraws, npm run verify-log).
  closedUnreadable: /*i18n*/ { id: 'its data is not a season.closed record' },
  seasonUnread: /*i18n*/ { id: '{month} could not be read: {error}' },
  drawFails: /*i18n*/ { id: "{month}'s draw: {step}: published {expected}, checked {actual}" },
  drawNotClosed: /*i18n*/ { id: '{month} is logged as closed, but the season is not' },
} as const satisfies Record<string, { id: string }>;

export type VerifyTextId = keyof typeof VERIFY_TEXTS;
export type VerifyValues = Readonly<Record<string, string | number>>;

/** A text of a verification by name, with its values: what the checks answer instead of English. */
export interface VerifyText {
  id: VerifyTextId;
  values: VerifyValues;
}

/** A text by name with its values. */
export function textOf(id: VerifyTextId, values: VerifyValues = {}): VerifyText {
  return { id, values };
}

/** The English of a text with its values in place (the command-line verifiers print it). */
export function englishOf({ id, values }: VerifyText): string {
  return VERIFY_TEXTS[id].id.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
