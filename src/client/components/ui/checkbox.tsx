import { Checkbox as RadixCheckbox } from 'radix-ui';
import { Check } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils.ts';

export function Checkbox({ className, ...props }: ComponentProps<typeof RadixCheckbox.Root>) {
  return (
    <RadixCheckbox.Root
      className={cn(
        'flex size-5 shrink-0 cursor-pointer items-center justify-center rounded border border-input bg-background/60 data-[state=checked]:border-gold data-[state=checked]:bg-gold data-[state=checked]:text-gold-foreground',
        className,
      )}
      {...props}
    >
      <RadixCheckbox.Indicator>
        <Check className="size-4" aria-hidden="true" strokeWidth={3} />
      </RadixCheckbox.Indicator>
    </RadixCheckbox.Root>
  );
}
