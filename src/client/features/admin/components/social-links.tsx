import { msg } from '@lingui/core/macro';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { PLATFORMS, PLATFORM_INFO, profileLink, type Platform, type PlatformInfo } from '../../../../shared/platforms.ts';
import type { TAmbassadorView } from '../../../../shared/schemas/ambassadors.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { DetailList } from './detail-list.tsx';

type SocialHandles = Pick<TAmbassadorView, PlatformInfo['field']>;

/** A handle as a link when one can be built, otherwise 'N/A'. */
export function HandleLink({ handle, platform }: { handle: string | null | undefined; platform: Platform | 'personal-telegram' }) {
  const href = profileLink(handle, platform === 'personal-telegram' ? 'telegram' : platform);
  if (!handle) return <span className="text-muted">{i18n._(msg`N/A`)}</span>;
  if (!href) return <span className="break-all">{handle}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="inline-flex min-w-0 items-center gap-1 break-all text-gold hover:underline">
      {handle}
      <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
    </a>
  );
}

export function SocialLinkList({
  handles,
  personalTelegram,
  before = [],
}: {
  handles: SocialHandles;
  personalTelegram?: string | null | undefined;
  before?: Array<[string, ReactNode]>;
}) {
  const items: Array<[string, ReactNode]> = [...before];
  if (personalTelegram !== undefined)
    items.push([i18n._(msg`Personal Telegram`), <HandleLink key="pt" handle={personalTelegram} platform="personal-telegram" />]);
  for (const platform of PLATFORMS) {
    const label = platform === 'telegram' ? i18n._(msg`Telegram Channel`) : PLATFORM_INFO[platform].label;
    items.push([label, <HandleLink key={platform} handle={handles[PLATFORM_INFO[platform].field]} platform={platform} />]);
  }
  return <DetailList items={items} />;
}
