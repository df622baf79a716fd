import { useMutation, useQuery } from '@tanstack/react-query';
import { resources, type UnsubscribeLink } from '../../../api/resources.ts';
import { apiRequest } from '../../../lib/api.ts';

export type { UnsubscribeLink };

function query(link: UnsubscribeLink): string {
  return new URLSearchParams({ u: link.u, s: link.s }).toString();
}

/** Whether the link is valid (403 otherwise), and whether its account still gets decision emails; nothing is changed. */
export function useUnsubscribeStatus(link: UnsubscribeLink | null) {
  return useQuery({ ...resources.unsubscribeStatus(link ?? { u: '', s: '' }), enabled: link !== null });
}

/** The page's button: the same request as the email's one-click unsubscribe (RFC 8058). */
export function unsubscribe(link: UnsubscribeLink): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('POST', `/api/unsubscribe?${query(link)}`, { 'List-Unsubscribe': 'One-Click' });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
