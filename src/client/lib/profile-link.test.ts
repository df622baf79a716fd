import { describe, expect, it } from 'vitest';
import { normalizeProfileLink, profileLink } from '../../shared/platforms.ts';

describe('profileLink (spec §2)', () => {
  it.each([
    ['https://x.com/jane', 'twitter'],
    ['https://twitter.com/jane', 'twitter'],
    ['http://instagram.com/jane', 'instagram'],
    ['https://www.facebook.com/page', 'facebook'],
  ])('keeps a full http(s) URL on the platform’s own host as it is: %s (%s)', (url, platform) => {
    expect(profileLink(url, platform)).toBe(url);
  });

  it.each([
    ['@jane', 'twitter', 'https://x.com/jane'],
    ['@jane', 'instagram', 'https://instagram.com/jane'],
    ['@channel', 'telegram', 'https://t.me/channel'],
    ['page', 'facebook', 'https://facebook.com/page'],
    ['@chan', 'youtube', 'https://youtube.com/@chan'],
  ])('removes a leading @: %s on %s is %s', (handle, platform, link) => {
    expect(profileLink(handle, platform)).toBe(link);
  });

  it.each([
    ['@jane', 'myspace'],
    ['', 'twitter'],
    ['   ', 'twitter'],
    [null, 'twitter'],
    [undefined, 'twitter'],
  ])('gives no link for an unknown platform or an empty handle: %j on %s', (handle, platform) => {
    expect(profileLink(handle, platform)).toBeNull();
  });

  // Rows saved before the profile and admin edits followed the application form's rule.
  it.each([
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
  ])('gives no link to another site, a look-alike host or a non-http(s) address: %s (%s)', (handle, platform) => {
    expect(profileLink(handle, platform)).toBeNull();
  });
});

describe('normalizeProfileLink (one rule for the application, the profile and the admin edit)', () => {
  it.each([
    ['twitter', ' x.com/jane ', 'https://x.com/jane'],
    ['twitter', 'http://twitter.com/jane', 'https://twitter.com/jane'],
    ['youtube', 'youtube.com/@chan', 'https://youtube.com/@chan'],
  ] as const)('accepts profile URLs on the platform’s host, as https: %s %j', (platform, input, link) => {
    expect(normalizeProfileLink(platform, input)).toBe(link);
  });

  it.each([
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
  ] as const)('refuses other hosts, addresses without a profile path and non-http(s) schemes: %s %j', (platform, input) => {
    expect(normalizeProfileLink(platform, input)).toBeNull();
  });
});
