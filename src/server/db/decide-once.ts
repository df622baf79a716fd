import { conflict, notFound } from '../errors.ts';

/**
 * The rule behind every admin decision (application, report, withdrawal): a row
 * moves out of 'pending' by one conditional update (`... where status =
 * 'pending' returning`), so under races exactly one caller gets the row. The
 * others, and later callers, learn whether the row exists (409) or not (404).
 */
export async function decidedOnce<Row>(updated: Row[], exists: () => Promise<unknown[]>, messages: { notFound: string; alreadyDecided: string }): Promise<Row> {
  const row = updated[0];
  if (row) return row;
  throw (await exists()).length ? conflict(messages.alreadyDecided) : notFound(messages.notFound);
}
