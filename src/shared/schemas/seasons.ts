/** The public archive of seasons (DECISIONS §5, Public archive): the names are a contract. */
import { z } from 'zod';

const money = z.string().regex(/^\d+\.\d{2}$/);

export const ZChampion = z.object({ rank: z.number().int(), ambassadorId: z.string(), fullName: z.string(), monthlyGcm: money, prizeUsdt: money });
export const ZLotteryWinner = z.object({ position: z.number().int(), ambassadorId: z.string(), fullName: z.string(), prizeUsdt: money });

export const ZSeasonSummary = z.object({
  month: z.string(),
  closedAt: z.string(),
  champions: z.array(ZChampion),
  lottery: z.object({
    winners: z.array(ZLotteryWinner),
    commitment: z.string(),
    secret: z.string(),
    beacon: z.string(),
    listHash: z.string(),
    entrantCount: z.number().int(),
  }),
});
export type TSeasonSummary = z.infer<typeof ZSeasonSummary>;

export const ZSeasonDetail = ZSeasonSummary.extend({ entrants: z.array(z.object({ ambassadorId: z.string(), fullName: z.string() })) });
export type TSeasonDetail = z.infer<typeof ZSeasonDetail>;

export const ZCurrentSeason = z.object({
  month: z.string(),
  commitment: z.string(),
  prizesUsdt: z.array(money),
  lotteryWinners: z.number().int(),
  lotteryPrizeUsdt: money,
  /** When the month ends (UTC). */
  endsAt: z.string(),
});
export type TCurrentSeason = z.infer<typeof ZCurrentSeason>;
