import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';

/** Spec §8 admin failures: title 'Error', the spec's text, then the server's reason when it gave one. */
export function adminError(fallback: string) {
  return (error: unknown) => {
    const reason = error instanceof ApiError && error.status < 500 ? error.serverMessage : null;
    notify.error('Error', reason && reason !== fallback ? `${fallback}: ${reason}` : fallback);
  };
}
