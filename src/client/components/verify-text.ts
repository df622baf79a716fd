/**
 * A verification's words in the page's language: the checks (src/shared/draw-protocol-1.ts, draw-protocol-2.ts, verify-log.ts)
 * write English from shared/verify-texts.ts, which English shows as it is; another language reads
 * back which text it is and its values, and says the same. Words of no known text are shown as
 * they are.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { DEFAULT_LOCALE } from '../../shared/locales.ts';
import { readVerifyText, type VerifyTextId } from '../../shared/verify-texts.ts';

/** Each text of VERIFY_TEXTS, word for word, for the catalogs (verify-text.test.tsx keeps them the same). */
const MESSAGES: Readonly<Record<VerifyTextId, MessageDescriptor>> = {
  commitment: msg({ message: 'Commitment: SHA-256 of the secret' }),
  listHash: msg({ message: 'Entrant list hash' }),
  entrantCount: msg({ message: 'Entrant count' }),
  seed1: msg({ message: 'Seed: SHA-256 of secret:beacon:listHash' }),
  winner: msg({ message: 'Winner {position}' }),
  protocol1Note: msg({ message: 'Protocol 1: the beacon was entered by an admin, and the secret published at the close.' }),
  termsHash: msg({ message: "Terms hash: SHA-256 of the terms' canonical JSON" }),
  termsMonth: msg({ message: "Terms: the season's month" }),
  termsRound: msg({ message: "Terms: beacon round, the first at or after the month's end + 1 hour" }),
  beaconChain: msg({ message: 'Beacon chain: the terms name it, the beacon is from it' }),
  beaconRoundLate: msg({ message: "Beacon round: frozen after the terms' round, so the first at or after the freeze + {seconds} s" }),
  beaconRound: msg({ message: "Beacon round: the terms' round" }),
  beaconTime: msg({ message: "Beacon time: the round's time" }),
  championsNotEntrants: msg({ message: 'Champions are not lottery entrants' }),
  championPrizes: msg({ message: "Champion prizes: the terms' prizes by rank" }),
  beaconWaiting: msg({ message: 'Beacon: waiting for round {round} at {at}' }),
  beaconSignature: msg({ message: "Beacon signature: round {round} signed by the chain's key (BLS, checked here)" }),
  randomness: msg({ message: 'Randomness: SHA-256 of the signature' }),
  seed2: msg({ message: 'Seed: SHA-256 of termsHash:listHash:randomness' }),
  lotteryPrizes: msg({ message: "Lottery prizes: the terms' prize" }),
  chainUnknown: msg({ message: 'Beacon chain: drand quicknet, or the chain this server says it draws from' }),
  chainQuicknet: msg({ message: "Beacon chain: drand quicknet (the key built into this checker, not the server's)" }),
  chainTest: msg({ message: 'Beacon chain: Test chain, not drand quicknet' }),
  chainTestNote: msg({
    message: 'Test chain, not drand quicknet: the beacon is checked against the key this server serves, which only proves something on a test server.',
  }),
  logRead: msg({ message: 'Log: read the public log' }),
  logChained: msg({ message: "Log: every entry's hash chains to the one before ({count} entries)" }),
  logEntryHolds: msg({ message: 'Log: entry {seq} holds' }),
  logTerms: msg({ message: 'Log: the terms' }),
  logTermsAt: msg({ message: 'Log: the terms (entry {seq})' }),
  logTermsInTime: msg({ message: 'Log: terms fixed before the month began' }),
  logTermsLateNote: msg({ message: 'terms fixed late, at {at}' }),
  logFreeze: msg({ message: 'Log: the freeze' }),
  logFreezeAt: msg({ message: 'Log: the freeze (entry {seq})' }),
  logFreezeValues: msg({ message: 'Log: the freeze (entry {seq}): list hash, entrants, round, champions' }),
  logFrozenInTime: msg({ message: "Log: frozen before round {round}'s time" }),
  logDraw: msg({ message: 'Log: the draw' }),
  logDrawAt: msg({ message: 'Log: the draw (entry {seq})' }),
  logDrawValues: msg({ message: 'Log: the draw (entry {seq}): round, signature, randomness, winners' }),
  logPrizeWithheld: msg({ message: 'Log: prize withheld from {name}' }),
  logPrizeWithheldAt: msg({ message: 'Log: prize withheld from {name} (entry {seq})' }),
  logLotteryWithheld: msg({ message: 'Log: lottery prize withheld from {name}' }),
  logLotteryWithheldAt: msg({ message: 'Log: lottery prize withheld from {name} (entry {seq})' }),
  chainGap: msg({ message: 'expected entry {expected} after {previous}, found {found}' }),
  chainLink: msg({ message: 'its prevHash is not the hash of entry {seq}' }),
  chainUnhashable: msg({ message: 'it cannot be hashed: {error}' }),
  chainChanged: msg({ message: 'its hash does not match its content (the entry was changed)' }),
  headShort: msg({ message: 'the server says the log goes on to entry {head}, but its entries end at {last}' }),
  headOther: msg({ message: 'the server gives its head as {head}, but the entries end at {last}' }),
  entryGone: msg({ message: 'the log no longer has entry {seq}, which was seen before' }),
  entryRewritten: msg({ message: 'entry {seq} is not the one seen before: the log was rewritten' }),
  protocol1AfterCutover: msg({ message: 'Protocol: {month} is protocol 1, but every month from {cut} on (the first terms in the log) is protocol 2' }),
  beaconRoundLateLatest: msg({
    message: "Beacon round: drand's latest round was already the terms' round or later at the freeze, so the first after it and at or after the freeze + {seconds} s",
  }),
  latestRound: msg({ message: "Latest round at the freeze: round {round}, signed by the chain's key (the freeze came after it)" }),
  chainTestRefused: msg({ message: 'Beacon chain: test chain: proves nothing (not drand quicknet)' }),
  monthNoTerms: msg({ message: 'the log has no terms for {month}, though every month from {cut} on is protocol 2' }),
  monthNoFreeze: msg({ message: 'the log has no freeze for {month}, a day after the month ended' }),
  monthNoClose: msg({ message: "the log has no draw for {month}, a day after its round's time" }),
  summaryTwice: msg({ message: 'a second summary for {month} (the first is entry {first})' }),
  latestMissingNote: msg({ message: "the freeze recorded no latest drand round: that it came before the beacon rests on the server's clock" }),
  chainBackwards: msg({ message: "it is dated {at}, before entry {previous} ({previousAt}): the log's time never goes back" }),
  entryBackdated: msg({ message: 'entry {seq} is dated {at}, before {seen}, when a head without it (entry {head}) was seen: it was backdated' }),
  logFreezeAnchored: msg({ message: 'Log: freeze proven before the beacon (anchored in block {block} at {time})' }),
  logFreezeAnchoredUnchecked: msg({
    message: 'Log: the freeze anchored before the beacon in block {block} at {time} (entry {seq}), not read from the chain here',
  }),
  logFreezeOnClock: msg({ message: "Log: the freeze's time rests on the server's clock" }),
  logAnchorOnChain: msg({ message: 'Log: the anchor of entry {seq} on chain' }),
  anchorUncheckedNote: msg({
    message:
      'The anchor is proven by its transaction on BNB Smart Chain: npm run verify-draw -- MONTH --url URL --rpc BSC_RPC reads it, and then the freeze is proven before the beacon by a block time nobody at this server controls.',
  }),
  freezeOnClockNote: msg({ message: "the freeze's time rests on the server's clock: no anchor on chain before the beacon's time covers it" }),
  anchorNotLogHash: msg({ message: "it anchors entry {seq} as {hash}, which is not that entry's hash" }),
};

export function useVerifyText(): (english: string) => string {
  const { i18n } = useLingui();
  return (english) => {
    const read = i18n.locale === DEFAULT_LOCALE ? null : readVerifyText(english);
    return read ? i18n._({ ...MESSAGES[read.id], values: read.values }) : english;
  };
}
