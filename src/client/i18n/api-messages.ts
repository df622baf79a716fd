/**
 * The API's refusals in the page's language (DECISIONS §7, Errors and texts on the wire): every
 * error answer carries a `code` (src/shared/error-codes.ts) and, when its sentence says values,
 * `values`; the page says it from those, never by reading the English `message`, which it shows
 * only for a code it does not know (a newer server). A field's refusal is said the same way.
 *
 * A sentence without values is the shared table's text itself (src/shared/texts.ts): the English is
 * written once, and a translator sees the spec's text.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { codeOfText, PAGE_ERROR_TEXTS } from '../../shared/error-codes.ts';
import { descriptorOf } from '../../shared/texts.ts';
import { AWARD_MESSAGES } from '../../shared/schemas/decisions.ts';
import { monthIn, zonedDateTimeIn } from '../../shared/localized-format.ts';
import { APPEAL_WINDOW_DAYS } from '../../shared/reasons.ts';
import { i18n } from './i18n.ts';
import { NETWORK_TROUBLE, SERVER_TROUBLE, translateApiMessagesWith, type Refusal } from '../lib/api.ts';

/**
 * The refusals whose sentence has no values, by code, and the client's own two (lib/api.ts): each is
 * its shared text, written once in src/shared and extracted into this catalog with its English as id.
 */
export const API_TEXTS: ReadonlyMap<string, string> = new Map<string, string>([...Object.entries(PAGE_ERROR_TEXTS), ['SERVER_TROUBLE', SERVER_TROUBLE], ['NETWORK_TROUBLE', NETWORK_TROUBLE]]);

type Values = Readonly<Record<string, string | undefined>>;

/**
 * The refusals whose sentence says values, by code (src/shared/error-codes.ts VALUE_CODES). A time is
 * said in the page's language with its zone, a month by its name: not as the API's ISO text.
 */
