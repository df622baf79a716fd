/**
 * CSV for exports: RFC 4180 quoting, and OWASP's CSV-injection rule (DECISIONS §5): a cell that a
 * spreadsheet would read as a formula (=, +, -, @, tab, carriage return first) gets a leading quote.
 */
import { Readable } from 'node:stream';

export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: ReadonlyArray<string | number | boolean | null | undefined>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * A CSV file read page by page: `page(after)` answers the next rows after the last one (keyset),
 * fewer than `pageSize` at the end. Only one page is ever in memory, whatever the export's size.
 */
export function csvStream<T>(
  header: readonly string[],
  page: (after: T | undefined) => Promise<T[]>,
  cells: (row: T) => Array<string | number | boolean | null | undefined>,
  pageSize: number,
): Readable {
  async function* lines() {
    yield csvLine(header);
    let after: T | undefined;
    for (;;) {
      const rows = await page(after);
      // One chunk per page: fewer, larger writes.
      if (rows.length) yield rows.map((row) => csvLine(cells(row))).join('');
      if (rows.length < pageSize) return;
      after = rows.at(-1);
    }
  }
  return Readable.from(lines());
}
