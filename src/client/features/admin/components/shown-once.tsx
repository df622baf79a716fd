import { Trans, useLingui } from '@lingui/react/macro';
import { Copy, TriangleAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DialogFooter, ModalDialog } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { notify } from '../../../lib/toast.ts';

/**
 * A secret the server shows this once (an API key, a webhook signing secret): in a read-only field
 * the dialog opens on (so a screen reader reads its label and value), with Copy, and said plainly
 * that it will not be shown again.
 */
export function ShownOnceDialog({
  title,
  label,
  value,
  children,
  onClose,
}: {
  title: string;
  /** The field's label ('API key', 'Signing secret'). */
  label: string;
  value: string;
  /** What else the reader should know (how it is used, the rotation's overlap). */
  children?: ReactNode;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const copy = () => {
    const failed = () => notify.error(t`Copy failed`, t`Select the text and copy it yourself.`);
    // No clipboard outside a secure context (http on a name other than localhost).
    if (!navigator.clipboard) return failed();
    navigator.clipboard.writeText(value).then(() => notify.success(t`Copied`, t`It is on your clipboard.`), failed);
  };
  return (
    <ModalDialog onClose={onClose} title={title} description={t`Copy it now: you will not see it again.`}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <label htmlFor={id} className="text-sm font-medium">
            {label}
          </label>
          <Input
            id={id}
            readOnly
            value={value}
            translate="no"
            spellCheck={false}
            className="font-mono text-xs"
            data-testid="shown-once"
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
        <p className="flex items-start gap-2 rounded-lg border border-gold/50 bg-gold/5 p-3 text-sm">
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
          <span>
            <Trans>You will not see it again: once this dialog is closed, nobody can show it to you, and a lost one can only be replaced.</Trans>
          </span>
        </p>
        {children}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={copy}>
          <Copy aria-hidden="true" /> <Trans>Copy</Trans>
        </Button>
        <Button type="button" onClick={onClose}>
          <Trans>I have saved it</Trans>
        </Button>
      </DialogFooter>
    </ModalDialog>
  );
}
