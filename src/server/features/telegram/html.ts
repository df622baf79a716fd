/**
 * Telegram's HTML parse mode (https://core.telegram.org/bots/api#html-style): only `<`, `>` and `&`
 * (and `"` in an attribute) must be written as entities. Every text that reaches a message escapes
 * through here, whoever wrote it (an ambassador's name, a team's note, a translation): the only
 * markup Telegram reads is the one this module adds.
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Bold: our own markup around an escaped text. */
export const bold = (text: string) => `<b>${escapeHtml(text)}</b>`;

/** A link: the address escaped as an attribute, the label as text. */
export const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;

/** Telegram's limit on a message's text (after entities are parsed); longer texts are cut with an ellipsis before escaping. */
export const MESSAGE_MAX_CHARS = 4096;

/** A person's text cut to `max` characters (an escaped text must not be cut inside an entity, so cut before escaping). */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
