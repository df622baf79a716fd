/**
 * Every page of the client's router, by name. The router draws its routes from this list
 * (src/client/app/router.tsx) and the server answers 404 for a page path that matches none of
 * them (src/server/pages.ts), so a page cannot exist on one side only. The super admin login is
 * not here: its path is the server's secret (SUPER_ADMIN_LOGIN_PATH) and the server marks it.
 */
export const PAGES = {
  landing: '/',
  apply: '/apply',
  leaderboard: '/leaderboard',
  hallOfFame: '/hall-of-fame',
  transparency: '/transparency',
  rules: '/rules',
  auth: '/auth',
  setupPassword: '/setup-password/:token',
  forgotPassword: '/forgot-password',
  admin: '/admin',
  dashboard: '/dashboard',
  wallet: '/wallet',
  submitReport: '/submit-report',
  reports: '/reports',
  referrals: '/referrals',
  tasks: '/tasks',
  profile: '/profile',
  unsubscribe: '/unsubscribe',
} as const;
export type PageName = keyof typeof PAGES;

/** The router's order, which is the list's. */
export const PAGE_NAMES = Object.keys(PAGES) as PageName[];

/**
 * A page path as wouter reads it (its default parser, regexparam): `:name` is one non-empty
 * segment, a trailing slash is allowed, letters match in either case.
 */
export function pagePattern(path: string): RegExp {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '/([^/]+?)' : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  return new RegExp(`^${segments.join('')}/?$`, 'i');
}

const PATTERNS = PAGE_NAMES.map((name) => ({ name, pattern: pagePattern(PAGES[name]) }));

/** The pathname as wouter sees it: escapes decoded (decodeURI, so %2F stays), left as it is when they do not decode. */
function decodedPath(pathname: string): string {
  try {
    return pathname.includes('%') ? decodeURI(pathname) : pathname;
  } catch {
    return pathname;
  }
}

/** The page the router shows for a pathname (no query string), or null for its not-found page. */
export function matchPage(pathname: string): PageName | null {
  const path = decodedPath(pathname);
  return PATTERNS.find(({ pattern }) => pattern.test(path))?.name ?? null;
}

/** Pages that make no sense to return to after signing in. */
const NOT_AFTER_SIGN_IN: ReadonlySet<PageName> = new Set(['auth', 'setupPassword', 'forgotPassword']);

/**
 * Where to go after signing in, from a `next` parameter: only a path of this app (one of its
 * pages, with its query string), never another site (`//evil.example`, `https:`, `/\\evil`), an
 * API address or a sign-in page. Null when it is none of those.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || next.length > 512 || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(next, 'http://app.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://app.invalid') return null;
  const page = matchPage(url.pathname);
  if (!page || NOT_AFTER_SIGN_IN.has(page)) return null;
  return `${url.pathname}${url.search}`;
}
