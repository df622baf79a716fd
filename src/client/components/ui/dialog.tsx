import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useRef, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/utils.ts';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

interface DialogContentProps extends Omit<ComponentProps<typeof RadixDialog.Content>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
}

/** A modal with its title and description announced; focus stays inside while open. */
export function DialogContent({ className, title, description, children, onOpenAutoFocus, onCloseAutoFocus, ...props }: DialogContentProps) {
  // Dialogs opened by a plain button (not a Trigger) still give the focus back to it on close.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/70 backdrop-blur-sm" />
      <RadixDialog.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 flex max-h-[92vh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-border bg-surface shadow-2xl focus:outline-none',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        onOpenAutoFocus={(event) => {
          opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const target = opener.current;
          if (!event.defaultPrevented && target && target.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
        {...props}
      >
        <div className="flex items-start justify-between gap-4 border-b border-border p-5">
          <div className="flex flex-col gap-1">
            <RadixDialog.Title className="text-lg font-bold">{title}</RadixDialog.Title>
            {description ? <RadixDialog.Description className="text-sm text-muted">{description}</RadixDialog.Description> : null}
          </div>
          <RadixDialog.Close className="rounded-md p-1 text-muted hover:bg-surface-2 hover:text-foreground" aria-label="Close">
            <X className="size-5" aria-hidden="true" />
          </RadixDialog.Close>
        </div>
        <div className="overflow-y-auto p-5">{children}</div>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

/** A dialog shown while it is mounted: dismissing it (Escape, its close button, a click outside) calls onClose. */
export function ModalDialog({ onClose, ...content }: DialogContentProps & { onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent {...content} />
    </Dialog>
  );
}
