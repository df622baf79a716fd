import { useId, type ReactElement, type ReactNode, cloneElement, isValidElement } from 'react';
import { cn } from '../../lib/utils.ts';
import { Label } from './label.tsx';

export interface FieldProps {
  label: ReactNode;
  /** Shown under the control; tied to it with aria-describedby. */
  hint?: ReactNode;
  error?: string | undefined;
  required?: boolean;
  className?: string;
  /** One form control; it receives id, aria-invalid, aria-describedby and aria-required. */
  children: ReactElement<Record<string, unknown>>;
}

/** A labelled form control with its hint and, under it, its validation message. */
export function Field({ label, hint, error, required, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, 'aria-required': required || undefined })
    : children;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : null}
      </Label>
      {control}
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

export function RequiredMark() {
  return (
    <span className="text-gold" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="text-xs font-medium text-danger">
      {children}
    </p>
  );
}
