/**
 * The programme's settings: report submission (spec), the monthly prizes (DECISIONS §5, Seasons) and
 * the admin desk's service levels in business days (DECISIONS §6).
 * `PATCH /api/super-admin/settings` takes any of them; `GET /api/settings` answers all of them.
 */
import { z } from 'zod';
import { API_OUTPUTS, API_INPUTS } from './api-names.ts';
import { moneySchema, ZMoney } from './common.ts';
import { DEFAULT_SERVICE_LEVELS, MAX_SERVICE_LEVEL_DAYS } from '../service-levels.ts';
import { ZReferralRule } from './referral-rule.ts';
import { ZReferralRuleInput } from './referrals.ts';
import { SETTINGS_MESSAGES } from './messages.ts';
import { PRIZE_PLACES, MAX_LOTTERY_WINNERS } from '../limits.ts';

export const DEFAULT_SETTINGS = {
  reportSubmissionEnabled: true,
  prizesUsdt: ['300.00', '200.00', '100.00', '50.00', '50.00'],
  lotteryWinners: 10,
  lotteryPrizeUsdt: '20.00',
  serviceLevels: DEFAULT_SERVICE_LEVELS,
  referral: null,
} as const;

const serviceLevel = z
  .number({ error: SETTINGS_MESSAGES.serviceLevel })
  .int(SETTINGS_MESSAGES.serviceLevel)
  .min(1, SETTINGS_MESSAGES.serviceLevel)
  .max(MAX_SERVICE_LEVEL_DAYS, SETTINGS_MESSAGES.serviceLevel)
  .optional();

const prize = moneySchema({ format: SETTINGS_MESSAGES.prizeFormat, precision: SETTINGS_MESSAGES.prizePrecision, range: SETTINGS_MESSAGES.prizeRange });

export const ZSettingsInput = z
  .object({
    reportSubmissionEnabled: z.boolean({ error: SETTINGS_MESSAGES.reportSubmission }).optional(),
    prizesUsdt: z.array(prize, { error: SETTINGS_MESSAGES.prizes }).length(PRIZE_PLACES, SETTINGS_MESSAGES.prizes).optional(),
    lotteryWinners: z
      .number({ error: SETTINGS_MESSAGES.lotteryWinners })
      .int(SETTINGS_MESSAGES.lotteryWinners)
      .min(0, SETTINGS_MESSAGES.lotteryWinners)
      .max(MAX_LOTTERY_WINNERS, SETTINGS_MESSAGES.lotteryWinners)
      .optional(),
    lotteryPrizeUsdt: prize.optional(),
    /** Any of the desk's service levels, in business days; the others stay. */
    serviceLevels: z
      .object(
        { reports: serviceLevel, applications: serviceLevel, withdrawals: serviceLevel, appeals: serviceLevel },
        { error: SETTINGS_MESSAGES.serviceLevel },
      )
      .optional(),
    /** The referral rule (DECISIONS §7): applies from the next month, fixed in its terms. */
    referral: ZReferralRuleInput.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: SETTINGS_MESSAGES.nothingToChange });
export type TSettingsInput = z.input<typeof ZSettingsInput>;

const money = ZMoney;

export const ZSettings = z.object({
  reportSubmissionEnabled: z.boolean(),
  prizesUsdt: z.array(money).length(PRIZE_PLACES),
  lotteryWinners: z.number().int(),
  lotteryPrizeUsdt: money,
  /** How many business days a pending item may wait, per queue (DECISIONS §6). */
  serviceLevels: z.object({ reports: z.number().int(), applications: z.number().int(), withdrawals: z.number().int(), appeals: z.number().int() }),
  /** The referral rule the next month's terms will fix (null: none set; referrals earn nothing). The running month's is in its terms. */
  referral: ZReferralRule.nullable(),
  /** GET /api/settings only: the block explorer's transaction page (EXPLORER_TX_URL), for links to payouts. */
  explorerTxUrl: z.string().optional(),
  /** GET /api/settings only: the bot of the Telegram Login Widget (TELEGRAM_BOT_USERNAME), when it and its token are set; absent: linking Telegram is not set up. */
  telegramBotUsername: z.string().optional(),
  /** GET /api/settings only: whether linking Discord is set up (DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET). */
  discordLinking: z.boolean().optional(),
});
export type TSettings = z.infer<typeof ZSettings>;

/** GET /api/super-admin/telegram: whether the Telegram bot is set up and working (DECISIONS §7); never the token. */
export const ZTelegramStatus = z.object({
  configured: z.boolean().describe('TELEGRAM_BOT_TOKEN is set.'),
  channel: z.boolean().describe('TELEGRAM_CHANNEL_ID is set: months are posted there.'),
  webhook: z.boolean().describe('TELEGRAM_WEBHOOK_SECRET is set: /start and /rank are answered.'),
  lastSentAt: z.string().meta({ format: 'date-time' }).nullable().describe('When the last message was sent.'),
  lastError: z
    .object({ at: z.string().meta({ format: 'date-time' }), message: z.string() })
    .nullable()
    .describe('The last refusal or failure, as Telegram described it.'),
  waiting: z.number().int().describe('Messages waiting to be sent.'),
  working: z.boolean().describe('A message was sent, and none failed since.'),
});
export type TTelegramStatus = z.infer<typeof ZTelegramStatus>;

// Named in the API document (components/schemas).
API_OUTPUTS.add(ZSettings, { id: 'Settings' }).add(ZTelegramStatus, { id: 'TelegramStatus' });
API_INPUTS.add(ZSettingsInput, { id: 'SettingsInput' });

export { PRIZE_PLACES, MAX_LOTTERY_WINNERS } from '../limits.ts';
