import { Suspense } from 'react';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { lazyNamed } from './lazy.ts';
import { isSuperAdminLoginPage } from './page-mode.ts';
import { Providers } from './providers.tsx';
import { AppRouter } from './router.tsx';

const SuperAdminLoginPage = lazyNamed(() => import('../features/auth/pages/super-admin-login-page.tsx'), 'SuperAdminLoginPage');

export function App() {
  const superAdminLogin = isSuperAdminLoginPage();
  return (
    <Providers>
      {superAdminLogin ? (
        <Suspense fallback={<FullPageSpinner />}>
          <SuperAdminLoginPage />
        </Suspense>
      ) : (
        <AppRouter />
      )}
    </Providers>
  );
}
