import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils.ts';

// On a phone a long badge wraps rather than pushing the page wider than the screen.
export const badgeVariants = cva(
  'inline-flex max-w-full items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-normal sm:whitespace-nowrap',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-gold text-gold-foreground',
        secondary: 'border-border bg-surface-3 text-foreground',
        success: 'border-pitch/40 bg-pitch/15 text-pitch-light',
        warning: 'border-gold/40 bg-gold/10 text-gold',
        destructive: 'border-danger/40 bg-danger/10 text-danger',
        outline: 'border-border text-muted',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
