/**
 * Build-time entry, bundled by vite.config.ts's prerender step (never shipped
 * to browsers): the HTML of "/" as a signed-out visitor first sees it, with
 * the public figures still loading. main.tsx hydrates it. The tree is the
 * browser's own App, so the markup matches what the client renders first. Once per language.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import type { Locale } from '../shared/locales.ts';
import { App } from './app/app.tsx';
import { activateLocale } from './i18n/i18n.ts';

export async function renderLandingPage(locale: Locale): Promise<string> {
  await activateLocale(locale, ['public']);
  // The prize pool, a chunk the browser loads after the page is shown, is in the markup from the start
  // (a boundary resolved later would be streamed with an inline script, which the page's CSP forbids).
  await (await import('./features/landing/pages/landing-page.tsx')).preloadPrizePool();
  // prerender (not renderToString) waits for the lazy route chunk instead of writing the fallback.
  const { prelude } = await prerender(
    <StrictMode>
      <Router ssrPath="/">
        <App />
      </Router>
    </StrictMode>,
    // One piece: React would otherwise move a large boundary (the prize pool's) out of place, to be put back by an inline script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
