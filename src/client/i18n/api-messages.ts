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
import { EMAIL_MESSAGE } from '../../shared/schemas/common.ts';
import { FORGOT_PASSWORD_MESSAGE } from '../../shared/schemas/notifications.ts';
import { WITHDRAWAL_MESSAGES } from '../../shared/schemas/withdrawals.ts';
import { i18n } from './i18n.ts';
import { DECISION_MESSAGES } from '../../shared/schemas/decisions.ts';

export const API_MESSAGES: ReadonlyMap<string, MessageDescriptor> = new Map([
  [APPLICATION_MESSAGES.fullName, msg`Full name must be at least 2 characters`],
  [APPLICATION_MESSAGES.country, msg`Country is required`],
  [APPLICATION_MESSAGES.personalTelegramHandle, msg`Personal Telegram username is required for invitations`],
  [APPLICATION_MESSAGES.socialMediaPlatforms, msg`Select at least one platform`],
  [APPLICATION_MESSAGES.totalFollowers, msg`Total followers must be a positive number`],
  [APPLICATION_MESSAGES.motivation, msg`Please provide at least 50 characters`],
  [APPLICATION_MESSAGES.platformUrlsRequired, msg`Please provide valid URLs for all selected social media platforms`],
  [EMAIL_MESSAGE, msg`Invalid email address`],
  [AUTH_MESSAGES.emailRequired, msg`Email is required`],
  [AUTH_MESSAGES.passwordRequired, msg`Password is required`],
  [AUTH_MESSAGES.userPassword, msg`Password must be at least 6 characters`],
  [AUTH_MESSAGES.setupPassword, msg`Password must be at least 6 characters long`],
  [AUTH_MESSAGES.passwordsDoNotMatch, msg`Passwords do not match`],
  [AUTH_MESSAGES.currentPasswordRequired, msg`Please enter your current password`],
  [AUTH_MESSAGES.newPassword, msg`New password must be at least 6 characters`],
  [AUTH_MESSAGES.invalidCredentials, msg`Invalid email or password`],
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
  [DECISION_MESSAGES.appealFormText, msg`Say why the decision should change`],
  [DECISION_MESSAGES.appealAgain, msg`This decision has already been appealed`],
  [DECISION_MESSAGES.reportNotAppealable, msg`Only a rejected report can be appealed`],
]);

/** The message in the page's language when it is one the client knows, else as the server wrote it. */
export function translatedMessage(english: string): string {
  const descriptor = API_MESSAGES.get(english);
  return descriptor ? i18n._(descriptor) : english;
}
