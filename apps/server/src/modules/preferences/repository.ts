import type { Preferences, TablePreference, TablePreferences } from '@gatehouse/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users, userTablePreferences } from '../../db/schema/index.ts';

/** Sets the given preferences; not an edit of the user record, so `updatedAt` stays. */
export async function updatePreferences(db: Executor, userId: string, values: Preferences): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.update(users).set(values).where(eq(users.userId, userId));
}

/** The user's tables as they arranged them, by table. */
export async function tablePreferences(db: Executor, userId: string): Promise<TablePreferences> {
  const rows = await db.select().from(userTablePreferences).where(eq(userTablePreferences.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.tableName, { hidden: r.hidden, widths: r.widths }]));
}

/** Keeps the user's arrangement of one table, replacing what was kept. */
export async function saveTablePreference(
  db: Executor,
  userId: string,
  tableName: string,
  value: TablePreference,
): Promise<void> {
  const row = { userId, tableName, hidden: value.hidden, widths: value.widths, updatedAt: new Date() };
  await db
    .insert(userTablePreferences)
    .values(row)
    .onConflictDoUpdate({
      target: [userTablePreferences.userId, userTablePreferences.tableName],
      set: { hidden: row.hidden, widths: row.widths, updatedAt: row.updatedAt },
    });
}
