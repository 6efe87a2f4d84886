import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * A `timestamptz` in the form the API writes every date (`Date.prototype.toISOString`: UTC,
 * milliseconds, `Z`), formatted by the database, for years 1 to 9999. `MS` cuts the
 * microseconds, as the driver does when it reads the value into a `Date`.
 */
export function isoTimestamp(column: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The selected rows as one JSON array, each row an object of `fields` (key → column or
 * expression), in `orderBy`'s order; `[]` when there are none. A statement whose answer is
 * many rows of many columns costs the driver a value to read and convert per cell, which
 * on PGlite's single thread took longer than the query; one JSON value is read once.
 */
export function jsonRows<T>(fields: Record<string, SQLWrapper>, orderBy: SQL[]): SQL<T[]> {
  // json_build_object takes at most 100 arguments, a key and a value per field.
  const count = Object.keys(fields).length;
  if (count === 0 || count > 50) throw new Error(`jsonRows: ${count} fields, not 1 to 50`);
  if (orderBy.length === 0) throw new Error('jsonRows: the rows need an order');
  const pairs = sql.join(
    Object.entries(fields).map(([key, value]) => {
      if (!/^[A-Za-z]\w*$/.test(key)) throw new Error(`jsonRows: ${key} is not a plain key`);
      return sql`${sql.raw(`'${key}'`)}, ${value}`;
    }),
    sql`, `,
  );
  return sql<
    T[]
  >`coalesce(json_agg(json_build_object(${pairs}) order by ${sql.join(orderBy, sql`, `)}), '[]'::json)`;
}
