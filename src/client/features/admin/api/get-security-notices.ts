import { useQuery } from '@tanstack/react-query';
import { resources } from '../../../api/resources.ts';

/** Changes to the admin team of the last 7 days (issue 24): shown as a banner on the desk. */
export function useSecurityNotices() {
  return useQuery(resources.securityNotices());
}
