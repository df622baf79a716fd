import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadLandingPage } from './app/router.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The server sends "/" with the landing page prerendered into #root (vite.config.ts) and every
// other path empty. Hydration waits for the landing chunk (preloaded by the page) so that nothing
// suspends, and runs as a transition so that it yields to the browser between small slices.
if (root.firstElementChild && window.location.pathname === '/') {
  void preloadLandingPage().then(() =>
    startTransition(() => {
      hydrateRoot(root, app);
    }),
  );
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
