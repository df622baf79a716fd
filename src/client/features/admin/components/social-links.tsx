import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { PLATFORM_INFO, profileLink, type Platform } from '../../../../shared/platforms.ts';
import type { SocialHandles } from '../../../api/types.ts';

/** A handle as a link when one can be built, otherwise 'N/A'. */
export function HandleLink({ handle, platform }: { handle: string | null | undefined; platform: Platform | 'personal-telegram' }) {
  const href = profileLink(handle, platform === 'personal-telegram' ? 'telegram' : platform);
  if (!handle) return <span className="text-muted">N/A</span>;
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
  const platforms: Platform[] = ['twitter', 'instagram', 'telegram', 'facebook', 'youtube'];
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      {before.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
      {personalTelegram !== undefined ? (
        <>
          <dt className="text-muted">Personal Telegram</dt>
          <dd>
            <HandleLink handle={personalTelegram} platform="personal-telegram" />
          </dd>
        </>
      ) : null}
      {platforms.map((platform) => (
        <div key={platform} className="contents">
          <dt className="text-muted">{platform === 'telegram' ? 'Telegram Channel' : PLATFORM_INFO[platform].label}</dt>
          <dd className="min-w-0">
            <HandleLink handle={handles[PLATFORM_INFO[platform].field]} platform={platform} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
