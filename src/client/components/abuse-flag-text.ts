import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { ABUSE_FLAG_TEXT } from '../../shared/abuse-flags.ts';
import { ABUSE_FLAGS, type AbuseFlag } from '../../shared/enums.ts';

/** What each abuse flag means, to say in the page's language: the shared texts of src/shared/abuse-flags.ts, by their catalog ids. */
export const FLAG_TEXT = Object.fromEntries(ABUSE_FLAGS.map((flag) => [flag, { id: ABUSE_FLAG_TEXT[flag] }])) as Record<AbuseFlag, MessageDescriptor>;

export function useAbuseFlagText(): (flag: AbuseFlag) => string {
  const { i18n } = useLingui();
  return (flag) => i18n._(FLAG_TEXT[flag]);
}
