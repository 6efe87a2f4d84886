import type { IdentityProviderListQuery } from '@gatehouse/contract';
import { and, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { applicationProviderLimits, groups, identityProviders, roles } from '../../db/schema/index.ts';
import { definePagedList, keywordIn } from '../../lib/listing.ts';
import { byKey } from '../../lib/records.ts';

/** The SQL of the Provider screen: identity providers as an administrator manages them. */

/** How many users have an identity at the provider; written out so that it binds to the listed row. */
const linkedUsers = sql<number>`(${sql.raw(
  'select count(distinct "ui"."user_id") from "user_identities" "ui" where "ui"."provider_id" = "identity_providers"."provider_id"',
)})`.mapWith(Number);
const withLinkedUsers = { ...getTableColumns(identityProviders), linkedUsers };

export type ProviderRow = typeof identityProviders.$inferSelect;
export type ListedProvider = ProviderRow & { linkedUsers: number };

/** Newest first by default, from `identity_providers_created_idx`. */
export const list = definePagedList({
  name: 'identityProviders',
  table: identityProviders,
  key: identityProviders.providerId,
  fields: withLinkedUsers,
  sorts: { name: identityProviders.name },
  filters: (query: IdentityProviderListQuery) => [
    keywordIn([identityProviders.name, identityProviders.description], query.keyword),
    query.type === undefined ? undefined : eq(identityProviders.type, query.type),
  ],
});

const rows = byKey(identityProviders, identityProviders.providerId);
export const { insert, update, remove } = rows;

export async function find(db: Executor, providerId: string): Promise<ListedProvider | undefined> {
  const [row] = await db
    .select(withLinkedUsers)
    .from(identityProviders)
    .where(eq(identityProviders.providerId, providerId))
    .limit(1);
  return row;
}

/** The row, locked until the transaction ends, with its count of linked users. */
export async function findForUpdate(db: Executor, providerId: string): Promise<ListedProvider | undefined> {
  const [row] = await db
    .select(withLinkedUsers)
    .from(identityProviders)
    .where(eq(identityProviders.providerId, providerId))
    .limit(1)
    .for('update', { of: identityProviders });
  return row;
}

/**
 * Makes room for a new default: the previous default stops being one. The transaction first
 * takes a lock that every change of the default takes, so two saves that each make a provider
 * the default run one after the other, and the second clears the first's (the unique index
 * `identity_providers_default_key` would otherwise refuse the later one).
 */
export async function clearDefault(tx: Executor, keep: string | null): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('identity_providers.is_default'))`);
  await tx
    .update(identityProviders)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(
      and(
        eq(identityProviders.isDefault, true),
        keep === null ? undefined : ne(identityProviders.providerId, keep),
      ),
    );
}

/** A deleted provider leaves the applications that listed it among their allowed ones. */
export async function dropFromLimits(tx: Executor, providerId: string): Promise<void> {
  await tx
    .update(applicationProviderLimits)
    .set({ providerIds: sql`array_remove(${applicationProviderLimits.providerIds}, ${providerId}::uuid)` })
    .where(sql`${providerId}::uuid = any(${applicationProviderLimits.providerIds})`);
}

export const existingRoles = byKey(roles, roles.roleId).existing;
export const existingGroups = byKey(groups, groups.groupId).existing;
