/** The programme's settings (GET /api/settings): read by the report form and the Super Admin tab. */
import { useQuery } from '@tanstack/react-query';
import { resources } from './resources.ts';

export function useSettings(enabled = true) {
  return useQuery({ ...resources.settings(), enabled });
}
