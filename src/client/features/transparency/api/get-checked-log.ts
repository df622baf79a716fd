/**
 * The whole public log, checked in this browser (resources.checkedLog): its chain of hashes, its
 * head, and every head this browser saw before.
 */
import { useQuery } from '@tanstack/react-query';
import { resources } from '../../../api/resources.ts';

export type { CheckedLog } from '../../../api/public-log.ts';

export function useCheckedLog() {
  return useQuery(resources.checkedLog());
}
