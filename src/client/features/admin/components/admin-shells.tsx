import { Trash2, type LucideIcon } from 'lucide-react';
import type { KeyboardEventHandler, ReactNode } from 'react';
import type { FieldValues, SubmitErrorHandler, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, IconCardHeader } from '../../../components/ui/card.tsx';
import { DialogFooter, ModalDialog } from '../../../components/ui/dialog.tsx';
import { Form } from '../../../components/ui/form.tsx';

interface FormShellProps<TValues extends FieldValues, TContext, TOutput> {
  form: UseFormReturn<TValues, TContext, TOutput>;
  onSubmit: SubmitHandler<TOutput>;
  /** The title, which also names the form for assistive technology. */
  title: string;
  description: ReactNode;
  /** The submit button's text. */
  submit: ReactNode;
  /** The submit button is busy while the request runs. */
  pending: boolean;
  /** The fields. */
  children: ReactNode;
}

/**
 * An admin card that makes something (an API key, a webhook endpoint, an admin): a header with its
 * icon, then a form named by the title whose submit button, with its own icon, sits at its end.
 */
export function CreateFormCard<TValues extends FieldValues, TContext, TOutput>(
  props: FormShellProps<TValues, TContext, TOutput> & { icon: LucideIcon; submitIcon: LucideIcon },
) {
  const SubmitIcon = props.submitIcon;
  return (
    <Card>
      <IconCardHeader icon={props.icon} title={props.title} description={props.description} />
      <CardContent>
        <Form form={props.form} onSubmit={props.onSubmit} className="flex flex-col gap-4" aria-label={props.title}>
          {props.children}
          <Button type="submit" className="self-end" loading={props.pending}>
            <SubmitIcon aria-hidden="true" /> {props.submit}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

/** A dialog holding one form named by its title: the fields, then Cancel (which closes it) and the submit button. */
export function FormDialog<TValues extends FieldValues, TContext, TOutput>(
  props: FormShellProps<TValues, TContext, TOutput> & { onClose: () => void; disabled?: boolean },
) {
  return (
    <ModalDialog onClose={props.onClose} title={props.title} description={props.description}>
      <Form form={props.form} onSubmit={props.onSubmit} className="flex flex-col gap-4" aria-label={props.title}>
        {props.children}
        <DialogActions onCancel={props.onClose} className="mt-0">
          <Button type="submit" disabled={props.disabled} loading={props.pending}>
            {props.submit}
          </Button>
        </DialogActions>
      </Form>
    </ModalDialog>
  );
}

/**
 * The decision form in a review dialog (a report's review, an appeal's decision): a gold card named by
 * `label` for assistive technology, its heading, the fields, then the one submit button.
 */
export function DecisionFormCard<TValues extends FieldValues, TContext, TOutput>({
  label,
  heading,
  submit,
  pending,
  children,
  ...formProps
}: Omit<FormShellProps<TValues, TContext, TOutput>, 'title' | 'description'> & {
  label: string;
  heading: ReactNode;
  onInvalid?: SubmitErrorHandler<TValues>;
  /** The review's keyboard shortcuts, read before the dialog's own. */
  onKeyDown?: KeyboardEventHandler<HTMLFormElement>;
}) {
  return (
    <Form {...formProps} aria-label={label} className="flex flex-col gap-4 rounded-xl border border-gold/30 bg-gold/5 p-4">
      <h3 className="font-semibold">{heading}</h3>
      {children}
      <DialogFooter className="mt-0">
        <Button type="submit" loading={pending}>
          {submit}
        </Button>
      </DialogFooter>
    </Form>
  );
}

/** A dialog asking to confirm taking something away (revoke a key, remove an admin, delete an endpoint): Cancel, then the red action. */
export function RemoveDialog({
  onClose,
  title,
  description,
  onConfirm,
  pending,
  action,
}: {
  onClose: () => void;
  title: string;
  description: string;
  onConfirm: () => void;
  pending: boolean;
  /** The red button's text. */
  action: ReactNode;
}) {
  return (
    <ModalDialog onClose={onClose} title={title} description={description}>
      <DialogActions onCancel={onClose} className="mt-0">
        <Button variant="destructive" onClick={onConfirm} loading={pending}>
          <Trash2 aria-hidden="true" /> {action}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
