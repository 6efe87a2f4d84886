import type { Action } from '@gatehouse/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  applicationAcls,
  applicationApis,
  applicationClients,
  applicationPages,
  applications,
  dataAccesses,
  dataObjects,
  dataSets,
  dictionaries,
  dictionaryItems,
  groups,
  pageElementRoles,
  pageElements,
  permissions,
  products,
  resources,
  rolePermissions,
  roleResources,
  roles,
  users,
} from '../../db/schema/index.ts';

/**
 * The SQL of configuration transfer: an application's records read whole, and written in
 * batches (one statement per kind and thousand rows, never one per row), so that 100,000
 * data accesses move in seconds.
 */

/** Rows per INSERT: under PostgreSQL's 65,535 parameters for the widest table here. */
const BATCH = 2000;

export type ApplicationRow = typeof applications.$inferSelect;

/** Every record of an application, as stored. */
export async function readApplication(db: Executor, applicationId: string) {
  const [application] = await db
    .select({ row: applications, product: products.id })
    .from(applications)
    .leftJoin(products, eq(products.productId, applications.productId))
    .where(eq(applications.applicationId, applicationId));
  if (!application) return undefined;
  // One query after another: inside a transaction they share one connection.
  const queries = [
    db.select().from(permissions).where(eq(permissions.applicationId, applicationId)),
    db.select().from(resources).where(eq(resources.applicationId, applicationId)),
    db.select().from(dataObjects).where(eq(dataObjects.applicationId, applicationId)),
    db.select().from(dataSets).where(eq(dataSets.applicationId, applicationId)),
    db.select().from(dataAccesses).where(eq(dataAccesses.applicationId, applicationId)),
    // Every column but the secret's hash, which never leaves.
    db
      .select({
        acId: applicationClients.acId,
        client: applicationClients.client,
        id: applicationClients.id,
        clientName: applicationClients.clientName,
        clientType: applicationClients.clientType,
        redirectUrl: applicationClients.redirectUrl,
        webOrigins: applicationClients.webOrigins,
        backchannelLogoutUri: applicationClients.backchannelLogoutUri,
        backchannelLogoutSessionRequired: applicationClients.backchannelLogoutSessionRequired,
        status: applicationClients.status,
      })
      .from(applicationClients)
      .where(eq(applicationClients.applicationId, applicationId)),
    db.select().from(applicationAcls).where(eq(applicationAcls.applicationId, applicationId)),
    db.select().from(applicationApis).where(eq(applicationApis.applicationId, applicationId)),
    db.select().from(applicationPages).where(eq(applicationPages.applicationId, applicationId)),
    db.select().from(pageElements).where(eq(pageElements.applicationId, applicationId)),
    db.select().from(dictionaries).where(eq(dictionaries.applicationId, applicationId)),
  ] as const;
  const permissionRows = await queries[0];
  const resourceRows = await queries[1];
  const objectRows = await queries[2];
  const setRows = await queries[3];
  const dataAccessRows = await queries[4];
  const clientRows = await queries[5];
  const aclRows = await queries[6];
  const apiRows = await queries[7];
  const pageRows = await queries[8];
  const elementRows = await queries[9];
  const dictionaryRows = await queries[10];
  const dictionaryIds = dictionaryRows.map((d) => d.dictionaryId);
  const itemRows =
    dictionaryIds.length === 0
      ? []
      : await db.select().from(dictionaryItems).where(inArray(dictionaryItems.dictionaryId, dictionaryIds));
  const elementRoleRows = await db
    .select({ elementId: pageElementRoles.elementId, roleId: pageElementRoles.roleId })
    .from(pageElementRoles)
    .innerJoin(pageElements, eq(pageElements.elementId, pageElementRoles.elementId))
    .where(eq(pageElements.applicationId, applicationId));
  const permissionGrantRows = await db
    .select({
      roleId: rolePermissions.roleId,
      permissionId: rolePermissions.permissionId,
      actions: rolePermissions.actions,
    })
    .from(rolePermissions)
    .where(eq(rolePermissions.applicationId, applicationId));
  const resourceGrantRows = await db
    .select({ roleId: roleResources.roleId, resourceId: roleResources.resourceId })
    .from(roleResources)
    .innerJoin(resources, eq(resources.resourceId, roleResources.resourceId))
    .where(eq(resources.applicationId, applicationId));
  return {
    application: application.row,
    productCode: application.product,
    permissionRows,
    resourceRows,
    objectRows,
    setRows,
    dataAccessRows,
    clientRows,
    aclRows,
    apiRows,
    pageRows,
    elementRows,
    elementRoleRows,
    dictionaryRows,
    itemRows,
    permissionGrantRows,
    resourceGrantRows,
  };
}
export type StoredApplication = NonNullable<Awaited<ReturnType<typeof readApplication>>>;

