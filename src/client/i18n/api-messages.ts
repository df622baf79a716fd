/**
 * The API's refusals in the page's language (DECISIONS §7, Errors and texts on the wire): every
 * error answer carries a `code` (src/shared/error-codes.ts) and, when its sentence says values,
 * `values`; the page says it from those, never by reading the English `message`, which it shows
 * only for a code it does not know (a newer server). A field's refusal is said the same way.
 *
 * The English of each descriptor is the shared table's sentence, word for word (api-messages.test.ts
 * keeps them equal), so a translator sees the spec's text.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { codeOfText } from '../../shared/error-codes.ts';
import { AWARD_MESSAGES } from '../../shared/schemas/decisions.ts';
import { monthIn, zonedDateTimeIn } from '../../shared/localized-format.ts';
import { APPEAL_WINDOW_DAYS } from '../../shared/reasons.ts';
import { i18n } from './i18n.ts';
import { translateApiMessagesWith, type Refusal } from '../lib/api.ts';

/** The refusals whose sentence has no values, by code; and the client's own two (lib/api.ts). */
export const API_TEXTS: ReadonlyMap<string, MessageDescriptor> = new Map([
  ['APPLICATION_FULL_NAME', msg`Full name must be at least 2 characters`],
  ['APPLICATION_COUNTRY', msg`Country is required`],
  ['APPLICATION_PERSONAL_TELEGRAM_HANDLE', msg`Personal Telegram username is required for invitations`],
  ['APPLICATION_SOCIAL_MEDIA_PLATFORMS', msg`Select at least one platform`],
  ['APPLICATION_TOTAL_FOLLOWERS', msg`Total followers must be a positive number`],
  ['APPLICATION_MOTIVATION', msg`Please provide at least 50 characters`],
  ['APPLICATION_PLATFORM_URLS_REQUIRED', msg`Please provide valid URLs for all selected social media platforms`],
  ['EMAIL_INVALID', msg`Invalid email address`],
  ['TEXT_CONTROL_CHARACTERS', msg`Text must not contain control or text-direction characters`],
  ['AUTH_EMAIL_REQUIRED', msg`Email is required`],
  ['AUTH_PASSWORD_REQUIRED', msg`Password is required`],
  ['AUTH_USER_PASSWORD', msg`Password must be at least 6 characters`],
  ['AUTH_SETUP_PASSWORD', msg`Password must be at least 6 characters long`],
  ['AUTH_PASSWORDS_DO_NOT_MATCH', msg`Passwords do not match`],
  ['AUTH_CURRENT_PASSWORD_REQUIRED', msg`Please enter your current password`],
  ['AUTH_NEW_PASSWORD', msg`New password must be at least 6 characters`],
  ['AUTH_INVALID_CREDENTIALS', msg`Invalid email or password`],
  ['AUTH_INVALID_SUPER_ADMIN', msg`Invalid credentials or secret`],
  ['AUTH_SECRET_REQUIRED', msg`Super admin secret is required`],
  ['AUTH_ACCOUNT_EXISTS', msg`An account with this email already exists`],
  ['AUTH_TOO_MANY_SIGN_INS', msg`Too many failed login attempts. Please try again later.`],
  ['AUTH_TOO_MANY_ATTEMPTS', msg`Too many attempts. Please try again later.`],
  ['AUTH_SETUP_LINK_INVALID', msg`This password setup link is invalid or has expired. Please contact support for a new link.`],
  ['PASSWORD_RESET_SENT', msg`If an account exists for this email, we have sent it a link to set a new password. The link is valid for 1 hour.`],
  ['WITHDRAWAL_MINIMUM', msg`Minimum withdrawal amount is 50 USDT`],
  ['WITHDRAWAL_NOT_A_NUMBER', msg`Enter the amount as a number, like 75 or 75.50`],
  ['WITHDRAWAL_PRECISION', msg`Amount can have at most 2 decimal places`],
  ['WITHDRAWAL_RANGE', msg`Amount is too large`],
  ['WITHDRAWAL_INSUFFICIENT', msg`You don't have enough USDT to withdraw this amount`],
  ['WITHDRAWAL_ADDRESS_REQUIRED', msg`Please enter a valid BEP20 wallet address`],
  ['WITHDRAWAL_NOT_PENDING', msg`This withdrawal request is no longer pending, so it cannot be cancelled`],
  ['WITHDRAWAL_APPROVAL_GIVEN', msg`An admin has already approved this withdrawal request, so it cannot be cancelled`],
  ['APPROVER_PASSWORD_NOT_OWN', msg`Your approval cannot count for a withdrawal that needs two admins: your current password was set by a super admin. Set your own through the link we email you (Forgot password) first`],
  ['APPROVER_NO_MFA', msg`Your approval cannot count for a withdrawal that needs two admins: sign out and sign in again with your two-factor code first`],
  ['DECISION_REASON_REQUIRED', msg`Choose the reason for this decision`],
  ['DECISION_APPEAL_FORM_TEXT', msg`Say why the decision should change`],
  ['DECISION_SAME_ADMIN', msg`Another admin must decide this appeal`],
  ['DECISION_APPEAL_DECIDED', msg`This appeal has already been decided`],
  ['DECISION_OUTCOME_REQUIRED', msg`Choose whether the decision stands or is overturned`],
  ['DECISION_AWARD_REQUIRED', msg`Enter the amount to award (type 0 for none)`],
  ['DECISION_APPEAL_AGAIN', msg`This decision has already been appealed`],
  ['REFERRAL_MONEY', msg`A referral reward must be an amount of at least 0, like 10 or 2.50`],
  ['REFERRAL_PRECISION', msg`A referral reward can have at most 2 decimal places`],
  ['REFERRAL_RANGE', msg`A referral reward is too large`],
  ['REFERRAL_CAP', msg`monthlyCap is a whole number from 0 to 10000`],
  ['REFERRAL_NOT_FOUND', msg`Referral not found`],
  ['REFERRAL_NOT_HELD', msg`Only a held referral can be released or refused`],
  ['REFERRAL_NOT_APPEALABLE', msg`Only a refused referral can be appealed`],
  ['DECISION_REPORT_NOT_APPEALABLE', msg`Only a rejected report can be appealed`],
  ['MFA_CODE', msg`Enter the 6-digit code from your authenticator app, or a recovery code`],
  ['MFA_INVALID', msg`That code is not valid. Check the time on your phone and try again.`],
  ['MFA_EXPIRED', msg`Your sign-in has expired. Please enter your email and password again.`],
  ['MFA_ALREADY_ON', msg`Two-factor authentication is already on`],
  ['MFA_NOT_ON', msg`Two-factor authentication is not on`],
  ['MFA_NOT_ENROLLING', msg`Start the set-up again: scan a new QR code`],
  ['MFA_REQUIRED_FOR_ADMINS', msg`Two-factor authentication is required for admins and cannot be turned off`],
  ['MFA_ENROLL', msg`Set up two-factor authentication first`],
  ['WITHDRAWAL_SUSPENDED', msg`Your ambassador account is suspended`],
  ['WALLET_USDT_REQUIRED', msg`Please enter a valid USDT wallet address`],
  ['WALLET_PROOF_MESSAGE', msg`Send the message you were given to sign`],
  ['WALLET_PROOF_SIGNATURE', msg`The signature must be 0x followed by hexadecimal digits, as your wallet gives it`],
  ['WALLET_PROOF_ACKNOWLEDGED', msg`Confirm that this is an exchange deposit address (acknowledged: true)`],
  ['WALLET_PROOF_NO_ADDRESS', msg`Save your USDT payout address first, then verify it`],
  ['WALLET_PROOF_ALREADY_VERIFIED', msg`Your USDT payout address is already verified`],
  ['WALLET_PROOF_TOO_MANY', msg`Too many wallet verification attempts. Please try again later.`],
  ['WALLET_PROOF_MESSAGE_MALFORMED', msg`This is not a Sign-In with Ethereum message: send back the message you were given, unchanged`],
  ['WALLET_PROOF_ADDRESS', msg`This message names another address than your saved USDT payout address; ask for a new message to sign`],
  ['WALLET_PROOF_MESSAGE_NOT_ISSUED', msg`This is not the message you were given to sign: ask for a new message and sign it unchanged`],
  ['WALLET_PROOF_NONCE_EXPIRED', msg`This message has expired (messages are valid for 10 minutes): ask for a new one and sign it`],
  ['WALLET_PROOF_NONCE_USED', msg`This message was already used: ask for a new one and sign it`],
  ['WALLET_PROOF_EXCHANGE_VERIFIED', msg`This address is verified with your wallet, so it is not an exchange deposit address`],
  ['WALLET_PROOF_REQUIRED', msg`Verify your USDT payout address with your wallet, or mark it as an exchange deposit address, before requesting a withdrawal`],
  ['WALLET_PROOF_SIGNATURE_MALFORMED', msg`This signature is not well formed: copy the whole signature your wallet gives, starting with 0x`],
  ['WALLET_PROOF_SIGNATURE_INVALID', msg`This signature was not made by the address in the message: sign the message with the wallet of your saved USDT address`],
  ['WALLET_PROOF_CONTRACT_UNSUPPORTED', msg`This looks like a smart-account (contract wallet) signature, which can only be checked on the blockchain, and this server is not connected to one. Sign with a regular wallet, or mark the address as an exchange deposit address.`],
  ['WALLET_SIGNATURE_UNREACHABLE', msg`Could not reach the blockchain node to check this smart-account signature. Nothing was saved; please try again.`],
  ['LINK_POST_URL', msg`Paste the link of your public post on X, like https://x.com/you/status/123`],
  ['TELEGRAM_AUTH_INVALID', msg`This Telegram sign-in is not signed by our bot: sign in with Telegram again`],
  ['TELEGRAM_AUTH_EXPIRED', msg`This Telegram sign-in is more than a day old: sign in with Telegram again`],
  ['LINK_PROVIDER_NOT_CONFIGURED', msg`Linking this kind of account is not set up on this server`],
  ['DISCORD_STATE_INVALID', msg`This Discord authorisation was not started from your session, or has expired: start again from your profile`],
  ['DISCORD_AUTH_DENIED', msg`Discord did not authorise the link: start again from your profile`],
  ['POST_NOT_FOUND', msg`This post could not be found: check the link, and that the post is public`],
  ['PROVIDER_ANSWER_MALFORMED', msg`The service gave an answer we could not read: nothing was linked; try again later`],
  ['PROVIDER_UNAVAILABLE', msg`The service did not answer: nothing was recorded; try again in a moment`],
  ['LINK_READ_ONLY', msg`Your payout wallet is proven on the wallet page and cannot be unlinked here`],
  ['LINK_NOT_FOUND', msg`No account of this kind is linked`],
  ['LINK_TOO_MANY', msg`Too many linking attempts. Please try again later.`],
  ['TASK_TITLE', msg`Title must be 3 to 120 characters`],
  ['CLAIM_NOT_APPEALABLE', msg`Only a manual claim refused at review can be appealed`],
  ['TASK_DESCRIPTION', msg`Description must be at most 2000 characters`],
  ['TASK_CHAT_ID', msg`Telegram chat id: a number like -1001234567890, or @channelname`],
  ['TASK_GUILD_ID', msg`Discord server id: digits, as Discord’s developer mode copies it`],
  ['TASK_ROLE_ID', msg`Discord role id: digits, as Discord’s developer mode copies it`],
  ['TASK_MUST_CONTAIN', msg`The text the post must contain: 1 to 280 characters`],
  ['TASK_TOKEN', msg`Token contract: 0x and 40 hexadecimal digits`],
  ['TASK_TO', msg`Receiving address: 0x and 40 hexadecimal digits`],
  ['TASK_MIN_AMOUNT', msg`Minimum amount: a decimal number above 0, like 10 or 0.5`],
  ['TASK_REWARD', msg`Reward: an amount of at least 0 with at most 2 decimals`],
  ['TASK_DATES', msg`The end must be after the start`],
  ['TASK_TX_HASH', msg`Transaction hash: 0x and 64 hexadecimal digits`],
  ['TASK_POST_REQUIRED', msg`This task needs the link of your post (postUrl)`],
  ['TASK_TX_REQUIRED', msg`This task needs the hash of your transaction (txHash)`],
  ['ALREADY_CLAIMED', msg`You have already claimed this task in this period`],
  ['TASK_NO_CHAIN', msg`Transfer tasks need BSC_RPC_URL (a BNB Smart Chain node) to be set`],
  ['CLAIM_NOT_PENDING', msg`This claim is not waiting for review`],
  ['TASK_TOO_MANY', msg`Too many claims. Please try again in a minute.`],
  ['TASK_NOT_FOUND', msg`Task not found`],
  ['TASK_CLAIM_NOT_FOUND', msg`Claim not found`],
  ['NOTE_TOO_LONG', msg`Note must be at most 2000 characters`],
  ['APPLICATION_FOLLOWERS_DIGITS', msg`Total followers: use digits only, like 5000`],
  ['APPLICATION_FOLLOWERS_TOO_MANY', msg`Total followers must be at most 2000000000`],
  ['FULL_NAME_TOO_LONG', msg`Full name must be at most 120 characters`],
  ['COUNTRY_TOO_LONG', msg`Country must be at most 120 characters`],
  ['TELEGRAM_USERNAME_TOO_LONG', msg`Telegram username must be at most 120 characters`],
  ['TEXT_TOO_LONG', msg`Please keep it under 10000 characters`],
  ['PASSWORD_TOO_LONG', msg`Password must be at most 128 characters`],
  ['PROFILE_URL_TWITTER', msg`Please enter a valid Twitter/X profile URL (e.g., x.com/username)`],
  ['PROFILE_URL_INSTAGRAM', msg`Please enter a valid Instagram profile URL (e.g., instagram.com/username)`],
  ['PROFILE_URL_TELEGRAM', msg`Please enter a valid Telegram channel URL (e.g., t.me/channelname)`],
  ['PROFILE_URL_FACEBOOK', msg`Please enter a valid Facebook page URL (e.g., facebook.com/pagename)`],
  ['PROFILE_URL_YOUTUBE', msg`Please enter a valid YouTube channel URL (e.g., youtube.com/@channelname)`],
  ['PROFILE_URL_TOO_LONG', msg`Profile URLs must be at most 300 characters`],
  ['BEP20_ADDRESS_INVALID', msg`Please provide a valid BEP20 wallet address`],
  ['AUTH_REGISTRATION_CLOSED', msg`Registration is by application only`],
  ['CURRENT_PASSWORD_INCORRECT', msg`Current password is incorrect`],
  ['PASSWORD_CHECKS_BUSY', msg`Too many sign-ins at this moment. Please try again in a few seconds.`],
  ['UNSUBSCRIBED', msg`You will no longer get emails about decisions. Security emails are still sent.`],
  ['REPORT_ACTIVITY_REPORT', msg`Please provide at least 50 characters for your weekly report`],
  ['REPORT_WEEK_START_DATE', msg`Please enter a valid week start date`],
  ['REPORT_WEEK_END_DATE', msg`Please enter a valid week end date`],
  ['REPORT_END_BEFORE_START', msg`Week end date cannot be before the week start date`],
  ['REPORT_END_IN_FUTURE', msg`Week end date cannot be in the future`],
  ['REPORT_DISABLED', msg`Report submission is currently disabled`],
  ['REPORT_ONE_PER_DAY', msg`You have already submitted a report today. Please try again tomorrow.`],
  ['REPORT_ALREADY_REVIEWED', msg`This report has already been reviewed`],
  ['REPORT_NOT_FOUND', msg`Report not found`],
  ['REPORT_TOO_LONG', msg`Please keep your report under 10000 characters`],
  ['DECISION_APPEAL_TEXT', msg`Please say why the decision should change`],
  ['DECISION_APPEAL_TOO_LONG', msg`Please keep your appeal under 2000 characters`],
  ['DECISION_WITHDRAWAL_NOT_APPEALABLE', msg`Only a rejected withdrawal request can be appealed`],
  ['DECISION_APPEAL_NOT_FOUND', msg`Appeal not found`],
  ['DECISION_REOPEN_INSUFFICIENT', msg`The ambassador’s withdrawable balance no longer covers this withdrawal, so it cannot be re-opened: uphold the decision and say why in the facts`],
  ['DECISION_REASON_CODE', msg`reasonCode must be one of: low_effort, duplicate_link, not_verifiable, outside_period, rule_breach, wallet_mismatch, other`],
  ['FACTS_TOO_LONG', msg`Facts must be at most 2000 characters`],
  ['ADMIN_NOTES_TOO_LONG', msg`Admin notes must be at most 2000 characters`],
  ['WITHDRAWAL_ALREADY_DECIDED', msg`This withdrawal request has already been processed`],
  ['WITHDRAWAL_SECOND_APPROVAL', msg`A second admin must approve this withdrawal`],
  ['PAYOUT_IDS', msg`Select between 1 and 500 approved withdrawals`],
  ['PAYOUT_TX_HASH', msg`Enter the transaction hash: 0x followed by 64 hexadecimal characters`],
  ['PAYOUT_TX_REUSED', msg`This transaction hash was already recorded for another payout`],
  ['PAYOUT_WITHDRAWALS_CHANGED', msg`These withdrawals changed while the transaction was being verified; please try again`],
  ['CHAIN_UNREACHABLE', msg`Could not reach the blockchain node to verify the transaction. Nothing was marked paid; please try again.`],
  ['SEASON_BAD_MONTH', msg`A season is a month written YYYY-MM, like 2026-10`],
  ['LOG_TIME_BACKWARDS', msg`The server's clock is behind the public log's last entry, and the log's time never goes back: try again shortly`],
  ['MONTH_SUMMARY_EXISTS', msg`The public log already has this month’s summary`],
  ['SEASON_NOT_FOUND', msg`No ended season for that month`],
  ['SEASON_NO_SEASON', msg`No season for that month`],
  ['SEASON_NOT_ENDED', msg`The month has not ended yet`],
  ['SEASON_ALREADY_CLOSED', msg`This season has already been closed`],
  ['SEASON_BEACON_REQUIRED', msg`Enter the beacon: the hash of the first BNB Smart Chain block at least one hour after the month ended`],
  ['SEASON_BEACON_TOO_LONG', msg`The beacon must be at most 200 characters`],
  ['SEASON_NO_TYPED_BEACON', msg`A beacon cannot be entered for this month: its beacon is a drand round that the server fetches and checks itself, and the month closes by itself`],
  ['MONTH_NOT_STARTED', msg`That month has not started yet`],
  ['SETTINGS_PRIZES', msg`Prizes are 5 USDT amounts, 1st to 5th`],
  ['SETTINGS_PRIZE_FORMAT', msg`A prize must be an amount in USDT, like 300 or 50.00`],
  ['SETTINGS_PRIZE_PRECISION', msg`A prize can have at most 2 decimal places`],
  ['SETTINGS_PRIZE_RANGE', msg`A prize is too large`],
  ['SETTINGS_LOTTERY_WINNERS', msg`The number of lottery winners is a whole number from 0 to 100`],
  ['SETTINGS_SERVICE_LEVEL', msg`A service level is a whole number of business days from 1 to 60`],
  ['ADMIN_FULL_NAME_REQUIRED', msg`Full name is required`],
  ['ADMIN_CANNOT_REMOVE_SUPER_ADMIN', msg`Super admin accounts cannot be removed`],
  ['SIGN_IN_REQUIRED', msg`You must be logged in`],
  ['NOT_LOGGED_IN', msg`Not logged in`],
  ['NOT_ALLOWED', msg`You don't have permission to do this`],
  ['ADMIN_ACCESS_REQUIRED', msg`Admin access required`],
  ['SUPER_ADMIN_ACCESS_REQUIRED', msg`Super admin access required`],
  ['ONLY_ADMINS', msg`Only admins can do this`],
  ['ONLY_AMBASSADORS', msg`Only ambassadors can do this`],
  ['NOT_FOUND', msg`Not found`],
  ['ADMIN_NOT_FOUND', msg`Admin not found`],
  ['AMBASSADOR_NOT_FOUND', msg`Ambassador not found`],
  ['APPLICATION_NOT_FOUND', msg`Application not found`],
  ['WITHDRAWAL_NOT_FOUND', msg`Withdrawal request not found`],
  ['INTEGRATION_NAME_REQUIRED', msg`Name is required`],
  ['NAME_TOO_LONG', msg`Name must be at most 100 characters`],
  ['INTEGRATION_SCOPES_REQUIRED', msg`Choose at least one scope`],
  ['INTEGRATION_SCOPE_UNKNOWN', msg`Unknown scope`],
  ['INTEGRATION_API_KEY_NOT_FOUND', msg`API key not found`],
  ['INTEGRATION_URL_INVALID', msg`URL must be a valid http(s) address`],
  ['URL_TOO_LONG', msg`URL must be at most 2000 characters`],
  ['INTEGRATION_URL_NOT_HTTPS', msg`URL must start with https://`],
  ['INTEGRATION_EVENTS_REQUIRED', msg`Choose at least one event type`],
  ['INTEGRATION_EVENT_UNKNOWN', msg`Unknown event type`],
  ['DESCRIPTION_TOO_LONG', msg`Description must be at most 500 characters`],
  ['INTEGRATION_WEBHOOK_NOT_FOUND', msg`Webhook endpoint not found`],
  ['INTEGRATION_DELIVERY_NOT_FOUND', msg`Delivery not found`],
  ['DATABASE_UNAVAILABLE', msg`The service is briefly unavailable. Please try again.`],
  ['SERVER_TROUBLE', msg`Something went wrong on our side. Please try again.`],
  ['NETWORK_TROUBLE', msg`Could not reach the server. Check your connection and try again.`],
]);

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
  const descriptor = API_TEXTS.get(code);
  return descriptor ? i18n._(descriptor) : message;
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
