import { and, asc, eq, getTableColumns, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  applicationProviderLimits,
  federatedAssignments,
  federationFlows,
  groupMembers,
  groups,
  identityProviders,
  organizations,
  roles,
  userIdentities,
  userRoles,
  users,
} from '../../db/schema/index.ts';
import { type AccountRow, accountFields } from '../access/repository.ts';

/** The sign-in side of federation: providers as the sign-in reads them, flows, identities, rule assignments. */

export type ProviderRow = typeof identityProviders.$inferSelect;
export type FlowRow = typeof federationFlows.$inferSelect;
export type IdentityRow = typeof userIdentities.$inferSelect;

export async function findProvider(db: Executor, providerId: string): Promise<ProviderRow | undefined> {
  const [row] = await db.select().from(identityProviders).where(eq(identityProviders.providerId, providerId));
  return row;
}

/** The enabled providers of some types, oldest first (the order LDAP directories are asked in). */
export async function enabledProviders(
  db: Executor,
  types: readonly ProviderRow['type'][],
): Promise<ProviderRow[]> {
  return db
    .select()
    .from(identityProviders)
    .where(and(eq(identityProviders.enabled, true), inArray(identityProviders.type, [...types])))
    .orderBy(asc(identityProviders.createdAt), asc(identityProviders.providerId));
}

export async function defaultProvider(db: Executor): Promise<ProviderRow | undefined> {
  const [row] = await db.select().from(identityProviders).where(eq(identityProviders.isDefault, true));
  return row;
}

/** The providers an application limits its users to; undefined when it does not limit them. */
export async function applicationLimit(db: Executor, applicationId: string): Promise<string[] | undefined> {
  const [row] = await db
    .select({ providerIds: applicationProviderLimits.providerIds })
    .from(applicationProviderLimits)
    .where(eq(applicationProviderLimits.applicationId, applicationId));
  return row?.providerIds;
}

export async function setApplicationLimit(
  db: Executor,
  applicationId: string,
  providerIds: string[] | null,
): Promise<void> {
  if (providerIds === null) {
    await db
      .delete(applicationProviderLimits)
      .where(eq(applicationProviderLimits.applicationId, applicationId));
    return;
  }
  await db
    .insert(applicationProviderLimits)
    .values({ applicationId, providerIds })
    .onConflictDoUpdate({ target: applicationProviderLimits.applicationId, set: { providerIds } });
}

/** Which of these ids name providers. */
export async function existingProviderIds(db: Executor, providerIds: string[]): Promise<Set<string>> {
  if (providerIds.length === 0) return new Set();
  const rows = await db
    .select({ providerId: identityProviders.providerId })
    .from(identityProviders)
    .where(inArray(identityProviders.providerId, providerIds));
  return new Set(rows.map((r) => r.providerId));
}

// ---- flows ------------------------------------------------------------------------------------

export async function insertFlow(db: Executor, values: typeof federationFlows.$inferInsert): Promise<void> {
  await db.insert(federationFlows).values(values);
}

/**
 * Takes an open flow for its callback: one still waiting for the upstream (no user yet), not
 * expired. It is marked answered in the same statement (`data.answered`), so a second callback
 * with the same state finds nothing.
 */
export async function claimOpenFlow(
  db: Executor,
  providerId: string,
  flowId: string,
): Promise<FlowRow | undefined> {
  const [row] = await db
    .update(federationFlows)
    .set({ data: sql`${federationFlows.data} || '{"answered":true}'::jsonb` })
    .where(
      and(
        eq(federationFlows.flowId, flowId),
        eq(federationFlows.providerId, providerId),
        gt(federationFlows.expiresAt, sql`now()`),
        sql`not (${federationFlows.data} ? 'answered')`,
      ),
    )
    .returning();
  return row;
}

/** Keeps what the upstream answered until the browser comes back to a same-site page (`claimDeferred`). */
export async function deferUpstream(db: Executor, flowId: string, upstream: unknown): Promise<void> {
  await db
    .update(federationFlows)
    .set({
      data: sql`${federationFlows.data} || jsonb_build_object('upstream', ${JSON.stringify(upstream)}::jsonb)`,
    })
    .where(eq(federationFlows.flowId, flowId));
}

/** Takes a deferred answer once, unexpired: the flow is marked finished in the same statement. */
export async function claimDeferred(db: Executor, flowId: string): Promise<FlowRow | undefined> {
  const [row] = await db
    .update(federationFlows)
    .set({ data: sql`${federationFlows.data} || '{"finished":true}'::jsonb` })
    .where(
      and(
        eq(federationFlows.flowId, flowId),
        gt(federationFlows.expiresAt, sql`now()`),
        sql`${federationFlows.data} ? 'upstream'`,
        sql`not (${federationFlows.data} ? 'finished')`,
      ),
    )
    .returning();
  return row;
}

