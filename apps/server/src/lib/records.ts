import type { Message } from '@gatehouse/contract';
import { asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { validationFailed } from './errors.ts';

/** A table whose rows carry `updatedAt`, which every update stamps. */
type TimestampedTable = PgTable & { updatedAt: PgColumn };

/**
 * The reads and writes by primary key that every record table has, so that a repository
 * writes out only the queries of its own. `key` is the table's primary key.
 */
export function byKey<T extends TimestampedTable>(table: T, key: PgColumn) {
  type Row = T['$inferSelect'];
  // The queries are built on the base types, as in `pageRows`: drizzle cannot type a query
  // on a generic table. The signatures give the rows the table's type, which is what they are.
  const base: PgTable = table;
  return {
    async find(db: Executor, value: string): Promise<Row | undefined> {
      const [row] = await db.select().from(base).where(eq(key, value)).limit(1);
      return row as Row | undefined;
    },

    /** The row, locked until the transaction ends, so that an update knows what it replaces. */
    async findForUpdate(db: Executor, value: string): Promise<Row | undefined> {
      const [row] = await db.select().from(base).where(eq(key, value)).limit(1).for('update');
      return row as Row | undefined;
    },

    async insert(db: Executor, values: T['$inferInsert']): Promise<Row> {
      const [row] = await db.insert(base).values(values).returning();
      return row as Row;
    },

    /** Sets `values` and stamps `updatedAt` with the database's clock. */
    async update(db: Executor, value: string, values: Partial<T['$inferInsert']>): Promise<Row> {
      const [row] = await db
        .update(base)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(key, value))
        .returning();
      return row as Row;
    },

    /** Deletes the row; true when there was one. */
    async remove(db: Executor, value: string): Promise<boolean> {
      const rows = await db.delete(base).where(eq(key, value)).returning({ key });
      return rows.length > 0;
    },

    /** Which of `values` name a row: for checking the keys a request refers to, in one query. */
    async existing(db: Executor, values: readonly string[]): Promise<Set<string>> {
      if (values.length === 0) return new Set();
      const rows = await db
        .select({ key })
        .from(base)
        .where(inArray(key, [...values]));
      return new Set(rows.map((r) => String(r.key)));
    },
  };
}

/**
 * A 400 on `field` when a key the request refers to names no row; `existing` is what
 * `byKey(…).existing` found of `wanted`.
 */
export function assertAllExist(
  existing: Set<string>,
  wanted: readonly string[],
  field: string,
  message: Message,
): void {
  if (wanted.some((key) => !existing.has(key))) throw validationFailed({ [field]: message });
}

/**
 * The rows of `table` that name a record (`where`): how many, and the `label` of the first
 * few in order, for a refusal such as "Used by 2 sets: a, b".
 */
export async function namedBy(
  db: Executor,
  table: PgTable,
  label: PgColumn,
  where: SQL,
): Promise<{ total: number; labels: string[] }> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  const rows = await db.select({ label }).from(table).where(where).orderBy(asc(label)).limit(5);
  return { total: row?.n ?? 0, labels: rows.map((r) => String(r.label)) };
}
