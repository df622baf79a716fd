/**
 * The API's messages in the page's language (DECISIONS §6: the API speaks English, the contract;
 * its texts are stable and the client translates them). Keyed by the English text the shared
 * schemas and the server write, so a field's message and a refusal's toast are translated alike;
 * a message not listed here is shown as the server wrote it. api-messages.test.ts checks that each
 * English key is its translation's source text, word for word.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { APPLICATION_MESSAGES } from '../../shared/schemas/applications.ts';
import { AUTH_MESSAGES } from '../../shared/schemas/auth.ts';
import { EMAIL_MESSAGE, TEXT_CONTROL_MESSAGE } from '../../shared/schemas/common.ts';
import { FORGOT_PASSWORD_MESSAGE } from '../../shared/schemas/notifications.ts';
import { WITHDRAWAL_MESSAGES } from '../../shared/schemas/withdrawals.ts';
import { i18n } from './i18n.ts';
import { AWARD_MESSAGES, DECISION_MESSAGES } from '../../shared/schemas/decisions.ts';
import { WALLET_PROOF_MESSAGES, WALLET_PROOF_REFUSALS, WALLET_SIGNATURE_REFUSALS } from '../../shared/schemas/wallet-proof.ts';
import { WALLET_MESSAGES } from '../../shared/schemas/wallet.ts';
import { MFA_MESSAGES } from '../../shared/schemas/mfa.ts';
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
}

/** The English function's output with markers for its values, turned into a pattern of the sentence. */
function pattern<A extends unknown[]>(english: (...args: A) => string, translate: (...values: string[]) => MessageDescriptor): Pattern {
  const markers = Array.from({ length: english.length }, (_, index) => `\uE000${index}\uE000`);
  const sentence = english(...(markers as unknown as A));
  // Each value a named capture, so that values the sentence says in another order than the arguments come back in theirs.
  const source = sentence
    .split(/\uE000(\d+)\uE000/)
    .map((part, index) => (index % 2 ? `(?<v${part}>.+?)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return { english: english as unknown as (...args: string[]) => string, match: new RegExp(`^${source}$`), translate };
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
  pattern(WALLET_PROOF_REFUSALS.chain, (got) => msg`This message is for chain ${got}; payouts are made on BNB Smart Chain (chain 56)`),
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
