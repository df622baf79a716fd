/**
 * The refusal texts of the shared schemas, one table per feature, written once (\x2f*i18n*\x2f: the
 * client's catalog extracts them): what a form says in the browser, what the API's `message` says
 * beside its `code` (src/shared/error-codes.ts), and what a translator reads in one place. The
 * schemas take their texts from here; none of them is imported by this file.
 */
import { MAX_BEACON_LENGTH, LOG_PAGE_MAX, PRIZE_PLACES, MAX_LOTTERY_WINNERS, MAX_REFERRAL_CAP } from '../limits.ts';
import { MAX_APPEAL_LENGTH, REASON_CODES } from '../reasons.ts';
import { MAX_SERVICE_LEVEL_DAYS } from '../service-levels.ts';
import { REFERRAL_QUALIFY } from '../enums.ts';
import { filledTemplate, withValues } from '../texts.ts';

export const AUTH_MESSAGES = {
  emailRequired: /*i18n*/ 'Email is required',
  passwordRequired: /*i18n*/ 'Password is required',
  secretRequired: /*i18n*/ 'Super admin secret is required',
  userPassword: /*i18n*/ 'Password must be at least 6 characters',
  setupPassword: /*i18n*/ 'Password must be at least 6 characters long',
  passwordsDoNotMatch: /*i18n*/ 'Passwords do not match',
  currentPasswordRequired: /*i18n*/ 'Please enter your current password',
  newPassword: /*i18n*/ 'New password must be at least 6 characters',
  invalidCredentials: /*i18n*/ 'Invalid email or password',
  invalidSuperAdmin: /*i18n*/ 'Invalid credentials or secret',
  registrationClosed: /*i18n*/ 'Registration is by application only',
  /** An email already held by a user: applying, approving, registering, adding an admin. */
  accountExists: /*i18n*/ 'An account with this email already exists',
  /** 429s: the sign-in's own, and every other attempt counted (setup links, forgotten passwords, codes). */
  tooManySignIns: /*i18n*/ 'Too many failed login attempts. Please try again later.',
  tooManyAttempts: /*i18n*/ 'Too many attempts. Please try again later.',
  setupLinkInvalid: /*i18n*/ 'This password setup link is invalid or has expired. Please contact support for a new link.',
} as const;

export const ADMIN_MESSAGES = {
  emailRequired: AUTH_MESSAGES.emailRequired,
  fullNameRequired: /*i18n*/ 'Full name is required',
  password: AUTH_MESSAGES.userPassword,
  cannotRemoveSuperAdmin: /*i18n*/ 'Super admin accounts cannot be removed',
} as const;

export const APPLICATION_MESSAGES = {
  fullName: /*i18n*/ 'Full name must be at least 2 characters',
  country: /*i18n*/ 'Country is required',
  personalTelegramHandle: /*i18n*/ 'Personal Telegram username is required for invitations',
  socialMediaPlatforms: /*i18n*/ 'Select at least one platform',
  totalFollowers: /*i18n*/ 'Total followers must be a positive number',
  /**
   * The form's own, for typed text that is not a count in the page's language (a decimal mark, the
   * other grouping, letters): the form reads the page's grouping first (money-input.ts,
   * localizedCount). The API keeps the spec's message (totalFollowers) for anything not a number.
   */
  followersDigits: /*i18n*/ 'Total followers: use digits only, like 5000',
  motivation: /*i18n*/ 'Please provide at least 50 characters',
  platformUrlsRequired: /*i18n*/ 'Please provide valid URLs for all selected social media platforms',
} as const;

