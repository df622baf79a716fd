/**
 * The `code` of every error answer (DECISIONS §7, Errors and texts on the wire): one table, here.
 * Each code names one refusal; the English beside it is the answer's `message` (the spec's texts
 * stay the contract), and clients say it in their language from the code and the answer's `values`
 * (src/client/i18n/api-messages.ts), never by matching the English.
 *
 * - ERROR_TEXTS: a refusal whose sentence has no values, by code. The server gives an error the code
 *   its thrower named (AppError's `reason`), else the code of its sentence here, else its status's
 *   (STATUS_CODES). PAGE_ERROR_TEXTS are those a page can meet: each sentence is written once, in
 *   its schema's table or here, marked `/*i18n*\/` (src/shared/texts.ts), and the client says it
 *   in the page's language by that text (its catalog id); the transport's are not translated.
 * - VALUE_TEXTS: a refusal whose sentence says values, as one template with named values; its
 *   thrower names the code and the values (server/errors.ts `valueError`), and the English is the
 *   template filled in (`valueMessage`). Two codes' values choose their sentence: LINK_TAKEN with
 *   `from` (linked elsewhere until recently: linkable again from then; without it, ERROR_TEXTS'
 *   sentence) and TASK_SERVICE_NOT_CONFIGURED with the task's `kind`.
 * - STATUS_CODES: an error nobody named more closely (a hand-made request's refusals, a 500).
 */
import {
  ADMIN_MESSAGES,
  APPLICATION_MESSAGES,
  AUTH_MESSAGES,
  AWARD_TEXTS,
  DECISION_MESSAGES,
  INTEGRATION_MESSAGES,
  LINK_MESSAGES,
  LINK_REFUSALS,
  MFA_MESSAGES,
  PUBLIC_LOG_MESSAGES,
  REFERRAL_MESSAGES,
  REPORT_MESSAGES,
  SEASON_MESSAGES,
  SETTINGS_MESSAGES,
  TASK_MESSAGES,
  WALLET_MESSAGES,
  WALLET_PROOF_MESSAGES,
  WALLET_PROOF_REFUSALS,
  WALLET_SIGNATURE_REFUSALS,
  WITHDRAWAL_MESSAGES,
} from './schemas/messages.ts';
import { EMAIL_MESSAGE, TEXT_CONTROL_MESSAGE } from './schemas/common.ts';
import { FORGOT_PASSWORD_MESSAGE, UNSUBSCRIBE_MESSAGE } from './schemas/notifications.ts';
import { WALLET_PROOF_CHAIN_ID } from './schemas/wallet-proof.ts';
import { PAYOUT_MESSAGES_SHARED } from './schemas/withdrawals.ts';
import { PLATFORM_INFO } from './platforms.ts';
import { BEP20_ADDRESS_MESSAGE } from './wallet.ts';
import { APPEAL_WINDOW_DAYS } from './reasons.ts';
import { filledTemplate } from './texts.ts';

