import type { AppConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';

/** The configured database, migrated, for a command; the caller closes it. */
export async function openMigrated(config: AppConfig): Promise<DatabaseHandle> {
  const handle = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await migrateDatabase(handle);
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}
