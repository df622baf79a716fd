/**
 * A public post on X read through oEmbed (DECISIONS §7: no paid X API). `{OEMBED_URL}?url=…` answers
 * the post's author (`author_url`, https://twitter.com/{handle}) and its text inside the embed's
 * `<blockquote><p>…</p>`. What decides a link or a task is the author's handle and the text; the
 * answer must name the very post asked for (its status id), else it is malformed.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { X_POST_URL } from '../../../shared/schemas/links.ts';
import { callOutside, malformedAnswer } from './outside.ts';

const ZOEmbed = z.object({
  url: z.string().max(500),
  author_url: z.string().max(500),
  author_name: z.string().max(500).optional(),
  html: z.string().max(60_000),
});

const AUTHOR_URL = /^https:\/\/(?:www\.|mobile\.)?(?:twitter|x)\.com\/([A-Za-z0-9_]{1,15})\/?$/;

export interface XPost {
  /** The post's URL as oEmbed names it. */
  url: string;
  /** The author's handle as written (without @). */
  author: string;
  /** The post's text, tags removed and entities decoded. */
  text: string;
  /** Lowercase hex SHA-256 of the text: the evidence kept (the text itself may be deleted later). */
  textSha256: string;
}

/** Not found, private or deleted: oEmbed answers 404 (or 403 for a protected account). */
export type XPostRead = { found: true; post: XPost } | { found: false; status: number };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', mdash: '—', ndash: '–', hellip: '…' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The post's own words: the first paragraph of the embed, line breaks kept, tags removed. */
export function postText(html: string): string | undefined {
  const paragraph = /<p\b[^>]*>([\s\S]*?)<\/p>/i.exec(html);
  if (!paragraph?.[1]) return undefined;
  return decodeEntities(paragraph[1].replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, '')).trim();
}

/** The status id of a post URL (x.com or twitter.com), or undefined. */
export function statusId(url: string): string | undefined {
  return X_POST_URL.exec(url)?.[2];
}

export async function readXPost(ctx: Pick<AppContext, 'config' | 'log'>, postUrl: string): Promise<XPostRead> {
  const query = new URLSearchParams({ url: postUrl, omit_script: 'true', dnt: 'true' });
  const answer = await callOutside(ctx, 'oembed', `${ctx.config.providers.oembedUrl}?${query.toString()}`);
  if (answer.status === 404 || answer.status === 403 || answer.status === 410) return { found: false, status: answer.status };
  if (answer.status >= 400) throw malformedAnswer('oembed');
  const parsed = ZOEmbed.safeParse(answer.json);
  if (!parsed.success) throw malformedAnswer('oembed');
  const author = AUTHOR_URL.exec(parsed.data.author_url)?.[1];
  const text = postText(parsed.data.html);
  // The answer must be about the post asked for, by a handle we can read, with a text.
  if (!author || text === undefined || statusId(parsed.data.url) !== statusId(postUrl)) throw malformedAnswer('oembed');
  return { found: true, post: { url: parsed.data.url, author, text, textSha256: createHash('sha256').update(text).digest('hex') } };
}
