import { useQuery } from '@tanstack/react-query';
import type { TSetupLinkStatus } from '../../../../shared/schemas/notifications.ts';
import { resources } from '../../../api/resources.ts';

export type SetupLinkStatus = TSetupLinkStatus;

/**
 * Whether a password link can still be used (valid, expired, or invalid: used, replaced or unknown),
 * without using it, and how long it has left: a setup link lasts 48 hours, a forgotten password's 1.
 * Asked once when the page opens: a link used on this page stays on its success screen.
 */
export function useSetupLinkStatus(token: string) {
  return useQuery({ ...resources.setupLinkStatus(token), enabled: token !== '' });
}
