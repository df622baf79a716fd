/**
 * The product's shared texts are written once, here in src/shared, as Lingui message descriptors
 * without the macro (issue 42; docs/decisions/035-error-codes-on-the-wire.md): a text marked
 * `/*i18n*\/ 'English'` is extracted by `npm run i18n:extract` into the client's `app` catalog and,
 * for the files lingui.config.ts lists, into the emails' catalog, with its English as its id. The
 * server writes the English (an error's `message`, a decision's reason); the client and the emails
 * say it with `i18n._(text)`, which finds its translation by that id.
 *
 * A text whose sentence says a fixed value (a limit, the list of codes) is written as its template
 * with the value's name, `withValues(/*i18n*\/ 'at most {max} characters', { max: 2000 })`: the English
 * is the filled sentence, and `descriptorOf` gives back the template and the values to translate it by.
 */

/** A text to say: its catalog id (the English, or a template) and the values the template names. */
export interface TextDescriptor {
  id: string;
  values?: Record<string, string>;
}

const FILLED = new Map<string, TextDescriptor>();

/** A template with its values filled in: each `{name}` it has a value for. */
export function filledTemplate(template: string, values: Readonly<Record<string, string | number | undefined>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));
}

/** The English of a template with its values filled in (`{name}` for each); remembered so it can be translated by its template. */
export function withValues(template: string, values: Readonly<Record<string, string | number>>): string {
  const said = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]));
  const text = filledTemplate(template, said);
  FILLED.set(text, { id: template, values: said });
  return text;
}

/** How to translate a shared text: by its template and values when it was filled from one, else by itself. */
export function descriptorOf(text: string): TextDescriptor {
  return FILLED.get(text) ?? { id: text };
}
