/**
 * The signed-in person's notifications (DECISIONS §5, Hearing back): the newest ones and how many
 * are unread (X-Unread-Count). A new one is pushed (`me`, DECISIONS §6); opening the list marks them
 * all read.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api.ts';
import { resources } from './resources.ts';

export { NOTIFICATIONS_SHOWN, type NotificationList } from './resources.ts';

export function useNotifications(enabled = true) {
  return useQuery({ ...resources.notifications(), enabled });
}

/** POST /api/notifications/read {all: true}; the list and its count are read again. */
export function useMarkAllRead() {
  return useMutation({
    mutationFn: () => apiRequest<{ marked: number }>('POST', '/api/notifications/read', { all: true }),
  });
}