/** The refusals a page can meet, which the client says in the page's language (their English is each text's catalog id). */
export const PAGE_ERROR_TEXTS = {
  APPLICATION_FULL_NAME: APPLICATION_MESSAGES.fullName,
  APPLICATION_COUNTRY: APPLICATION_MESSAGES.country,
  APPLICATION_PERSONAL_TELEGRAM_HANDLE: APPLICATION_MESSAGES.personalTelegramHandle,
  APPLICATION_SOCIAL_MEDIA_PLATFORMS: APPLICATION_MESSAGES.socialMediaPlatforms,
  APPLICATION_TOTAL_FOLLOWERS: APPLICATION_MESSAGES.totalFollowers,
  APPLICATION_MOTIVATION: APPLICATION_MESSAGES.motivation,
  APPLICATION_PLATFORM_URLS_REQUIRED: APPLICATION_MESSAGES.platformUrlsRequired,
  EMAIL_INVALID: EMAIL_MESSAGE,
  TEXT_CONTROL_CHARACTERS: TEXT_CONTROL_MESSAGE,
  AUTH_EMAIL_REQUIRED: AUTH_MESSAGES.emailRequired,
  AUTH_PASSWORD_REQUIRED: AUTH_MESSAGES.passwordRequired,
  AUTH_USER_PASSWORD: AUTH_MESSAGES.userPassword,
  AUTH_SETUP_PASSWORD: AUTH_MESSAGES.setupPassword,
  AUTH_PASSWORDS_DO_NOT_MATCH: AUTH_MESSAGES.passwordsDoNotMatch,
  AUTH_CURRENT_PASSWORD_REQUIRED: AUTH_MESSAGES.currentPasswordRequired,
  AUTH_NEW_PASSWORD: AUTH_MESSAGES.newPassword,
  AUTH_INVALID_CREDENTIALS: AUTH_MESSAGES.invalidCredentials,
  AUTH_INVALID_SUPER_ADMIN: AUTH_MESSAGES.invalidSuperAdmin,
  AUTH_SECRET_REQUIRED: AUTH_MESSAGES.secretRequired,
  AUTH_ACCOUNT_EXISTS: AUTH_MESSAGES.accountExists,
  AUTH_TOO_MANY_SIGN_INS: AUTH_MESSAGES.tooManySignIns,
  AUTH_TOO_MANY_ATTEMPTS: AUTH_MESSAGES.tooManyAttempts,
  AUTH_SETUP_LINK_INVALID: AUTH_MESSAGES.setupLinkInvalid,
  PASSWORD_RESET_SENT: FORGOT_PASSWORD_MESSAGE,
  WITHDRAWAL_MINIMUM: WITHDRAWAL_MESSAGES.minimum,
  WITHDRAWAL_NOT_A_NUMBER: WITHDRAWAL_MESSAGES.notANumber,
  WITHDRAWAL_PRECISION: WITHDRAWAL_MESSAGES.precision,
  WITHDRAWAL_RANGE: WITHDRAWAL_MESSAGES.range,
  WITHDRAWAL_INSUFFICIENT: WITHDRAWAL_MESSAGES.insufficient,
  WITHDRAWAL_ADDRESS_REQUIRED: WITHDRAWAL_MESSAGES.addressRequired,
  WITHDRAWAL_NOT_PENDING: WITHDRAWAL_MESSAGES.cancelNotPending,
  WITHDRAWAL_APPROVAL_GIVEN: WITHDRAWAL_MESSAGES.cancelApproved,
  APPROVER_PASSWORD_NOT_OWN: WITHDRAWAL_MESSAGES.approverPasswordNotOwn,
  APPROVER_NO_MFA: WITHDRAWAL_MESSAGES.approverNoMfa,
  DECISION_REASON_REQUIRED: DECISION_MESSAGES.reasonRequired,
  DECISION_APPEAL_FORM_TEXT: DECISION_MESSAGES.appealFormText,
  DECISION_SAME_ADMIN: DECISION_MESSAGES.sameAdmin,
  DECISION_APPEAL_DECIDED: DECISION_MESSAGES.appealDecided,
  DECISION_OUTCOME_REQUIRED: DECISION_MESSAGES.outcomeRequired,
  DECISION_AWARD_REQUIRED: DECISION_MESSAGES.awardRequired,
  DECISION_APPEAL_AGAIN: DECISION_MESSAGES.appealAgain,
  REFERRAL_MONEY: REFERRAL_MESSAGES.money,
  REFERRAL_PRECISION: REFERRAL_MESSAGES.precision,
  REFERRAL_RANGE: REFERRAL_MESSAGES.range,
  REFERRAL_CAP: REFERRAL_MESSAGES.cap,
  REFERRAL_NOT_FOUND: REFERRAL_MESSAGES.notFound,
  REFERRAL_NOT_HELD: REFERRAL_MESSAGES.notHeld,
  REFERRAL_NOT_APPEALABLE: REFERRAL_MESSAGES.notAppealable,
  DECISION_REPORT_NOT_APPEALABLE: DECISION_MESSAGES.reportNotAppealable,
  MFA_CODE: MFA_MESSAGES.code,
  MFA_INVALID: MFA_MESSAGES.invalid,
  MFA_EXPIRED: MFA_MESSAGES.expired,
  MFA_ALREADY_ON: MFA_MESSAGES.alreadyOn,
  MFA_NOT_ON: MFA_MESSAGES.notOn,
  MFA_NOT_ENROLLING: MFA_MESSAGES.notEnrolling,
  MFA_REQUIRED_FOR_ADMINS: MFA_MESSAGES.requiredForAdmins,
  MFA_ENROLL: MFA_MESSAGES.enrollFirst,
  WITHDRAWAL_SUSPENDED: WITHDRAWAL_MESSAGES.suspended,
  WALLET_USDT_REQUIRED: WALLET_MESSAGES.usdtRequired,
  WALLET_PROOF_MESSAGE: WALLET_PROOF_MESSAGES.message,
  WALLET_PROOF_SIGNATURE: WALLET_PROOF_MESSAGES.signature,
  WALLET_PROOF_ACKNOWLEDGED: WALLET_PROOF_MESSAGES.acknowledged,
  WALLET_PROOF_NO_ADDRESS: WALLET_PROOF_REFUSALS.noAddress,
  WALLET_PROOF_ALREADY_VERIFIED: WALLET_PROOF_REFUSALS.alreadyVerified,
  WALLET_PROOF_TOO_MANY: WALLET_PROOF_REFUSALS.tooMany,
  WALLET_PROOF_MESSAGE_MALFORMED: WALLET_PROOF_REFUSALS.malformed,
  WALLET_PROOF_ADDRESS: WALLET_PROOF_REFUSALS.address,
  WALLET_PROOF_MESSAGE_NOT_ISSUED: WALLET_PROOF_REFUSALS.notIssued,
  WALLET_PROOF_NONCE_EXPIRED: WALLET_PROOF_REFUSALS.expired,
  WALLET_PROOF_NONCE_USED: WALLET_PROOF_REFUSALS.used,
  WALLET_PROOF_EXCHANGE_VERIFIED: WALLET_PROOF_REFUSALS.exchangeVerified,
  WALLET_PROOF_REQUIRED: WALLET_PROOF_REFUSALS.required,
  WALLET_PROOF_SIGNATURE_MALFORMED: WALLET_SIGNATURE_REFUSALS.malformed,
  WALLET_PROOF_SIGNATURE_INVALID: WALLET_SIGNATURE_REFUSALS.invalid,
  WALLET_PROOF_CONTRACT_UNSUPPORTED: WALLET_SIGNATURE_REFUSALS.contractUnsupported,
  WALLET_SIGNATURE_UNREACHABLE: WALLET_SIGNATURE_REFUSALS.unreachable,
  LINK_POST_URL: LINK_MESSAGES.postUrl,
  LINK_TAKEN: LINK_REFUSALS.taken,
  TELEGRAM_AUTH_INVALID: LINK_REFUSALS.telegramHash,
  TELEGRAM_AUTH_EXPIRED: LINK_REFUSALS.telegramExpired,
  LINK_PROVIDER_NOT_CONFIGURED: LINK_REFUSALS.notConfigured,
  DISCORD_STATE_INVALID: LINK_REFUSALS.discordState,
  DISCORD_AUTH_DENIED: LINK_REFUSALS.discordDenied,
  POST_NOT_FOUND: LINK_REFUSALS.postNotFound,
  PROVIDER_ANSWER_MALFORMED: LINK_REFUSALS.malformed,
  PROVIDER_UNAVAILABLE: LINK_REFUSALS.unavailable,
  LINK_READ_ONLY: LINK_REFUSALS.walletReadOnly,
  LINK_NOT_FOUND: LINK_REFUSALS.notLinked,
  LINK_TOO_MANY: LINK_REFUSALS.tooMany,
  TASK_TITLE: TASK_MESSAGES.title,
  CLAIM_NOT_APPEALABLE: TASK_MESSAGES.notAppealable,
  TASK_DESCRIPTION: TASK_MESSAGES.description,
  TASK_CHAT_ID: TASK_MESSAGES.chatId,
  TASK_GUILD_ID: TASK_MESSAGES.guildId,
  TASK_ROLE_ID: TASK_MESSAGES.roleId,
  TASK_MUST_CONTAIN: TASK_MESSAGES.mustContain,
  TASK_TOKEN: TASK_MESSAGES.token,
  TASK_TO: TASK_MESSAGES.to,
  TASK_MIN_AMOUNT: TASK_MESSAGES.minAmount,
  TASK_REWARD: TASK_MESSAGES.reward,
  TASK_DATES: TASK_MESSAGES.dates,
  TASK_TX_HASH: TASK_MESSAGES.txHash,
  TASK_POST_REQUIRED: TASK_MESSAGES.postRequired,
  TASK_TX_REQUIRED: TASK_MESSAGES.txRequired,
  ALREADY_CLAIMED: TASK_MESSAGES.alreadyClaimed,
  TASK_NO_CHAIN: TASK_MESSAGES.noChain,
  CLAIM_NOT_PENDING: TASK_MESSAGES.notPending,
  TASK_TOO_MANY: TASK_MESSAGES.tooMany,
  TASK_NOT_FOUND: TASK_MESSAGES.taskNotFound,
  TASK_CLAIM_NOT_FOUND: TASK_MESSAGES.claimNotFound,
  NOTE_TOO_LONG: /*i18n*/ 'Note must be at most 2000 characters',
  APPLICATION_FOLLOWERS_DIGITS: APPLICATION_MESSAGES.followersDigits,
  APPLICATION_FOLLOWERS_TOO_MANY: /*i18n*/ 'Total followers must be at most 2000000000',
  FULL_NAME_TOO_LONG: /*i18n*/ 'Full name must be at most 120 characters',
  COUNTRY_TOO_LONG: /*i18n*/ 'Country must be at most 120 characters',
  TELEGRAM_USERNAME_TOO_LONG: /*i18n*/ 'Telegram username must be at most 120 characters',
  TEXT_TOO_LONG: /*i18n*/ 'Please keep it under 10000 characters',
  PASSWORD_TOO_LONG: /*i18n*/ 'Password must be at most 128 characters',
  PROFILE_URL_TWITTER: PLATFORM_INFO.twitter.urlMessage,
  PROFILE_URL_INSTAGRAM: PLATFORM_INFO.instagram.urlMessage,
  PROFILE_URL_TELEGRAM: PLATFORM_INFO.telegram.urlMessage,
  PROFILE_URL_FACEBOOK: PLATFORM_INFO.facebook.urlMessage,
  PROFILE_URL_YOUTUBE: PLATFORM_INFO.youtube.urlMessage,
  PROFILE_URL_TOO_LONG: /*i18n*/ 'Profile URLs must be at most 300 characters',
  BEP20_ADDRESS_INVALID: BEP20_ADDRESS_MESSAGE,
  AUTH_REGISTRATION_CLOSED: AUTH_MESSAGES.registrationClosed,
  CURRENT_PASSWORD_INCORRECT: /*i18n*/ 'Current password is incorrect',
  PASSWORD_CHECKS_BUSY: /*i18n*/ 'Too many sign-ins at this moment. Please try again in a few seconds.',
  UNSUBSCRIBED: UNSUBSCRIBE_MESSAGE,
  REPORT_ACTIVITY_REPORT: REPORT_MESSAGES.activityReport,
  REPORT_WEEK_START_DATE: REPORT_MESSAGES.weekStartDate,
  REPORT_WEEK_END_DATE: REPORT_MESSAGES.weekEndDate,
  REPORT_END_BEFORE_START: REPORT_MESSAGES.endBeforeStart,
  REPORT_END_IN_FUTURE: REPORT_MESSAGES.endInFuture,
  REPORT_DISABLED: REPORT_MESSAGES.disabled,
  REPORT_ONE_PER_DAY: REPORT_MESSAGES.onePerDay,
  REPORT_ALREADY_REVIEWED: REPORT_MESSAGES.alreadyReviewed,
  REPORT_NOT_FOUND: REPORT_MESSAGES.notFound,
  REPORT_TOO_LONG: /*i18n*/ 'Please keep your report under 10000 characters',
  DECISION_APPEAL_TEXT: DECISION_MESSAGES.appealText,
  DECISION_APPEAL_TOO_LONG: DECISION_MESSAGES.appealTooLong,
  DECISION_WITHDRAWAL_NOT_APPEALABLE: DECISION_MESSAGES.withdrawalNotAppealable,
  DECISION_APPEAL_NOT_FOUND: DECISION_MESSAGES.appealNotFound,
  DECISION_REOPEN_INSUFFICIENT: DECISION_MESSAGES.reopenInsufficient,
  DECISION_REASON_CODE: DECISION_MESSAGES.reasonCode,
  FACTS_TOO_LONG: /*i18n*/ 'Facts must be at most 2000 characters',
  ADMIN_NOTES_TOO_LONG: /*i18n*/ 'Admin notes must be at most 2000 characters',
  WITHDRAWAL_ALREADY_DECIDED: WITHDRAWAL_MESSAGES.alreadyDecided,
  WITHDRAWAL_SECOND_APPROVAL: WITHDRAWAL_MESSAGES.secondApproval,
  PAYOUT_IDS: PAYOUT_MESSAGES_SHARED.ids,
  PAYOUT_TX_HASH: PAYOUT_MESSAGES_SHARED.txHash,
  PAYOUT_TX_REUSED: /*i18n*/ 'This transaction hash was already recorded for another payout',
  PAYOUT_WITHDRAWALS_CHANGED: /*i18n*/ 'These withdrawals changed while the transaction was being verified; please try again',
  CHAIN_UNREACHABLE: /*i18n*/ 'Could not reach the blockchain node to verify the transaction. Nothing was marked paid; please try again.',
  SEASON_BAD_MONTH: SEASON_MESSAGES.badMonth,
  LOG_TIME_BACKWARDS: PUBLIC_LOG_MESSAGES.timeBackwards,
  MONTH_SUMMARY_EXISTS: PUBLIC_LOG_MESSAGES.summaryExists,
  SEASON_NOT_FOUND: SEASON_MESSAGES.notFound,
  SEASON_NO_SEASON: SEASON_MESSAGES.noSeason,
  SEASON_NOT_ENDED: SEASON_MESSAGES.notEnded,
  SEASON_ALREADY_CLOSED: SEASON_MESSAGES.alreadyClosed,
  SEASON_BEACON_REQUIRED: SEASON_MESSAGES.beaconRequired,
  SEASON_BEACON_TOO_LONG: SEASON_MESSAGES.beaconTooLong,
  SEASON_NO_TYPED_BEACON: SEASON_MESSAGES.noTypedBeacon,
  MONTH_NOT_STARTED: /*i18n*/ 'That month has not started yet',
  SETTINGS_PRIZES: SETTINGS_MESSAGES.prizes,
  SETTINGS_PRIZE_FORMAT: SETTINGS_MESSAGES.prizeFormat,
  SETTINGS_PRIZE_PRECISION: SETTINGS_MESSAGES.prizePrecision,
  SETTINGS_PRIZE_RANGE: SETTINGS_MESSAGES.prizeRange,
  SETTINGS_LOTTERY_WINNERS: SETTINGS_MESSAGES.lotteryWinners,
  SETTINGS_SERVICE_LEVEL: SETTINGS_MESSAGES.serviceLevel,
  ADMIN_FULL_NAME_REQUIRED: ADMIN_MESSAGES.fullNameRequired,
  ADMIN_CANNOT_REMOVE_SUPER_ADMIN: ADMIN_MESSAGES.cannotRemoveSuperAdmin,
  SIGN_IN_REQUIRED: /*i18n*/ 'You must be logged in',
  NOT_LOGGED_IN: /*i18n*/ 'Not logged in',
  NOT_ALLOWED: /*i18n*/ "You don't have permission to do this",
  ADMIN_ACCESS_REQUIRED: /*i18n*/ 'Admin access required',
  SUPER_ADMIN_ACCESS_REQUIRED: /*i18n*/ 'Super admin access required',
  ONLY_ADMINS: /*i18n*/ 'Only admins can do this',
  ONLY_AMBASSADORS: /*i18n*/ 'Only ambassadors can do this',
  NOT_FOUND: /*i18n*/ 'Not found',
  ADMIN_NOT_FOUND: /*i18n*/ 'Admin not found',
  AMBASSADOR_NOT_FOUND: /*i18n*/ 'Ambassador not found',
  APPLICATION_NOT_FOUND: /*i18n*/ 'Application not found',
  WITHDRAWAL_NOT_FOUND: /*i18n*/ 'Withdrawal request not found',
  INTEGRATION_NAME_REQUIRED: INTEGRATION_MESSAGES.nameRequired,
  NAME_TOO_LONG: INTEGRATION_MESSAGES.nameTooLong,
  INTEGRATION_SCOPES_REQUIRED: INTEGRATION_MESSAGES.scopesRequired,
  INTEGRATION_SCOPE_UNKNOWN: INTEGRATION_MESSAGES.scopeUnknown,
  INTEGRATION_API_KEY_NOT_FOUND: INTEGRATION_MESSAGES.apiKeyNotFound,
  INTEGRATION_URL_INVALID: INTEGRATION_MESSAGES.urlInvalid,
  URL_TOO_LONG: INTEGRATION_MESSAGES.urlTooLong,
  INTEGRATION_URL_NOT_HTTPS: INTEGRATION_MESSAGES.urlNotHttps,
  INTEGRATION_EVENTS_REQUIRED: INTEGRATION_MESSAGES.eventsRequired,
  INTEGRATION_EVENT_UNKNOWN: INTEGRATION_MESSAGES.eventUnknown,
  DESCRIPTION_TOO_LONG: INTEGRATION_MESSAGES.descriptionTooLong,
  INTEGRATION_WEBHOOK_NOT_FOUND: INTEGRATION_MESSAGES.webhookNotFound,
  INTEGRATION_DELIVERY_NOT_FOUND: INTEGRATION_MESSAGES.deliveryNotFound,
  DATABASE_UNAVAILABLE: /*i18n*/ 'The service is briefly unavailable. Please try again.',
} as const satisfies Record<string, string>;

