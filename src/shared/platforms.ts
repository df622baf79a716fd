/** Social platforms of spec §3 and how their profile URLs are checked and linked. */
export const PLATFORMS = ['twitter', 'instagram', 'telegram', 'facebook', 'youtube'] as const;
export type Platform = (typeof PLATFORMS)[number];

export interface PlatformInfo {
  id: Platform;
  label: string;
  /** The application field holding this platform's profile URL. */
  field: 'twitterHandle' | 'instagramHandle' | 'telegramHandle' | 'facebookHandle' | 'youtubeHandle';
  hosts: readonly string[];
  urlMessage: string;
  placeholder: string;
}

export const PLATFORM_INFO: Record<Platform, PlatformInfo> = {
  twitter: {
    id: 'twitter',
    label: 'Twitter/X',
    field: 'twitterHandle',
    hosts: ['x.com', 'twitter.com'],
    urlMessage: 'Please enter a valid Twitter/X profile URL (e.g., x.com/username)',
    placeholder: 'https://x.com/username',
  },
  instagram: {
    id: 'instagram',
    label: 'Instagram',
    field: 'instagramHandle',
    hosts: ['instagram.com'],
    urlMessage: 'Please enter a valid Instagram profile URL (e.g., instagram.com/username)',
    placeholder: 'https://instagram.com/username',
  },
  telegram: {
    id: 'telegram',
    label: 'Telegram',
    field: 'telegramHandle',
    hosts: ['t.me', 'telegram.me'],
    urlMessage: 'Please enter a valid Telegram channel URL (e.g., t.me/channelname)',
    placeholder: 'https://t.me/channelname',
  },
  facebook: {
    id: 'facebook',
    label: 'Facebook',
    field: 'facebookHandle',
    hosts: ['facebook.com', 'fb.com'],
    urlMessage: 'Please enter a valid Facebook page URL (e.g., facebook.com/pagename)',
    placeholder: 'https://facebook.com/pagename',
  },
  youtube: {
    id: 'youtube',
    label: 'YouTube',
    field: 'youtubeHandle',
    hosts: ['youtube.com', 'youtu.be'],
    urlMessage: 'Please enter a valid YouTube channel URL (e.g., youtube.com/@channelname)',
    placeholder: 'https://youtube.com/@channelname',
  },
};

/**
 * A profile URL on the platform's own host with a non-empty path, with or
 * without the scheme ("x.com/user" is accepted). Returns the https URL or null.
 */
export function normalizeProfileUrl(platform: Platform, input: string): string | null {
  const text = input.trim();
  if (!text || /\s/.test(text)) return null;
  const withScheme = /^https?:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m|mobile)\./, '');
  if (!PLATFORM_INFO[platform].hosts.includes(host)) return null;
  if (url.pathname.replace(/\/+$/, '').length < 2) return null;
  url.protocol = 'https:';
  return url.toString();
}

/**
 * Spec §2: a link from a stored handle. A full http(s) URL is kept as it is,
 * a leading @ is removed, an unknown platform gives no link.
 */
export function profileLink(handle: string | null | undefined, platform: string): string | null {
  if (!handle) return null;
  const value = handle.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  const name = value.replace(/^@/, '');
  switch (platform) {
    case 'twitter':
      return `https://x.com/${name}`;
    case 'instagram':
      return `https://instagram.com/${name}`;
    case 'telegram':
      return `https://t.me/${name}`;
    case 'facebook':
      return `https://facebook.com/${name}`;
    case 'youtube':
      return `https://youtube.com/@${name}`;
    default:
      return null;
  }
}
