import { z } from 'zod';
import { MAX_URL_LENGTH } from '../limits.ts';
import { cleanLine, tooLongMessage } from './common.ts';
import { PLATFORM_INFO, normalizeProfileLink, type Platform } from '../platforms.ts';

/**
 * A platform's profile field (twitterHandle, ...) in every body that writes one: the application,
 * the ambassador's own profile and the admin's edit. Empty is null; anything that is not a profile
 * URL on the platform's own host (a bare username included) is refused with the spec §5 message of
 * the application form.
 */
export function ZProfileLink(platform: Platform) {
  const { urlMessage } = PLATFORM_INFO[platform];
  return z
    .string({ error: urlMessage })
    .trim()
    .max(MAX_URL_LENGTH, tooLongMessage('Profile URLs', MAX_URL_LENGTH))
    .refine(...cleanLine)
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      const link = normalizeProfileLink(platform, value);
      if (link === null) {
        ctx.addIssue({ code: 'custom', message: urlMessage });
        return z.NEVER;
      }
      return link;
    });
}

/** The five profile fields, each under its own platform's rule. */
export const ZProfileLinks = {
  twitterHandle: ZProfileLink('twitter'),
  instagramHandle: ZProfileLink('instagram'),
  telegramHandle: ZProfileLink('telegram'),
  facebookHandle: ZProfileLink('facebook'),
  youtubeHandle: ZProfileLink('youtube'),
};
