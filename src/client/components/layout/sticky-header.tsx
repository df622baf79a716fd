import { useEffect, useRef, type ComponentProps } from 'react';
import { cn } from '../../lib/utils.ts';

/**
 * A header that stays at the top while the page scrolls. Its height is the page's scroll padding
 * (--header-height, styles.css), so what is scrolled to or focused (Shift+Tab going up) is never
 * hidden under it, however many rows it wraps to.
 */
export function StickyHeader({ className, ...props }: ComponentProps<'header'>) {
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--header-height', `${Math.ceil(element.getBoundingClientRect().height)}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-height');
    };
  }, []);
  return <header ref={header} className={cn('sticky top-0 z-30 border-b border-border/70 backdrop-blur', className)} {...props} />;
}
