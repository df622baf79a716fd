/**
 * The links a report gives as proof (abuse flag duplicate_proof), normalised so that the same post
 * written two ways is one link: lower case, no scheme, no `www.`, no fragment, no trailing slash or
 * punctuation. A bare site (`https://x.com`) is no proof of anything and is left out. The migration
 * that backfilled older reports (drizzle/0011_abuse_flags.sql) applies the same steps in SQL.
 */
const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/gi;
/** A report is 10,000 characters at most; this many links is more than any real one has. */
const MAX_LINKS = 50;

export function normalizeLink(raw: string): string | null {
  const url = raw
    .toLowerCase()
    .replace(/[.,;:!?)\]}>]+$/, '')
    .replace(/#.*$/, '')
    .replace(/^https?:\/\/(www\.)?/, '')
    .replace(/\/+$/, '');
  return /^[^/]+\/./.test(url) ? url : null;
}

export function proofLinks(text: string): string[] {
  const links = new Set<string>();
  for (const match of text.matchAll(URL_PATTERN)) {
    const link = normalizeLink(match[0]);
    if (link) links.add(link);
    if (links.size >= MAX_LINKS) break;
  }
  return [...links];
}
