import type { ComponentProps } from 'react';
import { capitalize, cn } from '../../lib/utils.ts';

export const fieldClass =
  'w-full rounded-lg border border-input bg-background/60 px-3 py-2 text-sm text-foreground placeholder:text-muted/70 transition-colors focus-visible:border-gold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold/40 disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-danger';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(fieldClass, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldClass, 'min-h-28 resize-y leading-relaxed', className)} {...props} />;
}

/** A native select: accessible, and the phone's own picker on small screens. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldClass, 'h-10 cursor-pointer', className)} {...props} />;
}

/** The options of a closed set (enums.ts), each shown capitalised: "pending" as "Pending". */
export function EnumOptions({ values, labels }: { values: readonly string[]; labels?: Readonly<Record<string, string>> | undefined }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels?.[value] ?? capitalize(value)}
    </option>
  ));
}
