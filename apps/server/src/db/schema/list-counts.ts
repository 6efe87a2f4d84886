import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * How many rows each application has in a listed table, kept by triggers in the transaction
 * that inserts or deletes them (migration 0009), so the total of an unfiltered list is read,
 * not counted. `list` is the table's name, `scope` the application.
 */
export const listCounts = pgTable(
  'list_counts',
  {
    list: text('list').notNull(),
    scope: text('scope').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.list, t.scope] })],
);
