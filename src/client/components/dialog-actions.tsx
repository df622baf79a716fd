import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from './ui/button.tsx';
import { DialogFooter } from './ui/dialog.tsx';

/**
 * A dialog's footer: Cancel, which calls onCancel, before the dialog's own action (the children).
 * While the action is pending, Cancel stays focusable but does nothing when `pending` is given.
 * Not in ui/: its text belongs to the signed-in pages' catalog, not the landing page's (lingui.config.ts).
 */
export function DialogActions({
  onCancel,
  pending,
  className,
  children,
}: {
  onCancel: () => void;
  pending?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <DialogFooter className={className}>
      <Button variant="outline" onClick={onCancel} disabledFocusable={pending}>
        <Trans>Cancel</Trans>
      </Button>
      {children}
    </DialogFooter>
  );
}
