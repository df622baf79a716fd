/**
 * The programme's settings: report submission (spec) and the monthly prizes (DECISIONS §5, Seasons).
 * `PATCH /api/super-admin/settings` takes any of them; `GET /api/settings` answers all of them.
 */
import { z } from 'zod';
import { moneySchema, ZMoney } from './common.ts';

export const PRIZE_PLACES = 5;
export const MAX_LOTTERY_WINNERS = 100;

export const DEFAULT_SETTINGS = {
  reportSubmissionEnabled: true,
  prizesUsdt: ['300.00', '200.00', '100.00', '50.00', '50.00'],
  lotteryWinners: 10,
  lotteryPrizeUsdt: '20.00',
} as const;

export const SETTINGS_MESSAGES = {
  reportSubmission: 'reportSubmissionEnabled must be true or false',
  prizes: `Prizes are ${PRIZE_PLACES} USDT amounts, 1st to 5th`,
  prizeFormat: 'A prize must be an amount in USDT, like 300 or 50.00',
  prizePrecision: 'A prize can have at most 2 decimal places',
  prizeRange: 'A prize is too large',
  lotteryWinners: `The number of lottery winners is a whole number from 0 to ${MAX_LOTTERY_WINNERS}`,
  nothingToChange: 'Send at least one setting to change',
} as const;

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
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: SETTINGS_MESSAGES.nothingToChange });
export type TSettingsInput = z.input<typeof ZSettingsInput>;

const money = ZMoney;

export const ZSettings = z.object({
  reportSubmissionEnabled: z.boolean(),
  prizesUsdt: z.array(money).length(PRIZE_PLACES),
  lotteryWinners: z.number().int(),
  lotteryPrizeUsdt: money,
  /** GET /api/settings only: the block explorer's transaction page (EXPLORER_TX_URL), for links to payouts. */
  explorerTxUrl: z.string().optional(),
});
export type TSettings = z.infer<typeof ZSettings>;
