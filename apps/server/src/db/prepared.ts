import type { Database } from './client.ts';

/**
 * A statement that drizzle builds once per database and PostgreSQL plans once per
 * connection (sent by name), for the queries on the hottest paths. `build` returns a
 * drizzle `.prepare(name)` with `sql.placeholder`s for its values.
 */
export function preparedPer<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
