/** What the super admin's Seasons view reads and sends (DECISIONS §5, Close). */
import { z } from 'zod';

const money = z.string();

export const SEASON_STATUSES = ['running', 'ended', 'closed'] as const;

export const ZSeasonAdminItem = z.object({
  month: z.string(),
  label: z.string(),
  status: z.enum(SEASON_STATUSES),
  commitment: z.string(),
  closedAt: z.string().nullable(),
  entrantCount: z.number().int().nullable(),
  prizeWinners: z.number().int().nullable(),
  lotteryWinners: z.number().int().nullable(),
});
export type TSeasonAdminItem = z.infer<typeof ZSeasonAdminItem>;

const ZStanding = z.object({ rank: z.number().int(), ambassadorId: z.string(), fullName: z.string(), monthlyGcm: money });

export const ZSeasonPreview = z.object({
  month: z.string(),
  label: z.string(),
  status: z.enum(SEASON_STATUSES),
  commitment: z.string(),
  prizesUsdt: z.array(money),
  lotteryWinners: z.number().int(),
  lotteryPrizeUsdt: money,
  champions: z.array(ZStanding.extend({ prizeUsdt: money })),
  /** The first 100 ranked. */
  standings: z.array(ZStanding),
  rankedCount: z.number().int(),
  entrants: z.array(z.object({ ambassadorId: z.string(), fullName: z.string() })),
  entrantCount: z.number().int(),
  listHash: z.string(),
  beaconRule: z.string(),
  /** The beacon block is the first one at or after this instant. */
  earliestBeaconAt: z.string(),
});
export type TSeasonPreview = z.infer<typeof ZSeasonPreview>;

export const ZCloseSeasonInput = z.object({
  beacon: z
    .string({ error: 'Enter the beacon: the hash of the first BNB Smart Chain block at least one hour after the month ended' })
    .trim()
    .min(1, 'Enter the beacon: the hash of the first BNB Smart Chain block at least one hour after the month ended')
    .max(200, 'The beacon must be at most 200 characters'),
});
export type TCloseSeasonInput = z.input<typeof ZCloseSeasonInput>;

export const ZSeasonParams = z.object({ month: z.string() });
