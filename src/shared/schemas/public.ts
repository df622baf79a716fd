/** The public reads' answers: the programme's figures and the monthly leaderboard. */
import { z } from 'zod';
import { API_OUTPUTS } from './api-names.ts';
import { ZMoney } from './common.ts';
import { BADGE_LEVELS } from '../badges.ts';

/** Median hours from arrival to decision, a string with one decimal; null when nothing was decided. */
const ZMedianHours = z.string().nullable();

/**
 * The review desk's real times of the last full month whose summary is in the public log (DECISIONS
 * §6, the landing page states them beside its promise): the month's `month.summary` figures.
 */
export const ZReviewTimes = z.object({
  month: z.string().describe('The month (YYYY-MM) the figures are of: the last full month with a summary in the public log.'),
  reports: z.object({ medianHours: ZMedianHours }),
  applications: z.object({ medianHours: ZMedianHours }),
  withdrawals: z.object({ medianHours: ZMedianHours }),
});
export type TReviewTimes = z.infer<typeof ZReviewTimes>;

export const ZStats = z.object({
  totalAmbassadors: z.number().int(),
  totalGcmAwarded: ZMoney,
  totalUsdtAwarded: ZMoney,
  reviewTimes: ZReviewTimes.nullable().describe(
    'The median review times of the last full month (its month.summary in the public log); null before the first one.',
  ),
});
export type TStats = z.infer<typeof ZStats>;

export const ZLeaderboardEntry = z.object({ id: z.string(), fullName: z.string(), badgeLevel: z.enum(BADGE_LEVELS), monthlyGcm: ZMoney });
export type TLeaderboardEntry = z.infer<typeof ZLeaderboardEntry>;

// Named in the API document (components/schemas).
API_OUTPUTS.add(ZStats, { id: 'Stats' }).add(ZLeaderboardEntry, { id: 'LeaderboardEntry' });
