import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { UNAUTHORIZED_REDIRECT_MS } from '../../shared/limits.ts';
import { QueryError } from '../components/query-state.tsx';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { hasSessionHint, superAdminSignInPage } from '../lib/session-hint.ts';
import { notify } from '../lib/toast.ts';
import { useAuth } from './auth.tsx';

interface ProtectedProps {
  children: ReactNode;
  /**
   * 'redirect': an anonymous visitor is sent to /auth (spec §2 route guard).
   * 'relogin': the dashboard's way (spec §2, §8): a destructive toast, then after
   * 500 ms a full page load of /api/login, which the server redirects to /auth.
   */
  whenSignedOut?: 'redirect' | 'relogin';
}

export function Protected({ children, whenSignedOut = 'redirect' }: ProtectedProps) {
  const { user, isLoading, error, askServer } = useAuth();
  const { t } = useLingui();
  const [retrying, setRetrying] = useState(false);
  // Without the session hint nobody asked the server yet: the hint is not authority, so ask once.
  const [asked, setAsked] = useState(hasSessionHint);
  const mustAsk = !isLoading && !user && !asked;
  useEffect(() => {
    if (!mustAsk) return;
    let live = true;
    void askServer().finally(() => {
      if (live) setAsked(true);
    });
    return () => {
      live = false;
    };
  }, [mustAsk, askServer]);
  if (isLoading || mustAsk) return <FullPageSpinner label={t`Loading...`} />;
  // Who is signed in could not be read (the network, the server): that is not 'signed out'.
  if (!user && error)
    return (
      <main id="main" className="flex min-h-[60vh] items-center px-4 py-10">
        <QueryError
          page
          title={t`This page could not be loaded.`}
          error={error}
          retrying={retrying}
          onRetry={() => {
            setRetrying(true);
            void askServer().finally(() => setRetrying(false));
          }}
        />
      </main>
    );
  if (!user) {
    if (whenSignedOut === 'relogin') return <Relogin />;
    const superAdminPage = superAdminSignInPage();
    // The server serves that page only on a full load (this client does not route it).
    return superAdminPage ? <FullLoad to={superAdminPage} /> : <Redirect to={signInPath()} replace />;
  }
  return <>{children}</>;
}

/** /auth, with the page to come back to after signing in (see safeNextPath). */
function signInPath(): string {
  const here = `${window.location.pathname}${window.location.search}`;
  return here === '/' ? '/auth' : `/auth?next=${encodeURIComponent(here)}`;
}

/**
 * A super admin whose session ended goes back to the super admin login page, where this browser
 * last signed in (issue 40): the ambassador sign-in would refuse them.
 */
function FullLoad({ to }: { to: string }) {
  const { t } = useLingui();
  useEffect(() => window.location.replace(to), [to]);
  return <FullPageSpinner label={t`Loading...`} />;
}

function Relogin() {
  const { t } = useLingui();
  const fired = useRef(false);
  useEffect(() => {
    if (!fired.current) {
      fired.current = true;
      notify.error(t`Unauthorized`, t`You are logged out. Logging in again...`);
    }
    const timer = window.setTimeout(() => {
      window.location.href = '/api/login';
    }, UNAUTHORIZED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return <FullPageSpinner label={t`Loading dashboard...`} />;
}
