/**
 * A money amount as a person types it in their language (issue 32): Spanish, Portuguese, Turkish
 * and Indonesian write 50,50 and 1.250,50; English writes 50.50 and 1,250.50. The one place that
 * reads a typed amount into the API's form ("1250.50"); readMoneyInput (money.ts) then checks it
 * exactly as the server does. The API itself keeps its one form (the contract).
 */
import { separatorsOf } from './locales.ts';

export { separatorsOf };

/** Whether the separator sits between groups of three digits: "1.250.000" with ".". */
function groupsOfThree(text: string, separator: string): boolean {
  const [head = '', ...rest] = text.split(separator);
  return /^\d{1,3}$/.test(head) && rest.length > 0 && rest.every((g) => /^\d{3}$/.test(g));
}

/**
 * "50,5" in Spanish is "50.5"; "1.250,50" is "1250.50"; "1,250.50" in English is "1250.50". One
 * separator alone is the language's decimal one unless it groups thousands in that language
 * ("1.000" in Spanish is a thousand); English's "50.5" typed on a Spanish page is still 50.50.
 * Spaces (a thousands separator in some languages) are ignored. Anything else is returned as it
 * was, for readMoneyInput to refuse with its message.
 */
export function localizedAmount(typed: string, locale: string): string {
  const text = typed.trim().replace(/[\s\u00a0\u202f]/g, '');
  const { group } = separatorsOf(locale);
  const commas = text.split(',').length - 1;
  const dots = text.split('.').length - 1;
  if (commas === 0 && dots === 0) return text;
  if (commas > 0 && dots > 0) {
    // Both: the last one is the decimal separator, the other groups thousands.
    const decimal = text.lastIndexOf(',') > text.lastIndexOf('.') ? ',' : '.';
    const grouping = decimal === ',' ? '.' : ',';
    const [whole = '', fraction = '', ...more] = text.split(decimal);
    if (more.length || !groupsOfThree(whole, grouping)) return typed;
    return `${whole.split(grouping).join('')}.${fraction}`;
  }
  const separator = commas > 0 ? ',' : '.';
  if (commas + dots > 1) return groupsOfThree(text, separator) ? text.split(separator).join('') : typed;
  if (separator === group && groupsOfThree(text, separator)) return text.split(separator).join('');
  return text.replace(separator, '.');
}

/**
 * A whole count as a person types it in their language (followers): "1.000" in Spanish and
 * "1,000" in English are a thousand; digits alone are read in any language. Anything else (a
 * decimal mark, the other language's grouping, words) is returned as it was, for the schema to
 * refuse with its message ('use digits only'), so that the client and the server say the same.
 */
export function localizedCount(typed: string, locale: string): string {
  const text = typed.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (/^\d+$/.test(text)) return text;
  const { group } = separatorsOf(locale);
  return groupsOfThree(text, group) ? text.split(group).join('') : typed;
}
