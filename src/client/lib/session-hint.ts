/**
 * A hint, kept in localStorage, that this browser was signed in when it last
 * asked. Without it a public page does not ask GET /api/user, which answers a
 * signed-out visitor 401 and so puts an error in the browser's console.
 *
 * The hint is never authority: the session cookie is HttpOnly and the server
 * decides. It is set when a sign-in or /api/user succeeds, and cleared on
 * sign-out and on any 401 that says the session is gone. Pages that need a
 * user ask the server even without it (see Protected).
 */

const HINT_KEY = 'ambassador.signed-in';
const ENDED_KEY = 'ambassador.session-ended';
const SIGN_IN_PAGE_KEY = 'ambassador.sign-in-page';

/** Where the hints are kept: the browser tests that sign in through the API leave what the sign-in forms leave. */
export const SESSION_HINT_KEYS = { signedIn: HINT_KEY, ended: ENDED_KEY, signInPage: SIGN_IN_PAGE_KEY } as const;

/** True when the hint is there, or when storage cannot be read (then we ask, as before). */
export function hasSessionHint(): boolean {
  try {
    return window.localStorage.getItem(HINT_KEY) === '1';
  } catch {
    return true;
  }
}

export function rememberSignedIn(): void {
  try {
    window.localStorage.setItem(HINT_KEY, '1');
    window.sessionStorage.removeItem(ENDED_KEY);
  } catch {
    // Storage refused (private mode, quota): every page asks the server, as before.
  }
}

export function forgetSignedIn(): void {
  try {
    window.localStorage.removeItem(HINT_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/**
 * A 401 that says the session is gone. When this browser was signed in, the session ended
 * elsewhere (signed out, expired, password changed): the login page says so, once, even after
 * a full page load (sessionStorage).
 */
export function sessionGone(): void {
  try {
    if (window.localStorage.getItem(HINT_KEY) === '1') window.sessionStorage.setItem(ENDED_KEY, '1');
  } catch {
    // Storage refused: the login page simply does not say why.
  }
  forgetSignedIn();
}

/** Whether a session ended in this tab and nobody has signed in since (rememberSignedIn forgets it). */
export function sessionHasEnded(): boolean {
  try {
    return window.sessionStorage.getItem(ENDED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Where this browser last signed in: the super admin login page (its path, which the client is
 * never told but a browser that opened it knows) or, by default, /auth. A super admin whose session
 * ends is sent back there rather than to the ambassador sign-in, which refuses them (issue 40).
 */
export function rememberSignInPage(path: string | null): void {
  try {
    if (path) window.localStorage.setItem(SIGN_IN_PAGE_KEY, path);
    else window.localStorage.removeItem(SIGN_IN_PAGE_KEY);
  } catch {
    // Storage refused: /auth, as before.
  }
}

/** The super admin login page's path when that is where this browser last signed in; null for /auth. */
export function superAdminSignInPage(): string | null {
  try {
    const path = window.localStorage.getItem(SIGN_IN_PAGE_KEY);
    // Only a path of this site (never another site's address).
    return path && /^\/[^/\\]/.test(path) ? path : null;
  } catch {
    return null;
  }
}
