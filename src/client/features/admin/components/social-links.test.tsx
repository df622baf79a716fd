import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SocialLinkList } from './social-links.tsx';

describe('SocialLinkList', () => {
  it('links only to the platform’s own host and shows anything else as text', () => {
    const html = renderToStaticMarkup(
      createElement(SocialLinkList, {
        personalTelegram: '@kofi',
        handles: {
          twitterHandle: 'https://evil.example/login',
          instagramHandle: '@jane.doe',
          telegramHandle: 'javascript:alert(1)',
          facebookHandle: 'https://facebook.com/page',
          youtubeHandle: null,
        },
      }),
    );
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual(['https://t.me/kofi', 'https://instagram.com/jane.doe', 'https://facebook.com/page']);
    // The refused values are still visible to the admin, as plain text.
    expect(html).toContain('https://evil.example/login');
    expect(html).toContain('javascript:alert(1)');
  });
});
