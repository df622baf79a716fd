import { useQuery } from '@tanstack/react-query';
import { resources } from '../../../api/resources.ts';

/** Requested only for super admins (spec §6). */
export function useAdmins(enabled: boolean) {
  return useQuery({ ...resources.admins(), enabled });
}
