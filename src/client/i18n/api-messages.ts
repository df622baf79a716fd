/**
 * The API's messages in the page's language (DECISIONS §6: the API speaks English, the contract;
 * its texts are stable and the client translates them). Keyed by the English text the shared
 * schemas and the server write, so a field's message and a refusal's toast are translated alike;
 * a message not listed here is shown as the server wrote it. api-messages.test.ts checks that each
 * English key is its translation's source text, word for word.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ADMIN_MESSAGES } from '../../shared/schemas/admins.ts';
import { APPLICATION_MESSAGES } from '../../shared/schemas/applications.ts';
import { FORGOT_PASSWORD_MESSAGE, UNSUBSCRIBE_MESSAGE } from '../../shared/schemas/notifications.ts';
import { REPORT_MESSAGES } from '../../shared/schemas/reports.ts';
import { SEASON_MESSAGES } from '../../shared/schemas/season-admin.ts';
import { PUBLIC_LOG_MESSAGES } from '../../shared/schemas/public-log.ts';
import { SETTINGS_MESSAGES } from '../../shared/schemas/settings.ts';
import { BEP20_ADDRESS_MESSAGE } from '../../shared/wallet.ts';
import { monthIn, zonedDateTimeIn } from '../../shared/localized-format.ts';
import { AUTH_MESSAGES } from '../../shared/schemas/auth.ts';
import { EMAIL_MESSAGE, TEXT_CONTROL_MESSAGE } from '../../shared/schemas/common.ts';
import { PAYOUT_MESSAGES_SHARED, WITHDRAWAL_MESSAGES } from '../../shared/schemas/withdrawals.ts';
import { i18n } from './i18n.ts';
import { AWARD_MESSAGES, DECISION_MESSAGES } from '../../shared/schemas/decisions.ts';
import { APPEAL_WINDOW_DAYS } from '../../shared/reasons.ts';
import { WALLET_PROOF_MESSAGES, WALLET_PROOF_REFUSALS, WALLET_SIGNATURE_REFUSALS } from '../../shared/schemas/wallet-proof.ts';
import { WALLET_MESSAGES } from '../../shared/schemas/wallet.ts';
import { MFA_MESSAGES } from '../../shared/schemas/mfa.ts';
import { LINK_MESSAGES, LINK_REFUSALS } from '../../shared/schemas/links.ts';
import { TASK_MESSAGES } from '../../shared/schemas/tasks.ts';
import { INTEGRATION_MESSAGES } from '../../shared/schemas/integrations.ts';
import { REFERRAL_MESSAGES } from '../../shared/schemas/referrals.ts';
import { NETWORK_TROUBLE, SERVER_TROUBLE, translateApiMessagesWith } from '../lib/api.ts';

export const API_MESSAGES: ReadonlyMap<string, MessageDescriptor> = new Map([
  [APPLICATION_MESSAGES.fullName, msg`Full name must be at least 2 characters`],
  [APPLICATION_MESSAGES.country, msg`Country is required`],
  [APPLICATION_MESSAGES.personalTelegramHandle, msg`Personal Telegram username is required for invitations`],
  [APPLICATION_MESSAGES.socialMediaPlatforms, msg`Select at least one platform`],
  [APPLICATION_MESSAGES.totalFollowers, msg`Total followers must be a positive number`],
  [APPLICATION_MESSAGES.motivation, msg`Please provide at least 50 characters`],
  [APPLICATION_MESSAGES.platformUrlsRequired, msg`Please provide valid URLs for all selected social media platforms`],
  [EMAIL_MESSAGE, msg`Invalid email address`],
  [TEXT_CONTROL_MESSAGE, msg`Text must not contain control or text-direction characters`],
  [AUTH_MESSAGES.emailRequired, msg`Email is required`],
  [AUTH_MESSAGES.passwordRequired, msg`Password is required`],
  [AUTH_MESSAGES.userPassword, msg`Password must be at least 6 characters`],
  [AUTH_MESSAGES.setupPassword, msg`Password must be at least 6 characters long`],
  [AUTH_MESSAGES.passwordsDoNotMatch, msg`Passwords do not match`],
  [AUTH_MESSAGES.currentPasswordRequired, msg`Please enter your current password`],
  [AUTH_MESSAGES.newPassword, msg`New password must be at least 6 characters`],
  [AUTH_MESSAGES.invalidCredentials, msg`Invalid email or password`],
  [AUTH_MESSAGES.invalidSuperAdmin, msg`Invalid credentials or secret`],
  [AUTH_MESSAGES.secretRequired, msg`Super admin secret is required`],
  [AUTH_MESSAGES.accountExists, msg`An account with this email already exists`],
  [AUTH_MESSAGES.tooManySignIns, msg`Too many failed login attempts. Please try again later.`],
  [AUTH_MESSAGES.tooManyAttempts, msg`Too many attempts. Please try again later.`],
  [AUTH_MESSAGES.setupLinkInvalid, msg`This password setup link is invalid or has expired. Please contact support for a new link.`],
  [FORGOT_PASSWORD_MESSAGE, msg`If an account exists for this email, we have sent it a link to set a new password. The link is valid for 1 hour.`],
  [WITHDRAWAL_MESSAGES.minimum, msg`Minimum withdrawal amount is 50 USDT`],
  [WITHDRAWAL_MESSAGES.notANumber, msg`Enter the amount as a number, like 75 or 75.50`],
  [WITHDRAWAL_MESSAGES.precision, msg`Amount can have at most 2 decimal places`],
  [WITHDRAWAL_MESSAGES.range, msg`Amount is too large`],
  [WITHDRAWAL_MESSAGES.insufficient, msg`You don't have enough USDT to withdraw this amount`],
  [WITHDRAWAL_MESSAGES.addressRequired, msg`Please enter a valid BEP20 wallet address`],
  [WITHDRAWAL_MESSAGES.cancelNotPending, msg`This withdrawal request is no longer pending, so it cannot be cancelled`],
  [WITHDRAWAL_MESSAGES.cancelApproved, msg`An admin has already approved this withdrawal request, so it cannot be cancelled`],
  [
    WITHDRAWAL_MESSAGES.approverPasswordNotOwn,
    msg`Your approval cannot count for a withdrawal that needs two admins: your current password was set by a super admin. Set your own through the link we email you (Forgot password) first`,
  ],
  [
    WITHDRAWAL_MESSAGES.approverNoMfa,
    msg`Your approval cannot count for a withdrawal that needs two admins: sign out and sign in again with your two-factor code first`,
  ],
  [DECISION_MESSAGES.reasonRequired, msg`Choose the reason for this decision`],
  [DECISION_MESSAGES.appealFormText, msg`Say why the decision should change`],
  [DECISION_MESSAGES.sameAdmin, msg`Another admin must decide this appeal`],
  [DECISION_MESSAGES.appealDecided, msg`This appeal has already been decided`],
  [DECISION_MESSAGES.outcomeRequired, msg`Choose whether the decision stands or is overturned`],
  [DECISION_MESSAGES.awardRequired, msg`Enter the amount to award (type 0 for none)`],
  [DECISION_MESSAGES.appealAgain, msg`This decision has already been appealed`],
  [REFERRAL_MESSAGES.money, msg`A referral reward must be an amount of at least 0, like 10 or 2.50`],
  [REFERRAL_MESSAGES.precision, msg`A referral reward can have at most 2 decimal places`],
  [REFERRAL_MESSAGES.range, msg`A referral reward is too large`],
  [REFERRAL_MESSAGES.cap, msg`monthlyCap is a whole number from 0 to 10000`],
  [REFERRAL_MESSAGES.notFound, msg`Referral not found`],
  [REFERRAL_MESSAGES.notHeld, msg`Only a held referral can be released or refused`],
  [REFERRAL_MESSAGES.notAppealable, msg`Only a refused referral can be appealed`],
  [DECISION_MESSAGES.reportNotAppealable, msg`Only a rejected report can be appealed`],
  [MFA_MESSAGES.code, msg`Enter the 6-digit code from your authenticator app, or a recovery code`],
  [MFA_MESSAGES.invalid, msg`That code is not valid. Check the time on your phone and try again.`],
  [MFA_MESSAGES.expired, msg`Your sign-in has expired. Please enter your email and password again.`],
  [MFA_MESSAGES.alreadyOn, msg`Two-factor authentication is already on`],
  [MFA_MESSAGES.notOn, msg`Two-factor authentication is not on`],
  [MFA_MESSAGES.notEnrolling, msg`Start the set-up again: scan a new QR code`],
  [MFA_MESSAGES.requiredForAdmins, msg`Two-factor authentication is required for admins and cannot be turned off`],
  [MFA_MESSAGES.enrollFirst, msg`Set up two-factor authentication first`],
  [SERVER_TROUBLE, msg`Something went wrong on our side. Please try again.`],
  [NETWORK_TROUBLE, msg`Could not reach the server. Check your connection and try again.`],
  [WITHDRAWAL_MESSAGES.suspended, msg`Your ambassador account is suspended`],
  [WALLET_MESSAGES.usdtRequired, msg`Please enter a valid USDT wallet address`],
  [WALLET_PROOF_MESSAGES.message, msg`Send the message you were given to sign`],
  [WALLET_PROOF_MESSAGES.signature, msg`The signature must be 0x followed by hexadecimal digits, as your wallet gives it`],
  [WALLET_PROOF_MESSAGES.acknowledged, msg`Confirm that this is an exchange deposit address (acknowledged: true)`],
  [WALLET_PROOF_REFUSALS.noAddress, msg`Save your USDT payout address first, then verify it`],
  [WALLET_PROOF_REFUSALS.alreadyVerified, msg`Your USDT payout address is already verified`],
  [WALLET_PROOF_REFUSALS.tooMany, msg`Too many wallet verification attempts. Please try again later.`],
  [WALLET_PROOF_REFUSALS.malformed, msg`This is not a Sign-In with Ethereum message: send back the message you were given, unchanged`],
  [WALLET_PROOF_REFUSALS.address, msg`This message names another address than your saved USDT payout address; ask for a new message to sign`],
  [WALLET_PROOF_REFUSALS.notIssued, msg`This is not the message you were given to sign: ask for a new message and sign it unchanged`],
  [WALLET_PROOF_REFUSALS.expired, msg`This message has expired (messages are valid for 10 minutes): ask for a new one and sign it`],
  [WALLET_PROOF_REFUSALS.used, msg`This message was already used: ask for a new one and sign it`],
  [WALLET_PROOF_REFUSALS.exchangeVerified, msg`This address is verified with your wallet, so it is not an exchange deposit address`],
  [
    WALLET_PROOF_REFUSALS.required,
    msg`Verify your USDT payout address with your wallet, or mark it as an exchange deposit address, before requesting a withdrawal`,
  ],
  [WALLET_SIGNATURE_REFUSALS.malformed, msg`This signature is not well formed: copy the whole signature your wallet gives, starting with 0x`],
  [
    WALLET_SIGNATURE_REFUSALS.invalid,
    msg`This signature was not made by the address in the message: sign the message with the wallet of your saved USDT address`,
  ],
  [
    WALLET_SIGNATURE_REFUSALS.contractUnsupported,
    msg`This looks like a smart-account (contract wallet) signature, which can only be checked on the blockchain, and this server is not connected to one. Sign with a regular wallet, or mark the address as an exchange deposit address.`,
  ],
  [WALLET_SIGNATURE_REFUSALS.unreachable, msg`Could not reach the blockchain node to check this smart-account signature. Nothing was saved; please try again.`],
  // Linked accounts (DECISIONS §7).
  [LINK_MESSAGES.postUrl, msg`Paste the link of your public post on X, like https://x.com/you/status/123`],
  [LINK_REFUSALS.taken, msg`This account is already linked to another ambassador`],
  [LINK_REFUSALS.telegramHash, msg`This Telegram sign-in is not signed by our bot: sign in with Telegram again`],
  [LINK_REFUSALS.telegramExpired, msg`This Telegram sign-in is more than a day old: sign in with Telegram again`],
  [LINK_REFUSALS.notConfigured, msg`Linking this kind of account is not set up on this server`],
  [LINK_REFUSALS.discordState, msg`This Discord authorisation was not started from your session, or has expired: start again from your profile`],
  [LINK_REFUSALS.discordDenied, msg`Discord did not authorise the link: start again from your profile`],
  [LINK_REFUSALS.postNotFound, msg`This post could not be found: check the link, and that the post is public`],
  [LINK_REFUSALS.malformed, msg`The service gave an answer we could not read: nothing was linked; try again later`],
  [LINK_REFUSALS.unavailable, msg`The service did not answer: nothing was recorded; try again in a moment`],
  [LINK_REFUSALS.walletReadOnly, msg`Your payout wallet is proven on the wallet page and cannot be unlinked here`],
  [LINK_REFUSALS.notLinked, msg`No account of this kind is linked`],
  [LINK_REFUSALS.tooMany, msg`Too many linking attempts. Please try again later.`],
  // Tasks (DECISIONS §7).
  [TASK_MESSAGES.title, msg`Title must be 3 to 120 characters`],
  [TASK_MESSAGES.notAppealable, msg`Only a manual claim refused at review can be appealed`],
  [TASK_MESSAGES.description, msg`Description must be at most 2000 characters`],
  [TASK_MESSAGES.chatId, msg`Telegram chat id: a number like -1001234567890, or @channelname`],
  [TASK_MESSAGES.guildId, msg`Discord server id: digits, as Discord’s developer mode copies it`],
  [TASK_MESSAGES.roleId, msg`Discord role id: digits, as Discord’s developer mode copies it`],
  [TASK_MESSAGES.mustContain, msg`The text the post must contain: 1 to 280 characters`],
  [TASK_MESSAGES.token, msg`Token contract: 0x and 40 hexadecimal digits`],
  [TASK_MESSAGES.to, msg`Receiving address: 0x and 40 hexadecimal digits`],
  [TASK_MESSAGES.minAmount, msg`Minimum amount: a decimal number above 0, like 10 or 0.5`],
  [TASK_MESSAGES.reward, msg`Reward: an amount of at least 0 with at most 2 decimals`],
  [TASK_MESSAGES.dates, msg`The end must be after the start`],
  [TASK_MESSAGES.txHash, msg`Transaction hash: 0x and 64 hexadecimal digits`],
  [TASK_MESSAGES.postRequired, msg`This task needs the link of your post (postUrl)`],
  [TASK_MESSAGES.txRequired, msg`This task needs the hash of your transaction (txHash)`],
  [TASK_MESSAGES.alreadyClaimed, msg`You have already claimed this task in this period`],
  [TASK_MESSAGES.noChain, msg`Transfer tasks need BSC_RPC_URL (a BNB Smart Chain node) to be set`],
  [TASK_MESSAGES.notPending, msg`This claim is not waiting for review`],
  [TASK_MESSAGES.tooMany, msg`Too many claims. Please try again in a minute.`],
  [TASK_MESSAGES.taskNotFound, msg`Task not found`],
  [TASK_MESSAGES.claimNotFound, msg`Claim not found`],
  ['Note must be at most 2000 characters', msg`Note must be at most 2000 characters`],
  ['Telegram membership tasks need TELEGRAM_BOT_TOKEN to be set', msg`Telegram membership tasks need TELEGRAM_BOT_TOKEN to be set`],
  [
    'Discord membership tasks need DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET to be set',
    msg`Discord membership tasks need DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET to be set`,
  ],
  // The forms' limits and checks (src/shared/schemas), each as the schema writes it.
  [APPLICATION_MESSAGES.followersDigits, msg`Total followers: use digits only, like 5000`],
  ['Total followers must be at most 2000000000', msg`Total followers must be at most 2000000000`],
  ['Full name must be at most 120 characters', msg`Full name must be at most 120 characters`],
  ['Country must be at most 120 characters', msg`Country must be at most 120 characters`],
  ['Telegram username must be at most 120 characters', msg`Telegram username must be at most 120 characters`],
  ['Please keep it under 10000 characters', msg`Please keep it under 10000 characters`],
  ['Password must be at most 128 characters', msg`Password must be at most 128 characters`],
  ['Please enter a valid Twitter/X profile URL (e.g., x.com/username)', msg`Please enter a valid Twitter/X profile URL (e.g., x.com/username)`],
  ['Please enter a valid Instagram profile URL (e.g., instagram.com/username)', msg`Please enter a valid Instagram profile URL (e.g., instagram.com/username)`],
  ['Please enter a valid Telegram channel URL (e.g., t.me/channelname)', msg`Please enter a valid Telegram channel URL (e.g., t.me/channelname)`],
  ['Please enter a valid Facebook page URL (e.g., facebook.com/pagename)', msg`Please enter a valid Facebook page URL (e.g., facebook.com/pagename)`],
  ['Please enter a valid YouTube channel URL (e.g., youtube.com/@channelname)', msg`Please enter a valid YouTube channel URL (e.g., youtube.com/@channelname)`],
  ['Profile URLs must be at most 300 characters', msg`Profile URLs must be at most 300 characters`],
  [BEP20_ADDRESS_MESSAGE, msg`Please provide a valid BEP20 wallet address`],
  [AUTH_MESSAGES.registrationClosed, msg`Registration is by application only`],
  ['Current password is incorrect', msg`Current password is incorrect`],
  ['Too many sign-ins at this moment. Please try again in a few seconds.', msg`Too many sign-ins at this moment. Please try again in a few seconds.`],
  [UNSUBSCRIBE_MESSAGE, msg`You will no longer get emails about decisions. Security emails are still sent.`],
  [REPORT_MESSAGES.activityReport, msg`Please provide at least 50 characters for your weekly report`],
  [REPORT_MESSAGES.weekStartDate, msg`Please enter a valid week start date`],
  [REPORT_MESSAGES.weekEndDate, msg`Please enter a valid week end date`],
  [REPORT_MESSAGES.endBeforeStart, msg`Week end date cannot be before the week start date`],
  [REPORT_MESSAGES.endInFuture, msg`Week end date cannot be in the future`],
  [REPORT_MESSAGES.disabled, msg`Report submission is currently disabled`],
  [REPORT_MESSAGES.onePerDay, msg`You have already submitted a report today. Please try again tomorrow.`],
  [REPORT_MESSAGES.alreadyReviewed, msg`This report has already been reviewed`],
  [REPORT_MESSAGES.notFound, msg`Report not found`],
  ['Please keep your report under 10000 characters', msg`Please keep your report under 10000 characters`],
  [DECISION_MESSAGES.appealText, msg`Please say why the decision should change`],
  [DECISION_MESSAGES.appealTooLong, msg`Please keep your appeal under 2000 characters`],
  [DECISION_MESSAGES.withdrawalNotAppealable, msg`Only a rejected withdrawal request can be appealed`],
  [DECISION_MESSAGES.appealNotFound, msg`Appeal not found`],
  [DECISION_MESSAGES.sameAdmin, msg`Another admin must decide this appeal`],
  [DECISION_MESSAGES.appealDecided, msg`This appeal has already been decided`],
  [
    DECISION_MESSAGES.reopenInsufficient,
    msg`The ambassador’s withdrawable balance no longer covers this withdrawal, so it cannot be re-opened: uphold the decision and say why in the facts`,
  ],
  [
    DECISION_MESSAGES.reasonCode,
    msg`reasonCode must be one of: low_effort, duplicate_link, not_verifiable, outside_period, rule_breach, wallet_mismatch, other`,
  ],
  ['Facts must be at most 2000 characters', msg`Facts must be at most 2000 characters`],
  ['Admin notes must be at most 2000 characters', msg`Admin notes must be at most 2000 characters`],
  [WITHDRAWAL_MESSAGES.alreadyDecided, msg`This withdrawal request has already been processed`],
  [WITHDRAWAL_MESSAGES.secondApproval, msg`A second admin must approve this withdrawal`],
  [PAYOUT_MESSAGES_SHARED.ids, msg`Select between 1 and 500 approved withdrawals`],
  [PAYOUT_MESSAGES_SHARED.txHash, msg`Enter the transaction hash: 0x followed by 64 hexadecimal characters`],
  ['This transaction hash was already recorded for another payout', msg`This transaction hash was already recorded for another payout`],
  [
    'These withdrawals changed while the transaction was being verified; please try again',
    msg`These withdrawals changed while the transaction was being verified; please try again`,
  ],
  [
    'Could not reach the blockchain node to verify the transaction. Nothing was marked paid; please try again.',
    msg`Could not reach the blockchain node to verify the transaction. Nothing was marked paid; please try again.`,
  ],
  [SEASON_MESSAGES.badMonth, msg`A season is a month written YYYY-MM, like 2026-10`],
  [PUBLIC_LOG_MESSAGES.timeBackwards, msg`The server's clock is behind the public log's last entry, and the log's time never goes back: try again shortly`],
  [PUBLIC_LOG_MESSAGES.summaryExists, msg`The public log already has this month’s summary`],
  [SEASON_MESSAGES.notFound, msg`No ended season for that month`],
  [SEASON_MESSAGES.noSeason, msg`No season for that month`],
  [SEASON_MESSAGES.notEnded, msg`The month has not ended yet`],
  [SEASON_MESSAGES.alreadyClosed, msg`This season has already been closed`],
  [SEASON_MESSAGES.beaconRequired, msg`Enter the beacon: the hash of the first BNB Smart Chain block at least one hour after the month ended`],
  [SEASON_MESSAGES.beaconTooLong, msg`The beacon must be at most 200 characters`],
  [
    SEASON_MESSAGES.noTypedBeacon,
    msg`A beacon cannot be entered for this month: its beacon is a drand round that the server fetches and checks itself, and the month closes by itself`,
  ],
  ['That month has not started yet', msg`That month has not started yet`],
  [SETTINGS_MESSAGES.prizes, msg`Prizes are 5 USDT amounts, 1st to 5th`],
  [SETTINGS_MESSAGES.prizeFormat, msg`A prize must be an amount in USDT, like 300 or 50.00`],
  [SETTINGS_MESSAGES.prizePrecision, msg`A prize can have at most 2 decimal places`],
  [SETTINGS_MESSAGES.prizeRange, msg`A prize is too large`],
  [SETTINGS_MESSAGES.lotteryWinners, msg`The number of lottery winners is a whole number from 0 to 100`],
  [SETTINGS_MESSAGES.serviceLevel, msg`A service level is a whole number of business days from 1 to 60`],
  [ADMIN_MESSAGES.fullNameRequired, msg`Full name is required`],
  [ADMIN_MESSAGES.cannotRemoveSuperAdmin, msg`Super admin accounts cannot be removed`],
  // Who may do what, and what is not there (src/server/errors.ts and the routes).
  ['You must be logged in', msg`You must be logged in`],
  ['Not logged in', msg`Not logged in`],
  ["You don't have permission to do this", msg`You don't have permission to do this`],
  ['Admin access required', msg`Admin access required`],
  ['Super admin access required', msg`Super admin access required`],
  ['Only admins can do this', msg`Only admins can do this`],
  ['Only ambassadors can do this', msg`Only ambassadors can do this`],
  ['Not found', msg`Not found`],
  ['Admin not found', msg`Admin not found`],
  ['Ambassador not found', msg`Ambassador not found`],
  ['Application not found', msg`Application not found`],
  ['Withdrawal request not found', msg`Withdrawal request not found`],
  // Integrations (DECISIONS §7): the super admin's API keys and webhook endpoints.
  [INTEGRATION_MESSAGES.nameRequired, msg`Name is required`],
  ['Name must be at most 100 characters', msg`Name must be at most 100 characters`],
  [INTEGRATION_MESSAGES.scopesRequired, msg`Choose at least one scope`],
  [INTEGRATION_MESSAGES.scopeUnknown, msg`Unknown scope`],
  [INTEGRATION_MESSAGES.apiKeyNotFound, msg`API key not found`],
  [INTEGRATION_MESSAGES.urlInvalid, msg`URL must be a valid http(s) address`],
  ['URL must be at most 2000 characters', msg`URL must be at most 2000 characters`],
  [INTEGRATION_MESSAGES.urlNotHttps, msg`URL must start with https://`],
  [INTEGRATION_MESSAGES.eventsRequired, msg`Choose at least one event type`],
  [INTEGRATION_MESSAGES.eventUnknown, msg`Unknown event type`],
  ['Description must be at most 500 characters', msg`Description must be at most 500 characters`],
  [INTEGRATION_MESSAGES.webhookNotFound, msg`Webhook endpoint not found`],
  [INTEGRATION_MESSAGES.deliveryNotFound, msg`Delivery not found`],
]);

/**
 * A message with values in it ('… paused for 48 hours …'): matched by the English sentence the
 * shared function writes, its values carried into the translation.
 */
