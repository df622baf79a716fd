import { zodResolver } from '@hookform/resolvers/zod';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { ZSettingsInput, type TSettings, type TSettingsInput } from '../../../../shared/schemas/settings.ts';
import { useSettings } from '../../../api/settings.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, IconCardHeader } from '../../../components/ui/card.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';
import { useUpdateSettings } from '../api/update-settings.ts';

interface SettingsFormCardProps {
  icon: LucideIcon;
  title: ReactNode;
  description: ReactNode;
  /** The form's accessible name: the title as text. */
  label: string;
  /** What could not be loaded, when the settings cannot be read. */
  loadFailure: string;
  /** The part of the settings this card edits, as the form's values. */
  pick: (settings: TSettings) => TSettingsInput;
  /** The toast's title and text once saved. */
  saved: readonly [title: string, text: string];
  /** The toast's title when saving fails. */
  saveFailed: string;
  /** The save button's text. */
  submit: ReactNode;
  /** Beside the save button (the two then sit in a row); undefined: the button alone. */
  note?: ReactNode;
  /** The fields, named by their path in the settings. */
  children: ReactNode;
}

/**
 * One card of the super admin's settings (prizes, service levels, the referral rule): a form over a
 * part of them, loaded from GET /api/settings and saved through the one settings update.
 */
export function SettingsFormCard({ icon, title, description, label, loadFailure, pick, saved, saveFailed, submit, note, children }: SettingsFormCardProps) {
  const settings = useSettings();
  const update = useUpdateSettings();
  const form = useForm({
    resolver: zodResolver(ZSettingsInput),
    values: settings.data ? pick(settings.data) : undefined,
    // The settings are read again when anyone changes them (DECISIONS §6): a field being edited here keeps what was typed.
    resetOptions: { keepDirtyValues: true },
  });
  return (
    <Card>
      <IconCardHeader icon={icon} title={title} description={description} />
      <CardContent>
        <QueryState query={settings} failure={loadFailure} loading={<Spinner />} compact>
          {() => (
            <Form
              form={form}
              aria-label={label}
              className="flex flex-col gap-4"
              onSubmit={(values) =>
                update.mutate(values, {
                  onSuccess: () => notify.success(...saved),
                  onError: (error) => notify.error(saveFailed, errorMessage(error)),
                })
              }
            >
              {children}
              <div className={note === undefined ? undefined : 'flex flex-wrap items-center gap-3'}>
                <Button type="submit" loading={update.isPending}>
                  {submit}
                </Button>
                {note}
              </div>
            </Form>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
