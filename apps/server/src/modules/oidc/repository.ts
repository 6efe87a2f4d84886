import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  applicationClients,
  applications,
  oidcPayloads,
  oidcSigningKeys,
  resources,
  rolePermissions,
  roleResources,
  roles,
  users,
} from '../../db/schema/index.ts';
import { heldRoleIds } from '../../lib/session-repository.ts';

export type PayloadRow = typeof oidcPayloads.$inferSelect;
export type SigningKeyRow = typeof oidcSigningKeys.$inferSelect;
export type UserRow = typeof users.$inferSelect;

// ---- oidc-provider artefacts -------------------------------------------------------------

export async function upsertPayload(db: Executor, row: typeof oidcPayloads.$inferInsert): Promise<void> {
  await db
    .insert(oidcPayloads)
    .values(row)
    .onConflictDoUpdate({
      target: [oidcPayloads.model, oidcPayloads.id],
      set: {
        payload: row.payload,
        grantId: row.grantId ?? null,
        userCode: row.userCode ?? null,
        uid: row.uid ?? null,
        expiresAt: row.expiresAt ?? null,
      },
    });
}

const live = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));

export async function findPayload(db: Executor, model: string, id: string): Promise<PayloadRow | undefined> {
  const [row] = await db
    .select()
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id), live()));
  return row;
}

export async function findPayloadBy(
  db: Executor,
  model: string,
  column: 'uid' | 'userCode',
  value: string,
): Promise<PayloadRow | undefined> {
  const [row] = await db
    .select()
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads[column], value), live()))
    .limit(1);
  return row;
}

export async function deletePayload(db: Executor, model: string, id: string): Promise<void> {
  await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
}

export async function consumePayload(db: Executor, model: string, id: string): Promise<void> {
  await db
    .update(oidcPayloads)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
}

/** Every artefact of a grant, in any model: a revoked grant leaves no token behind. */
export async function deleteGrant(db: Executor, grantId: string): Promise<void> {
  await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
}

export async function deleteExpiredPayloads(db: Executor): Promise<number> {
  const gone = await db
    .delete(oidcPayloads)
    .where(lt(oidcPayloads.expiresAt, sql`now()`))
    .returning({ id: oidcPayloads.id });
  return gone.length;
}

// ---- signing keys ---------------------------------------------------------------------------

/** The keys still published, the signing one (newest unretired) first. */
export async function findPublishedKeys(db: Executor): Promise<SigningKeyRow[]> {
  return db
    .select()
    .from(oidcSigningKeys)
    .where(or(isNull(oidcSigningKeys.publishedUntil), gt(oidcSigningKeys.publishedUntil, sql`now()`)))
    .orderBy(sql`${oidcSigningKeys.retiredAt} is not null`, desc(oidcSigningKeys.createdAt));
}

export async function insertKey(db: Executor, row: typeof oidcSigningKeys.$inferInsert): Promise<void> {
  await db.insert(oidcSigningKeys).values(row);
}

export async function retireActiveKeys(db: Executor, publishedUntil: Date): Promise<string[]> {
  const rows = await db
    .update(oidcSigningKeys)
    .set({ retiredAt: sql`now()`, publishedUntil })
    .where(isNull(oidcSigningKeys.retiredAt))
    .returning({ kid: oidcSigningKeys.kid });
  return rows.map((r) => r.kid);
}

export async function deleteUnpublishedKeys(db: Executor): Promise<void> {
  await db.delete(oidcSigningKeys).where(lt(oidcSigningKeys.publishedUntil, sql`now()`));
}

// ---- clients and their secrets -------------------------------------------------------------

export type UsableClient = {
  acId: string;
  client: string;
  clientName: string;
  redirectUrl: string | null;
  applicationId: string;
  applicationName: string;
};

/** The client by its OAuth client_id, only while it and its application are enabled. */
export async function findUsableClient(db: Executor, clientId: string): Promise<UsableClient | undefined> {
  const [row] = await db
    .select({
      acId: applicationClients.acId,
      client: applicationClients.client,
      clientName: applicationClients.clientName,
      redirectUrl: applicationClients.redirectUrl,
      applicationId: applicationClients.applicationId,
      applicationName: applications.name,
    })
    .from(applicationClients)
    .innerJoin(applications, eq(applications.applicationId, applicationClients.applicationId))
    .where(
      and(
        eq(applicationClients.client, clientId),
        eq(applicationClients.status, 'ENABLED'),
        eq(applications.status, 'ENABLED'),
      ),
    );
  return row;
}

// ---- accounts -----------------------------------------------------------------------------

export async function findUser(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.userId, userId));
  return row;
}

export async function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.username, username));
  return row;
}

/** Stamps a successful sign-in on the user. */
export async function recordSignIn(db: Executor, userId: string): Promise<void> {
  await db.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.userId, userId));
}

const heldEnabledRoles = (db: Executor, userId: string) =>
  and(eq(roles.status, 'ENABLED'), heldRoleIds(db, userId));

export async function findRoles(db: Executor, userId: string) {
  return db
    .select({ roleId: roles.roleId, code: roles.code, name: roles.name, builtin: roles.builtin })
    .from(roles)
    .where(heldEnabledRoles(db, userId))
    .orderBy(roles.code);
}

export async function findAppPermissions(db: Executor, userId: string, applicationId: string) {
  return db
    .select({ permissionId: rolePermissions.permissionId, actions: rolePermissions.actions })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.roleId, rolePermissions.roleId))
    .where(and(eq(rolePermissions.applicationId, applicationId), heldEnabledRoles(db, userId)));
}

export async function findAppElements(
  db: Executor,
  userId: string,
  applicationId: string,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: resources.id })
    .from(roleResources)
    .innerJoin(roles, eq(roles.roleId, roleResources.roleId))
    .innerJoin(resources, eq(resources.resourceId, roleResources.resourceId))
    .where(
      and(
        eq(resources.applicationId, applicationId),
        eq(resources.type, 'ELEMENT'),
        eq(resources.status, 'ENABLED'),
        heldEnabledRoles(db, userId),
      ),
    )
    .orderBy(resources.id);
  return rows.map((r) => r.id);
}

/** Whether the application lets every user in, or a role of the user grants something in it. */
export async function mayEnterApplication(
  db: Executor,
  userId: string,
  applicationId: string,
): Promise<boolean> {
  const [app] = await db
    .select({ open: applications.openToAllUsers })
    .from(applications)
    .where(eq(applications.applicationId, applicationId));
  if (!app) return false;
  if (app.open) return true;
  const [permission] = await db
    .select({ one: sql<number>`1` })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.roleId, rolePermissions.roleId))
    .where(and(eq(rolePermissions.applicationId, applicationId), heldEnabledRoles(db, userId)))
    .limit(1);
  if (permission) return true;
  const [resource] = await db
    .select({ one: sql<number>`1` })
    .from(roleResources)
    .innerJoin(roles, eq(roles.roleId, roleResources.roleId))
    .innerJoin(resources, eq(resources.resourceId, roleResources.resourceId))
    .where(and(eq(resources.applicationId, applicationId), heldEnabledRoles(db, userId)))
    .limit(1);
  return resource !== undefined;
}
