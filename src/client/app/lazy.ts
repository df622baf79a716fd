import { createElement, lazy, useState, type ComponentType } from 'react';
import { needCatalog, type Catalog } from '../i18n/i18n.ts';
import { ChunkErrorBoundary, ChunkLoadError } from './chunk-error.tsx';

export type LazyPage = ComponentType<object> & {
  /** Loads the page's chunk now; a page mounted after that renders without suspending. */
  preload(): Promise<void>;
};

/**
 * React.lazy for a module's named export, so each route is its own chunk, loaded with the catalog
 * of texts it needs (i18n/i18n.ts).
 * A page loaded ahead (preload) renders at once: hydrating the prerendered
 * landing page must not suspend, or the server's markup waits in a
 * dehydrated boundary that the first update turns into a spinner.
 *
 * A chunk that cannot be loaded (a dropped connection, a redeploy that removed it) shows an alert
 * with a Reload button instead of a blank page, and the page comes back by itself once the chunk
 * loads (chunk-error.tsx).
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K, catalog: Catalog | null = 'app'): LazyPage {
  let loaded: ComponentType<object> | undefined;
  const preload = async () => {
    if (loaded) return;
    let module: M;
    try {
      // The page's texts come with its code (the landing page's are in the first catalog already).
      // A page of the `app` catalog also gets the API's messages in its language (i18n/api-messages.ts registers them).
      [module] = await Promise.all([load(), catalog ? needCatalog(catalog) : undefined, catalog === 'app' ? import('../i18n/api-messages.ts') : undefined]);
    } catch (error) {
      throw new ChunkLoadError(error);
    }
    loaded = module[name] as ComponentType<object>;
  };
  // A failed load stays failed in React.lazy (so React, retrying the render, meets the same error and
  // shows the boundary); the boundary loads the code again itself and then mounts the loaded page.
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<object> };
  });
  function Loaded(props: object) {
    // Chosen once per mount: switching from Lazy to the loaded component later would remount the page.
    const [component] = useState(() => loaded ?? Lazy);
    return createElement(component, props);
  }
  function Page(props: object) {
    return createElement(ChunkErrorBoundary, { retry: preload, children: createElement(Loaded, props) });
  }
  return Object.assign(Page, { preload });
}
