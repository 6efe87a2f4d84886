import { eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { applicationClients } from '../../db/schema/index.ts';
import { countRows, type PageWindow, pageRows } from '../../lib/listing.ts';

export type ClientRow = typeof applicationClients.$inferSelect;

/** One page (see `pageRows`). Keys from `application_clients_app_created_idx`. */
export function listClients(db: Executor, page: PageWindow): Promise<ClientRow[]> {
  return pageRows(db, applicationClients, applicationClients.acId, page);
}

export function countClients(db: Executor, where: SQL | undefined): Promise<number> {
  return countRows(db, applicationClients, where);
}

export async function findClient(db: Executor, acId: string): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(applicationClients).where(eq(applicationClients.acId, acId)).limit(1);
  return row;
}

export async function findClientForUpdate(db: Executor, acId: string): Promise<ClientRow | undefined> {
  const [row] = await db
    .select()
    .from(applicationClients)
    .where(eq(applicationClients.acId, acId))
    .limit(1)
    .for('update');
  return row;
}

export async function insertClient(
  db: Executor,
  values: typeof applicationClients.$inferInsert,
): Promise<ClientRow> {
  const [row] = await db.insert(applicationClients).values(values).returning();
  return row!;
}

export async function updateClient(
  db: Executor,
  acId: string,
  values: Partial<Pick<ClientRow, 'clientName' | 'redirectUrl' | 'status'>>,
  updatedAt: SQL,
): Promise<ClientRow> {
  const [row] = await db
    .update(applicationClients)
    .set({ ...values, updatedAt })
    .where(eq(applicationClients.acId, acId))
    .returning();
  return row!;
}
