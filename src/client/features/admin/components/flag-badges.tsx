import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import type { AbuseFlag } from '../../../../shared/enums.ts';
import { FLAG_TEXT } from '../../../components/abuse-flag-text.ts';

const SHORT: Record<AbuseFlag, MessageDescriptor> = {
  shared_wallet: msg`Shared wallet`,
  duplicate_proof: msg`Duplicate proof`,
  shared_telegram: msg`Shared Telegram`,
  same_network: msg`Same network`,
  shared_device: msg`Shared device`,
};

/**
 * Abuse flags as small warning badges (DECISIONS §5, The admin desk). Each explains itself in a
 * tooltip on hover or keyboard focus, and to screen readers in its accessible description.
 */
export function FlagBadges({ flags }: { flags: readonly AbuseFlag[] }) {
  const { t, i18n } = useLingui();
  // A dash, so a card's 'Flags' label is never left without a value.
  if (flags.length === 0)
    return (
      <span className="text-muted">
        {'\u2013'}
        <span className="sr-only">
          {' '}
          <Trans>none</Trans>
        </span>
      </span>
    );
  return (
    <Tooltip.Provider delayDuration={200}>
      <ul className="flex flex-wrap gap-1" aria-label={t`Abuse flags`}>
        {flags.map((flag) => (
          <li key={flag}>
            <Tooltip.Root>
              <Tooltip.Trigger asChild>
                <span
                  tabIndex={0}
                  className="inline-flex cursor-help items-center gap-1 rounded-full border border-gold/50 bg-gold/10 px-2 py-0.5 text-[11px] font-semibold text-gold outline-offset-2"
                >
                  <TriangleAlert className="size-3" aria-hidden="true" />
                  {i18n._(SHORT[flag])}
                </span>
              </Tooltip.Trigger>
              <Tooltip.Portal>
                <Tooltip.Content
                  sideOffset={6}
                  className="z-50 max-w-64 rounded-lg border border-border bg-surface-2 px-3 py-2 text-xs text-foreground shadow-xl"
                >
                  {i18n._(FLAG_TEXT[flag])}
                  <Tooltip.Arrow className="fill-surface-2" />
                </Tooltip.Content>
              </Tooltip.Portal>
            </Tooltip.Root>
          </li>
        ))}
      </ul>
    </Tooltip.Provider>
  );
}
