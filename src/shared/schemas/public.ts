/** The public reads' answers: the programme's figures and the monthly leaderboard. */
import { z } from 'zod';
import { ZMoney } from './common.ts';
import { BADGE_LEVELS } from '../badges.ts';

export const ZStats = z.object({ totalAmbassadors: z.number().int(), totalGcmAwarded: ZMoney, totalUsdtAwarded: ZMoney });
export type TStats = z.infer<typeof ZStats>;

export const ZLeaderboardEntry = z.object({ id: z.string(), fullName: z.string(), badgeLevel: z.enum(BADGE_LEVELS), monthlyGcm: ZMoney });
export type TLeaderboardEntry = z.infer<typeof ZLeaderboardEntry>;
