/** The public programme log's answers (DECISIONS §5, The public programme log): the names are a contract. */
import { z } from 'zod';
import { LOG_QUERY_MESSAGES } from './messages.ts';
import { LOG_PAGE_MAX } from '../limits.ts';

const hash = z.string().meta({ description: 'Lowercase hex SHA-256.', pattern: '^[0-9a-f]{64}$' });

export const LOG_PAGE_DEFAULT = 100;

export const ZLogEntry = z.object({
  seq: z.number().int().describe('From 1, without gaps.'),
  at: z.string().meta({ format: 'date-time', description: 'When it was written, ISO 8601 in UTC, exactly as hashed.' }),
  kind: z.string().describe('season.terms, season.frozen, season.closed, prize.withheld, payout.paid, month.summary, log.anchored, referral.credited.'),
  data: z.record(z.string(), z.unknown()).describe('What the entry records; money as strings.'),
  prevHash: hash,
  hash: hash.describe('SHA-256 of the canonical JSON (RFC 8785) of {seq, at, kind, data, prevHash}.'),
});
export type TLogEntry = z.infer<typeof ZLogEntry>;

export const ZLogPage = z.object({
  entries: z.array(ZLogEntry).describe('Oldest first, after `after`.'),
  head: z.object({ seq: z.number().int(), hash }).describe('The last entry of the whole log (seq 0 and 64 zeros when empty).'),
});
export type TLogPage = z.infer<typeof ZLogPage>;

export const ZLogQuery = z.object({
  after: z.coerce
    .number({ error: LOG_QUERY_MESSAGES.after })
    .int(LOG_QUERY_MESSAGES.after)
    .min(0, LOG_QUERY_MESSAGES.after)
    .max(1e12, LOG_QUERY_MESSAGES.after)
    .default(0),
  limit: z.coerce
    .number({ error: LOG_QUERY_MESSAGES.limit })
    .int(LOG_QUERY_MESSAGES.limit)
    .min(1, LOG_QUERY_MESSAGES.limit)
    .max(LOG_PAGE_MAX, LOG_QUERY_MESSAGES.limit)
    .default(LOG_PAGE_DEFAULT),
});

export { LOG_PAGE_MAX } from '../limits.ts';
