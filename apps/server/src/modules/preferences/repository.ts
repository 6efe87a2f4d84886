import type { Preferences } from '@gatehouse/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** Sets the given preferences; not an edit of the user record, so `updatedAt` stays. */
export async function updatePreferences(db: Executor, userId: string, values: Preferences): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.update(users).set(values).where(eq(users.userId, userId));
}
