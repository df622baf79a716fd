import { useSyncExternalStore } from 'react';

/** Tailwind's `md` breakpoint (48rem): tables from here up, cards below. */
export const MD_UP = '(min-width: 48rem)';

/**
 * Whether a media query matches now, following changes (a phone turned sideways). Rendered
 * without a window (the landing page's prerender), it answers `serverValue`.
 */
export function useMediaQuery(query: string, serverValue = true): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