export type RoleRow = typeof roles.$inferSelect;

export async function rolesById(db: Executor, roleIds: readonly string[]): Promise<RoleRow[]> {
  if (roleIds.length === 0) return [];
  return db
    .select()
    .from(roles)
    .where(inArray(roles.roleId, [...roleIds]));
}

export async function rolesByCode(db: Executor, codes: readonly string[]): Promise<RoleRow[]> {
  if (codes.length === 0) return [];
  return db
    .select()
    .from(roles)
    .where(inArray(roles.code, [...codes]));
}

/** The applications other than `applicationId` each of these roles has grants in. */
export async function otherApplicationsOfRoles(
  db: Executor,
  roleIds: readonly string[],
  applicationId: string,
): Promise<{ roleId: string; applicationId: string }[]> {
  if (roleIds.length === 0) return [];
  const ids = [...roleIds];
  const byPermission = await db
    .selectDistinct({ roleId: rolePermissions.roleId, applicationId: rolePermissions.applicationId })
    .from(rolePermissions)
    .where(
      and(inArray(rolePermissions.roleId, ids), sql`${rolePermissions.applicationId} <> ${applicationId}`),
    );
  const byResource = await db
    .selectDistinct({ roleId: roleResources.roleId, applicationId: resources.applicationId })
    .from(roleResources)
    .innerJoin(resources, eq(resources.resourceId, roleResources.resourceId))
    .where(and(inArray(roleResources.roleId, ids), sql`${resources.applicationId} <> ${applicationId}`));
  return [...byPermission, ...byResource];
}

/** The names of subjects an entry may have, by record key: usernames, group codes, role codes. */
export async function subjectNames(
  db: Executor,
  keys: { users: string[]; groups: string[]; roles: string[] },
): Promise<{ users: Map<string, string>; groups: Map<string, string>; roles: Map<string, string> }> {
  const userRows =
    keys.users.length === 0
      ? []
      : await db
          .select({ k: users.userId, n: users.username })
          .from(users)
          .where(inArray(users.userId, keys.users));
  const groupRows =
    keys.groups.length === 0
      ? []
      : await db
          .select({ k: groups.groupId, n: groups.code })
          .from(groups)
          .where(inArray(groups.groupId, keys.groups));
  const roleRows =
    keys.roles.length === 0
      ? []
      : await db
          .select({ k: roles.roleId, n: roles.code })
          .from(roles)
          .where(inArray(roles.roleId, keys.roles));
  const map = (rows: { k: string; n: string }[]) => new Map(rows.map((r) => [r.k, r.n]));
  return { users: map(userRows), groups: map(groupRows), roles: map(roleRows) };
}

/** Record keys of subjects by name: users by username (any case), groups and roles by code. */
export async function subjectKeys(
  db: Executor,
  names: { users: string[]; groups: string[]; roles: string[] },
): Promise<{ users: Map<string, string>; groups: Map<string, string>; roles: Map<string, string> }> {
  const lower = names.users.map((u) => u.toLowerCase());
  const userRows =
    lower.length === 0
      ? []
      : await db
          .select({ k: users.userId, n: users.username })
          .from(users)
          .where(inArray(sql`lower(${users.username})`, lower));
  const groupRows =
    names.groups.length === 0
      ? []
      : await db
          .select({ k: groups.groupId, n: groups.code })
          .from(groups)
          .where(inArray(groups.code, names.groups));
  const roleRows =
    names.roles.length === 0
      ? []
      : await db
          .select({ k: roles.roleId, n: roles.code })
          .from(roles)
          .where(inArray(roles.code, names.roles));
  return {
    users: new Map(userRows.map((r) => [r.n.toLowerCase(), r.k])),
    groups: new Map(groupRows.map((r) => [r.n, r.k])),
    roles: new Map(roleRows.map((r) => [r.n, r.k])),
  };
}

