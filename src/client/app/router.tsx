import { Suspense, useEffect, useRef } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { lazyNamed } from './lazy.ts';
import { Protected } from './protected-route.tsx';

// Each route is its own chunk: the landing page never downloads the admin console.
const LandingPage = lazyNamed(() => import('../features/landing/pages/landing-page.tsx'), 'LandingPage');
const ApplyPage = lazyNamed(() => import('../features/applications/pages/apply-page.tsx'), 'ApplyPage');
const LeaderboardPage = lazyNamed(() => import('../features/leaderboard/pages/leaderboard-page.tsx'), 'LeaderboardPage');
const LoginPage = lazyNamed(() => import('../features/auth/pages/login-page.tsx'), 'LoginPage');
const SetupPasswordPage = lazyNamed(() => import('../features/auth/pages/setup-password-page.tsx'), 'SetupPasswordPage');
const AdminPage = lazyNamed(() => import('../features/admin/pages/admin-page.tsx'), 'AdminPage');
const DashboardPage = lazyNamed(() => import('../features/dashboard/pages/dashboard-page.tsx'), 'DashboardPage');
const WalletPage = lazyNamed(() => import('../features/wallet/pages/wallet-page.tsx'), 'WalletPage');
const SubmitReportPage = lazyNamed(() => import('../features/reports/pages/submit-report-page.tsx'), 'SubmitReportPage');
const ProfilePage = lazyNamed(() => import('../features/profile/pages/profile-page.tsx'), 'ProfilePage');
const NotFoundPage = lazyNamed(() => import('../features/not-found/pages/not-found-page.tsx'), 'NotFoundPage');

/** main.tsx loads the landing page before it hydrates the prerendered one. */
export const preloadLandingPage = LandingPage.preload;

/** A new page starts at the top. Not on the first render: the browser placed the page it loaded. */
function ScrollToTop() {
  const [location] = useLocation();
  const shown = useRef(location);
  useEffect(() => {
    if (shown.current === location) return;
    shown.current = location;
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

export function AppRouter() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <ScrollToTop />
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/apply" component={ApplyPage} />
        <Route path="/leaderboard" component={LeaderboardPage} />
        <Route path="/auth" component={LoginPage} />
        <Route path="/setup-password/:token" component={SetupPasswordPage} />
        <Route path="/admin">
          <Protected>
            <AdminPage />
          </Protected>
        </Route>
        <Route path="/dashboard">
          <Protected whenSignedOut="relogin">
            <DashboardPage />
          </Protected>
        </Route>
        <Route path="/wallet">
          <Protected>
            <WalletPage />
          </Protected>
        </Route>
        <Route path="/submit-report">
          <Protected>
            <SubmitReportPage />
          </Protected>
        </Route>
        <Route path="/profile">
          <Protected>
            <ProfilePage />
          </Protected>
        </Route>
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
