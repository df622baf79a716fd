/**
 * The super admin login has a secret path (SUPER_ADMIN_LOGIN_PATH). The server
 * marks the page it serves there with <meta name="app-page" content="super-admin-login">;
 * the client never learns the path itself. Vite's dev server cannot set the
 * meta, so in development the default path /restricted stands in.
 */
export function isSuperAdminLoginPage(): boolean {
  // The build-time prerender of the landing page has no document.
  if (typeof document === 'undefined') return false;
  const meta = document.querySelector('meta[name="app-page"]');
  if (meta?.getAttribute('content') === 'super-admin-login') return true;
  return import.meta.env.DEV && window.location.pathname === '/restricted';
}
