import { useLingui } from '@lingui/react/macro';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useLayoutEffect, useRef, type ComponentProps, type ReactNode, type RefObject } from 'react';
import { FOCUSABLE_FIELD, focusStatic, pageHeading } from '../../lib/page-focus.ts';
import { cn } from '../../lib/utils.ts';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

interface DialogContentProps extends Omit<ComponentProps<typeof RadixDialog.Content>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
}

/** Where the focus was when a dialog opened, and the parts of the page around it. */
interface Opener {
  element: HTMLElement | null;
  /** Its enclosing sections, nearest first: where the focus goes when the opener itself is gone. */
  sections: HTMLElement[];
}

/**
 * Notes the focused element as the dialog opens. A layout effect of the content: it runs before
 * any effect that moves the focus into the dialog (Radix's own, or a form focusing its first field).
 */
function RememberOpener({ opener }: { opener: RefObject<Opener> }) {
  useLayoutEffect(() => {
    const active = document.activeElement;
    const element = active instanceof HTMLElement && active !== document.body ? active : null;
    const sections: HTMLElement[] = [];
    for (let node = element?.parentElement ?? null; node; node = node.parentElement) {
      if (node.matches('section, [role="region"], main')) sections.push(node);
    }
    opener.current = { element, sections };
  }, [opener]);
  return null;
}

/**
 * The focus after the dialog closes: back on the control that opened it; when that control is gone
 * or disabled (the row it was in was decided), on the heading of the nearest part of the page that
 * is still there, so the focus never drops to the page itself.
 */
function returnFocus({ element, sections }: Opener & { element: HTMLElement }): void {
  if (element.isConnected && !element.matches(':disabled')) return element.focus();
  const heading =
    sections
      .filter((section) => section.isConnected)
      .map((section) => section.querySelector<HTMLElement>('h1, h2, h3'))
      .find(Boolean) ?? pageHeading();
  if (heading) focusStatic(heading);
}

/**
 * A modal with its title and description announced; focus stays inside while open. It opens on its
 * first form field (or Radix's first focusable, the close button, when it has none) and gives the
 * focus back on closing.
 */
export function DialogContent({ className, title, description, children, onOpenAutoFocus, onCloseAutoFocus, ...props }: DialogContentProps) {
  const { t } = useLingui();
  const opener = useRef<Opener>({ element: null, sections: [] });
  const body = useRef<HTMLDivElement>(null);
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
          onOpenAutoFocus?.(event);
          if (event.defaultPrevented) return;
          const field = body.current?.querySelector<HTMLElement>(FOCUSABLE_FIELD);
          if (field) {
            event.preventDefault();
            field.focus();
          }
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          // Opened by a pointer with nothing focused: Radix's own way (the focus is left alone).
          const { element, sections } = opener.current;
          if (event.defaultPrevented || !element) return;
          event.preventDefault();
          returnFocus({ element, sections });
        }}
        {...props}
      >
        <RememberOpener opener={opener} />
        <div className="flex items-start justify-between gap-4 border-b border-border p-5">
          <div className="flex flex-col gap-1">
            <RadixDialog.Title className="text-lg font-bold">{title}</RadixDialog.Title>
            {description ? <RadixDialog.Description className="text-sm text-muted">{description}</RadixDialog.Description> : null}
          </div>
          <RadixDialog.Close className="rounded-md p-1 text-muted hover:bg-surface-2 hover:text-foreground" aria-label={t`Close`}>
            <X className="size-5" aria-hidden="true" />
          </RadixDialog.Close>
        </div>
        <div ref={body} className="overflow-y-auto p-5">
          {children}
        </div>
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
