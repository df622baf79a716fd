/**
 * The API's refusals in the page's language (DECISIONS §7, Errors and texts on the wire): every
 * error answer carries a `code` (src/shared/error-codes.ts) and, when its sentence says values,
 * `values`; the page says it from those, never by reading the English `message`, which it shows
 * only for a code it does not know (a newer server). A field's refusal is said the same way.
 *
 * A sentence without values is the shared table's text itself (src/shared/texts.ts), and a sentence
 * with values its shared template (VALUE_TEXTS): the English is written once, and a translator sees
 * the spec's text.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { codeOfText, PAGE_ERROR_TEXTS, valueDescriptor } from '../../shared/error-codes.ts';
import { descriptorOf } from '../../shared/texts.ts';
import { AWARD_MESSAGES } from '../../shared/schemas/messages.ts';
import { monthIn, zonedDateTimeIn } from '../../shared/localized-format.ts';
import { i18n } from './i18n.ts';
import { NETWORK_TROUBLE, SERVER_TROUBLE, translateApiMessagesWith, type Refusal } from '../lib/api.ts';

/**
 * The refusals whose sentence has no values, by code, and the client's own two (lib/api.ts): each is
 * its shared text, written once in src/shared and extracted into this catalog with its English as id.
 */
export const API_TEXTS: ReadonlyMap<string, string> = new Map<string, string>([
  ...Object.entries(PAGE_ERROR_TEXTS),
  ['SERVER_TROUBLE', SERVER_TROUBLE],
  ['NETWORK_TROUBLE', NETWORK_TROUBLE],
]);

type Values = Readonly<Record<string, string | undefined>>;

/** A value said in the page's language: a time with its zone, a month by its name (not the API's ISO text). */
const LOCAL_VALUES: Readonly<Record<string, Readonly<Record<string, (value: string, locale: string) => string>>>> = {
  LINK_TAKEN: { from: zonedDateTimeIn },
  APPEAL_LATE: { deadline: zonedDateTimeIn },
  SEASON_IS_PROTOCOL_2: { month: monthIn, cutOver: monthIn },
  SEASON_CLOSES_ITSELF: { at: zonedDateTimeIn },
  APPROVER_TOO_NEW: { from: zonedDateTimeIn },
  APPROVER_MFA_TOO_NEW: { from: zonedDateTimeIn },
};

/**
 * What the page says for a refusal with values (src/shared/error-codes.ts VALUE_TEXTS): the shared
 * template the server wrote its English from, and the values, in the page's language where they
 * are times or months; undefined for a code without values.
 */
export function valueRefusalDescriptor(code: string, values: Values): MessageDescriptor | undefined {
  const shared = valueDescriptor(code, values);
  if (!shared) return undefined;
  const local = LOCAL_VALUES[code] ?? {};
  const said = Object.entries(shared.values).map(([name, value]) => [name, local[name]?.(value, i18n.locale) ?? value]);
  return { id: shared.id, values: Object.fromEntries(said) };
}

/** A failure's sentence with the request id the server logged (lib/api.ts, troubleMessage): the client's own. */
const withReference = ({ sentence: said = '', reference = '' }: Values) => msg`${said} (Reference: ${reference})`;

/** A refusal in the page's language, from its code and values; as the server wrote it when the code is not one the page knows. */
export function translatedRefusal({ code, values, message }: Refusal): string {
  if (!code) return message;
  if (code === 'WITH_REFERENCE') return i18n._(withReference(values ?? {}));
  const text = API_TEXTS.get(code);
  // Said from the catalog, by its template and values when it has some; until the catalog has it, as the server wrote it.
  const descriptor = valueRefusalDescriptor(code, values ?? {}) ?? (text === undefined ? undefined : descriptorOf(text));
  return descriptor && Object.hasOwn(i18n.messages, descriptor.id) ? i18n._(descriptor) : message;
}

/**
 * A text of the page's own from the shared schemas (a form's check in the browser, a refusal the page
 * words before asking the server), by the code of that text in the shared table.
 */
export function translatedMessage(text: string): string {
  const code = codeOfText(text);
  if (code) return translatedRefusal({ code, message: text });
  const award = awardCode(text);
  return award ? translatedRefusal({ ...award, message: text }) : text;
}

/** The award fields' own checks, whose sentence names the currency (shared/schemas/decisions.ts). */
function awardCode(text: string): { code: string; values: Record<string, string> } | undefined {
  for (const currency of ['GCM', 'USDT'])
    for (const [kind, code] of [
      ['format', 'AWARD_FORMAT'],
      ['precision', 'AWARD_PRECISION'],
      ['range', 'AWARD_RANGE'],
    ] as const)
      if (AWARD_MESSAGES[kind](currency) === text) return { code, values: { currency } };
  return undefined;
}

// From now on the API's refusals (lib/api.ts: ApiError's text, errorMessage and troubleMessage) come in the page's language.
translateApiMessagesWith(translatedRefusal);
