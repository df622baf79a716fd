import { Fragment, type ReactNode } from 'react';
import { MD_UP, useMediaQuery } from '../../lib/use-media-query.ts';
import { cn } from '../../lib/utils.ts';
import { Table, TBody, TD, TH, THead, TR } from './table.tsx';

export interface Column<T> {
  /** The column's heading; on a card, the label of the value. */
  header: string;
  /** The heading is read by screen readers only (a column of buttons). */
  hideHeader?: boolean;
  cell: (row: T) => ReactNode;
  /** Numbers: right-aligned in the table. */
  align?: 'right';
  /** Classes of the column's cells (the table's, and the value's on a card). */
  className?: string;
  /**
   * Where the value stands on a phone card: `title` (top left: who or what), `aside` (top right:
   * the status or the amount), `field` (a labelled line, the default: a short value beside its
   * label, moved whole under it when the two do not fit on one line), `block` (a long text or a
   * form: under its label, the card's whole width), `actions` (the buttons, a full-width row at the
   * bottom), `none` (left out: a constant or a repeat).
   */
  card?: 'title' | 'aside' | 'field' | 'block' | 'actions' | 'none';
}

/** A column of buttons: its heading is for screen readers; on a card, the buttons make the bottom row. */
export function actionsColumn<T>(header: string, cell: (row: T) => ReactNode): Column<T> {
  return { header, hideHeader: true, card: 'actions', cell };
}

interface ResponsiveTableProps<T> {
  /** The accessible name of the table (wide screens) or of the list of cards (phones). */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: ReadonlyArray<Column<T>>;
  /** A click on a table row (a button in the row does the same on a card). */
  onRowClick?: (row: T) => void;
}

/**
 * A table from Tailwind's `md` breakpoint up; below it each row is a card showing the row's key
 * facts and its actions within the screen, so nothing needs a sideways scroll on a phone.
 */
export function ResponsiveTable<T>(props: ResponsiveTableProps<T>) {
  const wide = useMediaQuery(MD_UP);
  return wide ? <WideTable {...props} /> : <CardList {...props} />;
}

function WideTable<T>({ label, rows, rowKey, columns, onRowClick }: ResponsiveTableProps<T>) {
  return (
    <Table aria-label={label}>
      <THead>
        <tr>
          {columns.map((column) => (
            <TH key={column.header} className={cn(column.align === 'right' && 'text-right')}>
              {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
            </TH>
          ))}
        </tr>
      </THead>
      <TBody>
        {rows.map((row) => (
          <TR key={rowKey(row)} className={cn(onRowClick && 'cursor-pointer')} onClick={onRowClick ? () => onRowClick(row) : undefined}>
            {columns.map((column) => (
              <TD key={column.header} className={cn(column.align === 'right' && 'text-right', column.className)}>
                {column.cell(row)}
              </TD>
            ))}
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

/** A row's cells of some columns, one block each (a card's title or aside). */
function cells<T>(columns: Column<T>[], row: T) {
  return columns.map((column) => (
    <div key={column.header} className={column.className}>
      {column.cell(row)}
    </div>
  ));
}

function CardList<T>({ label, rows, rowKey, columns }: ResponsiveTableProps<T>) {
  const place = (where: NonNullable<Column<T>['card']>) => columns.filter((column) => (column.card ?? 'field') === where);
  const [titles, asides, actions] = [place('title'), place('aside'), place('actions')];
  const fields = columns.filter((column) => ['field', 'block'].includes(column.card ?? 'field'));
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {rows.map((row) => (
        <li key={rowKey(row)} className="flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-background/40 p-3 text-sm sm:p-4">
          {titles.length || asides.length ? (
            <div className="flex items-start justify-between gap-3">
              <div className="flex min-w-0 flex-col gap-0.5 break-words">{cells(titles, row)}</div>
              <div className="flex shrink-0 flex-col items-end gap-1 text-right">{cells(asides, row)}</div>
            </div>
          ) : null}
          {fields.length ? (
            <dl className="flex flex-col gap-y-1.5">
              {fields.map((column) =>
                (column.card ?? 'field') === 'block' ? (
                  // A long text or a form: the card's whole width under its label, never a narrow column.
                  <div key={column.header} className="flex min-w-0 flex-col gap-1">
                    <dt className="text-muted">{column.header}</dt>
                    <dd className={cn('min-w-0 break-words', column.className, 'max-w-none')}>{column.cell(row)}</dd>
                  </div>
                ) : (
                  // A short value (a date, an amount, a shortened address) stays whole: beside its label
                  // when both fit, else on the next line, rather than broken into fragments.
                  <div key={column.header} className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3">
                    <dt className="text-muted">{column.header}</dt>
                    <dd className={cn('ml-auto min-w-0 max-w-full break-words text-right', column.className)}>{column.cell(row)}</dd>
                  </div>
                ),
              )}
            </dl>
          ) : null}
          <div className="flex flex-wrap gap-2 empty:hidden [&>*]:flex-1">
            {actions.map((column) => (
              <Fragment key={column.header}>{column.cell(row)}</Fragment>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
