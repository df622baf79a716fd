import { Switch as RadixSwitch } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils.ts';

type SwitchProps = ComponentProps<typeof RadixSwitch.Root> & {
  /**
   * The change is being saved: the switch says it is busy and ignores presses, but keeps the focus
   * (aria-disabled, not `disabled`, which would drop the focus to the page).
   */
  pending?: boolean;
};

export function Switch({ className, pending = false, onCheckedChange, ...props }: SwitchProps) {
  return (
    <RadixSwitch.Root
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border border-input bg-surface-3 transition-colors data-[state=checked]:border-pitch-light data-[state=checked]:bg-pitch-strong disabled:cursor-not-allowed disabled:opacity-50 aria-busy:cursor-progress aria-busy:opacity-70',
        className,
      )}
      aria-busy={pending || undefined}
      aria-disabled={pending || undefined}
      onCheckedChange={(checked) => {
        if (!pending) onCheckedChange?.(checked);
      }}
      {...props}
    >
      <RadixSwitch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
    </RadixSwitch.Root>
  );
}
