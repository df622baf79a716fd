import { msg } from '@lingui/core/macro';
import { i18n } from '../../../i18n/i18n.ts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AdminListParams, AdminListResource } from '../../../api/resources.ts';
import type { QueryLike } from '../../../components/query-state.tsx';
import { ADMIN_PAGE_SIZE } from './keys.ts';

/** 'all', or one of the values the list is filtered by. */
export const ALL = 'all';

export interface AdminListOptions {
  /** The values of the list's status filter (sent as ?status=); none: no filter. */
  filter?: readonly string[];
  /**
   * The status filter's value before one is chosen, when it is not 'all' (the server's own default
   * then; choosing 'All' sends `all`).
   */
  filterInitial?: string;
  /** How the filter's values read (their capitalised names when left out). */
  filterLabels?: Readonly<Record<string, string>>;
  /** The filter's query parameter and its label ('status', 'Status' when left out). */
  filterParam?: string;
  filterName?: string;
  /** Filters beside the status filter, drawn the same way (the withdrawals' wallet proof). */
  moreFilters?: readonly AdminListFilter[];
  /** The search's query parameter ('search' when left out). */
  searchParam?: string;
  /** A search box (sent as ?search=, case-insensitive substring on the server). */
  search?: boolean;
  /** A 'Flagged only' switch (sent as ?flagged=true): the list's items carry abuse flags. */
  flagged?: boolean;
  /** The list's CSV export (GET /api/admin/export/{name}.csv), with the same filter and search. */
  exportName?: 'ambassadors' | 'applications' | 'reports' | 'transactions' | 'withdrawals';
  pageSize?: number;
  /** Parameters every page is read with: the record whose list it is (a webhook endpoint's deliveries). */
  fixed?: Readonly<Record<string, string>>;
}

/**
 * A list with a CSV export (the ambassadors, applications, reports and withdrawals tabs): searched and
 * narrowed to its flagged rows, as the export it downloads is (GET /api/admin/export/{name}.csv).
 */
export function exportedList(name: NonNullable<AdminListOptions['exportName']>): AdminListOptions {
  return { search: true, flagged: true, exportName: name };
}

/** A filter of a list: its query parameter, its label, its values (and how they read). */
export interface AdminListFilter {
  param: string;
  name: string;
  values: readonly string[];
  labels?: Readonly<Record<string, string>> | undefined;
  /** Its value before one is chosen (ALL when left out). */
  initial?: string | undefined;
}

/** A filter as AdminList draws it: its value now ('all' or one of its values). */
export interface AdminListFilterState extends AdminListFilter {
  value: string;
  setValue: (value: string) => void;
}

/** What AdminList draws: the read of its rows (QueryState), and, when the list has them, its pager, filter and search. */
export interface AdminListState<T> {
  query: QueryLike<unknown>;
  items: T[];
  paging?: { offset: number; limit: number; total: number; estimated: boolean; setOffset: (offset: number) => void };
  /** The status filter first, then the others. */
  filters?: AdminListFilterState[];
  search?: { value: string; setValue: (value: string) => void };
  flagged?: { value: boolean; setValue: (value: boolean) => void };
  /** Where the CSV of the list as filtered now downloads from. */
  exportUrl?: string;
}

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * A paged admin list (?limit=&offset=, total in X-Total-Count) with its optional status filter and
 * search: one of the admin list reads of resources.ts, whose every page a change refreshes. A new
 * filter or search starts again from the first page.
 */
export function useAdminList<T>(resource: AdminListResource<T>, options: AdminListOptions = {}): AdminListState<T> {
  const {
    filter,
    filterInitial,
    filterLabels,
    filterParam = 'status',
    filterName = i18n._(msg`Status`),
    moreFilters = [],
    search: searchable = false,
    searchParam = 'search',
    flagged: flaggable = false,
    exportName,
    pageSize = ADMIN_PAGE_SIZE,
    fixed = {},
  } = options;
  const specs: AdminListFilter[] = [
    ...(filter ? [{ param: filterParam, name: filterName, values: filter, labels: filterLabels, initial: filterInitial }] : []),
    ...moreFilters,
  ];
  const [chosen, setChosen] = useState<Readonly<Record<string, string>>>({});
  const valueOf = (spec: AdminListFilter) => {
    const value = chosen[spec.param];
    return value !== undefined && (spec.values.includes(value) || value === ALL) ? value : (spec.initial ?? ALL);
  };
  const [search, setSearch] = useState('');
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const searched = useDebounced(search, 300).trim();
  // The offset belongs to one filter and search; under another it is 0.
  const selection = `${specs.map(valueOf).join('\n')}\n${searched}\n${flaggedOnly}`;
  const [paging, setPaging] = useState({ selection, offset: 0 });
  const offset = paging.selection === selection ? paging.offset : 0;
  const params: AdminListParams = {
    ...fixed,
    limit: pageSize,
    offset,
    // 'All' is no parameter, unless the server's default is a value (then it is asked for by name).
    ...Object.fromEntries(specs.map((spec) => [spec.param, valueOf(spec) === ALL && !spec.initial ? undefined : valueOf(spec)])),
    [searchParam]: searchable && searched ? searched : undefined,
    flagged: flaggable && flaggedOnly ? 'true' : undefined,
  };
  const query = useQuery(resource(params));
  return {
    query,
    items: query.data?.items ?? [],
    paging: {
      offset,
      limit: pageSize,
      total: query.data?.total ?? 0,
      estimated: query.data?.estimated ?? false,
      setOffset: (next) => setPaging({ selection, offset: next }),
    },
    filters: specs.map((spec) => ({
      ...spec,
      value: valueOf(spec),
      setValue: (value: string) => setChosen((current) => ({ ...current, [spec.param]: value })),
    })),
    search: searchable ? { value: search, setValue: setSearch } : undefined,
    flagged: flaggable ? { value: flaggedOnly, setValue: setFlaggedOnly } : undefined,
    exportUrl: exportName ? exportUrl(exportName, params, [...specs.map((spec) => spec.param), searchParam, 'flagged']) : undefined,
  };
}

/** The export of the list as filtered and searched now: the list's parameters but its page. */
function exportUrl(name: string, params: Record<string, string | number | undefined>, keys: readonly string[]): string {
  const query = new URLSearchParams();
  for (const key of keys) {
    const value = params[key];
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return `/api/admin/export/${name}.csv${text ? `?${text}` : ''}`;
}
