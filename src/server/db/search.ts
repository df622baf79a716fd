import { ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ambassadors } from './schema.ts';

/**
 * The admin lists' search: a case-insensitive substring of any of the columns (ILIKE '%x%', its
 * wildcards escaped), served by the trigram indexes where the table has them. None when empty.
 */
export function containsAny(search: string | undefined, ...columns: AnyPgColumn[]): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** The admin lists' search of an ambassador (theirs, and the reports' and withdrawals' by their owner): name or email. */
export function ambassadorSearch(search: string | undefined): SQL | undefined {
  return containsAny(search, ambassadors.fullName, ambassadors.email);
}
