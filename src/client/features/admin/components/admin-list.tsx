import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, Search } from 'lucide-react';
import type { AbuseFlag } from '../../../../shared/enums.ts';
import type { Currency } from '../../../../shared/enums.ts';
import { usdtAmountIn } from '../../../../shared/localized-figures.ts';
import { gcmIn } from '../../../../shared/localized-format.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { useRef, useState, type ComponentType, type ReactNode } from 'react';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { EnumOptions, Input, NativeSelect } from '../../../components/ui/input.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { ResponsiveTable, type Column } from '../../../components/ui/responsive-table.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useFocusAfterSwap } from '../../../lib/page-focus.ts';
import { cn } from '../../../lib/utils.ts';
import { ALL, type AdminListState } from '../api/use-admin-list.ts';
import { FlagBadges } from './flag-badges.tsx';

/** What a row's dialog is given. */
export interface RowDialogProps<T> {
  row: T;
  onClose: () => void;
}

interface AdminListProps<T extends { id: string }> {
  title: string;
  /** Shown before the title. */
  icon?: ReactNode;
  description?: ReactNode;
  /** The table's (or the cards') accessible name, also the pager's; the title when left out. */
  label?: string;
  list: AdminListState<T>;
  /** The columns; `open` shows a row's dialog (a Review or Edit button calls it). */
  columns: (open: (row: T) => void) => ReadonlyArray<Column<T>>;
  /** The dialog of the open row. */
  Dialog?: ComponentType<RowDialogProps<T>>;
  /** A click anywhere on a table row opens its dialog too. */
  openOnRowClick?: boolean;
  emptyText: string;
  searchPlaceholder?: string;
  /** Above the rows: actions on the list as a whole or on the rows selected. */
  toolbar?: ReactNode;
}

/**
 * An admin console list: its title, filters and search, its loading, error and empty
 * states, the rows (a table, or cards on a phone), its pages, and the dialog of the row opened.
 */
export function AdminList<T extends { id: string }>(props: AdminListProps<T>) {
  const { title, icon, description, label = title, list, columns, Dialog, openOnRowClick, emptyText, searchPlaceholder: placeholder, toolbar } = props;
  const { t } = useLingui();
  const searchPlaceholder = placeholder ?? t`Search by name or email`;
  const { filters = [], search, paging, flagged, exportUrl } = list;
  const [open, setOpen] = useState<T | null>(null);
  // A decided row leaves the list (or loses its button) with the focus on it: the list's heading takes it.
  const card = useRef<HTMLElement>(null);
  useFocusAfterSwap(list.items, { container: card });
  return (
    <>
      <Card ref={card}>
        <CardHeader className="gap-3 sm:flex-row sm:flex-wrap sm:items-center">
          <div className="flex flex-col gap-1.5 sm:mr-auto">
            <CardTitle className="inline-flex items-center gap-2">
              {icon}
              {title}
            </CardTitle>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </div>
          {filters.map((filter) => (
            <label key={filter.param} className="flex min-w-0 items-center gap-2 text-sm text-muted">
              <span className="shrink-0">{filter.name}</span>
              {/* As wide as its longest stage on a wider screen; never wider than a phone's. */}
              <NativeSelect
                className={cn('h-9 min-w-0 max-w-full', filter.labels ? 'w-full sm:w-64' : 'w-36')}
                value={filter.value}
                onChange={(e) => filter.setValue(e.target.value)}
              >
                <option value={ALL}>{t`All`}</option>
                <EnumOptions values={filter.values} labels={filter.labels} />
              </NativeSelect>
            </label>
          ))}
          {search ? (
            <div className="relative w-full sm:w-72">
              <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
              <Input
                type="search"
                aria-label={searchPlaceholder}
                placeholder={searchPlaceholder}
                className="pl-9"
                value={search.value}
                onChange={(e) => search.setValue(e.target.value)}
              />
            </div>
          ) : null}
          {flagged || exportUrl ? (
            <div className="flex flex-wrap items-center gap-3">
              {flagged ? (
                <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-muted">
                  <Checkbox checked={flagged.value} onCheckedChange={(checked) => flagged.setValue(checked === true)} />
                  <Trans>Flagged only</Trans>
                </label>
              ) : null}
              {exportUrl ? (
                <a className={buttonVariants({ size: 'sm', variant: 'outline' })} href={exportUrl} download>
                  <Download aria-hidden="true" /> <Trans>Export CSV</Trans>
                </a>
              ) : null}
            </div>
          ) : null}
        </CardHeader>
        <CardContent>
          {toolbar}
          <QueryState
            query={list.query}
            failure={t`${title} could not be loaded.`}
            loading={
              <div className="flex justify-center py-10">
                <Spinner />
              </div>
            }
            isEmpty={() => list.items.length === 0}
            empty={<EmptyState title={emptyText} />}
          >
            {() => (
              <ResponsiveTable
                label={label}
                rows={list.items}
                rowKey={(row) => row.id}
                columns={columns(setOpen)}
                onRowClick={openOnRowClick ? setOpen : undefined}
              />
            )}
          </QueryState>
          {paging && list.query.data !== undefined ? (
            <Pagination
              label={label}
              offset={paging.offset}
              limit={paging.limit}
              total={paging.total}
              estimated={paging.estimated ? { shown: list.items.length } : undefined}
              onOffsetChange={paging.setOffset}
            />
          ) : null}
        </CardContent>
      </Card>
      {open && Dialog ? <Dialog row={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

/** Who a report or a withdrawal is from: the ambassador's name over their email (a card's title on a phone). */
export function ambassadorColumn<T extends { ambassador: { fullName: string; email: string } }>(): Column<T> {
  return {
    header: i18n._(msg`Ambassador`),
    card: 'title',
    cell: (row) => (
      <>
        <p className="font-semibold">{row.ambassador.fullName}</p>
        <p className="break-all text-xs text-muted">{row.ambassador.email}</p>
      </>
    ),
  };
}

const TINT: Record<Currency, string> = { GCM: 'text-gold', USDT: 'text-pitch-light' };

/** An amount of GCM or USDT: right-aligned figures, in the currency's colour unless `tinted` is false. */
export function amountColumn<T>(header: string, currency: Currency, amount: (row: T) => string, tinted = true): Column<T> {
  const format = currency === 'GCM' ? gcmIn : usdtAmountIn;
  return { header, align: 'right', className: cn('font-mono', tinted && TINT[currency]), cell: (row) => format(amount(row), i18n.locale) };
}

/** The row's abuse flags as warning badges (nothing when it has none). */
export function flagsColumn<T extends { flags: readonly AbuseFlag[] }>(): Column<T> {
  return { header: i18n._(msg`Flags`), cell: (row) => <FlagBadges flags={row.flags} /> };
}
