import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from './ui/button.tsx';
import { Textarea } from './ui/input.tsx';
import { apiRequest, errorMessage } from '../lib/api.ts';
import { notify } from '../lib/toast.ts';
import { translatedMessage } from '../i18n/api-messages.ts';
import { DECISION_MESSAGES } from '../../shared/schemas/messages.ts';

/** The owner's one appeal of a refusal (a referral, a manual task claim): `{text}` POSTed to `path`. */
export function AppealForm({ path, onDone }: { path: string; onDone: () => void }) {
  const { t } = useLingui();
  const textId = useId();
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: { text: string }) => apiRequest('POST', path, body),
    onSuccess: () => {
      notify.success(t`Appeal sent`, t`Another admin will decide it.`);
      onDone();
    },
    onError: (error) => setFailure(errorMessage(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setFailure(translatedMessage(DECISION_MESSAGES.appealFormText));
    send.mutate({ text });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" aria-label={t`Appeal this refusal`}>
      <label htmlFor={textId} className="text-xs font-medium">
        <Trans>Why should it change?</Trans>
      </label>
      <Textarea id={textId} value={text} onChange={(e) => setText(e.target.value)} rows={3} />
      {failure ? (
        <p role="alert" className="text-xs text-danger">
          {failure}
        </p>
      ) : null}
      <AppealActions pending={send.isPending} onCancel={onDone} />
    </form>
  );
}

/** The end of an appeal form (this one, and a report's or withdrawal's in decision-reason.tsx): Send appeal, busy while it is sent, then Cancel. */
export function AppealActions({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  return (
    <div className="flex gap-2">
      <Button type="submit" size="sm" loading={pending}>
        <Trans>Send appeal</Trans>
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </Button>
    </div>
  );
}
