import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { PAGES, PAGE_NAMES, type PageName } from '../../shared/pages.ts';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { focusPageHeadingWhenShown, useDocumentTitle } from '../lib/page-focus.ts';
import { lazyNamed } from './lazy.ts';
import { Protected } from './protected-route.tsx';

// Each route is its own chunk: the landing page never downloads the admin console.
const LandingPage = lazyNamed(() => import('../features/landing/pages/landing-page.tsx'), 'LandingPage', null);
const ApplyPage = lazyNamed(() => import('../features/applications/pages/apply-page.tsx'), 'ApplyPage');
const LeaderboardPage = lazyNamed(() => import('../features/leaderboard/pages/leaderboard-page.tsx'), 'LeaderboardPage');
const HallOfFamePage = lazyNamed(() => import('../features/seasons/pages/hall-of-fame-page.tsx'), 'HallOfFamePage');
const TransparencyPage = lazyNamed(() => import('../features/transparency/pages/transparency-page.tsx'), 'TransparencyPage');
const RulesPage = lazyNamed(() => import('../features/rules/pages/rules-page.tsx'), 'RulesPage');
const LoginPage = lazyNamed(() => import('../features/auth/pages/login-page.tsx'), 'LoginPage');
const SetupPasswordPage = lazyNamed(() => import('../features/auth/pages/setup-password-page.tsx'), 'SetupPasswordPage');
const ForgotPasswordPage = lazyNamed(() => import('../features/auth/pages/forgot-password-page.tsx'), 'ForgotPasswordPage');
const AdminPage = lazyNamed(() => import('../features/admin/pages/admin-page.tsx'), 'AdminPage');
const DashboardPage = lazyNamed(() => import('../features/dashboard/pages/dashboard-page.tsx'), 'DashboardPage');
const WalletPage = lazyNamed(() => import('../features/wallet/pages/wallet-page.tsx'), 'WalletPage');
const SubmitReportPage = lazyNamed(() => import('../features/reports/pages/submit-report-page.tsx'), 'SubmitReportPage');
const MyReportsPage = lazyNamed(() => import('../features/reports/pages/my-reports-page.tsx'), 'MyReportsPage');
const ReferralsPage = lazyNamed(() => import('../features/referrals/pages/referrals-page.tsx'), 'ReferralsPage');
const TasksPage = lazyNamed(() => import('../features/tasks/pages/tasks-page.tsx'), 'TasksPage');
const ProfilePage = lazyNamed(() => import('../features/profile/pages/profile-page.tsx'), 'ProfilePage');
const UnsubscribePage = lazyNamed(() => import('../features/unsubscribe/pages/unsubscribe-page.tsx'), 'UnsubscribePage');
const NotFoundPage = lazyNamed(() => import('../features/not-found/pages/not-found-page.tsx'), 'NotFoundPage');

/** main.tsx loads the landing page before it hydrates the prerendered one. */
export const preloadLandingPage = LandingPage.preload;

/**
 * A new page starts at the top, and its heading takes the keyboard focus (a screen reader reads
 * it, and Tab goes on from there). Not on the first render: the browser placed the page it loaded.
 */
function PageChange() {
  const [location] = useLocation();
  const shown = useRef(location);
  useEffect(() => {
    if (shown.current === location) return;
    shown.current = location;
    window.scrollTo(0, 0);
    return focusPageHeadingWhenShown();
  }, [location]);
  return null;
}

/**
 * Each page's title (the document's title names the page: the tab, the history, a screen reader); null:
 * the programme's name alone; 'own': the page names itself (what it is depends on what it shows).
 */
const PAGE_TITLES: Record<PageName, MessageDescriptor | null | 'own'> = {
  landing: null,
  apply: msg`Apply`,
  leaderboard: msg`Leaderboard`,
  hallOfFame: msg`Hall of Fame`,
  transparency: msg`Transparency`,
  rules: msg`Programme Rules`,
  auth: msg`Login`,
  // 'Create Your Password', or 'Reset Your Password' when its link is a reset's.
  setupPassword: 'own',
  forgotPassword: msg`Forgot Password`,
  admin: msg`Admin Console`,
  dashboard: msg`Dashboard`,
  wallet: msg`Wallet`,
  submitReport: msg`Submit Weekly Report`,
  reports: msg`My Reports`,
  referrals: msg`Referrals`,
  tasks: msg`Tasks`,
  profile: msg`Profile`,
  unsubscribe: msg`Unsubscribe`,
};

const NOT_FOUND_TITLE = msg`Page Not Found`;

function Titled({ title, children }: { title: MessageDescriptor | null | 'own'; children: ReactNode }) {
  const { i18n } = useLingui();
  useDocumentTitle(title === 'own' ? undefined : title ? i18n._(title) : null);
  return <>{children}</>;
}

/**
 * What each page of the shared list shows. A Record over the list's names: a page missing here,
 * or here but not in the list, does not compile, so the server's list of pages is the router's.
 */
const PAGE_CONTENT: Record<PageName, ReactNode> = {
  landing: <LandingPage />,
  apply: <ApplyPage />,
  leaderboard: <LeaderboardPage />,
  hallOfFame: <HallOfFamePage />,
  transparency: <TransparencyPage />,
  rules: <RulesPage />,
  auth: <LoginPage />,
  setupPassword: <SetupPasswordPage />,
  forgotPassword: <ForgotPasswordPage />,
  admin: (
    <Protected>
      <AdminPage />
    </Protected>
  ),
  dashboard: (
    <Protected whenSignedOut="relogin">
      <DashboardPage />
    </Protected>
  ),
  wallet: (
    <Protected>
      <WalletPage />
    </Protected>
  ),
  submitReport: (
    <Protected>
      <SubmitReportPage />
    </Protected>
  ),
  reports: (
    <Protected>
      <MyReportsPage />
    </Protected>
  ),
  profile: (
    <Protected>
      <ProfilePage />
    </Protected>
  ),
  referrals: (
    <Protected>
      <ReferralsPage />
    </Protected>
  ),
  tasks: (
    <Protected>
      <TasksPage />
    </Protected>
  ),
  unsubscribe: <UnsubscribePage />,
};

export function AppRouter() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <PageChange />
      <Switch>
        {PAGE_NAMES.map((name) => (
          <Route key={name} path={PAGES[name]}>
            <Titled title={PAGE_TITLES[name]}>{PAGE_CONTENT[name]}</Titled>
          </Route>
        ))}
        <Route>
          <Titled title={NOT_FOUND_TITLE}>
            <NotFoundPage />
          </Titled>
        </Route>
      </Switch>
    </Suspense>
  );
}
