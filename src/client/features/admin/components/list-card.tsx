import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

interface ListCardProps {
  title: string;
  actions?: ReactNode;
  isLoading: boolean;
  isError: boolean;
  isEmpty: boolean;
  emptyText: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** A tab's card: title, filters, loading / error / empty states, then the table and its pages. */
export function ListCard({ title, actions, isLoading, isError, isEmpty, emptyText, children, footer }: ListCardProps) {
  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle>{title}</CardTitle>
        {actions}
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        ) : isError ? (
          <EmptyState title="This list could not be loaded">Please try again in a moment.</EmptyState>
        ) : isEmpty ? (
          <EmptyState title={emptyText} />
        ) : (
          children
        )}
        {footer}
      </CardContent>
    </Card>
  );
}