/** The transport's and the operators' refusals: a hand-made request, a proxy or an EventSource meets them, no page shows them. */
const TRANSPORT_ERROR_TEXTS = {
  MALFORMED_JSON: 'Malformed JSON in request body',
  BODY_TOO_LARGE: 'Request body is too large',
  CONTENT_TYPE_UNSUPPORTED: 'Unsupported content type; send JSON',
  EMPTY_BODY: 'Request body is empty; send a JSON object',
  MALFORMED_MULTIPART: 'Malformed multipart/form-data body',
  NUL_CHARACTERS: 'Text must not contain NUL characters',
  HOST_MISSING: 'The request has no Host header',
  HOST_NOT_SERVED: 'This server does not answer for that host name',
  CROSS_SITE_REFUSED: 'Cross-site request refused',
  ADDRESS_INVALID: 'The address is not a valid URL',
  ADDRESS_TOO_LONG: 'The address is too long',
  IDEMPOTENCY_IN_PROGRESS: 'A request with this Idempotency-Key is still being processed',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was already used for a different request',
  LIVE_STREAMS_PER_ADDRESS: 'Too many live updates are open from your network. Close some tabs and try again.',
  LIVE_STREAMS_FULL: 'The live updates are busy right now. Please try again in a moment.',
  INTERNAL_ERROR: 'Internal server error',
} as const satisfies Record<string, string>;

