import { PLATFORM_APP_ID } from '@gatehouse/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  applications,
  groupMembers,
  groupRoles,
  groups,
  organizations,
  products,
  resources,
  rolePermissions,
  roleResources,
  roles,
  userRoles,
  users,
} from '../../db/schema/index.ts';

/**
 * The SQL of the whole instance's transfer: its identity records read whole, and written in
 * batches. An application's own records are the application transfer's (repository.ts).
 */

const BATCH = 1000;

function chunks<T>(rows: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

export async function readInstance(db: Executor) {
  const productRows = await db.select().from(products);
  const organizationRows = await db.select().from(organizations);
  const roleRows = await db.select().from(roles);
  const platformPermissionRows = await db
    .select()
    .from(rolePermissions)
    .where(eq(rolePermissions.applicationId, PLATFORM_APP_ID));
  const platformResourceRows = await db
    .select({ roleId: roleResources.roleId, id: resources.id })
    .from(roleResources)
    .innerJoin(resources, eq(resources.resourceId, roleResources.resourceId))
    .where(eq(resources.applicationId, PLATFORM_APP_ID));
  const groupRows = await db.select().from(groups);
  const groupRoleRows = await db.select().from(groupRoles);
  const userRows = await db.select().from(users);
  const userRoleRows = await db.select().from(userRoles);
  const memberRows = await db.select().from(groupMembers);
  const applicationRows = await db
    .select({ applicationId: applications.applicationId })
    .from(applications)
    .where(eq(applications.builtin, false));
  return {
    productRows,
    organizationRows,
    roleRows,
    platformPermissionRows,
    platformResourceRows,
    groupRows,
    groupRoleRows,
    userRows,
    userRoleRows,
    memberRows,
    applicationIds: applicationRows.map((a) => a.applicationId),
  };
}
export type StoredInstance = Awaited<ReturnType<typeof readInstance>>;

/** The platform's resources (the console's menus and elements) by id. */
export async function platformResources(db: Executor): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: resources.id, key: resources.resourceId })
    .from(resources)
    .where(eq(resources.applicationId, PLATFORM_APP_ID));
  return new Map(rows.map((r) => [r.id, r.key]));
}

/**
 * Writes `rows` of `table`: inserts those without a key, updates those with one, each kind a
 * statement per batch; answers every row's key by its code.
 */
