import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseHandle } from './client.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

const pgliteMigrations = new WeakMap<PGlite, Promise<void>>();

/** Any 64-bit number works; this one is ours so other applications on the server are not blocked. */
export const MIGRATION_LOCK_KEY = 4_711_2024;

/**
 * Applies the drizzle-kit migrations. On PostgreSQL several instances may start at once,
 * so the migration runs under a session-level advisory lock on one pooled connection: the
 * first instance migrates, the others wait and then find nothing left to do.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    // PGlite has one session, where an advisory lock would not exclude anything; calls on
    // one handle queue up here instead.
    // As in openDatabase, only the driver in use is loaded.
    const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const previous = pgliteMigrations.get(handle.client) ?? Promise.resolve();
    const run = previous
      .catch(() => {})
      .then(() =>
        migratePglite(drizzlePglite({ client: handle.client }), { migrationsFolder: MIGRATIONS_FOLDER }),
      );
    pgliteMigrations.set(handle.client, run);
    await run;
    return;
  }
  const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = await handle.pool.connect();
  let failed: Error | undefined;
  try {
    // The pool's statement timeout is for requests: waiting for another instance's migration,
    // or building an index over a large table, may take longer.
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
    await client.query('reset statement_timeout');
  } catch (err) {
    failed = err as Error;
    throw err;
  } finally {
    // A connection that failed here may still have no timeout: it is discarded, not pooled.
    client.release(failed);
  }
}
