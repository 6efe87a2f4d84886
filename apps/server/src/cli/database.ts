import type { AppConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { runningServer } from '../lib/pglite-backup.ts';

/** A command refused before it touches anything, with the reason to print. */
export class Refused extends Error {}

/** Refuses while a server has the embedded database open: a second process would corrupt it. */
export function refuseWhileServing(config: AppConfig, what: string): void {
  if (config.databaseUrl) return;
  const pid = runningServer(config.dataDir);
  if (pid !== undefined)
    throw new Refused(
      `A Gatehouse server (pid ${pid}) has the embedded database in ${config.dataDir} open, and only one process may: stop it to ${what}.`,
    );
}

/** The configured database, migrated, for a command; the caller closes it. */
export async function openMigrated(config: AppConfig, what: string): Promise<DatabaseHandle> {
  refuseWhileServing(config, what);
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