async function save<Row extends Record<string, unknown>>(
  db: Executor,
  table: string,
  keyColumn: string,
  codeColumn: string,
  columns: Record<string, string>,
  rows: readonly (Row & { key?: string })[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const fields = Object.keys(columns);
  for (const batch of chunks(rows.filter((r) => r.key === undefined))) {
    const json = JSON.stringify(
      batch.map((r) => Object.fromEntries(fields.map((f) => [columns[f], r[f] ?? null]))),
    );
    const definition = sql.raw(
      fields.map((f) => `"${columns[f]}" ${COLUMN_TYPES[columns[f]!] ?? 'text'}`).join(', '),
    );
    const names = sql.raw(fields.map((f) => `"${columns[f]}"`).join(', '));
    const result = await db.execute(sql`
      insert into ${sql.raw(`"${table}"`)} (${names})
      select ${names} from jsonb_to_recordset(${json}::jsonb) as v(${definition})
      returning ${sql.raw(`"${keyColumn}"::text as key, "${codeColumn}"::text as code`)}`);
    for (const row of (result as unknown as { rows: { key: string; code: string }[] }).rows)
      out.set(row.code, row.key);
  }
  for (const batch of chunks(rows.filter((r) => r.key !== undefined))) {
    const json = JSON.stringify(
      batch.map((r) => ({
        key: r.key,
        ...Object.fromEntries(fields.map((f) => [columns[f], r[f] ?? null])),
      })),
    );
    const definition = sql.raw(
      [`key uuid`, ...fields.map((f) => `"${columns[f]}" ${COLUMN_TYPES[columns[f]!] ?? 'text'}`)].join(', '),
    );
    const set = sql.raw(
      [...fields.map((f) => `"${columns[f]}" = v."${columns[f]}"`), 'updated_at = now()'].join(', '),
    );
    await db.execute(sql`
      update ${sql.raw(`"${table}"`)} t set ${set}
      from jsonb_to_recordset(${json}::jsonb) as v(${definition})
      where t.${sql.raw(`"${keyColumn}"`)} = v.key`);
    for (const r of batch) out.set(String(r[fields.find((f) => columns[f] === codeColumn)!]), r.key!);
  }
  return out;
}

/** The SQL type of each column `save` writes, where it is not text. */
const COLUMN_TYPES: Record<string, string> = {
  parent_id: 'uuid',
  organization_id: 'uuid',
  product_id: 'uuid',
  must_change_password: 'boolean',
  require_two_factor: 'boolean',
};

export const saveProducts = (
  db: Executor,
  rows: {
    key?: string;
    code: string;
    name: string;
    description: string | null;
    owner: string | null;
    status: string;
  }[],
) =>
  save(
    db,
    'products',
    'product_id',
    'id',
    { code: 'id', name: 'name', description: 'description', owner: 'owner', status: 'status' },
    rows,
  );

export const saveOrganizations = (
  db: Executor,
  rows: { key?: string; code: string; name: string; description: string | null; status: string }[],
) =>
  save(
    db,
    'organizations',
    'organization_id',
    'code',
    { code: 'code', name: 'name', description: 'description', status: 'status' },
    rows,
  );

export const saveRoles = (
  db: Executor,
  rows: {
    key?: string;
    code: string;
    name: string;
    description: string | null;
    status: string;
    requireTwoFactor: boolean;
  }[],
) =>
  save(
    db,
    'roles',
    'role_id',
    'code',
    {
      code: 'code',
      name: 'name',
      description: 'description',
      status: 'status',
      requireTwoFactor: 'require_two_factor',
    },
    rows,
  );

export const saveGroups = (
  db: Executor,
  rows: { key?: string; code: string; name: string; description: string | null; status: string }[],
) =>
  save(
    db,
    'groups',
    'group_id',
    'code',
    { code: 'code', name: 'name', description: 'description', status: 'status' },
    rows,
  );

export type UserValues = {
  key?: string;
  username: string;
  name: string;
  email: string | null;
  phone: string | null;
  avatar: string | null;
  status: string;
  organizationId: string | null;
  mustChangePassword: boolean;
  language: string | null;
  theme: string | null;
  passwordHash?: string;
};

const USER_COLUMNS = {
  username: 'username',
  name: 'name',
  email: 'email',
  phone: 'phone',
  avatar: 'avatar',
  status: 'status',
  organizationId: 'organization_id',
  mustChangePassword: 'must_change_password',
  language: 'language',
  theme: 'theme',
};

/** Users: new ones with `passwordHash`, existing ones keeping theirs unless a new one is given. */
export async function saveUsers(db: Executor, rows: UserValues[]): Promise<Map<string, string>> {
  const out = await save(
    db,
    'users',
    'user_id',
    'username',
    { ...USER_COLUMNS, passwordHash: 'password_hash' },
    rows.filter((r) => r.key === undefined),
  );
  const withHash = rows.filter((r) => r.key !== undefined && r.passwordHash !== undefined);
  const without = rows.filter((r) => r.key !== undefined && r.passwordHash === undefined);
  for (const [k, v] of await save(
    db,
    'users',
    'user_id',
    'username',
    { ...USER_COLUMNS, passwordHash: 'password_hash' },
    withHash,
  ))
    out.set(k, v);
  for (const [k, v] of await save(db, 'users', 'user_id', 'username', USER_COLUMNS, without)) out.set(k, v);
  return out;
}

export async function setOrganizationParents(
  db: Executor,
  pairs: readonly { key: string; parentId: string | null }[],
): Promise<void> {
  for (const batch of chunks(pairs)) {
    await db.execute(sql`
      update organizations o set parent_id = v."parentId", updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as v(key uuid, "parentId" uuid)
      where o.organization_id = v.key and o.parent_id is distinct from v."parentId"`);
  }
}

/** An organization is active when it and every ancestor are enabled (organizations/service.ts). */
export async function refreshOrganizationsActive(db: Executor): Promise<void> {
  await db.execute(sql`
    with recursive tree as (
      select organization_id, status = 'ENABLED' as active from organizations where parent_id is null
      union all
      select o.organization_id, t.active and o.status = 'ENABLED'
      from organizations o join tree t on o.parent_id = t.organization_id)
    update organizations o set active = tree.active
    from tree where o.organization_id = tree.organization_id and o.active is distinct from tree.active`);
}

/** Replaces the rows of `table` whose `ownerColumn` is among `owners` with `rows`. */
async function replaceLinks(
  db: Executor,
  table: typeof groupRoles | typeof userRoles | typeof groupMembers,
  owner: 'groupId' | 'userId',
  owners: readonly string[],
  rows: readonly Record<string, string>[],
): Promise<void> {
  const column = (table as unknown as Record<string, Parameters<typeof inArray>[0]>)[owner]!;
  for (const batch of chunks(owners, 10_000)) await db.delete(table).where(inArray(column, batch));
  for (const batch of chunks(rows)) await db.insert(table).values(batch as never);
}

export const replaceGroupRoles = (
  db: Executor,
  groupIds: string[],
  rows: { groupId: string; roleId: string }[],
) => replaceLinks(db, groupRoles, 'groupId', groupIds, rows);
export const replaceUserRoles = (
  db: Executor,
  userIds: string[],
  rows: { userId: string; roleId: string }[],
) => replaceLinks(db, userRoles, 'userId', userIds, rows);
export const replaceMemberships = (
  db: Executor,
  userIds: string[],
  rows: { groupId: string; userId: string }[],
) => replaceLinks(db, groupMembers, 'userId', userIds, rows);

export async function deleteByKeys(
  db: Executor,
  kind: 'products' | 'roles' | 'groups' | 'users' | 'applications',
  keys: readonly string[],
): Promise<void> {
  const tables = {
    products: [products, products.productId],
    roles: [roles, roles.roleId],
    groups: [groups, groups.groupId],
    users: [users, users.userId],
    applications: [applications, applications.applicationId],
  } as const;
  const [table, key] = tables[kind];
  for (const batch of chunks(keys, 10_000)) await db.delete(table).where(inArray(key, batch));
}

/** Deletes organizations, detached from their parents first: a parent's key restricts its deletion. */
export async function deleteOrganizations(db: Executor, keys: readonly string[]): Promise<void> {
  for (const batch of chunks(keys, 10_000)) {
    await db
      .update(organizations)
      .set({ parentId: null })
      .where(inArray(organizations.organizationId, batch));
    await db.delete(organizations).where(inArray(organizations.organizationId, batch));
  }
}
