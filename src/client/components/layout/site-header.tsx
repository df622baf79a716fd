import { Link } from 'wouter';
import { LayoutDashboard, LogOut, Trophy } from 'lucide-react';
import { useAuth } from '../../app/auth.tsx';
import { Button, buttonVariants } from '../ui/button.tsx';
import { cn } from '../../lib/utils.ts';
import { Logo } from './logo.tsx';
import { StickyHeader } from './sticky-header.tsx';

const compact = 'px-2 sm:px-3';

/**
 * The public pages' sticky header (spec §2 landing). Visitors get the spec's Login and Apply; a
 * signed-in person gets their way back in (Dashboard, or Console for admins) and Logout instead.
 */
export function SiteHeader() {
  const { user, logoutMutation } = useAuth();
  return (
    <StickyHeader className="bg-background/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
        <Logo />
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
          <Link href="/leaderboard" className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), compact)}>
            <Trophy aria-hidden="true" className="hidden sm:block" />
            Leaderboard
          </Link>
          {user ? (
            <>
              <Link href={user.isAdmin ? '/admin' : '/dashboard'} className={cn(buttonVariants({ size: 'sm' }), compact)}>
                <LayoutDashboard aria-hidden="true" className="hidden sm:block" />
                {user.isAdmin ? 'Console' : 'Dashboard'}
              </Link>
              <Button variant="outline" size="sm" className={compact} onClick={() => logoutMutation.mutate()} loading={logoutMutation.isPending}>
                <LogOut aria-hidden="true" className="hidden sm:block" />
                Logout
              </Button>
            </>
          ) : (
            <>
              <Link href="/auth" className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), compact)}>
                Login
              </Link>
              <Link href="/apply" className={cn(buttonVariants({ size: 'sm' }), compact)}>
                Apply
              </Link>
            </>
          )}
        </nav>
      </div>
    </StickyHeader>
  );
}
