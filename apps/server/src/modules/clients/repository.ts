import type { ClientListQuery } from '@gatehouse/contract';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { applicationClients, clientSecrets } from '../../db/schema/index.ts';
import { contains, definePagedList, keywordIn, oneOf } from '../../lib/listing.ts';
import { byKey } from '../../lib/records.ts';

export type ClientRow = typeof applicationClients.$inferSelect;
export type SecretRow = typeof clientSecrets.$inferSelect;

/** An application's clients. Keys from `application_clients_app_created_idx` in the default order. */
export const list = definePagedList({
  name: 'clients',
  table: applicationClients,
  key: applicationClients.acId,
  sorts: {
    clientName: applicationClients.clientName,
    name: applicationClients.clientName,
    id: applicationClients.id,
  },
  counted: {
    column: applicationClients.applicationId,
    scope: (query: ClientListQuery) => query.applicationId,
  },
  filters: (query: ClientListQuery) => [
    keywordIn(
      [
        applicationClients.clientName,
        applicationClients.client,
        applicationClients.id,
        applicationClients.redirectUrl,
      ],
      query.keyword,
    ),
    contains(applicationClients.clientName, query.clientName),
    contains(applicationClients.client, query.client),
    oneOf(applicationClients.status, query.status),
  ],
});

export const { find, findForUpdate, insert, update } = byKey(applicationClients, applicationClients.acId);

/** A client's secrets, newest first. */
export async function findSecrets(db: Executor, acId: string): Promise<SecretRow[]> {
  return db
    .select()
    .from(clientSecrets)
    .where(eq(clientSecrets.acId, acId))
    .orderBy(desc(clientSecrets.createdAt), asc(clientSecrets.secretId));
}

export async function insertSecret(db: Executor, row: typeof clientSecrets.$inferInsert): Promise<SecretRow> {
  const [inserted] = await db.insert(clientSecrets).values(row).returning();
  return inserted!;
}

export async function deleteSecrets(db: Executor, secretIds: string[]): Promise<void> {
  if (secretIds.length > 0) await db.delete(clientSecrets).where(inArray(clientSecrets.secretId, secretIds));
}

export async function touchSecret(db: Executor, secretId: string): Promise<void> {
  await db.update(clientSecrets).set({ lastUsedAt: sql`now()` }).where(eq(clientSecrets.secretId, secretId));
}