export const DECISION_MESSAGES = {
  /** The admin desk's forms ask for a reason before a reject or a suspension (the API takes a decision without one). */
  reasonRequired: /*i18n*/ 'Choose the reason for this decision',
  reasonCode: withValues(/*i18n*/ 'reasonCode must be one of: {codes}', { codes: REASON_CODES.join(', ') }),
  appealText: /*i18n*/ 'Please say why the decision should change',
  /** The appeal form's own check in the browser (the server's is appealText). */
  appealFormText: /*i18n*/ 'Say why the decision should change',
  appealTooLong: withValues(/*i18n*/ 'Please keep your appeal under {max} characters', { max: MAX_APPEAL_LENGTH }),
  appealAgain: /*i18n*/ 'This decision has already been appealed',
  reportNotAppealable: /*i18n*/ 'Only a rejected report can be appealed',
  withdrawalNotAppealable: /*i18n*/ 'Only a rejected withdrawal request can be appealed',
  appealNotFound: /*i18n*/ 'Appeal not found',
  sameAdmin: /*i18n*/ 'Another admin must decide this appeal',
  appealDecided: /*i18n*/ 'This appeal has already been decided',
  outcome: 'outcome must be upheld or overturned',
  /** The admin desk's appeal form: nothing is chosen for the admin (issue 40). */
  outcomeRequired: /*i18n*/ 'Choose whether the decision stands or is overturned',
  /** Overturning a report: each award typed, 0 included, never assumed. */
  awardRequired: /*i18n*/ 'Enter the amount to award (type 0 for none)',
  /** Overturning a withdrawal's rejection re-opens it; the balance must still cover it. */
  reopenInsufficient:
    /*i18n*/ 'The ambassador’s withdrawable balance no longer covers this withdrawal, so it cannot be re-opened: uphold the decision and say why in the facts',
} as const;

/** An award's amount refused (a report's review, an overturned appeal), per currency: the templates (AWARD_FORMAT, … in src/shared/error-codes.ts). */
export const AWARD_TEXTS = {
  format: /*i18n*/ '{currency} awarded must be a number of at least 0',
  precision: /*i18n*/ '{currency} awarded can have at most 2 decimal places',
  range: /*i18n*/ '{currency} awarded is too large',
} as const;

/** The same, said for a currency. */
export const AWARD_MESSAGES = {
  format: (currency: string) => filledTemplate(AWARD_TEXTS.format, { currency }),
  precision: (currency: string) => filledTemplate(AWARD_TEXTS.precision, { currency }),
  range: (currency: string) => filledTemplate(AWARD_TEXTS.range, { currency }),
} as const;

export const INTEGRATION_MESSAGES = {
  nameRequired: /*i18n*/ 'Name is required',
  nameTooLong: /*i18n*/ 'Name must be at most 100 characters',
  urlTooLong: /*i18n*/ 'URL must be at most 2000 characters',
  descriptionTooLong: /*i18n*/ 'Description must be at most 500 characters',
  scopesRequired: /*i18n*/ 'Choose at least one scope',
  scopeUnknown: /*i18n*/ 'Unknown scope',
  scopeMissing: 'This API key does not have the scope this request needs',
  apiKeyInvalid: 'The API key is unknown or revoked',
  apiKeyNotFound: /*i18n*/ 'API key not found',
  urlInvalid: /*i18n*/ 'URL must be a valid http(s) address',
  urlNotHttps: /*i18n*/ 'URL must start with https://',
  eventsRequired: /*i18n*/ 'Choose at least one event type',
  eventUnknown: /*i18n*/ 'Unknown event type',
  webhookNotFound: /*i18n*/ 'Webhook endpoint not found',
  deliveryNotFound: /*i18n*/ 'Delivery not found',
} as const;

export const LINK_MESSAGES = {
  postUrl: /*i18n*/ 'Paste the link of your public post on X, like https://x.com/you/status/123',
} as const;

