import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { LayoutDashboard, LogOut, Trophy } from 'lucide-react';
import { useAuth } from '../../app/auth.tsx';
import { LanguageMenu } from '../../i18n/language-menu.tsx';
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
  const { t } = useLingui();
  return (
    <StickyHeader className="bg-background/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
        <Logo />
        <nav aria-label={t`Main`} className="flex items-center gap-1 sm:gap-2">
          <LanguageMenu className="px-1.5 sm:px-2" />
          <Link href="/leaderboard" className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), compact)}>
            {/* On a phone the trophy alone (the header also holds the language menu); the name is still read. */}
            <Trophy aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">
              <Trans>Leaderboard</Trans>
            </span>
          </Link>
          {user ? (
            <>
              <Link href={user.isAdmin ? '/admin' : '/dashboard'} className={cn(buttonVariants({ size: 'sm' }), compact)}>
                <LayoutDashboard aria-hidden="true" className="hidden sm:block" />
                {user.isAdmin ? <Trans>Console</Trans> : <Trans>Dashboard</Trans>}
              </Link>
              <Button variant="outline" size="sm" className={compact} onClick={() => logoutMutation.mutate()} loading={logoutMutation.isPending}>
                <LogOut aria-hidden="true" className="hidden sm:block" />
                <Trans>Logout</Trans>
              </Button>
            </>
          ) : (
            <>
              <Link href="/auth" className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), compact)}>
                <Trans>Login</Trans>
              </Link>
              <Link href="/apply" className={cn(buttonVariants({ size: 'sm' }), compact)}>
                <Trans>Apply</Trans>
              </Link>
            </>
          )}
        </nav>
      </div>
    </StickyHeader>
  );
}
