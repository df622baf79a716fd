import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { ClipboardList, FileText, LayoutDashboard, ListChecks, LogOut, Share2, UserRound, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useAuth } from '../../app/auth.tsx';
import { LanguageMenu } from '../../i18n/language-menu.tsx';
import { cn } from '../../lib/utils.ts';
import { NotificationBell } from '../notification-bell.tsx';
import { Button } from '../ui/button.tsx';
import { Logo } from './logo.tsx';
import { SkipLink } from './skip-link.tsx';
import { StickyHeader } from './sticky-header.tsx';

const NAV = [
  { href: '/dashboard', label: msg`Dashboard`, icon: LayoutDashboard },
  { href: '/wallet', label: msg`Wallet`, icon: Wallet },
  { href: '/profile', label: msg`Profile`, icon: UserRound },
  { href: '/submit-report', label: msg`Submit Report`, icon: FileText },
  { href: '/reports', label: msg`My Reports`, icon: ClipboardList },
  { href: '/tasks', label: msg`Tasks`, icon: ListChecks },
  { href: '/referrals', label: msg`Referrals`, icon: Share2 },
] as const;

/** The wallet page names the report link 'Report' (spec §2 wallet). */
const SHORT_REPORT_LABEL: MessageDescriptor = msg`Report`;

/** The ambassador pages' header: nav row, the notification bell and logout (spec §2 dashboard, wallet, profile). */
export function MemberLayout({ children, shortReportLabel = false }: { children: ReactNode; shortReportLabel?: boolean }) {
  const [location] = useLocation();
  const { logoutMutation } = useAuth();
  const { _ } = useLingui();
  const labelOf = (item: (typeof NAV)[number]) => _(item.href === '/submit-report' && shortReportLabel ? SHORT_REPORT_LABEL : item.label);
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <StickyHeader className="bg-background/90">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
          <Logo />
          <nav aria-label={_(msg`Ambassador`)} className="hidden items-center gap-0.5 xl:flex">
            {NAV.map((item) => (
              <NavLink key={item.href} href={item.href} active={location === item.href} label={labelOf(item)} icon={<item.icon aria-hidden="true" />} />
            ))}
          </nav>
          <div className="flex items-center gap-2">
            <LanguageMenu />
            <NotificationBell />
            <Button variant="outline" size="sm" onClick={() => logoutMutation.mutate()} loading={logoutMutation.isPending}>
              <LogOut aria-hidden="true" />
              <Trans>Logout</Trans>
            </Button>
          </div>
        </div>
        <nav aria-label={_(msg`Ambassador (compact)`)} className="grid grid-cols-4 gap-1 border-t border-border/60 px-2 py-1.5 sm:grid-cols-7 xl:hidden">
          {NAV.map((item) => (
            <NavLink key={item.href} href={item.href} active={location === item.href} label={labelOf(item)} icon={<item.icon aria-hidden="true" />} compact />
          ))}
        </nav>
      </StickyHeader>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-8">
        {children}
      </main>
    </div>
  );
}

function NavLink({ href, label, icon, active, compact }: { href: string; label: string; icon: ReactNode; active: boolean; compact?: boolean }) {
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-muted transition-colors hover:bg-surface-2 hover:text-foreground [&_svg]:size-4',
        // Seven pages fit in one row beside the logo and the account's buttons from xl up without their icons (back from 2xl).
        compact ? 'flex-col gap-0.5 px-1 py-1.5 text-center text-[11px] leading-tight' : 'whitespace-nowrap px-2.5 [&_svg]:hidden 2xl:[&_svg]:block',
        active && 'bg-surface-2 text-gold',
      )}
    >
      {icon}
      {label}
    </Link>
  );
}
