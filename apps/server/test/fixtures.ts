import { randomUUID } from 'node:crypto';
import type { Database } from '../src/db/client.ts';
import { applications, dataAccesses } from '../src/db/schema/index.ts';

/** Data for the app-configuration tests and benchmarks, inserted through the db, not HTTP. */

export async function createApplication(
  db: Database,
  applicationId = `app-${randomUUID().slice(0, 8)}`,
  name = applicationId,
): Promise<string> {
  await db.insert(applications).values({ applicationId, name });
  return applicationId;
}

const BATCH = 1000;

/**
 * Inserts `count` data accesses into an application, in batches of 1000. Row i (from 0) has
 * id `da-<i, 6 digits>`, name `Data access <i>`, category `category-<i mod 10>`, and is
 * created one second after row i-1, ending about now: the newest row is the last inserted.
 */
export async function seedDataAccesses(
  db: Database,
  applicationId: string,
  count: number,
  options: { start?: Date; categories?: number } = {},
): Promise<void> {
  const start = options.start?.getTime() ?? Date.now() - count * 1000;
  const categories = options.categories ?? 10;
  for (let from = 0; from < count; from += BATCH) {
    const rows = [];
    for (let i = from; i < Math.min(count, from + BATCH); i++) {
      const at = new Date(start + i * 1000);
      rows.push({
        applicationId,
        id: `da-${String(i).padStart(6, '0')}`,
        name: `Data access ${i}`,
        category: `category-${i % categories}`,
        createdAt: at,
        updatedAt: at,
      });
    }
    await db.insert(dataAccesses).values(rows);
  }
}
