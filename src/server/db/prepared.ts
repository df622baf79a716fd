/**
 * Statements built once per database handle: the hottest reads (the session of every signed-in
 * request, the account of a sign-in, the caller's ambassador record) are built by drizzle once and,
 * on PostgreSQL, prepared once per connection under their name (parsed and planned once), instead of
 * being built and parsed again on every request.
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

/** The statements executeNamed has named, by their text: a bounded set (a text that embeds a value would make one per call). */
const named = new Map<string, string>();
const NAMED_MAX = 100;
const dialect = new PgDialect();

/**
 * A statement built by the caller (drizzle's `sql`, values as parameters) executed under a name of
 * its text: on PostgreSQL each connection parses and plans a shape once and then only binds it (a
 * long CTE's planning costs more than its execution), on the connection the handle is bound to
 * (a transaction's own). PGlite runs it as `execute` does. The answer is `execute`'s: the driver's
 * result with its rows.
 */
export function executeNamed(db: Db, statement: SQL): Promise<unknown> {
  const query = dialect.sqlToQuery(statement);
  let name = named.get(query.sql);
  if (name === undefined && named.size < NAMED_MAX) {
    name = `named_${createHash('sha256').update(query.sql).digest('hex').slice(0, 24)}`;
    named.set(query.sql, name);
  }
  return db._.session.prepareQuery(query, undefined, name, false).execute();
}
