import { useEffect } from 'react';

/**
 * Scrolls to the element the address's #fragment names once `ready` (a page whose sections arrive
 * after it renders: /hall-of-fame#2026-12, /transparency#2026-12), as the browser would have done
 * had they been there when it loaded.
 */
export function useScrollToHash(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    document.getElementById(id)?.scrollIntoView();
  }, [ready]);
}
