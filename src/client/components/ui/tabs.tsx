import { Tabs as RadixTabs } from 'radix-ui';
import { useEffect, useRef, type ComponentProps } from 'react';
import { cn } from '../../lib/utils.ts';

export const Tabs = RadixTabs.Root;

/** Room left beside a tab scrolled into view, so the next one shows there is more. */
const PEEK_PX = 24;

/** Scrolls the list sideways (never the page) until its selected tab is wholly in view. */
function revealSelected(list: HTMLElement): void {
  const tab = list.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
  if (!tab || list.scrollWidth <= list.clientWidth) return;
  const box = list.getBoundingClientRect();
  const rect = tab.getBoundingClientRect();
  if (rect.left < box.left) list.scrollLeft -= box.left - rect.left + PEEK_PX;
  else if (rect.right > box.right) list.scrollLeft += rect.right - box.right + PEEK_PX;
}

/**
 * The tab bar. On a narrow screen it scrolls sideways: the selected tab is kept in view whenever it
 * changes (a tap on a half-hidden tab, the arrow keys), so the bar never hides which one is open.
 */
export function TabsList({ className, ref, ...props }: ComponentProps<typeof RadixTabs.List>) {
  const list = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    revealSelected(element);
    const observer = new MutationObserver(() => revealSelected(element));
    observer.observe(element, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
    return () => observer.disconnect();
  }, []);
  return (
    <RadixTabs.List
      ref={(node) => {
        list.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      className={cn('flex w-full gap-1 overflow-x-auto rounded-xl border border-border bg-surface p-1', className)}
      {...props}
    />
  );
}

/**
 * A tab. `relative`, so what it holds that is positioned (a count's screen-reader text) stays inside the
 * bar's scroll area: otherwise a tab scrolled out of view widens the page at 320 px.
 */
export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        'relative inline-flex shrink-0 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-muted transition-colors hover:text-foreground data-[state=active]:bg-gold data-[state=active]:text-gold-foreground cursor-pointer',
        className,
      )}
      {...props}
    />
  );
}

/** The panel takes the focus after its tab (Tab from the tab list): a ring shows it has it. */
export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return (
    <RadixTabs.Content
      className={cn('mt-4 rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-gold', className)}
      {...props}
    />
  );
}
