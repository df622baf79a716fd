import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from './ui/button.tsx';
import { apiRequest, errorMessage } from '../lib/api.ts';
import { notify } from '../lib/toast.ts';
import { translatedMessage } from '../i18n/api-messages.ts';
import { DECISION_MESSAGES } from '../../shared/schemas/decisions.ts';

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
      <textarea
        id={textId}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={3}
        className="rounded-md border border-border bg-surface-2 p-2 text-sm"
      />
      {failure ? (
        <p role="alert" className="text-xs text-danger">
          {failure}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={send.isPending}>
          <Trans>Send appeal</Trans>
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
