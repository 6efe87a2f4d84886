import { count, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { applicationClients } from '../../db/schema/index.ts';

export type ClientRow = typeof applicationClients.$inferSelect;

/** One page as a deferred join: keys from `application_clients_app_created_idx`, then those rows. */
export async function listClients(
  db: Executor,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
  offset: number,
): Promise<ClientRow[]> {
  const keys = db
    .select({ key: applicationClients.acId })
    .from(applicationClients)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset)
    .as('page_keys');
  return db
    .select(getTableColumns(applicationClients))
    .from(applicationClients)
    .innerJoin(keys, eq(applicationClients.acId, keys.key))
    .orderBy(...orderBy);
}

export async function countClients(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(applicationClients).where(where);
  return row?.n ?? 0;
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
