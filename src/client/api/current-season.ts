/**
 * The running month (GET /api/public/seasons/current): its terms, fixed when it began (DECISIONS §5,
 * protocol 2 step 1). Read by the prize pool (landing page, leaderboard), the Hall of Fame and the
 * super admin's prize settings ('Changes apply from …'). Its prizesUsdt, lotteryWinners and
 * lotteryPrizeUsdt are the month's own as the server sends them (its terms' under protocol 2).
 */
import { useQuery } from '@tanstack/react-query';
import { resources } from './resources.ts';

export function useCurrentSeason() {
  return useQuery(resources.currentSeason());
}