export const ERROR_TEXTS = { ...PAGE_ERROR_TEXTS, ...TRANSPORT_ERROR_TEXTS } as const;
export type TextCode = keyof typeof ERROR_TEXTS;

type Values = Readonly<Record<string, string | undefined>>;

/** The sentences of a link already taken: without `from` for good (LINK_TAKEN's text), with it until then. */
const LINK_TAKEN_TEXTS = {
  taken: LINK_REFUSALS.taken,
  until: /*i18n*/ 'This account was linked to another ambassador until recently; it can be linked again from {from}',
} as const;

/** The service a task's kind needs, when this server has none (TASK_SERVICE_NOT_CONFIGURED with `kind`). */
const TASK_SERVICE_TEXTS: Readonly<Record<string, string>> = {
  telegram_member: /*i18n*/ 'Telegram membership tasks need TELEGRAM_BOT_TOKEN to be set',
  discord_member: /*i18n*/ 'Discord membership tasks need DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET to be set',
  bsc_transfer: TASK_MESSAGES.noChain,
};

/**
 * Refusals whose sentence says values: each code's template, its `{names}` those of the answer's
 * `values` (and of FIXED_VALUES). The server writes the English from it (`valueMessage`), the client
 * says it by the same template (its catalog id) with the values in the page's language. Two codes'
 * values choose their sentence.
 */
