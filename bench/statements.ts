/**
 * Counts what the product asks of its database while a piece of work runs in the bench's process:
 * statements (each one round trip to PostgreSQL; BEGIN and COMMIT counted as statements too),
 * transactions, and the time spent waiting for each statement's answer. On PGlite that time is the
 * database's own work on the process's one thread; on PostgreSQL it is the round trip.
 *
 * PGlite: the client's `query`/`exec` and those of each transaction are wrapped (as src/server/db/tracing.ts
 * does for traces). PostgreSQL: `pg.Client.prototype.query`, so the pool's connections are counted.
 * Run the counted work one request at a time: statements of concurrent requests would mix.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { TestServer } from '../test/helpers/server.ts';

export interface StatementCount {
  statements: number;
  transactions: number;
  /** Milliseconds spent waiting for statements' answers. */
  ms: number;
  /** Each statement's first words, in order (parameters never). */
  texts: string[];
}

export interface StatementCounter {
  /** Starts a new count. */
  reset(): void;
  read(): StatementCount;
  /** Leaves the client as it was. */
  stop(): void;
}

/** The first words of a statement: its verb and table, enough to tell what it is. */
function label(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const table = /\b(?:from|into|update|join)\s+"?(\w+)"?/i.exec(flat)?.[1];
  const verb = /^(\w+)/.exec(flat)?.[1]?.toLowerCase() ?? '?';
  return table ? `${verb} ${table}` : flat.slice(0, 40);
}

/** The rows a statement answered (PGlite: one result, or one per statement of an exec). */
function rowsOf(result: unknown): number {
  const results = Array.isArray(result) ? result : [result];
  return results.reduce((n: number, r) => n + ((r as { rows?: unknown[] } | undefined)?.rows?.length ?? 0), 0);
}

export async function countStatements(server: TestServer): Promise<StatementCounter> {
  let current: StatementCount = { statements: 0, transactions: 0, ms: 0, texts: [] };
  const counted = async <T>(text: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    let rows = 0;
    try {
      const result = await run();
      rows = rowsOf(result);
      return result;
    } finally {
      current.ms += performance.now() - started;
      current.statements += 1;
      const took = performance.now() - started;
      current.texts.push(`${label(text)}${rows > 1 ? ` (${rows} rows)` : ''}${process.env.BENCH_STATEMENT_MS ? ` ${took.toFixed(1)}ms` : ''}`);
    }
  };
  const undo: (() => void)[] = [];
  if (server.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const original = pg.Client.prototype.query;
    // pg's query has many overloads; the pool calls it with (text | config, values?, callback?).
    pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
      const first = args[0];
      const text = typeof first === 'string' ? first : ((first as { text?: string; name?: string } | undefined)?.text ?? '?');
      if (/^\s*begin\b/i.test(text)) current.transactions += 1;
      const started = performance.now();
      const result = (original as (...a: unknown[]) => unknown).apply(this, args);
      current.statements += 1;
      const at = current.texts.push(label(text)) - 1;
      const texts = current.texts;
      if (result && typeof (result as Promise<unknown>).finally === 'function')
        (result as Promise<unknown>)
          .finally(() => {
            const took = performance.now() - started;
            current.ms += took;
            if (process.env.BENCH_STATEMENT_MS) texts[at] = `${texts[at]} ${took.toFixed(1)}ms`;
          })
          .catch(() => undefined);
      return result;
    } as typeof original;
    undo.push(() => void (pg.Client.prototype.query = original));
  } else {
    const client = (server.db as unknown as { $client: PGlite }).$client;
    const wrap = (target: PGlite | Transaction) => {
      const query = target.query.bind(target);
      const exec = target.exec.bind(target);
      target.query = (<T>(text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) =>
        counted(text, () => query<T>(text, params, options))) as typeof target.query;
      target.exec = ((text: string, options?: Parameters<PGlite['exec']>[1]) => counted(text, () => exec(text, options))) as typeof target.exec;
      return () => {
        target.query = query;
        target.exec = exec;
      };
    };
    undo.push(wrap(client));
    const transaction = client.transaction.bind(client);
    client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) => {
      // PGlite sends BEGIN and COMMIT itself, past the wrapped `query`: counted here, as pg's are.
      current.transactions += 1;
      current.statements += 2;
      current.texts.push('begin');
      return transaction<T>((tx) => {
        wrap(tx);
        return callback(tx);
      }).finally(() => void current.texts.push('commit'));
    }) as typeof client.transaction;
    undo.push(() => void (client.transaction = transaction));
  }
  return {
    reset() {
      current = { statements: 0, transactions: 0, ms: 0, texts: [] };
    },
    read: () => ({ ...current, texts: [...current.texts] }),
    stop() {
      for (const step of undo.reverse()) step();
    },
  };
}
