/**
 * A verification's words in the page's language: the checks (src/shared/draw-protocol-1.ts, draw-protocol-2.ts, verify-log.ts,
 * public-log.ts) answer which text of shared/verify-texts.ts and its values, and this says it from
 * the catalogs, where `npm run i18n:extract` put each text (its id is its English).
 */
import { useLingui } from '@lingui/react/macro';
import { zonedDateTimeIn } from '../../shared/localized-format.ts';
import { VERIFY_TEXTS, type VerifyText } from '../../shared/verify-texts.ts';

/** A moment as the checks write it (ISO 8601, UTC): the command line prints it so, a page says it in its reader's words. */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

export function useVerifyText(): (text: VerifyText) => string {
  const { i18n } = useLingui();
  // Values as the checks wrote them (a round, a seq, a hash), not a locale's number format; a moment in the
  // page's language and the reader's zone, named ('25 oct 2026, 16:31 CET'), never a raw ISO time.
  const valueOf = (value: unknown) => (typeof value === 'string' && ISO_MOMENT.test(value) ? zonedDateTimeIn(value, i18n.locale) : String(value));
  return ({ id, values }) =>
    i18n._({ id: VERIFY_TEXTS[id].id, values: Object.fromEntries(Object.entries(values).map(([name, value]) => [name, valueOf(value)])) });
}