export const VALUE_TEXTS = {
  // Withdrawals held back, and the proof of the address they go to.
  WALLET_CHANGE_HOLD: /*i18n*/ 'For your security, withdrawals are paused for {hours} hours after a wallet address change',
  EXCHANGE_ADDRESS_HOLD:
    /*i18n*/ 'For your security, the first withdrawal to an exchange deposit address waits {hours} hours after the address is marked as one',
  WALLET_PROOF_DOMAIN: /*i18n*/ 'This message was made for another site ({got}); sign the message from {expected}',
  WALLET_PROOF_CHAIN: /*i18n*/ 'This message is for chain {got}; payouts are made on BNB Smart Chain (chain {chainId})',
  // The award fields' checks, written with their schema (shared/schemas/decisions.ts): the browser's form says them too.
  AWARD_FORMAT: AWARD_TEXTS.format,
  AWARD_PRECISION: AWARD_TEXTS.precision,
  AWARD_RANGE: AWARD_TEXTS.range,
  // Links, tasks and appeals; the values of the first two choose their sentence.
  LINK_TAKEN: ({ from }: Values) => (from ? LINK_TAKEN_TEXTS.until : LINK_TAKEN_TEXTS.taken),
  TASK_SERVICE_NOT_CONFIGURED: ({ kind }: Values) => TASK_SERVICE_TEXTS[kind ?? ''],
  TEXT_MISSING: /*i18n*/ 'This post does not contain your link code {code}: post it, then send the link again',
  CLAIM_LIMIT: /*i18n*/ 'You have tried this task {max} times in this period: try again next period',
  APPEAL_LATE: /*i18n*/ 'The {days}-day appeal window closed on {deadline}',
  // A month's close.
  SEASON_IS_PROTOCOL_2:
    /*i18n*/ '{month} is protocol 2 (every month from {cutOver}, the first whose terms are in the public log, is): it closes by itself, never with a typed beacon',
  SEASON_CLOSES_ITSELF: /*i18n*/ 'This month closes by itself once drand round {round} is published ({at})',
  // An approval that cannot count yet.
  APPROVER_TOO_NEW:
    /*i18n*/ 'Your approval cannot count for a withdrawal that needs two admins: your admin account must have existed for {hours} hours; it counts from {from}',
  APPROVER_MFA_TOO_NEW:
    /*i18n*/ 'Your approval cannot count for a withdrawal that needs two admins: your two-factor sign-in was turned on while your password was one a super admin set, so it counts only {hours} hours later, from {from}',
  // The payout refusals: the ids, hashes and withdrawals are data.
  WITHDRAWALS_NOT_PAYABLE: /*i18n*/ 'Only approved withdrawals that are not yet paid can be marked paid: {ids}',
  CHAIN_TX_NOT_FOUND: /*i18n*/ 'Transaction {hash} was not found on chain',
  CHAIN_TX_FAILED: /*i18n*/ 'Transaction {hash} failed on chain',
  CHAIN_TX_NOT_PAID: /*i18n*/ 'Transaction {hash} does not pay {withdrawals}',
  CHAIN_TX_PAID_TWICE: /*i18n*/ 'Transaction {hash} pays {withdrawals} more than once',
  CHAIN_TX_MISMATCH: /*i18n*/ 'Transaction {hash} does not pay {notPaid}; Transaction {hash} pays {paidTwice} more than once',
  // Another admin holds a live review claim on the report.
  REPORT_CLAIMED: /*i18n*/ 'Being reviewed by {name}',
} as const satisfies Record<string, string | ((values: Values) => string | undefined)>;
export type ValueCode = keyof typeof VALUE_TEXTS;