/** Which of these OAuth client ids belong to another application, and to which. */
export async function clientOwners(
  db: Executor,
  clientIds: readonly string[],
  applicationId: string,
): Promise<Map<string, string>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .select({ client: applicationClients.client, applicationId: applicationClients.applicationId })
    .from(applicationClients)
    .where(
      and(
        inArray(applicationClients.client, [...clientIds]),
        sql`${applicationClients.applicationId} <> ${applicationId}`,
      ),
    );
  return new Map(rows.map((r) => [r.client, r.applicationId]));
}

export async function productKey(db: Executor, code: string): Promise<string | undefined> {
  const [row] = await db.select({ k: products.productId }).from(products).where(eq(products.id, code));
  return row?.k;
}

export async function lockApplication(
  db: Executor,
  applicationId: string,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(applications)
    .where(eq(applications.applicationId, applicationId))
    .for('update');
  return row;
}

export async function insertApplication(db: Executor, row: typeof applications.$inferInsert): Promise<void> {
  await db.insert(applications).values(row);
}

export async function updateApplication(
  db: Executor,
  applicationId: string,
  values: Partial<typeof applications.$inferInsert>,
): Promise<void> {
  await db
    .update(applications)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(applications.applicationId, applicationId));
}

// ---- batch writes -------------------------------------------------------------------------------

