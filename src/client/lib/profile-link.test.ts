import { describe, expect, it } from 'vitest';
import { normalizeProfileLink, profileLink } from '../../shared/platforms.ts';

describe('profileLink (spec §2)', () => {
  it('keeps a full http(s) URL on the platform’s own host as it is', () => {
    expect(profileLink('https://x.com/jane', 'twitter')).toBe('https://x.com/jane');
    expect(profileLink('https://twitter.com/jane', 'twitter')).toBe('https://twitter.com/jane');
    expect(profileLink('http://instagram.com/jane', 'instagram')).toBe('http://instagram.com/jane');
    expect(profileLink('https://www.facebook.com/page', 'facebook')).toBe('https://www.facebook.com/page');
  });

  it('removes a leading @', () => {
    expect(profileLink('@jane', 'twitter')).toBe('https://x.com/jane');
    expect(profileLink('@jane', 'instagram')).toBe('https://instagram.com/jane');
    expect(profileLink('@channel', 'telegram')).toBe('https://t.me/channel');
    expect(profileLink('page', 'facebook')).toBe('https://facebook.com/page');
    expect(profileLink('@chan', 'youtube')).toBe('https://youtube.com/@chan');
  });

  it('gives no link for an unknown platform or an empty handle', () => {
    expect(profileLink('@jane', 'myspace')).toBeNull();
    expect(profileLink('', 'twitter')).toBeNull();
    expect(profileLink('   ', 'twitter')).toBeNull();
    expect(profileLink(null, 'twitter')).toBeNull();
    expect(profileLink(undefined, 'twitter')).toBeNull();
  });

  // Rows saved before the profile and admin edits followed the application form's rule.
  it('gives no link to another site, a look-alike host or a non-http(s) address', () => {
    for (const [handle, platform] of [
      ['https://evil.example/login', 'twitter'],
      ['https://example.org/whatever', 'facebook'],
      ['https://x.com.evil.example/jane', 'twitter'],
      ['https://x.com@evil.example/jane', 'twitter'],
      ['https://evil.example\\@x.com/jane', 'twitter'],
      ['https://x.com:8443/jane', 'twitter'],
      ['https://t.me/channel', 'twitter'],
      ['javascript:alert(1)', 'telegram'],
      ['JavaScript:alert(document.cookie)//https://t.me/x', 'telegram'],
      ['data:text/html,<script>alert(1)</script>', 'youtube'],
      ['//evil.example/jane', 'instagram'],
      ['evil.example/jane', 'instagram'],
    ] as const) {
      expect(profileLink(handle, platform), handle).toBeNull();
    }
  });
});

describe('normalizeProfileLink (one rule for the application, the profile and the admin edit)', () => {
  it('accepts profile URLs on the platform’s host, as https', () => {
    expect(normalizeProfileLink('twitter', ' x.com/jane ')).toBe('https://x.com/jane');
    expect(normalizeProfileLink('twitter', 'http://twitter.com/jane')).toBe('https://twitter.com/jane');
    expect(normalizeProfileLink('youtube', 'youtube.com/@chan')).toBe('https://youtube.com/@chan');
  });

  it('refuses other hosts, addresses without a profile path and non-http(s) schemes', () => {
    for (const [platform, input] of [
      ['twitter', 'https://evil.example/login'],
      ['twitter', 'https://facebook.com/x'],
      ['telegram', 'javascript:alert(1)'],
      ['telegram', 'https://x.com/chan'],
      ['facebook', 'facebook.com'],
      ['instagram', 'not a url'],
      ['instagram', 'ftp://instagram.com/jane'],
      ['twitter', 'https://user:pass@x.com/jane'],
      ['twitter', ''],
      // Spec §5 asks for a profile URL: a bare username is refused (profileLink still links one saved before).
      ['twitter', 'mariasantos'],
      ['twitter', '@kofi_m'],
      ['instagram', '@jane.doe'],
      ['facebook', 'pagename'],
    ] as const) {
      expect(normalizeProfileLink(platform, input), `${platform} ${input}`).toBeNull();
    }
  });
});
