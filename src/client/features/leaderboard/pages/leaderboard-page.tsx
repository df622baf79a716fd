import { Trans, useLingui } from '@lingui/react/macro';
import { Crown, Info, Medal, Trophy } from 'lucide-react';
import { compareMoney } from '../../../../shared/money.ts';
import { initials } from '../../../../shared/format.ts';
import { wholeGcmIn } from '../../../../shared/localized-format.ts';
import { LEADERBOARD_PODIUM_MIN, TOP_PRIZE_WINNERS } from '../../../../shared/limits.ts';
import type { TLeaderboardEntry } from '../../../../shared/schemas/public.ts';
import { BadgePill } from '../../../components/badge-level.tsx';
import { PageHero } from '../../../components/layout/page-hero.tsx';
import { PublicLayout } from '../../../components/layout/public-layout.tsx';
import { PrizePool } from '../../../components/prize-pool.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/utils.ts';
import { useLeaderboard, useLiveLeaderboard } from '../api/get-leaderboard.ts';

export function LeaderboardPage() {
  const { t } = useLingui();
  const topWinners = TOP_PRIZE_WINNERS;
  const leaderboard = useLeaderboard();
  useLiveLeaderboard();
  return (
    <PublicLayout>
      <PageHero
        icon={<Trophy />}
        title={t`Ambassador Leaderboard`}
        lead={<Trans>This month's top ambassadors, ranked by GCM earned.</Trans>}
        links={
          <>
            <a href="/hall-of-fame" className="font-semibold text-gold underline">
              <Trans>Hall of Fame: past winners, and check any draw</Trans>
            </a>
            {' · '}
            <a href="/transparency" className="font-semibold text-gold underline">
              <Trans>Transparency: the programme log</Trans>
            </a>
          </>
        }
      />
      <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10">
        <PrizePool />
        <QueryState
          query={leaderboard}
          failure={t`The leaderboard could not be loaded.`}
          loading={
            <div className="flex justify-center py-16">
              <Spinner className="size-10" label={t`Loading leaderboard`} />
            </div>
          }
          className="rounded-2xl border border-border bg-surface"
          isEmpty={(list) => list.length === 0}
          empty={
            <Card>
              <EmptyState icon={<Trophy />} title={t`No Data Available`}>
                <Trans>Rankings appear as soon as ambassadors earn GCM this month.</Trans>
              </EmptyState>
            </Card>
          }
        >
          {(list) => <Ranking entries={list} />}
        </QueryState>
        <ul className="flex flex-col gap-2 text-sm text-muted">
          <li className="flex items-start gap-2">
            <Info className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
            <Trans>Rankings are based on monthly GCM earnings.</Trans>
          </li>
          <li className="flex items-start gap-2">
            <Info className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
            <Trans>The leaderboard updates in real time as reports are reviewed.</Trans>
          </li>
          <li className="flex items-start gap-2">
            <Info className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
            <Trans>The top {topWinners} ambassadors receive monthly USDT bonuses.</Trans>
          </li>
        </ul>
      </div>
    </PublicLayout>
  );
}

function Ranking({ entries: served }: { entries: TLeaderboardEntry[] }) {
  const { t, i18n } = useLingui();
  // The server ranks already; a stable sort keeps its tie order.
  const entries = [...served].sort((a, b) => compareMoney(b.monthlyGcm, a.monthlyGcm));
  return (
    <>
      {entries.length >= LEADERBOARD_PODIUM_MIN ? <Podium entries={entries} /> : null}
      <Card>
        <h2 className="sr-only">
          <Trans>Full ranking</Trans>
        </h2>
        <ol className="divide-y divide-border/60" aria-label={t`Ranking`}>
          {entries.map((entry, index) => (
            <li key={entry.id} className="flex items-center gap-3 px-4 py-3 sm:px-6">
              <span className={cn('w-8 shrink-0 text-center text-lg font-extrabold', index < 3 ? 'text-gold' : 'text-muted')}>
                <span className="sr-only">
                  <Trans>Rank</Trans>{' '}
                </span>
                {index + 1}
              </span>
              <Avatar name={entry.fullName} />
              <div className="min-w-0 flex-1">
                <p className="break-words font-semibold [overflow-wrap:anywhere]">{entry.fullName}</p>
                <BadgePill level={entry.badgeLevel} className="mt-1" />
              </div>
              <p className="shrink-0 text-right">
                <span className="font-mono text-lg font-bold text-gold">{wholeGcmIn(entry.monthlyGcm, i18n.locale)}</span>
                <span className="block text-xs text-muted">GCM</span>
              </p>
            </li>
          ))}
        </ol>
      </Card>
    </>
  );
}

function Avatar({ name, large }: { name: string; large?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-surface-3 font-bold text-foreground ring-1 ring-border',
        large ? 'size-16 text-xl' : 'size-10 text-sm',
      )}
    >
      {initials(name)}
    </span>
  );
}

/** Top three in the order 2nd, 1st, 3rd. */
function Podium({ entries }: { entries: TLeaderboardEntry[] }) {
  const { t, i18n } = useLingui();
  const [first, second, third] = entries;
  if (!first || !second || !third) return null;
  const places = [
    { entry: second, place: 2, height: 'h-24', icon: <Medal className="size-6 text-silver" aria-hidden="true" /> },
    { entry: first, place: 1, height: 'h-32', icon: <Crown className="size-7 text-gold" aria-hidden="true" /> },
    { entry: third, place: 3, height: 'h-16', icon: <Medal className="size-6 text-bronze" aria-hidden="true" /> },
  ];
  return (
    <section aria-label={t`Podium`} className="grid grid-cols-3 items-end gap-2 sm:gap-4">
      {places.map(({ entry, place, height, icon }) => (
        <div key={entry.id} className="flex min-w-0 flex-col items-center gap-2 text-center" data-testid={`podium-${place}`}>
          {icon}
          <Avatar name={entry.fullName} large />
          {/* The whole name, wrapped: a phone's third of the width cut names short (issue 40). */}
          <p className="w-full break-words text-sm font-semibold [overflow-wrap:anywhere] sm:text-base">{entry.fullName}</p>
          <p className="font-mono text-sm font-bold text-gold">{wholeGcmIn(entry.monthlyGcm, i18n.locale)} GCM</p>
          <div
            className={cn(
              'flex w-full items-start justify-center rounded-t-xl border border-b-0 pt-2 text-2xl font-black',
              height,
              place === 1 ? 'border-gold/50 bg-gold/20 text-gold' : 'border-border bg-surface-2 text-muted',
            )}
          >
            <span className="sr-only">
              <Trans>Place</Trans>{' '}
            </span>
            {place}
          </div>
        </div>
      ))}
    </section>
  );
}