/** The refusals of a link, in English (the client translates them by `code`). */
export const LINK_REFUSALS = {
  taken: /*i18n*/ 'This account is already linked to another ambassador',
  telegramHash: /*i18n*/ 'This Telegram sign-in is not signed by our bot: sign in with Telegram again',
  telegramExpired: /*i18n*/ 'This Telegram sign-in is more than a day old: sign in with Telegram again',
  notConfigured: /*i18n*/ 'Linking this kind of account is not set up on this server',
  discordState: /*i18n*/ 'This Discord authorisation was not started from your session, or has expired: start again from your profile',
  discordDenied: /*i18n*/ 'Discord did not authorise the link: start again from your profile',
  postNotFound: /*i18n*/ 'This post could not be found: check the link, and that the post is public',
  malformed: /*i18n*/ 'The service gave an answer we could not read: nothing was linked; try again later',
  unavailable: /*i18n*/ 'The service did not answer: nothing was recorded; try again in a moment',
  walletReadOnly: /*i18n*/ 'Your payout wallet is proven on the wallet page and cannot be unlinked here',
  notLinked: /*i18n*/ 'No account of this kind is linked',
  tooMany: /*i18n*/ 'Too many linking attempts. Please try again later.',
} as const;

export const MFA_MESSAGES = {
  code: /*i18n*/ 'Enter the 6-digit code from your authenticator app, or a recovery code',
  invalid: /*i18n*/ 'That code is not valid. Check the time on your phone and try again.',
  expired: /*i18n*/ 'Your sign-in has expired. Please enter your email and password again.',
  alreadyOn: /*i18n*/ 'Two-factor authentication is already on',
  notOn: /*i18n*/ 'Two-factor authentication is not on',
  notEnrolling: /*i18n*/ 'Start the set-up again: scan a new QR code',
  requiredForAdmins: /*i18n*/ 'Two-factor authentication is required for admins and cannot be turned off',
  enrollFirst: /*i18n*/ 'Set up two-factor authentication first',
  tooMany: AUTH_MESSAGES.tooManyAttempts,
} as const;

/** The log's refusals of an append (server: features/public-log/service.ts); their values are in the answer's `values`. */
export const PUBLIC_LOG_MESSAGES = {
  timeBackwards: /*i18n*/ "The server's clock is behind the public log's last entry, and the log's time never goes back: try again shortly",
  summaryExists: /*i18n*/ 'The public log already has this month’s summary',
} as const;

export const LOG_QUERY_MESSAGES = {
  after: 'after is the seq of an entry already read: a whole number from 0',
  limit: `limit is a whole number from 1 to ${LOG_PAGE_MAX}`,
} as const;

export const REFERRAL_MESSAGES = {
  code: 'referralCode is not a referral code',
  unknownCode: 'No ambassador has this referral code',
  qualify: `qualify must be one of: ${REFERRAL_QUALIFY.join(', ')}`,
  money: /*i18n*/ 'A referral reward must be an amount of at least 0, like 10 or 2.50',
  precision: /*i18n*/ 'A referral reward can have at most 2 decimal places',
  range: /*i18n*/ 'A referral reward is too large',
  cap: withValues(/*i18n*/ 'monthlyCap is a whole number from 0 to {max}', { max: MAX_REFERRAL_CAP }),
  notFound: /*i18n*/ 'Referral not found',
  notHeld: /*i18n*/ 'Only a held referral can be released or refused',
  notAppealable: /*i18n*/ 'Only a refused referral can be appealed',
} as const;

export const REPORT_MESSAGES = {
  activityReport: /*i18n*/ 'Please provide at least 50 characters for your weekly report',
  weekStartDate: /*i18n*/ 'Please enter a valid week start date',
  weekEndDate: /*i18n*/ 'Please enter a valid week end date',
  endBeforeStart: /*i18n*/ 'Week end date cannot be before the week start date',
  endInFuture: /*i18n*/ 'Week end date cannot be in the future',
  disabled: /*i18n*/ 'Report submission is currently disabled',
  onePerDay: /*i18n*/ 'You have already submitted a report today. Please try again tomorrow.',
  status: 'Status must be approved or rejected',
  alreadyReviewed: /*i18n*/ 'This report has already been reviewed',
  notFound: /*i18n*/ 'Report not found',
} as const;

