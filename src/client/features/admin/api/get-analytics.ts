import { useQuery } from '@tanstack/react-query';
import { resources } from '../../../api/resources.ts';

/** The programme over time (DECISIONS §5, The admin desk); read again each time the tab opens. */
export function useAnalytics() {
  return useQuery(resources.analytics());
}