function chunks<T>(rows: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** `excluded.<column>` for each column to overwrite, and a fresh `updated_at`. */
function overwrite(table: PgTable, fields: readonly string[], stamp = true): Record<string, SQL> {
  const columns = table as unknown as Record<string, PgColumn>;
  const set: Record<string, SQL> = {};
  for (const field of fields) set[field] = sql.raw(`excluded.${JSON.stringify(columns[field]!.name)}`);
  if (stamp) set.updatedAt = sql`now()`;
  return set;
}

/**
 * Inserts `rows`, a row whose `target` values exist replacing that row's `fields`, a batch
 * per statement; returns each written row's `returning` columns.
 */
async function upsert<R extends Record<string, unknown>>(
  db: Executor,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
  target: PgColumn[],
  fields: readonly string[],
  returning: Record<string, PgColumn>,
  stamp = true,
): Promise<R[]> {
  const out: R[] = [];
  for (const batch of chunks(rows)) {
    const written = await db
      .insert(table)
      .values(batch)
      .onConflictDoUpdate({ target, set: overwrite(table, fields, stamp) })
      .returning(returning);
    out.push(...(written as R[]));
  }
  return out;
}

export type Keyed = { key: string; id: string };

export const upsertPermissions = (db: Executor, rows: (typeof permissions.$inferInsert)[]) =>
  upsert<Keyed>(
    db,
    permissions,
    rows,
    [permissions.applicationId, permissions.id],
    ['name', 'resourceType'],
    {
      key: permissions.id,
      id: permissions.resourceId,
    },
  );

export const upsertResources = (db: Executor, rows: (typeof resources.$inferInsert)[]) =>
  upsert<Keyed>(
    db,
    resources,
    rows,
    [resources.applicationId, resources.id],
    ['name', 'type', 'url', 'order', 'status', 'icon', 'hidden', 'keepAlive'],
    { key: resources.id, id: resources.resourceId },
  );

/** Sets each resource's parent, a batch of (resource, parent) pairs per statement. */
export async function setResourceParents(
  db: Executor,
  pairs: readonly { resourceId: string; parentId: string | null }[],
): Promise<void> {
  for (const batch of chunks(pairs)) {
    const values = sql.join(
      batch.map((p) => sql`(${p.resourceId}::uuid, ${p.parentId}::uuid)`),
      sql`, `,
    );
    await db.execute(sql`
      update ${resources} set parent_id = v.parent_id, updated_at = now()
      from (values ${values}) as v(resource_id, parent_id)
      where ${resources.resourceId} = v.resource_id`);
  }
}

export const upsertObjects = (db: Executor, rows: (typeof dataObjects.$inferInsert)[]) =>
  upsert<Keyed>(
    db,
    dataObjects,
    rows,
    [dataObjects.applicationId, dataObjects.code],
    ['name', 'description', 'fields'],
    {
      key: dataObjects.code,
      id: dataObjects.objectId,
    },
  );

export const upsertSets = (db: Executor, rows: (typeof dataSets.$inferInsert)[]) =>
  upsert<Keyed>(
    db,
    dataSets,
    rows,
    [dataSets.applicationId, dataSets.code],
    ['objectId', 'name', 'members'],
    {
      key: dataSets.code,
      id: dataSets.setId,
    },
  );

export const upsertDataAccesses = (db: Executor, rows: (typeof dataAccesses.$inferInsert)[]) =>
  upsert<Keyed>(
    db,
    dataAccesses,
    rows,
    [dataAccesses.applicationId, dataAccesses.id],
    ['name', 'category', 'objectId', 'setId'],
    { key: dataAccesses.id, id: dataAccesses.resourceId },
  );

export const upsertClients = (db: Executor, rows: (typeof applicationClients.$inferInsert)[]) =>
  upsert<Keyed>(
    db,
    applicationClients,
    rows,
    [applicationClients.client],
    [
      'id',
      'clientName',
      'clientType',
      'redirectUrl',
      'webOrigins',
      'backchannelLogoutUri',
      'backchannelLogoutSessionRequired',
      'status',
    ],
    { key: applicationClients.client, id: applicationClients.acId },
  );

export const upsertApis = (db: Executor, rows: (typeof applicationApis.$inferInsert)[]) =>
  upsert<{ method: string; path: string; id: string }>(
    db,
    applicationApis,
    rows,
    [applicationApis.applicationId, applicationApis.method, applicationApis.pathPattern],
    ['description', 'status', 'permissionIds'],
    { method: applicationApis.method, path: applicationApis.pathPattern, id: applicationApis.apiId },
  );

export const upsertPages = (db: Executor, rows: (typeof applicationPages.$inferInsert)[]) =>
  upsert<Keyed>(
    db,
    applicationPages,
    rows,
    [applicationPages.applicationId, applicationPages.route],
    ['name', 'order', 'status'],
    {
      key: applicationPages.route,
      id: applicationPages.pageId,
    },
  );

export const upsertElements = (db: Executor, rows: (typeof pageElements.$inferInsert)[]) =>
  upsert<Keyed>(db, pageElements, rows, [pageElements.applicationId, pageElements.code], ['pageId', 'name'], {
    key: pageElements.code,
    id: pageElements.elementId,
  });

export const upsertDictionaries = (db: Executor, rows: (typeof dictionaries.$inferInsert)[]) =>
  upsert<Keyed>(
    db,
    dictionaries,
    rows,
    [dictionaries.applicationId, dictionaries.code],
    ['name', 'description', 'allowCustom', 'status'],
    { key: dictionaries.code, id: dictionaries.dictionaryId },
  );

export const upsertItems = (db: Executor, rows: (typeof dictionaryItems.$inferInsert)[]) =>
  upsert<{ dictionaryId: string; key: string; id: string }>(
    db,
    dictionaryItems,
    rows,
    [dictionaryItems.dictionaryId, dictionaryItems.code],
    ['labelEn', 'labelZh', 'order', 'status'],
    { dictionaryId: dictionaryItems.dictionaryId, key: dictionaryItems.code, id: dictionaryItems.itemId },
  );

export const upsertRoles = (db: Executor, rows: (typeof roles.$inferInsert)[]) =>
  upsert<Keyed>(db, roles, rows, [roles.code], ['name', 'description', 'status'], {
    key: roles.code,
    id: roles.roleId,
  });

export const upsertAcl = (db: Executor, rows: (typeof applicationAcls.$inferInsert)[]) =>
  upsert<{ id: string }>(
    db,
    applicationAcls,
    rows,
    [
      applicationAcls.applicationId,
      applicationAcls.subjectType,
      applicationAcls.subjectId,
      applicationAcls.targetType,
      applicationAcls.targetId,
    ],
    ['actions', 'status'],
    { id: applicationAcls.aclId },
  );

/** Deletes the rows whose `key` is among `keys`, a batch per statement. */
async function removeWhere(
  db: Executor,
  table: PgTable,
  key: PgColumn,
  keys: readonly string[],
): Promise<void> {
  for (const batch of chunks(keys, 10_000)) await db.delete(table).where(inArray(key, batch));
}

export const removeRows = {
  permissions: (db: Executor, ids: string[]) => removeWhere(db, permissions, permissions.resourceId, ids),
  resources: (db: Executor, ids: string[]) => removeWhere(db, resources, resources.resourceId, ids),
  objects: (db: Executor, ids: string[]) => removeWhere(db, dataObjects, dataObjects.objectId, ids),
  sets: (db: Executor, ids: string[]) => removeWhere(db, dataSets, dataSets.setId, ids),
  dataAccesses: (db: Executor, ids: string[]) => removeWhere(db, dataAccesses, dataAccesses.resourceId, ids),
  clients: (db: Executor, ids: string[]) => removeWhere(db, applicationClients, applicationClients.acId, ids),
  acl: (db: Executor, ids: string[]) => removeWhere(db, applicationAcls, applicationAcls.aclId, ids),
  apis: (db: Executor, ids: string[]) => removeWhere(db, applicationApis, applicationApis.apiId, ids),
  pages: (db: Executor, ids: string[]) => removeWhere(db, applicationPages, applicationPages.pageId, ids),
  elements: (db: Executor, ids: string[]) => removeWhere(db, pageElements, pageElements.elementId, ids),
  dictionaries: (db: Executor, ids: string[]) =>
    removeWhere(db, dictionaries, dictionaries.dictionaryId, ids),
  items: (db: Executor, ids: string[]) => removeWhere(db, dictionaryItems, dictionaryItems.itemId, ids),
};

/** Replaces which roles each of these elements shows to. */
export async function replaceElementRoles(
  db: Executor,
  elementIds: readonly string[],
  rows: readonly { elementId: string; roleId: string }[],
): Promise<void> {
  await removeWhere(db, pageElementRoles, pageElementRoles.elementId, elementIds);
  for (const batch of chunks(rows)) await db.insert(pageElementRoles).values(batch);
}

/** Replaces these roles' grants in the application: its permissions, and resources of its tree. */
export async function replaceRoleGrants(
  db: Executor,
  applicationId: string,
  roleIds: readonly string[],
  grants: {
    /** `applicationIds` narrows a platform grant to some applications (delegation); null elsewhere. */
    permissions: {
      roleId: string;
      permissionId: string;
      actions: Action[];
      applicationIds?: string[] | null;
    }[];
    resources: { roleId: string; resourceId: string }[];
  },
): Promise<void> {
  if (roleIds.length === 0) return;
  const ids = [...roleIds];
  await db
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.applicationId, applicationId), inArray(rolePermissions.roleId, ids)));
  await db
    .delete(roleResources)
    .where(
      and(
        inArray(roleResources.roleId, ids),
        inArray(
          roleResources.resourceId,
          db
            .select({ k: resources.resourceId })
            .from(resources)
            .where(eq(resources.applicationId, applicationId)),
        ),
      ),
    );
  for (const batch of chunks(grants.permissions))
    await db
      .insert(rolePermissions)
      .values(batch.map((g) => ({ ...g, applicationId, applicationIds: g.applicationIds ?? null })));
  for (const batch of chunks(grants.resources)) await db.insert(roleResources).values(batch);
}
