import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { AbuseFlag } from '../../shared/enums.ts';

/** What each abuse flag means (shared/enums.ts ABUSE_FLAG_TEXT is the English source), in the page's language. */
export const FLAG_TEXT: Record<AbuseFlag, MessageDescriptor> = {
  shared_wallet: msg`Shared wallet: this USDT address is also used by another ambassador.`,
  duplicate_proof: msg`Duplicate proof: a link in this report also appears in another ambassador's report.`,
  shared_telegram: msg`Shared Telegram: this personal Telegram is also given by another applicant or ambassador.`,
  same_network: msg`Same network: three or more applications came from one network address within 24 hours.`,
  shared_device: msg`Shared device: this application came from a browser another applicant or ambassador also used.`,
};

export function useAbuseFlagText(): (flag: AbuseFlag) => string {
  const { i18n } = useLingui();
  return (flag) => i18n._(FLAG_TEXT[flag]);
}
