/**
 * The one form style: a react-hook-form form (validated by a shared zod schema through
 * zodResolver) whose fields show their own message under them. `Form` provides the form to its
 * fields; `FormField` registers its control and ties label, hint and message to it.
 */
import { Trans } from '@lingui/react/macro';
import { translatedMessage } from '../../i18n/api-messages.ts';
import { cloneElement, useId, type ComponentProps, type ReactNode } from 'react';
import {
  FormProvider,
  get,
  useFormContext,
  useFormState,
  type FieldErrors,
  type FieldValues,
  type Path,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { ApiError, fieldText } from '../../lib/api.ts';
import { cn } from '../../lib/utils.ts';
import { Field, FieldError, RequiredMark, type FieldProps } from './field.tsx';

interface FormProps<TValues extends FieldValues, TContext, TOutput> extends Omit<ComponentProps<'form'>, 'onSubmit' | 'onInvalid'> {
  form: UseFormReturn<TValues, TContext, TOutput>;
  onSubmit: SubmitHandler<TOutput>;
  /** Called with the field errors when the schema refuses the values (for a toast, say). */
  onInvalid?: SubmitErrorHandler<TValues>;
}

export function Form<TValues extends FieldValues, TContext, TOutput>({ form, onSubmit, onInvalid, children, ...props }: FormProps<TValues, TContext, TOutput>) {
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} {...props}>
        {children}
      </form>
    </FormProvider>
  );
}

function messageAt(errors: FieldErrors, name: string): string | null {
  const entry: { message?: unknown } | undefined = get(errors, name);
  return typeof entry?.message === 'string' && entry.message ? entry.message : null;
}

/** The message react-hook-form holds for a field, if any. */
function useFieldError(name: string): string | undefined {
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  const message = messageAt(errors, name);
  // The shared schemas write the spec's English; the page shows it in its language.
  return message === null ? undefined : translatedMessage(message);
}

interface FormFieldProps extends Omit<FieldProps, 'error'> {
  name: string;
  /** A number input whose value the schema reads as a number (react-hook-form's valueAsNumber). */
  asNumber?: boolean;
}

/** A field of the surrounding Form: its control is registered under `name` and shows the field's message under it. */
export function FormField({ name, asNumber, children, ...field }: FormFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <Field {...field} error={error}>
      {cloneElement(children, register(name, asNumber ? { valueAsNumber: true } : undefined))}
    </Field>
  );
}

/** A group of controls that make one value (a tick list), with its legend and its message under it. */
export function FormFieldset({
  name,
  legend,
  required,
  className,
  children,
}: {
  name: string;
  legend: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const error = useFieldError(name);
  const errorId = `${useId()}-error`;
  return (
    <fieldset className={cn('flex flex-col gap-3', className)} aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">
        {legend}
        {/* A group cannot be aria-required: its name says it instead. */}
        {required ? (
          <>
            <RequiredMark />
            <span className="sr-only">
              {' '}
              <Trans>(required)</Trans>
            </span>
          </>
        ) : null}
      </legend>
      {children}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}

/** The first message among `names`, in that order (the order the spec gives a form's checks). */
export function firstError<TValues extends FieldValues>(
  errors: FieldErrors<TValues>,
  names: ReadonlyArray<Path<TValues>>,
): { name: Path<TValues>; message: string } | null {
  for (const name of names) {
    const message = messageAt(errors, name);
    if (message) return { name, message };
  }
  return null;
}

/** Puts the field errors of a refused request (400 `errors`) under the fields the form has. */
export function showServerErrors<TValues extends FieldValues, TContext, TOutput>(form: UseFormReturn<TValues, TContext, TOutput>, error: unknown): void {
  if (!(error instanceof ApiError)) return;
  const values = form.getValues();
  for (const fieldError of error.fieldErrors) {
    if (fieldError.path in values) form.setError(fieldError.path as Path<TValues>, { type: 'server', message: fieldText(fieldError) });
  }
}
