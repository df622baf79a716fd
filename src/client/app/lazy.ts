import { createElement, lazy, useState, type ComponentType } from 'react';

export type LazyPage = ComponentType<object> & {
  /** Loads the page's chunk now; a page mounted after that renders without suspending. */
  preload(): Promise<void>;
};

/**
 * React.lazy for a module's named export, so each route is its own chunk.
 * A page loaded ahead (preload) renders at once: hydrating the prerendered
 * landing page must not suspend, or the server's markup waits in a
 * dehydrated boundary that the first update turns into a spinner.
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyPage {
  let loaded: ComponentType<object> | undefined;
  const preload = async () => {
    loaded ??= (await load())[name] as ComponentType<object>;
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<object> };
  });
  function Page(props: object) {
    // Chosen once per mount: switching from Lazy to the loaded component later would remount the page.
    const [component] = useState(() => loaded ?? Lazy);
    return createElement(component, props);
  }
  return Object.assign(Page, { preload });
}