/** Records who the upstream answered for, and the hash of the handoff the SPA redeems. */
export async function setHandoff(
  db: Executor,
  flowId: string,
  values: { userId: string; mfaSatisfied: boolean; handoffHash: string },
): Promise<void> {
  await db.update(federationFlows).set(values).where(eq(federationFlows.flowId, flowId));
}

/** The answered flow a handoff names, unexpired, not yet consumed, with its user's account. */
export async function findHandoff(
  db: Executor,
  handoffHash: string,
): Promise<{ flow: FlowRow; account: AccountRow } | undefined> {
  const [row] = await db
    .select({ flow: getTableColumns(federationFlows), account: accountFields() })
    .from(federationFlows)
    .innerJoin(users, eq(users.userId, federationFlows.userId))
    .where(and(eq(federationFlows.handoffHash, handoffHash), gt(federationFlows.expiresAt, sql`now()`)));
  return row;
}

/** Consumes a handoff: true for the one call that deleted it. */
export async function consumeHandoff(db: Executor, flowId: string): Promise<boolean> {
  const rows = await db
    .delete(federationFlows)
    .where(eq(federationFlows.flowId, flowId))
    .returning({ flowId: federationFlows.flowId });
  return rows.length === 1;
}

export async function deleteExpiredFlows(db: Executor): Promise<number> {
  const rows = await db
    .delete(federationFlows)
    .where(lt(federationFlows.expiresAt, sql`now()`))
    .returning({ flowId: federationFlows.flowId });
  return rows.length;
}

// ---- identities -------------------------------------------------------------------------------

export async function findIdentity(
  db: Executor,
  providerId: string,
  subject: string,
): Promise<IdentityRow | undefined> {
  const [row] = await db
    .select()
    .from(userIdentities)
    .where(and(eq(userIdentities.providerId, providerId), eq(userIdentities.subject, subject)));
  return row;
}

export async function insertIdentity(
  db: Executor,
  values: typeof userIdentities.$inferInsert,
): Promise<IdentityRow> {
  const [row] = await db.insert(userIdentities).values(values).returning();
  return row!;
}

export async function stampIdentity(db: Executor, identityId: string, email: string | null): Promise<void> {
  await db
    .update(userIdentities)
    .set({ lastSignInAt: sql`now()`, email })
    .where(eq(userIdentities.identityId, identityId));
}

export type IdentityListRow = IdentityRow & { providerName: string; providerType: ProviderRow['type'] };

export async function identitiesOf(db: Executor, userId: string): Promise<IdentityListRow[]> {
  return db
    .select({
      identityId: userIdentities.identityId,
      providerId: userIdentities.providerId,
      subject: userIdentities.subject,
      userId: userIdentities.userId,
      email: userIdentities.email,
      linkedAt: userIdentities.linkedAt,
      lastSignInAt: userIdentities.lastSignInAt,
      providerName: identityProviders.name,
      providerType: identityProviders.type,
    })
    .from(userIdentities)
    .innerJoin(identityProviders, eq(identityProviders.providerId, userIdentities.providerId))
    .where(eq(userIdentities.userId, userId))
    .orderBy(asc(userIdentities.linkedAt), asc(userIdentities.identityId));
}

export async function deleteIdentity(
  db: Executor,
  userId: string,
  identityId: string,
): Promise<IdentityRow | undefined> {
  const [row] = await db
    .delete(userIdentities)
    .where(and(eq(userIdentities.identityId, identityId), eq(userIdentities.userId, userId)))
    .returning();
  // What the identity's provider gave by its rules goes with it: unlinking keeps nothing the
  // upstream vouched for (an administrator's own grants stay).
  if (row)
    for (const given of await assignmentsOf(db, userId, row.providerId))
      await revokeByRule(db, userId, row.providerId, given);
  return row;
}

// ---- users ------------------------------------------------------------------------------------

export async function findAccount(db: Executor, userId: string) {
  const [row] = await db.select(accountFields()).from(users).where(eq(users.userId, userId));
  return row;
}

