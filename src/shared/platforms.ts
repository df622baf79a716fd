/** Social platforms of spec §3 and how their profile URLs are checked and linked. */
export const PLATFORMS = ['twitter', 'instagram', 'telegram', 'facebook', 'youtube'] as const;
export type Platform = (typeof PLATFORMS)[number];

export interface PlatformInfo {
  id: Platform;
  label: string;
  /** The application field holding this platform's profile URL. */
  field: 'twitterHandle' | 'instagramHandle' | 'telegramHandle' | 'facebookHandle' | 'youtubeHandle';
  hosts: readonly string[];
  /** A bare username's profile: this address followed by the name. */
  profileUrl: string;
  urlMessage: string;
  placeholder: string;
}

export const PLATFORM_INFO: Record<Platform, PlatformInfo> = {
  twitter: {
    id: 'twitter',
    label: 'Twitter/X',
    field: 'twitterHandle',
    hosts: ['x.com', 'twitter.com'],
    profileUrl: 'https://x.com/',
    urlMessage: /*i18n*/ 'Please enter a valid Twitter/X profile URL (e.g., x.com/username)',
    placeholder: 'https://x.com/username',
  },
  instagram: {
    id: 'instagram',
    label: 'Instagram',
    field: 'instagramHandle',
    hosts: ['instagram.com'],
    profileUrl: 'https://instagram.com/',
    urlMessage: /*i18n*/ 'Please enter a valid Instagram profile URL (e.g., instagram.com/username)',
    placeholder: 'https://instagram.com/username',
  },
  telegram: {
    id: 'telegram',
    label: 'Telegram',
    field: 'telegramHandle',
    hosts: ['t.me', 'telegram.me'],
    profileUrl: 'https://t.me/',
    urlMessage: /*i18n*/ 'Please enter a valid Telegram channel URL (e.g., t.me/channelname)',
    placeholder: 'https://t.me/channelname',
  },
  facebook: {
    id: 'facebook',
    label: 'Facebook',
    field: 'facebookHandle',
    hosts: ['facebook.com', 'fb.com'],
    profileUrl: 'https://facebook.com/',
    urlMessage: /*i18n*/ 'Please enter a valid Facebook page URL (e.g., facebook.com/pagename)',
    placeholder: 'https://facebook.com/pagename',
  },
  youtube: {
    id: 'youtube',
    label: 'YouTube',
    field: 'youtubeHandle',
    hosts: ['youtube.com', 'youtu.be'],
    profileUrl: 'https://youtube.com/@',
    urlMessage: /*i18n*/ 'Please enter a valid YouTube channel URL (e.g., youtube.com/@channelname)',
    placeholder: 'https://youtube.com/@channelname',
  },
};

/**
 * A bare username ("jane_doe", "@jane.doe"): with a leading @ it may hold dots, without one it
 * may not, so "facebook.com" or "evil.example" is read as an address, not as a name.
 */
const HANDLE = /^(?:@[A-Za-z0-9_][A-Za-z0-9_.-]*|[A-Za-z0-9_][A-Za-z0-9_-]*)$/;

function isPlatform(value: string): value is Platform {
  return (PLATFORMS as readonly string[]).includes(value);
}

/** "Twitter/X" for "twitter"; a value that is not a platform is shown as it is. */
export function platformLabel(value: string): string {
  return isPlatform(value) ? PLATFORM_INFO[value].label : value;
}

/** An http(s) address on one of the platform's own hosts (www., m. and mobile. allowed), with no credentials or port. */
function platformAddress(platform: Platform, text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m|mobile)\./, '');
  return PLATFORM_INFO[platform].hosts.includes(host) ? url : null;
}

/**
 * A profile URL on the platform's own host with a non-empty path, with or
 * without the scheme ("x.com/user" is accepted). Returns the https URL or null.
 */
function normalizeProfileUrl(platform: Platform, input: string): string | null {
  const text = input.trim();
  if (!text || /\s/.test(text)) return null;
  const url = platformAddress(platform, /^https?:\/\//i.test(text) ? text : `https://${text}`);
  if (!url || url.pathname.replace(/\/+$/, '').length < 2) return null;
  url.protocol = 'https:';
  return url.toString();
}

/**
 * The one rule for a platform's profile field, wherever it is written (application form, own
 * profile, admin edit): spec §5's valid profile URL, on the platform's own host, with or without
 * its scheme, stored as its https URL, so an admin always gets a link to open. Anything else is
 * refused (null) with the platform's urlMessage: a bare username ('mariasantos', '@maria'), which
 * names no site for certain, another site, a javascript: address.
 */
export function normalizeProfileLink(platform: Platform, input: string): string | null {
  return normalizeProfileUrl(platform, input);
}

/**
 * Spec §2: a link from a stored handle. A full http(s) URL is kept as it is when its host is the
 * platform's own, a bare username (leading @ removed; saved before the rule above asked for URLs)
 * becomes the platform's profile URL. Anything else gives no link, so a row saved before that rule
 * (another site, javascript:) shows as text.
 */
export function profileLink(handle: string | null | undefined, platform: string): string | null {
  if (!handle || !isPlatform(platform)) return null;
  const value = handle.trim();
  if (/^https?:\/\//i.test(value)) return platformAddress(platform, value)?.href ?? null;
  if (!HANDLE.test(value)) return null;
  return `${PLATFORM_INFO[platform].profileUrl}${value.replace(/^@/, '')}`;
}
