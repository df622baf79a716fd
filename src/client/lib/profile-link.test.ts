import { describe, expect, it } from 'vitest';
import { profileLink } from '../../shared/platforms.ts';

describe('profileLink (spec §2)', () => {
  it('keeps a full http(s) URL as it is', () => {
    expect(profileLink('https://x.com/jane', 'twitter')).toBe('https://x.com/jane');
    expect(profileLink('http://instagram.com/jane', 'instagram')).toBe('http://instagram.com/jane');
    expect(profileLink('https://example.org/whatever', 'facebook')).toBe('https://example.org/whatever');
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
});
