import { useQuery } from '@tanstack/react-query';
import { resources } from '../../../api/resources.ts';

/**
 * The ended months the Hall of Fame shows, newest first (GET /api/public/seasons): protocol 2
 * months from their freeze on (frozen, then closed), protocol 1 months once closed.
 */
export function useEndedSeasons() {
  return useQuery(resources.endedSeasons());
}

/** One month with everyone in its draw (GET /api/public/seasons/{month}). */
export function useSeason(month: string, enabled = true) {
  return useQuery({ ...resources.season(month), enabled });
}
