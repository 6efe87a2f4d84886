import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * How many rows each application has in a listed table, kept by triggers in the transaction
 * that inserts or deletes them (migration 0009), so the total of an unfiltered list is read,
 * not counted. `list` is the table's name, `scope` the application. `changes` is drawn from one
 * sequence by every insert or delete in the scope (migration 0013): a deep page's remembered
 * starting point (lib/page-anchors.ts) holds only while it is unchanged.
 */
export const listCounts = pgTable(
  'list_counts',
  {
    list: text('list').notNull(),
    scope: text('scope').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    changes: bigint('changes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.list, t.scope] })],
);
