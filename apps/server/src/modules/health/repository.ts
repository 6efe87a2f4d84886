import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** The cheapest query there is: it fails only when the database does not answer. */
export async function ping(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}
