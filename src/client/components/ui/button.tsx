import { cva, type VariantProps } from 'class-variance-authority';
import { Loader2 } from 'lucide-react';
import type { ComponentProps, MouseEvent } from 'react';
import { cn } from '../../lib/utils.ts';

/**
 * A label stays on one line from the small breakpoint up; on a phone a long one wraps (and the
 * button grows taller, hence min-heights), so no button is wider than a 320 px screen.
 */
export const buttonVariants = cva(
  'inline-flex max-w-full items-center justify-center gap-2 text-center whitespace-normal sm:whitespace-nowrap rounded-lg text-sm font-semibold transition-colors disabled:pointer-events-none disabled:opacity-50 [&[aria-disabled=true]:not([aria-busy=true])]:cursor-not-allowed [&[aria-disabled=true]:not([aria-busy=true])]:opacity-50 aria-busy:cursor-progress aria-busy:opacity-80 aria-busy:[&>svg:not(.animate-spin)]:hidden [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer',
  {
    variants: {
      variant: {
        default: 'bg-gold text-gold-foreground hover:bg-gold-strong shadow-sm shadow-gold/20',
        secondary: 'bg-surface-3 text-foreground hover:bg-surface-3/80 border border-border',
        outline: 'border border-border bg-transparent text-foreground hover:bg-surface-2',
        ghost: 'text-foreground hover:bg-surface-2',
        destructive: 'bg-danger-strong text-white hover:bg-danger-strong/90',
        success: 'bg-pitch-strong text-white hover:bg-pitch-strong/90',
        link: 'text-gold underline-offset-4 hover:underline px-0',
      },
      size: {
        default: 'min-h-10 px-4 py-2',
        sm: 'min-h-8 px-3 py-1 text-xs',
        lg: 'min-h-12 px-6 py-2 text-base',
        icon: 'h-10 w-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /**
     * The action is under way: a spinner takes the place of the button's icon and clicks are
     * ignored. The button stays focusable (aria-disabled and aria-busy, not `disabled`), so the
     * keyboard focus is not lost while the request runs.
     */
    loading?: boolean;
    /**
     * Unavailable, but still focusable (aria-disabled, clicks ignored), for a button that can
     * become unavailable while it has the focus: a pager's Next on the last page, the other
     * decision while one is being sent. A `disabled` button drops the focus to the page.
     */
    disabledFocusable?: boolean;
  };

export function Button({ className, variant, size, loading = false, disabledFocusable = false, type, onClick, children, ...props }: ButtonProps) {
  const inert = loading || disabledFocusable;
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    // Also stops a submit button's form from being sent again (Enter in a field clicks it too).
    if (inert) event.preventDefault();
    else onClick?.(event);
  };
  return (
    <button
      type={type ?? 'button'}
      className={cn(buttonVariants({ variant, size }), className)}
      aria-disabled={inert || undefined}
      aria-busy={loading || undefined}
      onClick={click}
      {...props}
    >
      {loading ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
