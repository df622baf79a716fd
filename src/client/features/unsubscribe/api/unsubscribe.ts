import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZUnsubscribeStatus } from '../../../../shared/schemas/notifications.ts';
import { apiRequest } from '../../../lib/api.ts';

/** The signed link of an email: the account (`u`) and its signature (`s`). */
export interface UnsubscribeLink {
  u: string;
  s: string;
}

type UnsubscribeStatus = z.infer<typeof ZUnsubscribeStatus>;

function query(link: UnsubscribeLink): string {
  return new URLSearchParams({ u: link.u, s: link.s }).toString();
}

/** Whether the link is valid (403 otherwise), and whether its account still gets decision emails; nothing is changed. */
export function getUnsubscribeStatus(link: UnsubscribeLink): Promise<UnsubscribeStatus> {
  return apiRequest<UnsubscribeStatus>('GET', `/api/unsubscribe/status?${query(link)}`);
}

export function useUnsubscribeStatus(link: UnsubscribeLink | null) {
  return useQuery({
    queryKey: ['/api/unsubscribe/status', link?.u, link?.s],
    queryFn: () => getUnsubscribeStatus(link ?? { u: '', s: '' }),
    enabled: link !== null,
    retry: false,
  });
}

/** The page's button: the same request as the email's one-click unsubscribe (RFC 8058). */
export function unsubscribe(link: UnsubscribeLink): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('POST', `/api/unsubscribe?${query(link)}`);
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
