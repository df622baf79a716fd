/**
 * Statements built once per database handle: the hottest reads (the session of every signed-in
 * request, the account of a sign-in, the caller's ambassador record) are built by drizzle once and,
 * on PostgreSQL, prepared once per connection under their name (parsed and planned once), instead of
 * being built and parsed again on every request.
 */
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
