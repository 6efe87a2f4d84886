import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';

export { schema };

/** One type for both drivers, so every repository serves PGlite and PostgreSQL alike. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  typeof schema,
  ExtractTablesWithRelations<typeof schema>
>;
/** What repositories take: the database itself or an open transaction. */
export type Executor = Database | Transaction;

export type DatabaseHandle =
  | { kind: 'pglite'; db: Database; client: PGlite; close: () => Promise<void> }
  | { kind: 'postgres'; db: Database; pool: pg.Pool; close: () => Promise<void> };

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; max?: number };

/**
 * Opens PGlite (on disk when `dataDir` is given, in memory otherwise) or a node-postgres
 * pool. The caller runs the migrations.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.max ?? 10 });
    // An idle client that loses its connection emits 'error' on the pool; without a
    // listener that would crash the process instead of failing the next query.
    pool.on('error', () => {});
    const db: Database = drizzlePg({ client: pool, schema });
    return { kind: 'postgres', db, pool, close: () => pool.end() };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    // A ready-made data directory skips initdb, the slow part of opening a new database.
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
  });
  const db: Database = drizzlePglite({ client, schema });
  return { kind: 'pglite', db, client, close: () => client.close() };
}
