import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api.ts';
import { cn } from '../lib/utils.ts';
import { Button } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';

/** What QueryState reads of a query (TanStack's result has it all). */
export interface QueryLike<T> {
  status: 'pending' | 'error' | 'success';
  data: T | undefined;
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** The sentence that says what failed, like the leaderboard page's. */
  failure: string;
  /** While nothing has been read yet (a spinner when left out; null: nothing). */
  loading?: ReactNode;
  /** The spinner's name when `loading` is left out. */
  loadingLabel?: string;
  /** Whether what was read is empty; `empty` is shown then, and only then (after a read that succeeded). */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** The read's answer that the thing is not there (an account without an ambassador record): shown instead of the error. */
  missing?: { when: (error: unknown) => boolean; show: ReactNode };
  /** The error on one line, inside a section (a card's header row, a dialog), rather than a block. */
  compact?: boolean;
  /** The read is the page's own: its error is the page (a card, its sentence the page's heading). */
  page?: boolean;
  className?: string;
  children: (data: T) => ReactNode;
}

/**
 * One read, in one of its four states (DECISIONS §6): loading; an error that says so, with 'Try
 * again'; empty; or the data. An empty state appears only after a read that succeeded, so a
 * failure never reads as 'nothing here'. When a later read fails, the last data stays, under the
 * error (but not an empty state: that may no longer be true).
 */
export function QueryState<T>({ query, failure, loading, loadingLabel, isEmpty, empty, missing, compact, page, className, children }: QueryStateProps<T>) {
  const { data } = query;
  if (query.status === 'error' && missing?.when(query.error)) return <>{missing.show}</>;
  if (data === undefined) {
    if (query.status !== 'error')
      return loading !== undefined ? (
        <>{loading}</>
      ) : (
        <div className="flex justify-center py-8">
          <Spinner label={loadingLabel} />
        </div>
      );
    return <QueryError title={failure} query={query} compact={compact} page={page} className={className} />;
  }
  // A later read failed: the last data stays, under a line that says so.
  const failed =
    query.status === 'error' ? (
      <QueryError title={failure} query={query} compact className="mb-4 rounded-lg border border-danger/40 bg-danger/5 px-4 py-3" />
    ) : null;
  if (isEmpty?.(data)) return failed ?? <>{empty}</>;
  return (
    <>
      {failed}
      {children(data)}
    </>
  );
}

/** What failed: a read (its error, and 'Try again' reads it again), or an error with its own retry. */
type FailedRead = { query: Pick<QueryLike<unknown>, 'error' | 'isFetching' | 'refetch'> } | { error: unknown; onRetry: () => void; retrying?: boolean };

/**
 * A read that failed, said so (role="alert"): what failed, why (the message of lib/api: a refusal's
 * own words, or that the server or the network failed, with its reference), and 'Try again'.
 */
export function QueryError({
  title,
  compact = false,
  page = false,
  className,
  ...failed
}: FailedRead & {
  title: string;
  compact?: boolean;
  page?: boolean;
  className?: string;
}) {
  const { error, onRetry, retrying } =
    'query' in failed ? { error: failed.query.error, onRetry: () => void failed.query.refetch(), retrying: failed.query.isFetching } : failed;
  const message = errorMessage(error);
  return (
    <div
      role="alert"
      className={cn(
        compact ? 'flex flex-wrap items-center gap-x-3 gap-y-2 text-sm' : 'flex flex-col items-center gap-3 px-4 py-8 text-center',
        page && 'mx-auto w-full max-w-lg rounded-2xl border border-border bg-surface p-8',
        className,
      )}
    >
      {page ? (
        <>
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="text-muted">{message}</p>
        </>
      ) : (
        <p className={compact ? 'min-w-0' : 'flex flex-col gap-1'}>
          <span className="font-semibold">{title}</span> <span className={cn('text-muted', !compact && 'text-sm')}>{message}</span>
        </p>
      )}
      <Button variant="outline" size="sm" onClick={onRetry} loading={retrying ?? false}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}
