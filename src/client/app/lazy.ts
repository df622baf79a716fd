import { lazy, type ComponentType } from 'react';

/** React.lazy for a module's named export, so each route is its own chunk. */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType<object> };
  });
}
