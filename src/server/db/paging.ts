/**
 * Admin list paging: `?limit=&offset=` as before, plus an opaque `?cursor=`
 * (keyset paging: the next page starts after the last row seen, so a deep page
 * costs what the first one does), and totals that never count more than a
 * bounded number of rows.
 */
import { and, count, eq, gt, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { badRequest } from '../errors.ts';
import type { Db } from './client.ts';

/**
 * `column DESC NULLS LAST`: the order the descending indexes are built in.
 * A bare DESC means NULLS FIRST in PostgreSQL, which those indexes cannot serve.
 */
export const descNullsLast = (column: AnyColumn | SQL) => sql`${column} desc nulls last`;

export type KeyKind = 'timestamp' | 'uuid' | 'int';

export interface SortKey {
  column: PgColumn;
  direction: 'asc' | 'desc';
  kind: KeyKind;
}

/** The order of a list, as ORDER BY terms that match its index. */
export function orderOf(keys: SortKey[]): SQL[] {
  return keys.map((k) => (k.direction === 'desc' ? descNullsLast(k.column) : sql`${k.column} asc`));
}

/** What to select beside each row to build the cursor of the row: exact text of each key (timestamps to the microsecond). */
export function cursorColumns(keys: SortKey[]): Record<string, SQL<string>> {
  return Object.fromEntries(
    keys.map((k, i) => [
      `k${i}`,
      k.kind === 'timestamp' ? sql<string>`(extract(epoch from ${k.column}) * 1000000)::bigint::text` : sql<string>`${k.column}::text`,
    ]),
  );
}

const PATTERNS: Record<KeyKind, RegExp> = {
  timestamp: /^-?\d{1,20}$/,
  int: /^-?\d{1,12}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
};

/**
 * The values a key can hold, so a crafted cursor is refused (400) instead of failing in SQL (500):
 * timestamps as microseconds from 1970 within years 1-9999 (PostgreSQL's bigint and timestamptz take
 * them), ints within PostgreSQL's integer.
 */
const RANGES: Partial<Record<KeyKind, [bigint, bigint]>> = {
  timestamp: [-62_135_596_800_000_000n, 253_402_300_799_999_999n],
  int: [-2_147_483_648n, 2_147_483_647n],
};

function validKey(kind: KeyKind, value: unknown): value is string {
  if (typeof value !== 'string' || !PATTERNS[kind].test(value)) return false;
  const range = RANGES[kind];
  if (!range) return true;
  const n = BigInt(value);
  return n >= range[0] && n <= range[1];
}

export function encodeCursor(values: string[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(cursor: string, keys: SortKey[]): string[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = undefined;
  }
  if (!Array.isArray(values) || values.length !== keys.length || !values.every((v, i) => validKey(keys[i]?.kind ?? 'uuid', v))) {
    throw badRequest('cursor is not valid for this list', 'cursor');
  }
  return values as string[];
}

function valueSql(kind: KeyKind, value: string): SQL {
  if (kind === 'timestamp') return sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;
  if (kind === 'int') return sql`${Number(value)}`;
  return sql`${value}::uuid`;
}

/** Rows after the cursor in the list's order; the leading bound lets the index start at the cursor. */
export function afterCursor(keys: SortKey[], values: string[]): SQL | undefined {
  const parts = keys.map((k, i) => ({ k, v: valueSql(k.kind, values[i] ?? '') }));
  const first = parts[0];
  if (!first) return undefined;
  const beyond = (p: (typeof parts)[number]) => (p.k.direction === 'desc' ? lt(p.k.column, p.v) : gt(p.k.column, p.v));
  const branches = parts.map((p, i) => and(...parts.slice(0, i).map((q) => eq(q.k.column, q.v)), beyond(p)));
  const bound = first.k.direction === 'desc' ? sql`${first.k.column} <= ${first.v}` : sql`${first.k.column} >= ${first.v}`;
  return and(bound, or(...branches));
}

/** The cursor of the page after `rows`, when the page is full. */
export function nextCursor(rows: Record<string, unknown>[], keys: SortKey[], limit: number): string | undefined {
  const last = rows.at(-1);
  if (!last || rows.length < limit) return undefined;
  return encodeCursor(keys.map((_, i) => String(last[`k${i}`])));
}

/** Above this many rows a total is the planner's estimate, not a count. */
export const EXACT_COUNT_LIMIT = 10_000;
/**
 * The same for a 'Flagged only' list, whose filter costs index probes per row counted: a review
 * queue's first thousand are counted exactly, beyond that the count would cost more than the page.
 */
export const FLAGGED_COUNT_LIMIT = 1_000;

export interface Total {
  total: number;
  estimated: boolean;
}

/**
 * Counts the rows of `table` matching `where` but stops at `limit` (EXACT_COUNT_LIMIT);
 * past that, answers PostgreSQL's estimate of the count.
 */
export async function boundedCount(db: Db, table: PgTable, where: SQL | undefined, limit = EXACT_COUNT_LIMIT): Promise<Total> {
  const matching = () =>
    db
      .select({ one: sql`1` })
      .from(table)
      .where(where);
  const capped = await db.select({ n: count() }).from(
    matching()
      .limit(limit + 1)
      .as('capped'),
  );
  const n = capped[0]?.n ?? 0;
  if (n <= limit) return { total: n, estimated: false };
  const plan = await db.execute(sql`explain (format json) ${matching()}`);
  const rows = (plan as unknown as { rows: Record<string, unknown>[] }).rows;
  const raw = rows[0] ? Object.values(rows[0])[0] : undefined;
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  const estimate = Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? n);
  return { total: Math.max(estimate, n), estimated: true };
}

/** One page of a list's query: its conditions (filter and cursor), its order, its size. */
export interface ListSelect {
  where: SQL | undefined;
  order: SQL[];
  limit: number;
  offset: number;
}

/**
 * A list's `select`: its own query (columns and joins) narrowed to the page asked for, its conditions,
 * its order and its size. The query is built anew for each page (a dynamic query is changed in place).
 */
export function paged<Q extends PgSelect>(query: () => { $dynamic(): Q }) {
  return ({ where, order, limit, offset }: ListSelect) =>
    query()
      .$dynamic()
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
}

/** What an admin list is: its order (with the index that serves it), its filter and its query. */
export interface ListDefinition<R extends Record<string, unknown>> {
  keys: SortKey[];
  filter: SQL | undefined;
  /** The list's own query with the conditions and order given; selects `cursorColumns(keys)` beside each row. */
  select: (page: ListSelect) => Promise<R[]>;
}

/**
 * Every row of a list, in the list's order, one keyset page after the last row seen: how an export
 * reads the very list the tab shows (same filter, same order, same query), keeping one page in memory.
 */
export function pagesOf<R extends Record<string, unknown>>(list: ListDefinition<R>, pageSize: number): (last: R | undefined) => Promise<R[]> {
  return (last) =>
    list.select({
      where: and(
        list.filter,
        last
          ? afterCursor(
              list.keys,
              list.keys.map((_, i) => String(last[`k${i}`])),
            )
          : undefined,
      ),
      order: orderOf(list.keys),
      limit: pageSize,
      offset: 0,
    });
}

export interface Page<R> {
  rows: R[];
  total: number;
  estimated: boolean;
  nextCursor: string | undefined;
}

/**
 * One admin list page: the filter, the keyset cursor (or an offset, never both), the order its
 * index serves, a bounded total and the next cursor. `select` runs the list's own query with the
 * conditions and order given; it must select `cursorColumns(keys)` beside each row.
 */
export async function listPage<R extends Record<string, unknown>>(
  query: { limit: number; offset: number; cursor?: string | undefined },
  options: ListDefinition<R> & { count: (filter: SQL | undefined) => Promise<Total> },
): Promise<Page<R>> {
  if (query.cursor && query.offset > 0) throw badRequest('Use either offset or cursor, not both', 'cursor');
  const after = query.cursor ? afterCursor(options.keys, decodeCursor(query.cursor, options.keys)) : undefined;
  const [rows, total] = await Promise.all([
    options.select({ where: and(options.filter, after), order: orderOf(options.keys), limit: query.limit, offset: query.offset }),
    options.count(options.filter),
  ]);
  return { rows, ...total, nextCursor: nextCursor(rows, options.keys, query.limit) };
}
