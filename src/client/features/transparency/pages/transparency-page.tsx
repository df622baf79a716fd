import { ScrollText } from 'lucide-react';
import { logByMonth } from '../../../../shared/verify-log.ts';
import { PublicLayout } from '../../../components/layout/public-layout.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useScrollToHash } from '../../../lib/scroll-to-hash.ts';
import { useCheckedLog } from '../api/get-checked-log.ts';
import { useExplorerTxUrl } from '../api/get-explorer.ts';
import { LogMonth } from '../components/log-month.tsx';
import { LogStatus } from '../components/log-status.tsx';

/**
 * The public programme log, month by month (DECISIONS §5): every month's terms, its freeze, its
 * draw, prizes withheld, payouts and totals, read in full and checked here, in the browser.
 */
export function TransparencyPage() {
  const checked = useCheckedLog();
  const explorerTxUrl = useExplorerTxUrl();
  const months = checked.data ? logByMonth(checked.data.log.entries) : [];
  useScrollToHash(Boolean(checked.data));
  return (
    <PublicLayout>
      <div className="pitch-lines border-b border-border">
        <div className="mx-auto max-w-4xl px-4 py-12 text-center">
          <ScrollText className="mx-auto mb-3 size-10 text-gold" aria-hidden="true" />
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Transparency</h1>
          <p className="mt-2 text-muted">
            The programme log: what each month promised, who was entered, who won, and what was paid. Each entry is chained to the one before by its hash, so
            nothing in it can be changed or removed unnoticed.
          </p>
          <p className="mt-3 text-sm">
            <a href="/hall-of-fame" className="font-semibold text-gold underline">
              Hall of Fame: the winners, and a check of each draw
            </a>
          </p>
        </div>
      </div>
      <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
        {checked.isPending ? (
          <Spinner label="Reading and checking the programme log" />
        ) : checked.isError ? (
          <Card role="alert" className="flex flex-col items-center gap-3 p-6 text-center">
            <p className="font-semibold">The programme log could not be read.</p>
            <p className="text-sm text-muted">{errorMessage(checked.error)}</p>
            <Button variant="outline" onClick={() => void checked.refetch()} loading={checked.isFetching}>
              Try again
            </Button>
          </Card>
        ) : (
          <>
            <LogStatus checked={checked.data} />
            {months.length ? (
              months.map(({ month, entries }) => <LogMonth key={month} month={month} entries={entries} explorerTxUrl={explorerTxUrl} />)
            ) : (
              <Card>
                <EmptyState icon={<ScrollText />} title="The log is empty">
                  Entries appear when the first month&apos;s terms are fixed.
                </EmptyState>
              </Card>
            )}
          </>
        )}
      </div>
    </PublicLayout>
  );
}
