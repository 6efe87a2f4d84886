import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { consoleSettings } from '../../db/schema/index.ts';

export async function findAll(db: Executor): Promise<Record<string, unknown>> {
  const rows = await db
    .select({ key: consoleSettings.key, value: consoleSettings.value })
    .from(consoleSettings);
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function upsert(db: Executor, values: Record<string, unknown>): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value }));
  if (rows.length === 0) return;
  await db
    .insert(consoleSettings)
    .values(rows)
    .onConflictDoUpdate({
      target: consoleSettings.key,
      set: { value: sql`excluded.value`, updatedAt: sql`now()` },
    });
}
