/**
 * A verification's words in the page's language: the checks (src/shared/draw.ts, verify-log.ts)
 * write English from shared/verify-texts.ts, which English shows as it is; another language reads
 * back which text it is and its values, and says the same. Words of no known text are shown as
 * they are.
 */
import { useLingui } from '@lingui/react/macro';
import { DEFAULT_LOCALE } from '../../shared/locales.ts';
import { readVerifyText, type VerifyTextId } from '../../shared/verify-texts.ts';

export function useVerifyText(): (english: string) => string {
  const { t, i18n } = useLingui();
  return (english) => {
    const read = i18n.locale === DEFAULT_LOCALE ? null : readVerifyText(english);
    if (!read) return english;
    const { position, round, at, count, seq, name, expected, previous, found, error, head, last } = read.values;
    const id: VerifyTextId = read.id;
    switch (id) {
      case 'commitment':
        return t`Commitment: SHA-256 of the secret`;
      case 'listHash':
        return t`Entrant list hash`;
      case 'entrantCount':
        return t`Entrant count`;
      case 'seed1':
        return t`Seed: SHA-256 of secret:beacon:listHash`;
      case 'winner':
        return t`Winner ${position}`;
      case 'protocol1Note':
        return t`Protocol 1: the beacon was entered by an admin, and the secret published at the close.`;
      case 'termsHash':
        return t`Terms hash: SHA-256 of the terms' canonical JSON`;
      case 'termsMonth':
        return t`Terms: the season's month`;
      case 'termsRound':
        return t`Terms: beacon round, the first at or after the month's end + 1 hour`;
      case 'beaconChain':
        return t`Beacon chain: the terms name it, the beacon is from it`;
      case 'beaconRoundLate':
        return t`Beacon round: frozen after the terms' round, so the first at or after the freeze + 60 s`;
      case 'beaconRound':
        return t`Beacon round: the terms' round`;
      case 'beaconTime':
        return t`Beacon time: the round's time`;
      case 'championsNotEntrants':
        return t`Champions are not lottery entrants`;
      case 'championPrizes':
        return t`Champion prizes: the terms' prizes by rank`;
      case 'beaconWaiting':
        return t`Beacon: waiting for round ${round} at ${at}`;
      case 'beaconSignature':
        return t`Beacon signature: round ${round} signed by the chain's key (BLS, checked here)`;
      case 'randomness':
        return t`Randomness: SHA-256 of the signature`;
      case 'seed2':
        return t`Seed: SHA-256 of termsHash:listHash:randomness`;
      case 'lotteryPrizes':
        return t`Lottery prizes: the terms' prize`;
      case 'chainUnknown':
        return t`Beacon chain: drand quicknet, or the chain this server says it draws from`;
      case 'chainQuicknet':
        return t`Beacon chain: drand quicknet (the key built into this checker, not the server's)`;
      case 'chainTest':
        return t`Beacon chain: Test chain, not drand quicknet`;
      case 'chainTestNote':
        return t`Test chain, not drand quicknet: the beacon is checked against the key this server serves, which only proves something on a test server.`;
      case 'logRead':
        return t`Log: read the public log`;
      case 'logChained':
        return t`Log: every entry's hash chains to the one before (${count} entries)`;
      case 'logEntryHolds':
        return t`Log: entry ${seq} holds`;
      case 'logTerms':
        return t`Log: the terms`;
      case 'logTermsAt':
        return t`Log: the terms (entry ${seq})`;
      case 'logTermsInTime':
        return t`Log: terms fixed before the month began`;
      case 'logTermsLateNote':
        return t`terms fixed late, at ${at}`;
      case 'logFreeze':
        return t`Log: the freeze`;
      case 'logFreezeAt':
        return t`Log: the freeze (entry ${seq})`;
      case 'logFreezeValues':
        return t`Log: the freeze (entry ${seq}): list hash, entrants, round, champions`;
      case 'logFrozenInTime':
        return t`Log: frozen before round ${round}'s time`;
      case 'logDraw':
        return t`Log: the draw`;
      case 'logDrawAt':
        return t`Log: the draw (entry ${seq})`;
      case 'logDrawValues':
        return t`Log: the draw (entry ${seq}): round, signature, randomness, winners`;
      case 'logPrizeWithheld':
        return t`Log: prize withheld from ${name}`;
      case 'logPrizeWithheldAt':
        return t`Log: prize withheld from ${name} (entry ${seq})`;
      case 'logLotteryWithheld':
        return t`Log: lottery prize withheld from ${name}`;
      case 'logLotteryWithheldAt':
        return t`Log: lottery prize withheld from ${name} (entry ${seq})`;
      case 'chainGap':
        return t`expected entry ${expected} after ${previous}, found ${found}`;
      case 'chainLink':
        return t`its prevHash is not the hash of entry ${seq}`;
      case 'chainUnhashable':
        return t`it cannot be hashed: ${error}`;
      case 'chainChanged':
        return t`its hash does not match its content (the entry was changed)`;
      case 'headShort':
        return t`the server says the log goes on to entry ${head}, but its entries end at ${last}`;
      case 'headOther':
        return t`the server gives its head as ${head}, but the entries end at ${last}`;
      case 'entryGone':
        return t`the log no longer has entry ${seq}, which was seen before`;
      case 'entryRewritten':
        return t`entry ${seq} is not the one seen before: the log was rewritten`;
    }
  };
}
