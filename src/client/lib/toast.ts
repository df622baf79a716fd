/**
 * Toasts with a title and a message, as spec §8 lists them. Only one is ever
 * visible (spec §9): a new toast replaces the one on screen.
 */
import { toast as sonner } from 'sonner';

type Kind = 'success' | 'error';
const FLASH_KEY = 'ambassador.flash-toast';

function show(kind: Kind, title: string, description?: string): void {
  sonner.dismiss();
  const options = description ? { description } : {};
  if (kind === 'error') sonner.error(title, options);
  else sonner.success(title, options);
}

export const notify = {
  success: (title: string, description?: string) => show('success', title, description),
  /** The spec's "destructive" toasts. */
  error: (title: string, description?: string) => show('error', title, description),
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
