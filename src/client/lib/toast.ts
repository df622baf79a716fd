/**
 * Toasts with a title and a message, as spec §8 lists them. Only one is ever
 * visible (spec §9): a new toast replaces the one on screen.
 */
import { toast as sonner } from 'sonner';

function show(kind: 'success' | 'error', title: string, description?: string): void {
  sonner.dismiss();
  const options = description ? { description } : {};
  if (kind === 'error') sonner.error(title, options);
  else sonner.success(title, options);
}

export const notify = {
  success: (title: string, description?: string) => show('success', title, description),
  /** The spec's "destructive" toasts. */
  error: (title: string, description?: string) => show('error', title, description),
};
