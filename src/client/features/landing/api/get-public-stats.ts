import { useQuery } from '@tanstack/react-query';
import { resources } from '../../../api/resources.ts';

/** Spec §2: each figure falls back to 0 when the answer lacks it. */
export function usePublicStats() {
  return useQuery(resources.publicStats());
}
