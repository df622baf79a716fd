/** The abuse flags' words (DECISIONS §5, The admin desk): apart from the codes (enums.ts), so that a page that needs only the codes does not carry the words. */
import type { AbuseFlag } from './enums.ts';

/** What each flag means: written once, here (`/*i18n*\/`, src/shared/texts.ts), and said by the admin desk and the emails in their language. */
export const ABUSE_FLAG_TEXT: Readonly<Record<AbuseFlag, string>> = {
  shared_wallet: /*i18n*/ 'Shared wallet: this USDT address is also used by another ambassador.',
  duplicate_proof: /*i18n*/ "Duplicate proof: a link in this report also appears in another ambassador's report.",
  shared_telegram: /*i18n*/ 'Shared Telegram: this personal Telegram is also given by another applicant or ambassador.',
  same_network: /*i18n*/ 'Same network: three or more applications came from one network address within 24 hours.',
  shared_device: /*i18n*/ 'Shared device: this application came from a browser another applicant or ambassador also used.',
};
