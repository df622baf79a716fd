/**
 * What a change changed, from what it wrote (DECISIONS §6 Live changes; docs/decisions/034).
 * The mutation boundary hands every change a transaction that notes each table an insert, an
 * update or a delete names (`recordWrites`); TABLE_TOPICS, the one map, turns those tables into
 * the live topics whose reads show them. So no caller names a topic: a new write is heard by the
 * pages that show its table, and a new table does not compile until it says which topics show it.
 *
 * `me` is a person's own account (src/shared/live.ts): the table says a row of it changed, the
 * writer says whose (`m.concerns(userId)`), and the actor's own always counts.
 */
import { getTableName, is, Table } from 'drizzle-orm';
import type { LiveTopic } from '../../shared/live.ts';
import type { Db } from './client.ts';
import * as schema from './schema.ts';

type SchemaExports = typeof schema;
/** The schema's tables, by their export names. */
export type TableKey = { [K in keyof SchemaExports]: SchemaExports[K] extends Table ? K : never }[keyof SchemaExports];
export type AnyTable = SchemaExports[TableKey];

/**
 * Each table, and the topics whose reads show it (src/client/api/changes.ts says which reads those
 * are). Empty: no page shows it (bookkeeping, secrets, outboxes) or it is shown with another
 * table that is always written with it. A Record over every table, so a new table without its
 * topics does not compile.
 */
export const TABLE_TOPICS: Readonly<Record<TableKey, readonly LiveTopic[]>> = {
  // The account: name, email, language, two-factor, the email switches; admins are accounts too (the Admins tab, its
  // security notices), and the desk's ambassador list shows an ambassador's email and switches.
  users: ['me', 'admins', 'ambassadors'],
  sessions: [],
  ambassadorApplications: ['applications'],
  // The record, its totals (the month's GCM and badge are the leaderboard's rows).
  ambassadors: ['me', 'ambassadors', 'leaderboard'],
  // A proven or declared payout address: the person's wallet, the desk's wallet sharers and withdrawals.
  walletProofs: ['me', 'ambassadors', 'withdrawals'],
  walletProofNonces: [],
  weeklyReports: ['me', 'reports'],
  reportLinks: ['me', 'reports'],
  payoutBatches: ['withdrawals'],
  withdrawalApprovals: ['withdrawals'],
  withdrawalRequests: ['me', 'withdrawals'],
  // The Appeals queue is shown with the reports' and the withdrawals' (the client's map).
  appeals: ['me', 'reports', 'withdrawals'],
  // The ledger; its totals are the ambassadors' and the programme's rows, written with it.
  transactions: ['me'],
  adminActions: ['activity'],
  seasons: ['seasons'],
  // The log itself; a month's terms and summary are read from it by the seasons' pages and the landing page's review times.
  publicLog: ['log', 'seasons', 'stats'],
  logAnchors: ['log'],
  seasonEntrants: ['seasons'],
  systemSettings: ['settings'],
  emailOutbox: [],
  notifications: ['me'],
  mfaRecoveryCodes: ['me'],
  rateLimits: [],
  idempotencyKeys: [],
  programmeTotals: ['stats'],
  // The admin desk's daily figures: written last by every decision, shown with the decisions' own topics.
  dailyFigures: [],
  activeMonths: [],
  reviewTimes: [],
  linkedAccounts: ['me'],
  linkStates: [],
  tasks: ['tasks'],
  // A manual claim waits at the review desk (the reports' topic).
  taskClaims: ['me', 'reports'],
  // The referrer's Referrals page; the desk's held referrals (the ambassadors' topic).
  referrals: ['me', 'ambassadors'],
  apiKeys: ['integrations'],
  webhookEndpoints: ['integrations'],
  webhookEvents: [],
  webhookDeliveries: ['integrations'],
  webhookAttempts: ['integrations'],
  // A counted click shows on the referrer's Referrals page (the writer says whose).
  referralClicks: ['me'],
  ambassadorSightings: [],
  telegramMessages: [],
  discordRolePushes: [],
};

const KEYS = new Map<string, TableKey>();
for (const [key, value] of Object.entries(schema)) if (is(value, Table)) KEYS.set(getTableName(value), key as TableKey);

/** The key of a table object of the schema (undefined for anything else). */
export function tableKey(table: unknown): TableKey | undefined {
  return is(table, Table) ? KEYS.get(getTableName(table)) : undefined;
}

/** The topics of the tables a change wrote. */
export function topicsOfTables(tables: Iterable<TableKey>): Set<LiveTopic> {
  const topics = new Set<LiveTopic>();
  for (const table of tables) for (const topic of TABLE_TOPICS[table]) topics.add(topic);
  return topics;
}

/** Did a write's answer change a row: returned rows, or a count of them (node-postgres' rowCount, PGlite's affectedRows). */
function changedRows(result: unknown): boolean {
  if (Array.isArray(result)) return result.length > 0;
  if (result && typeof result === 'object') {
    const { rowCount, affectedRows } = result as { rowCount?: unknown; affectedRows?: unknown };
    const count = typeof rowCount === 'number' ? rowCount : typeof affectedRows === 'number' ? affectedRows : undefined;
    if (count !== undefined) return count > 0;
  }
  return true;
}

/** The statement `query` notes its table when it has run and changed a row (an update that matched nothing changed nothing). */
function noteWhenRun<Q>(query: Q, note: () => void): Q {
  const statement = query as { execute?: (...args: unknown[]) => Promise<unknown> };
  const execute = statement.execute;
  if (typeof execute !== 'function') {
    note();
    return query;
  }
  // Awaiting a statement runs `execute` (drizzle's QueryPromise); `where`, `returning` and the like answer the same object.
  statement.execute = (...args: unknown[]) =>
    execute.apply(statement, args).then((result) => {
      if (changedRows(result)) note();
      return result;
    });
  return query;
}

/** An insert's or an update's first step (`values`/`select`, `set`) answers the statement. */
const STATEMENT_STEPS: Record<string, readonly PropertyKey[]> = { insert: ['values', 'select'], update: ['set'], delete: [] };

/**
 * The transaction `tx`, noting in `wrote` the table of every insert, update and delete made through
 * it (and through its nested transactions) that changed a row. A raw statement
 * (`tx.execute(sql\`update …\`)`) is not seen: its writer names the table (`m.wrote(table)`).
 */
export function recordWrites(tx: Db, wrote: (table: TableKey) => void): Db {
  return new Proxy(tx, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const steps = typeof property === 'string' ? STATEMENT_STEPS[property] : undefined;
      if (steps) {
        return (table: unknown, ...rest: unknown[]) => {
          const key = tableKey(table);
          const builder: unknown = (value as (...args: unknown[]) => unknown).call(target, table, ...rest);
          if (!key || typeof builder !== 'object' || builder === null) return builder;
          const note = () => wrote(key);
          if (!steps.length) return noteWhenRun(builder, note);
          return new Proxy(builder, {
            get(inner, step) {
              const method: unknown = Reflect.get(inner, step, inner);
              if (typeof method !== 'function') return method;
              if (steps.includes(step)) return (...args: unknown[]) => noteWhenRun((method as (...a: unknown[]) => unknown).apply(inner, args), note);
              return (method as (...a: unknown[]) => unknown).bind(inner);
            },
          });
        };
      }
      if (property === 'transaction') {
        return (work: (inner: Db) => unknown, ...rest: unknown[]) =>
          (value as (...args: unknown[]) => unknown).call(target, (inner: Db) => work(recordWrites(inner, wrote)), ...rest);
      }
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
}
