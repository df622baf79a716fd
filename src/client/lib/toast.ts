/**
 * Toasts with a title and a message, as spec §8 lists them. Only one is ever
 * visible (spec §9): a new toast replaces the one on screen.
 *
 * sonner is loaded after the first page is shown, with its outlet (components/ui/toaster.tsx): a
 * toast asked for before the outlet is there waits for it, in order, and is then shown.
 */
import { createElement, type ReactNode } from 'react';

type Kind = 'success' | 'error';

interface ToastOptions {
  /**
   * Shown but not read out: the page already says it in its own alert (a refused sign-in's message
   * under the form), and a screen reader should hear it once (the toast region is a live region).
   */
  silent?: boolean;
}
const FLASH_KEY = 'ambassador.flash-toast';

let outletReady: () => void = () => undefined;
const outlet = new Promise<void>((resolve) => {
  outletReady = resolve;
});

/** Called by the Toaster once it listens: the toasts waiting for it are shown. */
export function toasterMounted(): void {
  outletReady();
}

/** Text a screen reader skips (it is said elsewhere on the page). */
function unspoken(text: string): ReactNode {
  return createElement('span', { 'aria-hidden': 'true' }, text);
}

function show(kind: Kind, title: string, description?: string, { silent = false }: ToastOptions = {}): void {
  // An API message (a refusal, a failure) is shown in the page's language (i18n/api-messages.ts), loaded with the toasts.
  void Promise.all([import('sonner'), import('../i18n/api-messages.ts'), outlet]).then(([{ toast }, { translatedMessage }]) => {
    toast.dismiss();
    if (description) description = translatedMessage(description);
    const heading = silent ? unspoken(title) : title;
    const options = description ? { description: silent ? unspoken(description) : description } : {};
    if (kind === 'error') toast.error(heading, options);
    else toast.success(heading, options);
  });
}

export const notify = {
  success: (title: string, description?: string) => show('success', title, description),
  /** The spec's "destructive" toasts. */
  error: (title: string, description?: string, options?: ToastOptions) => show('error', title, description, options),
  /** A toast for the next page when this one is about to be replaced by a full page load. */
  afterReload: (kind: Kind, title: string, description?: string) => {
    try {
      window.sessionStorage.setItem(FLASH_KEY, JSON.stringify({ kind, title, description }));
    } catch {
      // Storage refused (private mode): the toast is only lost.
    }
  },
};

function takeFlash(): string | null {
  try {
    const raw = window.sessionStorage.getItem(FLASH_KEY);
    window.sessionStorage.removeItem(FLASH_KEY);
    return raw;
  } catch {
    return null;
  }
}

/** Shows the toast left by notify.afterReload, once. */
export function showPendingToast(): void {
  const raw = takeFlash();
  if (!raw) return;
  try {
    const flash = JSON.parse(raw) as { kind?: unknown; title?: unknown; description?: unknown };
    if (typeof flash.title !== 'string') return;
    show(flash.kind === 'error' ? 'error' : 'success', flash.title, typeof flash.description === 'string' ? flash.description : undefined);
  } catch {
    // A malformed entry is dropped.
  }
}
