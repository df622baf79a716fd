import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/utils.ts';

export function Card({ className, ...props }: ComponentProps<'section'>) {
  return <section className={cn('rounded-2xl border border-border bg-surface shadow-lg shadow-black/20', className)} {...props} />;
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 p-5 sm:p-6', className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 className={cn('text-lg font-bold leading-tight tracking-tight', className)} {...props} />;
}

/** A card's header: its title with a gold icon before it, and what the card is for (the sections of the dashboard, wallet, profile and super admin). */
export function IconCardHeader({ icon: Icon, title, description }: { icon: LucideIcon; title: ReactNode; description?: ReactNode }) {
  return (
    <CardHeader>
      <CardTitle className="inline-flex items-center gap-2">
        <Icon className="size-5 text-gold" aria-hidden="true" /> {title}
      </CardTitle>
      {description ? <CardDescription>{description}</CardDescription> : null}
    </CardHeader>
  );
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-muted', className)} {...props} />;
}

/** A figure card's label: a small icon and a muted word above the figure (the dashboard's badge and reports, the wallet's badge). */
export function IconCardLabel({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <CardDescription className="inline-flex items-center gap-2">
      <Icon className="size-4" aria-hidden="true" /> {children}
    </CardDescription>
  );
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('px-5 pb-5 sm:px-6 sm:pb-6', className)} {...props} />;
}
