/**
 * Build-time entry, bundled by vite.config.ts's prerender step (never shipped
 * to browsers): the HTML of "/" as a signed-out visitor first sees it, with
 * the public figures still loading. main.tsx hydrates it. The tree is the
 * browser's own App, so the markup matches what the client renders first.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { App } from './app/app.tsx';

export async function renderLandingPage(): Promise<string> {
  // prerender (not renderToString) waits for the lazy route chunk instead of writing the fallback.
  const { prelude } = await prerender(
    <StrictMode>
      <Router ssrPath="/">
        <App />
      </Router>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
