import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Pencil, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useEditorFocus } from '../../../lib/page-focus.ts';

/** Only one section is edited at a time (spec §4). */
export type EditMode = 'none' | 'social' | 'wallet' | 'password';

export interface EditState {
  mode: EditMode;
  setMode: (mode: EditMode) => void;
}

/** A profile section with its Edit button; its editor takes the focus when it opens, the Edit button when it closes. */
export function SectionCard({
  icon,
  title,
  description,
  editing,
  onEdit,
  editLabel,
  children,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
  editing: boolean;
  onEdit: () => void;
  editLabel: string;
  children: ReactNode;
}) {
  const { editor, editButton } = useEditorFocus(editing);
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <CardTitle className="inline-flex items-center gap-2">
            <span className="text-gold [&_svg]:size-5">{icon}</span>
            {title}
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {editing ? null : (
          <Button ref={editButton} variant="outline" size="sm" onClick={onEdit} aria-label={editLabel}>
            <Pencil aria-hidden="true" /> <Trans>Edit</Trans>
          </Button>
        )}
      </CardHeader>
      <CardContent ref={editor}>{children}</CardContent>
    </Card>
  );
}

export function EditButtons({ pending, onCancel, saveLabel }: { pending: boolean; onCancel: () => void; saveLabel?: string }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel} disabledFocusable={pending}>
        <X aria-hidden="true" /> <Trans>Cancel</Trans>
      </Button>
      <Button type="submit" loading={pending}>
        <Check aria-hidden="true" />
        {pending ? t`Saving...` : (saveLabel ?? t`Save`)}
      </Button>
    </div>
  );
}
