import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadLandingPage } from './app/router.tsx';
import { activateLocale, pageLocale } from './i18n/i18n.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The page's language (chosen by the server, in <html lang>) is loaded before anything renders.
// A catalog that cannot be loaded still lets the page start (its texts then show their ids).
const language = activateLocale(pageLocale(), ['public']).catch((error: unknown) => console.error('The page language could not be loaded', error));

// The server sends "/" with the landing page prerendered into #root (vite.config.ts) and every
// other path empty. Hydration waits for the landing chunk (preloaded by the page) so that nothing
// suspends, and runs as a transition so that it yields to the browser between small slices.
if (root.firstElementChild && window.location.pathname === '/') {
  void Promise.all([language, preloadLandingPage()]).then(() =>
    startTransition(() => {
      hydrateRoot(root, app);
    }),
  );
} else {
  root.replaceChildren();
  void language.then(() => createRoot(root).render(app));
}