interface Pattern {
  /** The shared function that writes the English sentence (its values given as text). */
  english: (...args: string[]) => string;
  /** The English function's sentence with each value as a capture named for its argument (v0, v1…). */
  match: RegExp;
  translate: (...values: string[]) => MessageDescriptor;
  /** The translation writes a value its own way (a time in the page's language), so English does not say it word for word. */
  rewrites?: boolean;
}

/** The English function's output with markers for its values, turned into a pattern of the sentence. */
function pattern<A extends unknown[]>(
  english: (...args: A) => string,
  translate: (...values: string[]) => MessageDescriptor,
  options: { rewrites?: boolean } = {},
): Pattern {
  const markers = Array.from({ length: english.length }, (_, index) => `\uE000${index}\uE000`);
  const sentence = english(...(markers as unknown as A));
  // Each value a named capture, so that values the sentence says in another order than the arguments come back in theirs.
  const source = sentence
    .split(/\uE000(\d+)\uE000/)
    .map((part, index) => (index % 2 ? `(?<v${part}>.+?)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return { english: english as unknown as (...args: string[]) => string, match: new RegExp(`^${source}$`), translate, ...options };
}

export const API_PATTERNS: readonly Pattern[] = [
  pattern(WITHDRAWAL_MESSAGES.walletChangeHold, (hours) => msg`For your security, withdrawals are paused for ${hours} hours after a wallet address change`),
  pattern(
    WALLET_PROOF_REFUSALS.exchangeHold,
    (hours) => msg`For your security, the first withdrawal to an exchange deposit address waits ${hours} hours after the address is marked as one`,
  ),
  pattern(WALLET_PROOF_REFUSALS.domain, (expected, got) => msg`This message was made for another site (${got}); sign the message from ${expected}`),
  // A server failure's sentence with the request id the server logged (lib/api.ts, troubleMessage).
  pattern(
    (sentence: string, reference: string) => `${sentence} (Reference: ${reference})`,
    (sentence, reference) => {
      const said = translatedMessage(sentence);
      return msg`${said} (Reference: ${reference})`;
    },
  ),
  pattern(AWARD_MESSAGES.format, (currency) => msg`${currency} awarded must be a number of at least 0`),
  pattern(AWARD_MESSAGES.precision, (currency) => msg`${currency} awarded can have at most 2 decimal places`),
  pattern(AWARD_MESSAGES.range, (currency) => msg`${currency} awarded is too large`),
  pattern(TASK_MESSAGES.attempts, (max) => msg`You have tried this task ${max} times in this period: try again next period`),
  pattern(LINK_REFUSALS.codeMissing, (code) => msg`This post does not contain your link code ${code}: post it, then send the link again`),
  pattern(
    LINK_REFUSALS.relinkWait,
    (from) => {
      const when = zonedDateTimeIn(from, i18n.locale);
      return msg`This account was linked to another ambassador until recently; it can be linked again from ${when}`;
    },
    { rewrites: true },
  ),
  pattern(WALLET_PROOF_REFUSALS.chain, (got) => msg`This message is for chain ${got}; payouts are made on BNB Smart Chain (chain 56)`),
  // A time in a refusal is said in the page's language, with its zone, not as the API's ISO text.
  pattern(
    DECISION_MESSAGES.appealLate,
    (deadline) => {
      const days = APPEAL_WINDOW_DAYS;
      const when = zonedDateTimeIn(deadline, i18n.locale);
      return msg`The ${days}-day appeal window closed on ${when}`;
    },
    { rewrites: true },
  ),
  pattern(
    SEASON_MESSAGES.afterCutOver,
    (month, cut) => {
      const named = monthIn(month, i18n.locale);
      const from = monthIn(cut, i18n.locale);
      return msg`${named} is protocol 2 (every month from ${from}, the first whose terms are in the public log, is): it closes by itself, never with a typed beacon`;
    },
    { rewrites: true },
  ),
  pattern(
    (round: string, at: string) => SEASON_MESSAGES.closesItself(round as unknown as number, at),
    (round, at) => {
      const when = zonedDateTimeIn(at, i18n.locale);
      return msg`This month closes by itself once drand round ${round} is published (${when})`;
    },
    { rewrites: true },
  ),
  pattern(
    (hours: string, from: string) => WITHDRAWAL_MESSAGES.approverTooNew(hours as unknown as number, from),
    (hours, from) => {
      const when = zonedDateTimeIn(from, i18n.locale);
      return msg`Your approval cannot count for a withdrawal that needs two admins: your admin account must have existed for ${hours} hours; it counts from ${when}`;
    },
    { rewrites: true },
  ),
  pattern(
    (hours: string, from: string) => WITHDRAWAL_MESSAGES.approverMfaTooNew(hours as unknown as number, from),
    (hours, from) => {
      const when = zonedDateTimeIn(from, i18n.locale);
      return msg`Your approval cannot count for a withdrawal that needs two admins: your two-factor sign-in was turned on while your password was one a super admin set, so it counts only ${hours} hours later, from ${when}`;
    },
    { rewrites: true },
  ),
  // The server's payout refusals (src/server/features/wallet): the ids and hashes are data.
  pattern(
    (ids: string) => `Only approved withdrawals that are not yet paid can be marked paid: ${ids}`,
    (ids) => msg`Only approved withdrawals that are not yet paid can be marked paid: ${ids}`,
  ),
  pattern(
    (hash: string) => `Transaction ${hash} was not found on chain`,
    (hash) => msg`Transaction ${hash} was not found on chain`,
  ),
  pattern(
    (hash: string) => `Transaction ${hash} failed on chain`,
    (hash) => msg`Transaction ${hash} failed on chain`,
  ),
  pattern(
    (hash: string, named: string) => `Transaction ${hash} does not pay ${named}`,
    (hash, named) => msg`Transaction ${hash} does not pay ${named}`,
  ),
  pattern(
    (hash: string, named: string) => `Transaction ${hash} pays ${named} more than once`,
    (hash, named) => msg`Transaction ${hash} pays ${named} more than once`,
  ),
];

/** The message in the page's language when it is one the client knows, else as the server wrote it. */
export function translatedMessage(english: string): string {
  const descriptor = API_MESSAGES.get(english);
  if (descriptor) return i18n._(descriptor);
  for (const { match, translate } of API_PATTERNS) {
    const groups = match.exec(english)?.groups;
    if (groups)
      return i18n._(
        translate(
          ...Object.keys(groups)
            .sort()
            .map((name) => groups[name] ?? ''),
        ),
      );
  }
  return english;
}

// From now on the API's messages (lib/api.ts, errorMessage and troubleMessage) come in the page's language.
translateApiMessagesWith(translatedMessage);
