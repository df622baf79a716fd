import { z } from 'zod';
import { API_OUTPUTS, API_INPUTS } from './api-names.ts';
import { AMBASSADOR_STATUSES, BADGE_LEVELS, type AmbassadorStatus } from '../enums.ts';
import { ZProfileLinks } from './profile-links.ts';
import { ZOptionalWallet } from './wallet.ts';
import { ZWalletProof } from './wallet-proof.ts';
import { ZMoney, ZIsoDate, ZCalendarDate, ZWalletAddress, ZNullableText, ZFlags, SOCIAL_HANDLES } from './common.ts';
import { DECISION_REASON_FIELDS, ZReasonFields } from './decisions.ts';

/**
 * What an ambassador may change on their own record. Anything else in the
 * body (gcmWalletAddress, badgeLevel, totals, status) is dropped. Profile
 * fields follow the application form's rule (profile-links.ts), here and below.
 */
export const ZAmbassadorSelfUpdate = z
  .object({
    ...ZProfileLinks,
    usdtWalletAddress: ZOptionalWallet,
    /** Emails about decisions on or off (security emails are always sent). */
    emailNotifications: z.boolean({ error: 'Email notifications must be on or off' }),
    /** Decisions, payouts, prizes and appeals also sent to the linked Telegram chat (DECISIONS §7). */
    notifyTelegram: z.boolean({ error: 'Telegram notifications must be on or off' }),
  })
  .partial();
export type TAmbassadorSelfUpdate = z.input<typeof ZAmbassadorSelfUpdate>;

/**
 * The profile page's editors (spec §5): no format check in the browser; a blank field is sent as
 * null (removed) and the server's answer is shown.
 */
const blankAsNull = z.string().transform((value) => value.trim() || null);
export const ZProfileSocialForm = z.object({
  twitterHandle: blankAsNull,
  instagramHandle: blankAsNull,
  telegramHandle: blankAsNull,
  facebookHandle: blankAsNull,
});
export const ZProfileWalletForm = z.object({ usdtWalletAddress: blankAsNull });

export { AMBASSADOR_STATUSES, type AmbassadorStatus };

/** 'auto' (or null) returns the badge to the automatic monthly level. */
export const BADGE_CHOICES = [...BADGE_LEVELS, 'auto'] as const;

export const ZAmbassadorAdminUpdate = z
  .object({
    ...ZProfileLinks,
    gcmWalletAddress: ZOptionalWallet,
    usdtWalletAddress: ZOptionalWallet,
    badgeLevel: z.enum(BADGE_CHOICES, { error: 'Badge level must be normal, bronze, silver, gold or auto' }).nullable(),
    status: z.enum(AMBASSADOR_STATUSES, { error: 'Status must be active or suspended' }),
    /** A suspension's reason and facts (DECISIONS §6): read with `status: "suspended"` only. */
    ...DECISION_REASON_FIELDS,
  })
  .partial();
export type TAmbassadorAdminUpdate = z.input<typeof ZAmbassadorAdminUpdate>;

export const ZAmbassadorView = z.object({
  id: z.string(),
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  country: z.string(),
  personalTelegramHandle: ZNullableText,
  totalGcmEarned: ZMoney,
  monthlyGcm: ZMoney,
  totalUsdtEarned: ZMoney,
  monthlyUsdt: ZMoney,
  badgeLevel: z.enum(BADGE_LEVELS),
  badgePinned: z.boolean(),
  status: z.enum(AMBASSADOR_STATUSES),
  gcmWalletAddress: ZWalletAddress.nullable(),
  usdtWalletAddress: ZWalletAddress.nullable(),
  /** Where the saved USDT address stands (DECISIONS §6, Wallet proof); a changed address is `none` again. */
  walletProof: ZWalletProof,
  /** When the saved USDT address was proven by a signature; null unless walletProof is `verified`. */
  walletVerifiedAt: ZIsoDate.nullable(),
  ...SOCIAL_HANDLES,
  /** The referral link's code (DECISIONS §7): the link is `/r/{referralCode}`. */
  referralCode: z.string(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
  /** While suspended: the suspension's reason (DECISIONS §6), and since when; null (and no reason) while active. */
  ...ZReasonFields,
  suspendedAt: ZIsoDate.nullable(),
});
export type TAmbassadorView = z.infer<typeof ZAmbassadorView>;

/** An ambassador in the admin list: with its abuse ZFlags. */
export const ZAdminAmbassadorView = ZAmbassadorView.extend({ flags: ZFlags });
export type TAdminAmbassadorView = z.infer<typeof ZAdminAmbassadorView>;

/** The signed-in ambassador's own record, with balances derived from the ledger. */
export const ZOwnAmbassador = ZAmbassadorView.extend({
  withdrawableUsdt: ZMoney,
  pendingWithdrawalUsdt: ZMoney,
  withdrawnUsdt: ZMoney,
  usdtBalance: ZMoney,
  reportCount: z.number().int(),
  /** Prizes and lottery wins of closed seasons, newest first ("You won 2nd place in October 2026"). */
  /** Emails about decisions on (the profile's 'Email notifications' switch). */
  emailNotifications: z.boolean(),
  /** Decisions, payouts, prizes and appeals also sent to the linked Telegram chat (the profile's 'Telegram notifications' switch; off by itself when the user blocks the bot). */
  notifyTelegram: z.boolean(),
  /** Whether this server's Telegram bot is set up (TELEGRAM_BOT_TOKEN): the switch is shown only then. */
  telegramBot: z.boolean(),
  /**
   * After a payout address change, withdrawals wait until then (DECISIONS §5); for a first withdrawal
   * to an address declared an exchange deposit address, until its exchange hold ends (DECISIONS §6).
   */
  withdrawalsPausedUntil: ZIsoDate.nullable(),
  /**
   * The exchange hold (DECISIONS §6, Wallet proof): when walletProof is `exchange` and the first
   * withdrawal to the address would still wait, until when; null otherwise.
   */
  exchangeHoldUntil: ZIsoDate.nullable(),
  /** EXCHANGE_ADDRESS_HOLD_HOURS: how long the first withdrawal to a declared exchange deposit address waits. */
  exchangeHoldHours: z.number().int(),
  /** WALLET_PROOF=required: a withdrawal needs the address verified or declared an exchange deposit address. */
  walletProofRequired: z.boolean(),
  /** After today's report (one per UTC day): when the next one can be sent, the next UTC midnight. */
  nextReportAt: ZIsoDate.nullable(),
  /** The current UTC day by the programme's clock: the report form's default week ends on it, whatever the device's clock says. */
  today: ZCalendarDate.describe(
    'Today, YYYY-MM-DD in UTC, by the server’s (programme’s) clock, which checks a report’s week: the report form’s default week ends on it.',
  ),
  wins: z.array(z.object({ month: z.string(), kind: z.enum(['prize', 'lottery']), rank: z.number().int().nullable(), prizeUsdt: ZMoney, text: z.string() })),
});
export type TOwnAmbassador = z.infer<typeof ZOwnAmbassador>;

// Named in the API document (components/schemas).
API_OUTPUTS.add(ZAmbassadorView, { id: 'AmbassadorView' })
  .add(ZAdminAmbassadorView, { id: 'AdminAmbassadorView' })
  .add(ZOwnAmbassador, { id: 'OwnAmbassador' });
API_INPUTS.add(ZAmbassadorSelfUpdate, { id: 'AmbassadorSelfUpdate' }).add(ZAmbassadorAdminUpdate, { id: 'AmbassadorAdminUpdate' });
