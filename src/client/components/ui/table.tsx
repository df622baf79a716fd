import { useEffect, useRef, useState, type ComponentProps, type RefObject } from 'react';
import { cn } from '../../lib/utils.ts';

/** Whether the element's content is wider than the element (it scrolls sideways), kept up to date. */
function useScrollsSideways(element: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = element.current;
    if (!box) return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [element]);
  return scrolls;
}

/**
 * A table that scrolls sideways on a narrow screen instead of squeezing its columns. When it does
 * scroll, its box is a named region in the Tab order, so the keyboard can scroll it too.
 */
export function Table({ className, 'aria-label': label, ...props }: ComponentProps<'table'>) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(box);
  return (
    <div
      ref={box}
      className="relative w-full overflow-x-auto rounded-lg focus-visible:outline-offset-0"
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label ?? 'Table' } : {})}
    >
      <table aria-label={label} className={cn('w-full min-w-max caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export function THead({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('border-b border-border text-left text-xs uppercase tracking-wide text-muted', className)} {...props} />;
}

export function TBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('divide-y divide-border/60', className)} {...props} />;
}

export function TR({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('transition-colors hover:bg-surface-2/60', className)} {...props} />;
}

export function TH({ className, ...props }: ComponentProps<'th'>) {
  return <th scope="col" className={cn('px-3 py-3 font-semibold', className)} {...props} />;
}

export function TD({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-3 align-middle', className)} {...props} />;
}
