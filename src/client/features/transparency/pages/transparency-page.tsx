import { Trans, useLingui } from '@lingui/react/macro';
import { ScrollText } from 'lucide-react';
import { logByMonth } from '../../../../shared/verify-log.ts';
import { usePublicChanges } from '../../../api/live.ts';
import { PageHero } from '../../../components/layout/page-hero.tsx';
import { PublicLayout } from '../../../components/layout/public-layout.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useScrollToHash } from '../../../lib/scroll-to-hash.ts';
import { useCheckedLog } from '../api/get-checked-log.ts';
import { useExplorerTxUrl } from '../../../api/explorer.ts';
import { LogMonth } from '../components/log-month.tsx';
import { LogStatus } from '../components/log-status.tsx';

/**
 * The public programme log, month by month (DECISIONS §5): every month's terms, its freeze, its
 * draw, prizes withheld, payouts and totals, read in full and checked here, in the browser.
 */
export function TransparencyPage() {
  const { t } = useLingui();
  const checked = useCheckedLog();
  const explorerTxUrl = useExplorerTxUrl();
  // An entry appended (terms, a freeze, a draw, a payout) is read and checked again while the page is open.
  usePublicChanges();
  useScrollToHash(Boolean(checked.data));
  return (
    <PublicLayout>
      <PageHero
        icon={<ScrollText />}
        title={t`Transparency`}
        lead={
          <Trans>
            The programme log: what each month promised, who was entered, who won, and what was paid. Each entry is chained to the one before by its hash, so
            nothing in it can be changed or removed unnoticed.
          </Trans>
        }
        links={
          <>
            <a href="/hall-of-fame" className="font-semibold text-gold underline">
              <Trans>Hall of Fame: the winners, and a check of each draw</Trans>
            </a>
          </>
        }
      />
      <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
        <QueryState
          query={checked}
          failure={t`The programme log could not be read.`}
          loading={<Spinner label={t`Reading and checking the programme log`} />}
          className="rounded-2xl border border-border bg-surface"
        >
          {(log) => {
            const months = logByMonth(log.log.entries);
            return (
              <>
                <LogStatus checked={log} />
                {months.length ? (
                  months.map(({ month, entries }) => <LogMonth key={month} month={month} entries={entries} explorerTxUrl={explorerTxUrl} />)
                ) : (
                  <Card>
                    <EmptyState icon={<ScrollText />} title={t`The log is empty`}>
                      <Trans>Entries appear when the first month&apos;s terms are fixed.</Trans>
                    </EmptyState>
                  </Card>
                )}
              </>
            );
          }}
        </QueryState>
      </div>
    </PublicLayout>
  );
}
