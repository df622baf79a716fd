/** A digest of tables' whole content, to prove that a request changed nothing. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';

/** The tables a refused request must leave alone (failed-attempt counters and sessions change by design). */
export const BUSINESS_TABLES = [
  'users',
  'ambassador_applications',
  'ambassadors',
  'weekly_reports',
  'withdrawal_requests',
  'transactions',
  'admin_actions',
  'system_settings',
  'email_outbox',
  'idempotency_keys',
];

export async function fingerprint(db: Db, tables: readonly string[]): Promise<string> {
  const parts: string[] = [];
  for (const table of tables) {
    const result = await db.execute(sql.raw(`select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as h from ${table} t`));
    parts.push(`${table}=${String((result as unknown as { rows: { h: string }[] }).rows[0]?.h)}`);
  }
  return parts.join('\n');
}
