import { msg } from '@lingui/core/macro';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { showServerErrors } from '../../../components/ui/form.tsx';
import { i18n } from '../../../i18n/i18n.ts';
import { ApiError, troubleMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';

/** Spec §8 admin failures: title 'Error', the spec's text, then the server's reason when it gave one. */
export function adminError(fallback: string) {
  return (error: unknown) => {
    const reason = troubleMessage(error) ?? (error instanceof ApiError ? error.text : null);
    notify.error(i18n._(msg`Error`), reason && reason !== fallback ? `${fallback}: ${reason}` : fallback);
  };
}

/** An admin form refused: the server's messages under their fields, and the admin failure toast. */
export function adminFormError<TValues extends FieldValues, TContext, TOutput>(form: UseFormReturn<TValues, TContext, TOutput>, fallback: string) {
  return (error: unknown) => {
    showServerErrors(form, error);
    adminError(fallback)(error);
  };
}

/**
 * What an admin action does when it is answered (spec §7, §8): a success toast and then `then`
 * (closing its dialog, say), or the admin failure toast.
 */
export function adminOutcome(success: { title: string; text?: string }, failure: string, then?: () => void) {
  return {
    onSuccess: () => {
      notify.success(success.title, success.text);
      then?.();
    },
    onError: adminError(failure),
  };
}

/**
 * What a form that makes something (an API key, a webhook endpoint) does when answered: emptied to
 * `empty` and the thing made handed to `then`, or the server's messages under their fields and the
 * admin failure toast.
 */
export function createdOrRefused<TValues extends FieldValues, TContext, TOutput, TCreated>(
  form: UseFormReturn<TValues, TContext, TOutput>,
  empty: TValues,
  then: (created: TCreated) => void,
  failure: string,
) {
  return {
    onSuccess: (created: TCreated) => {
      // With its values: a reset without them resets the native form too, which unticks each checkbox through its onCheckedChange (and validates).
      form.reset(empty);
      then(created);
    },
    onError: adminFormError(form, failure),
  };
}
