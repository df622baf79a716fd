/**
 * A verification's words in the page's language: the checks (src/shared/draw-protocol-1.ts, draw-protocol-2.ts, verify-log.ts,
 * public-log.ts) answer which text of shared/verify-texts.ts and its values, and this says it from
 * the catalogs, where `npm run i18n:extract` put each text (its id is its English).
 */
import { useLingui } from '@lingui/react/macro';
import { VERIFY_TEXTS, type VerifyText } from '../../shared/verify-texts.ts';

export function useVerifyText(): (text: VerifyText) => string {
  const { i18n } = useLingui();
  // Values as the checks wrote them (a round, a seq, a time): the catalogs' words around them, not a locale's number format.
  return ({ id, values }) =>
    i18n._({ id: VERIFY_TEXTS[id].id, values: Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)])) });
}
