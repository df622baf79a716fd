import { Trans, useLingui } from '@lingui/react/macro';
import { Mail } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { APP_EXTERNAL_URL, CONTACT_URL, PROGRAMME_NAME, SUPPORT_EMAIL, TWITTER_URL } from '../../../shared/limits.ts';
import { LogoMark } from './logo.tsx';

const neverChanges = () => () => {};
// The prerendered landing page carries the build's year; after hydration React swaps in today's.
const BUILD_YEAR = typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : new Date().getFullYear();

function useYear(): number {
  return useSyncExternalStore(
    neverChanges,
    () => new Date().getFullYear(),
    () => BUILD_YEAR,
  );
}

export function SiteFooter() {
  const year = useYear();
  const { t } = useLingui();
  const link = 'rounded text-muted hover:text-gold';
  return (
    <footer className="border-t border-border bg-surface/40">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <LogoMark className="size-8" />
          <div>
            <p className="font-bold">{PROGRAMME_NAME}</p>
            <p className="text-xs text-muted">
              <Trans>© {year} GoalChain. Play, build, earn.</Trans>
            </p>
          </div>
        </div>
        <nav aria-label={t`Footer`} className="flex flex-wrap gap-x-6 gap-y-3 text-sm">
          <a className={link} href="/transparency">
            <Trans>Transparency</Trans>
          </a>
          <a className={link} href="/rules">
            <Trans>Rules</Trans>
          </a>
          <a className={link} href={APP_EXTERNAL_URL} target="_blank" rel="noopener noreferrer">
            <Trans>GoalChain App</Trans>
          </a>
          <a className={link} href={CONTACT_URL} target="_blank" rel="noopener noreferrer">
            <Trans>Contact</Trans>
          </a>
          <a className={link} href={TWITTER_URL} target="_blank" rel="noopener noreferrer">
            Twitter
          </a>
          <a className={`${link} inline-flex items-center gap-1.5`} href={`mailto:${SUPPORT_EMAIL}`}>
            <Mail className="size-4" aria-hidden="true" />
            {SUPPORT_EMAIL}
          </a>
        </nav>
      </div>
    </footer>
  );
}
