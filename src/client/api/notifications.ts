/**
 * The signed-in person's notifications (DECISIONS §5, Hearing back): the newest ones and how many
 * are unread (X-Unread-Count), polled modestly; opening the list marks them all read.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TNotification } from '../../shared/schemas/notifications.ts';
import { apiGetWithHeaders, apiRequest } from '../lib/api.ts';

export const notificationsKey = ['/api/notifications'] as const;

/** How many the bell lists. */
export const NOTIFICATIONS_SHOWN = 20;
/** How often the bell asks (and whenever the window gets the focus back). */
export const NOTIFICATIONS_POLL_MS = 60_000;

export interface NotificationList {
  items: TNotification[];
  unread: number;
}

/** GET /api/notifications: the newest, and how many are unread (X-Unread-Count). */
export async function getNotifications(): Promise<NotificationList> {
  const { data: items, headers } = await apiGetWithHeaders<TNotification[]>(`/api/notifications?limit=${NOTIFICATIONS_SHOWN}`);
  const header = headers.get('X-Unread-Count');
  const unread = header !== null && /^\d+$/.test(header) ? Number(header) : items.filter((item) => !item.read).length;
  return { items, unread };
}

export function useNotifications(enabled = true) {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: getNotifications,
    enabled,
    staleTime: 15_000,
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/**
 * POST /api/notifications/read {all: true}. The count drops to 0 at once; the list keeps showing
 * which ones were new until it is read again.
 */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ marked: number }>('POST', '/api/notifications/read', { all: true }),
    onSuccess: () => queryClient.setQueryData<NotificationList>(notificationsKey, (list) => (list ? { ...list, unread: 0 } : list)),
  });
}
