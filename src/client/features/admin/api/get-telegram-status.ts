import { useQuery } from '@tanstack/react-query';
import { resources } from '../../../api/resources.ts';

/** GET /api/super-admin/telegram: whether the bot is set up and working (the Settings tab, super admins only). */
export function useTelegramStatus() {
  // What the bot sends is no change of the live topics: read again every half minute while the tab is open.
  return useQuery({ ...resources.telegramStatus(), refetchInterval: 30_000 });
}
