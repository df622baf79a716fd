/**
 * The signed-in ambassador's own record (resources.ambassador): the dashboard, report, profile and
 * wallet pages all read it, so one PATCH refreshes every page at once.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { TAmbassadorSelfUpdate, TOwnAmbassador } from '../../shared/schemas/ambassadors.ts';
import { showServerErrors } from '../components/ui/form.tsx';
import { apiRequest, errorMessage } from '../lib/api.ts';
import { notify } from '../lib/toast.ts';
import { resources } from './resources.ts';

/** An account without an ambassador record is an error here: 404 (isAmbassadorMissing). */
export function useAmbassador(enabled = true) {
  return useQuery({ ...resources.ambassador(), enabled });
}

export function updateAmbassador(input: TAmbassadorSelfUpdate): Promise<TOwnAmbassador> {
  return apiRequest<TOwnAmbassador>('PATCH', '/api/ambassador', input);
}

/** PATCH /api/ambassador, then the record is read again (spec §7). */
export function useUpdateAmbassador() {
  return useMutation({ mutationFn: updateAmbassador });
}

/**
 * An editor of the ambassador's own record (profile and wallet pages): saves the changes, then
 * says so with the page's success toast and closes; a refusal puts the server's messages on the
 * form's fields, with the spec's 'Update Failed' toast.
 */
export function useAmbassadorEditor<TValues extends FieldValues, TContext, TOutput>(
  form: UseFormReturn<TValues, TContext, TOutput>,
  saved: { title: string; description: string; then: () => void; failed: string },
) {
  const update = useUpdateAmbassador();
  const save = (changes: TAmbassadorSelfUpdate) =>
    update.mutate(changes, {
      onSuccess: () => {
        saved.then();
        notify.success(saved.title, saved.description);
      },
      onError: (error) => {
        showServerErrors(form, error);
        notify.error(saved.failed, errorMessage(error));
      },
    });
  return { save, pending: update.isPending };
}