/** Every template of VALUE_TEXTS, those a code's values choose among included. */
export const VALUE_TEMPLATES: readonly string[] = [
  ...Object.values(VALUE_TEXTS).filter((text) => typeof text === 'string'),
  ...Object.values(LINK_TAKEN_TEXTS),
  ...Object.values(TASK_SERVICE_TEXTS),
];

/** Values a template says that are the programme's, not the answer's: both sides fill them from here. */
const FIXED_VALUES: Partial<Record<ValueCode, Readonly<Record<string, string>>>> = {
  APPEAL_LATE: { days: String(APPEAL_WINDOW_DAYS) },
  WALLET_PROOF_CHAIN: { chainId: String(WALLET_PROOF_CHAIN_ID) },
};

/** True for a code whose sentence says values (VALUE_TEXTS). */
export function isValueCode(code: string): code is ValueCode {
  return Object.hasOwn(VALUE_TEXTS, code);
}

/** A refusal with values to say: its template (the catalog id) and every value it names, the fixed ones included; undefined for another code. */
export function valueDescriptor(code: string, values: Values): { id: string; values: Record<string, string> } | undefined {
  if (!isValueCode(code)) return undefined;
  const text = VALUE_TEXTS[code];
  const id = typeof text === 'string' ? text : text(values);
  if (id === undefined) return undefined;
  const said = Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return { id, values: { ...said, ...FIXED_VALUES[code] } };
}

/** The English `message` of a refusal with values: its template with the values filled in. */
export function valueMessage(code: ValueCode, values: Values): string {
  const descriptor = valueDescriptor(code, values);
  if (!descriptor) throw new Error(`No sentence for ${code} with ${JSON.stringify(values)}`);
  return filledTemplate(descriptor.id, descriptor.values);
}

/** The code of an error nobody named more closely, by its status. */
export const STATUS_CODES = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  411: 'LENGTH_REQUIRED',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  421: 'MISDIRECTED',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  500: 'INTERNAL_ERROR',
  503: 'UNAVAILABLE',
} as const satisfies Record<number, string>;

const BY_TEXT: ReadonlyMap<string, TextCode> = new Map(Object.entries(ERROR_TEXTS).map(([code, text]) => [text, code as TextCode]));

/** The code of a refusal whose sentence has no values, from the sentence its own table wrote. */
export function codeOfText(text: string): TextCode | undefined {
  return BY_TEXT.get(text);
}

/** The code of an error answer: named, else its sentence's, else its status's. */
export function errorCode(status: number, message: string, named?: string): string {
  return named ?? codeOfText(message) ?? STATUS_CODES[status as keyof typeof STATUS_CODES] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
}