export const API_VALUE_TEXTS: Readonly<Record<string, (values: Values) => MessageDescriptor>> = {
  WALLET_CHANGE_HOLD: ({ hours = '' }) => msg`For your security, withdrawals are paused for ${hours} hours after a wallet address change`,
  EXCHANGE_ADDRESS_HOLD: ({ hours = '' }) =>
    msg`For your security, the first withdrawal to an exchange deposit address waits ${hours} hours after the address is marked as one`,
  WALLET_PROOF_DOMAIN: ({ expected = '', got = '' }) => msg`This message was made for another site (${got}); sign the message from ${expected}`,
  WALLET_PROOF_CHAIN: ({ got = '' }) => msg`This message is for chain ${got}; payouts are made on BNB Smart Chain (chain 56)`,
  AWARD_FORMAT: ({ currency = '' }) => msg`${currency} awarded must be a number of at least 0`,
  AWARD_PRECISION: ({ currency = '' }) => msg`${currency} awarded can have at most 2 decimal places`,
  AWARD_RANGE: ({ currency = '' }) => msg`${currency} awarded is too large`,
  CLAIM_LIMIT: ({ max = '' }) => msg`You have tried this task ${max} times in this period: try again next period`,
  TEXT_MISSING: ({ code = '' }) => msg`This post does not contain your link code ${code}: post it, then send the link again`,
  LINK_TAKEN: ({ from }) => {
    if (!from) return msg`This account is already linked to another ambassador`;
    const when = zonedDateTimeIn(from, i18n.locale);
    return msg`This account was linked to another ambassador until recently; it can be linked again from ${when}`;
  },
  TASK_SERVICE_NOT_CONFIGURED: ({ kind = '' }) =>
    kind === 'discord_member'
      ? msg`Discord membership tasks need DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET to be set`
      : msg`Telegram membership tasks need TELEGRAM_BOT_TOKEN to be set`,
  APPEAL_LATE: ({ deadline = '' }) => {
    const days = APPEAL_WINDOW_DAYS;
    const when = zonedDateTimeIn(deadline, i18n.locale);
    return msg`The ${days}-day appeal window closed on ${when}`;
  },
  SEASON_IS_PROTOCOL_2: ({ month = '', cutOver = '' }) => {
    const named = monthIn(month, i18n.locale);
    const from = monthIn(cutOver, i18n.locale);
    return msg`${named} is protocol 2 (every month from ${from}, the first whose terms are in the public log, is): it closes by itself, never with a typed beacon`;
  },
  SEASON_CLOSES_ITSELF: ({ round = '', at = '' }) => {
    const when = zonedDateTimeIn(at, i18n.locale);
    return msg`This month closes by itself once drand round ${round} is published (${when})`;
  },
  APPROVER_TOO_NEW: ({ hours = '', from = '' }) => {
    const when = zonedDateTimeIn(from, i18n.locale);
    return msg`Your approval cannot count for a withdrawal that needs two admins: your admin account must have existed for ${hours} hours; it counts from ${when}`;
  },
  APPROVER_MFA_TOO_NEW: ({ hours = '', from = '' }) => {
    const when = zonedDateTimeIn(from, i18n.locale);
    return msg`Your approval cannot count for a withdrawal that needs two admins: your two-factor sign-in was turned on while your password was one a super admin set, so it counts only ${hours} hours later, from ${when}`;
  },
  // The payout refusals: the ids, hashes and withdrawals are data.
  WITHDRAWALS_NOT_PAYABLE: ({ ids = '' }) => msg`Only approved withdrawals that are not yet paid can be marked paid: ${ids}`,
  CHAIN_TX_NOT_FOUND: ({ hash = '' }) => msg`Transaction ${hash} was not found on chain`,
  CHAIN_TX_FAILED: ({ hash = '' }) => msg`Transaction ${hash} failed on chain`,
  CHAIN_TX_NOT_PAID: ({ hash = '', withdrawals: named = '' }) => msg`Transaction ${hash} does not pay ${named}`,
  CHAIN_TX_PAID_TWICE: ({ hash = '', withdrawals: named = '' }) => msg`Transaction ${hash} pays ${named} more than once`,
  CHAIN_TX_MISMATCH: ({ hash = '', notPaid = '', paidTwice = '' }) => msg`Transaction ${hash} does not pay ${notPaid}; Transaction ${hash} pays ${paidTwice} more than once`,
  // Another admin holds a live review claim on the report.
  REPORT_CLAIMED: ({ name = '' }) => msg`Being reviewed by ${name}`,
  // A failure's sentence with the request id the server logged (lib/api.ts, troubleMessage).
  WITH_REFERENCE: ({ sentence: said = '', reference = '' }) => msg`${said} (Reference: ${reference})`,
};

/** A refusal in the page's language, from its code and values; as the server wrote it when the code is not one the page knows. */
export function translatedRefusal({ code, values, message }: Refusal): string {
  if (!code) return message;
  const withValues = API_VALUE_TEXTS[code];
  if (withValues) return i18n._(withValues(values ?? {}));
  const text = API_TEXTS.get(code);
  if (!text) return message;
  // Said from the catalog, by its template and values when it has some; until the catalog has it, as the server wrote it.
  const descriptor = descriptorOf(text);
  return Object.hasOwn(i18n.messages, descriptor.id) ? i18n._(descriptor) : message;
}

/**
 * A text of the page's own from the shared schemas (a form's check in the browser, a refusal the page
 * words before asking the server), by the code of that text in the shared table.
 */
export function translatedMessage(text: string): string {
  const code = codeOfText(text);
  if (code) return translatedRefusal({ code, message: text });
  const award = awardCode(text);
  return award ? translatedRefusal({ ...award, message: text }) : text;
}

/** The award fields' own checks, whose sentence names the currency (shared/schemas/decisions.ts). */
function awardCode(text: string): { code: string; values: Record<string, string> } | undefined {
  for (const currency of ['GCM', 'USDT'])
    for (const [kind, code] of [
      ['format', 'AWARD_FORMAT'],
      ['precision', 'AWARD_PRECISION'],
      ['range', 'AWARD_RANGE'],
    ] as const)
      if (AWARD_MESSAGES[kind](currency) === text) return { code, values: { currency } };
  return undefined;
}

// From now on the API's refusals (lib/api.ts: ApiError's text, errorMessage and troubleMessage) come in the page's language.
translateApiMessagesWith(translatedRefusal);