/** Users whose email is this one, without regard to case. */
/** The one user with this email (without regard to case), if exactly one has it and it is vouched for. */
export async function onlyVerifiedUserWith(db: Executor, email: string): Promise<string | undefined> {
  const rows = await db
    .select({ userId: users.userId, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(2);
  return rows.length === 1 && rows[0]!.emailVerified ? rows[0]!.userId : undefined;
}

export async function usersByEmail(db: Executor, email: string): Promise<string[]> {
  const rows = await db
    .select({ userId: users.userId })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(2);
  return rows.map((r) => r.userId);
}

export async function usernameTaken(db: Executor, username: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: users.userId })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return row !== undefined;
}

/** The organization a mapped value names: by code, then by name. */
export async function organizationNamed(db: Executor, value: string): Promise<string | undefined> {
  const [byCode] = await db
    .select({ id: organizations.organizationId })
    .from(organizations)
    .where(eq(organizations.code, value))
    .limit(1);
  if (byCode) return byCode.id;
  const [byName] = await db
    .select({ id: organizations.organizationId })
    .from(organizations)
    .where(eq(organizations.name, value))
    .limit(1);
  return byName?.id;
}

// ---- rule assignments -------------------------------------------------------------------------

export type Assignment = { target: 'role' | 'group'; targetId: string };

export async function assignmentsOf(db: Executor, userId: string, providerId: string): Promise<Assignment[]> {
  return db
    .select({ target: federatedAssignments.target, targetId: federatedAssignments.targetId })
    .from(federatedAssignments)
    .where(and(eq(federatedAssignments.userId, userId), eq(federatedAssignments.providerId, providerId)));
}

/** The roles and groups the user holds directly now, in one round trip. */
export async function heldBy(db: Executor, userId: string): Promise<Assignment[]> {
  const roleRows = db
    .select({ target: sql<'role' | 'group'>`'role'`.as('target'), targetId: userRoles.roleId })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  const groupRows = db
    .select({ target: sql<'role' | 'group'>`'group'`.as('target'), targetId: groupMembers.groupId })
    .from(groupMembers)
    .where(eq(groupMembers.userId, userId));
  return roleRows.unionAll(groupRows);
}

/** Which of the rules' targets still exist, in one round trip. */
export async function existingTargets(db: Executor, wanted: Assignment[]): Promise<Set<string>> {
  const roleIds = wanted.filter((a) => a.target === 'role').map((a) => a.targetId);
  const groupIds = wanted.filter((a) => a.target === 'group').map((a) => a.targetId);
  if (roleIds.length === 0 && groupIds.length === 0) return new Set();
  const found = await db
    .select({ id: roles.roleId })
    .from(roles)
    .where(roleIds.length ? inArray(roles.roleId, roleIds) : sql`false`)
    .unionAll(
      db
        .select({ id: groups.groupId })
        .from(groups)
        .where(groupIds.length ? inArray(groups.groupId, groupIds) : sql`false`),
    );
  return new Set(found.map((r) => r.id));
}

/** Gives a role or membership by a rule, and remembers that the rule gave it. */
export async function grantByRule(
  db: Executor,
  userId: string,
  providerId: string,
  a: Assignment,
): Promise<void> {
  if (a.target === 'role')
    await db.insert(userRoles).values({ userId, roleId: a.targetId }).onConflictDoNothing();
  else await db.insert(groupMembers).values({ userId, groupId: a.targetId }).onConflictDoNothing();
  await db
    .insert(federatedAssignments)
    .values({ userId, providerId, target: a.target, targetId: a.targetId })
    .onConflictDoNothing();
}

/**
 * Takes back a role or membership a rule gave; it stays while another provider's rule gives
 * it too.
 */
export async function revokeByRule(
  db: Executor,
  userId: string,
  providerId: string,
  a: Assignment,
): Promise<void> {
  const [alsoGiven] = await db
    .select({ providerId: federatedAssignments.providerId })
    .from(federatedAssignments)
    .where(
      and(
        eq(federatedAssignments.userId, userId),
        eq(federatedAssignments.target, a.target),
        eq(federatedAssignments.targetId, a.targetId),
        sql`${federatedAssignments.providerId} <> ${providerId}`,
      ),
    )
    .limit(1);
  if (alsoGiven === undefined && a.target === 'role')
    await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, a.targetId)));
  else if (alsoGiven === undefined)
    await db
      .delete(groupMembers)
      .where(and(eq(groupMembers.userId, userId), eq(groupMembers.groupId, a.targetId)));
  await db
    .delete(federatedAssignments)
    .where(
      and(
        eq(federatedAssignments.userId, userId),
        eq(federatedAssignments.providerId, providerId),
        eq(federatedAssignments.target, a.target),
        eq(federatedAssignments.targetId, a.targetId),
      ),
    );
}
