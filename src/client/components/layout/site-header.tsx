import { Link } from 'wouter';
import { Trophy } from 'lucide-react';
import { buttonVariants } from '../ui/button.tsx';
import { cn } from '../../lib/utils.ts';
import { Logo } from './logo.tsx';

/** The public pages' sticky header (spec §2 landing). */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-border/70 bg-background/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
        <Logo />
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
          <Link href="/leaderboard" className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'px-2 sm:px-3')}>
            <Trophy aria-hidden="true" className="hidden sm:block" />
            Leaderboard
          </Link>
          <Link href="/auth" className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'px-2 sm:px-3')}>
            Login
          </Link>
          <Link href="/apply" className={cn(buttonVariants({ size: 'sm' }), 'px-2 sm:px-3')}>
            Apply
          </Link>
        </nav>
      </div>
    </header>
  );
}
