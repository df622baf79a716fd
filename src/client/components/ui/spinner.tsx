import { useLingui } from '@lingui/react/macro';
import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/utils.ts';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useLingui();
  return (
    <span role="status" className="inline-flex items-center">
      <Loader2 aria-hidden="true" className={cn('size-6 animate-spin text-gold', className)} />
      <span className="sr-only">{label ?? t`Loading`}</span>
    </span>
  );
}

export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 text-muted">
      <Spinner className="size-10" label={label} />
      {label ? <p aria-hidden="true">{label}</p> : null}
    </div>
  );
}
