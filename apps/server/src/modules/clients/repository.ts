import type { ClientListQuery } from '@gatehouse/contract';
import { eq } from 'drizzle-orm';
import { applicationClients } from '../../db/schema/index.ts';
import { contains, definePagedList, keywordIn, oneOf } from '../../lib/listing.ts';
import { byKey } from '../../lib/records.ts';

export type ClientRow = typeof applicationClients.$inferSelect;

/** An application's clients. Keys from `application_clients_app_created_idx` in the default order. */
export const list = definePagedList({
  table: applicationClients,
  key: applicationClients.acId,
  sorts: {
    clientName: applicationClients.clientName,
    name: applicationClients.clientName,
    id: applicationClients.id,
  },
  filters: (query: ClientListQuery) => [
    eq(applicationClients.applicationId, query.applicationId),
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