/** What the seasons' calls answer when they refuse (the close's form, its input schema and the service say the same). */
export const SEASON_MESSAGES = {
  badMonth: /*i18n*/ 'A season is a month written YYYY-MM, like 2026-10',
  notFound: /*i18n*/ 'No ended season for that month',
  noSeason: /*i18n*/ 'No season for that month',
  notEnded: /*i18n*/ 'The month has not ended yet',
  alreadyClosed: /*i18n*/ 'This season has already been closed',
  beaconRequired: /*i18n*/ 'Enter the beacon: the hash of the first BNB Smart Chain block at least one hour after the month ended',
  beaconTooLong: withValues(/*i18n*/ 'The beacon must be at most {max} characters', { max: MAX_BEACON_LENGTH }),
  noTypedBeacon:
    /*i18n*/ 'A beacon cannot be entered for this month: its beacon is a drand round that the server fetches and checks itself, and the month closes by itself',
} as const;

export const SETTINGS_MESSAGES = {
  reportSubmission: 'reportSubmissionEnabled must be true or false',
  prizes: withValues(/*i18n*/ 'Prizes are {count} USDT amounts, 1st to 5th', { count: PRIZE_PLACES }),
  prizeFormat: /*i18n*/ 'A prize must be an amount in USDT, like 300 or 50.00',
  prizePrecision: /*i18n*/ 'A prize can have at most 2 decimal places',
  prizeRange: /*i18n*/ 'A prize is too large',
  lotteryWinners: withValues(/*i18n*/ 'The number of lottery winners is a whole number from 0 to {max}', { max: MAX_LOTTERY_WINNERS }),
  nothingToChange: 'Send at least one setting to change',
  serviceLevel: withValues(/*i18n*/ 'A service level is a whole number of business days from 1 to {max}', { max: MAX_SERVICE_LEVEL_DAYS }),
} as const;

export const WITHDRAWAL_MESSAGES = {
  minimum: /*i18n*/ 'Minimum withdrawal amount is 50 USDT',
  /** Not a number at all ("1e2", "fifty", empty): the spec's 'Invalid Amount' case, said plainly. */
  notANumber: /*i18n*/ 'Enter the amount as a number, like 75 or 75.50',
  precision: /*i18n*/ 'Amount can have at most 2 decimal places',
  range: /*i18n*/ 'Amount is too large',
  insufficient: /*i18n*/ "You don't have enough USDT to withdraw this amount",
  addressRequired: /*i18n*/ 'Please enter a valid BEP20 wallet address',
  alreadyDecided: /*i18n*/ 'This withdrawal request has already been processed',
  suspended: /*i18n*/ 'Your ambassador account is suspended',
  secondApproval: /*i18n*/ 'A second admin must approve this withdrawal',
  approverPasswordNotOwn:
    /*i18n*/ 'Your approval cannot count for a withdrawal that needs two admins: your current password was set by a super admin. Set your own through the link we email you (Forgot password) first',
  approverNoMfa: /*i18n*/ 'Your approval cannot count for a withdrawal that needs two admins: sign out and sign in again with your two-factor code first',
  /** The owner takes a request back (DECISIONS §7): only while it is pending with no approval yet. */
  cancelNotPending: /*i18n*/ 'This withdrawal request is no longer pending, so it cannot be cancelled',
  cancelApproved: /*i18n*/ 'An admin has already approved this withdrawal request, so it cannot be cancelled',
} as const;

