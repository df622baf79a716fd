/**
 * The running month (GET /api/public/seasons/current): its terms, fixed when it began (DECISIONS §5,
 * protocol 2 step 1). Read by the prize pool (landing page, leaderboard), the Hall of Fame and the
 * super admin's prize settings ('Changes apply from …').
 */
import { useQuery } from '@tanstack/react-query';
import type { TCurrentSeason } from '../../shared/schemas/seasons.ts';
import { resources } from './resources.ts';

export function useCurrentSeason() {
  return useQuery(resources.currentSeason());
}

/** The month's prizes: from its terms when it has them (they never change), else the answer's own figures. */
export function seasonPrizes(season: TCurrentSeason): { prizesUsdt: string[]; lotteryWinners: number; lotteryPrizeUsdt: string } {
  const source = season.terms ?? season;
  return { prizesUsdt: source.prizesUsdt, lotteryWinners: source.lotteryWinners, lotteryPrizeUsdt: source.lotteryPrizeUsdt };
}
