import { describe, expect, it } from 'vitest';
import { postText, statusId } from './oembed.ts';

describe('reading a post from its oEmbed answer', () => {
  it('takes the first paragraph of the embed, tags removed, entities and line breaks decoded', () => {
    const html =
      '<blockquote class="twitter-tweet"><p lang="en" dir="ltr">Joining &amp; linking: GC-ABCDEFGHIJ<br>second line &lt;3 &#127942; <a href="https://t.co/x">pic.twitter.com/x</a></p>&mdash; Ada (@ada) <a href="https://twitter.com/ada/status/1?ref_src=twsrc%5Etfw">November 28, 2026</a></blockquote>\n';
    expect(postText(html)).toBe('Joining & linking: GC-ABCDEFGHIJ\nsecond line <3 🏆 pic.twitter.com/x');
    expect(postText('<blockquote>no paragraph</blockquote>')).toBeUndefined();
  });

  it('reads the status id of x.com and twitter.com links, and of nothing else', () => {
    expect(statusId('https://x.com/ada/status/1862000000000000001')).toBe('1862000000000000001');
    expect(statusId('https://twitter.com/ada/status/42?s=20')).toBe('42');
    expect(statusId('https://mobile.twitter.com/ada/statuses/7')).toBe('7');
    expect(statusId('https://x.com.evil.example/ada/status/7')).toBeUndefined();
    expect(statusId('http://x.com/ada/status/7')).toBeUndefined();
  });
});