export const TASK_MESSAGES = {
  title: /*i18n*/ 'Title must be 3 to 120 characters',
  description: /*i18n*/ 'Description must be at most 2000 characters',
  chatId: /*i18n*/ 'Telegram chat id: a number like -1001234567890, or @channelname',
  guildId: /*i18n*/ 'Discord server id: digits, as Discord’s developer mode copies it',
  roleId: /*i18n*/ 'Discord role id: digits, as Discord’s developer mode copies it',
  mustContain: /*i18n*/ 'The text the post must contain: 1 to 280 characters',
  token: /*i18n*/ 'Token contract: 0x and 40 hexadecimal digits',
  to: /*i18n*/ 'Receiving address: 0x and 40 hexadecimal digits',
  minAmount: /*i18n*/ 'Minimum amount: a decimal number above 0, like 10 or 0.5',
  reward: /*i18n*/ 'Reward: an amount of at least 0 with at most 2 decimals',
  dates: /*i18n*/ 'The end must be after the start',
  postUrl: LINK_MESSAGES.postUrl,
  txHash: /*i18n*/ 'Transaction hash: 0x and 64 hexadecimal digits',
  postRequired: /*i18n*/ 'This task needs the link of your post (postUrl)',
  txRequired: /*i18n*/ 'This task needs the hash of your transaction (txHash)',
  alreadyClaimed: /*i18n*/ 'You have already claimed this task in this period',
  suspended: WITHDRAWAL_MESSAGES.suspended,
  noChain: /*i18n*/ 'Transfer tasks need BSC_RPC_URL (a BNB Smart Chain node) to be set',
  notPending: /*i18n*/ 'This claim is not waiting for review',
  notAppealable: /*i18n*/ 'Only a manual claim refused at review can be appealed',
  tooMany: /*i18n*/ 'Too many claims. Please try again in a minute.',
  taskNotFound: /*i18n*/ 'Task not found',
  claimNotFound: /*i18n*/ 'Claim not found',
} as const;

export const WALLET_PROOF_MESSAGES = {
  message: /*i18n*/ 'Send the message you were given to sign',
  signature: /*i18n*/ 'The signature must be 0x followed by hexadecimal digits, as your wallet gives it',
  acknowledged: /*i18n*/ 'Confirm that this is an exchange deposit address (acknowledged: true)',
} as const;

/** The server's refusals of a proof (and of a withdrawal it holds back), in English: the client translates them by this text. */
export const WALLET_PROOF_REFUSALS = {
  noAddress: /*i18n*/ 'Save your USDT payout address first, then verify it',
  alreadyVerified: /*i18n*/ 'Your USDT payout address is already verified',
  tooMany: /*i18n*/ 'Too many wallet verification attempts. Please try again later.',
  malformed: /*i18n*/ 'This is not a Sign-In with Ethereum message: send back the message you were given, unchanged',
  address: /*i18n*/ 'This message names another address than your saved USDT payout address; ask for a new message to sign',
  notIssued: /*i18n*/ 'This is not the message you were given to sign: ask for a new message and sign it unchanged',
  expired: /*i18n*/ 'This message has expired (messages are valid for 10 minutes): ask for a new one and sign it',
  used: /*i18n*/ 'This message was already used: ask for a new one and sign it',
  exchangeVerified: /*i18n*/ 'This address is verified with your wallet, so it is not an exchange deposit address',
  required: /*i18n*/ 'Verify your USDT payout address with your wallet, or mark it as an exchange deposit address, before requesting a withdrawal',
} as const;

/** A signature that does not check out. */
export const WALLET_SIGNATURE_REFUSALS = {
  malformed: /*i18n*/ 'This signature is not well formed: copy the whole signature your wallet gives, starting with 0x',
  invalid: /*i18n*/ 'This signature was not made by the address in the message: sign the message with the wallet of your saved USDT address',
  contractUnsupported:
    /*i18n*/ 'This looks like a smart-account (contract wallet) signature, which can only be checked on the blockchain, and this server is not connected to one. Sign with a regular wallet, or mark the address as an exchange deposit address.',
  unreachable: /*i18n*/ 'Could not reach the blockchain node to check this smart-account signature. Nothing was saved; please try again.',
} as const;

/**
 * The wallet page's USDT address editor (spec §5): not empty. The address itself is judged by
 * the server (ZOptionalWallet in the PATCH body), whose message the page shows.
 */
export const WALLET_MESSAGES = { usdtRequired: /*i18n*/ 'Please enter a valid USDT wallet address' } as const;
