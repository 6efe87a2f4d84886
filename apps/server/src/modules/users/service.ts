import {
  type CreatedUser,
  type CreateUser,
  IDENTITY_MESSAGES,
  type Page,
  type Status,
  type UpdateUser,
  type User,
  type UserListQuery,
  type UserMembership,
  type UserSession,
} from '@gatehouse/contract';
import type { Database, Executor } from '../../db/client.ts';
import { type AppScope, isUuid } from '../../lib/app-scope.ts';
import type { AuditContext } from '../../lib/audit.ts';
import type { AuthState } from '../../lib/auth-state.ts';
import type { Duplicate } from '../../lib/db-errors.ts';
import { type EntityAudit, entityAudit, foundByUuid, pageOf } from '../../lib/entity-service.ts';
import { notFound } from '../../lib/errors.ts';
import { assertAllExist } from '../../lib/records.ts';
import {
  type Actor,
  actorOf,
  assertHolds,
  assertMayAssignGroups,
  assertMayAssignRoles,
  assertMayChangeUsers,
} from '../access/delegation.ts';
import { endingAccessOnSuspension, endingOidcOnRoleLoss } from '../access/endings.ts';
import { footprintsOfUsers } from '../access/holdings.ts';
import type { AccessService } from '../access/service.ts';
import { endOidcAccess } from '../oidc/repository.ts';
import type { PasswordResetService } from '../password-reset/service.ts';
import { generatePassword, hashPassword } from '../passwords/hashing.ts';
import { assertPasswordPolicy, passwordPolicyIn } from '../passwords/policy.ts';
import { expirePassword, recordPasswordHistory, storePassword } from '../passwords/repository.ts';
import { assertMayChangeAccount, assertNotSelf, endAccess, keepingAdministration } from './administration.ts';
import * as repo from './repository.ts';

const ENTITY = 'user';

const DUPLICATE_USERNAME: Duplicate = { field: 'username', message: IDENTITY_MESSAGES.duplicateUsername };

/** The user as the API shows it: never with the password hash. */
function toUser(row: repo.ListedUser): User {
  return {
    userId: row.userId,
    username: row.username,
    name: row.name,
    email: row.email,
    phone: row.phone,
    avatar: row.avatar,
    status: row.status,
    organizationId: row.organizationId,
    mustChangePassword: row.mustChangePassword,
    lastSignInDate: row.lastSignInAt?.toISOString() ?? null,
    createdDate: row.createdAt.toISOString(),
    lastModifiedDate: row.updatedAt.toISOString(),
  };
}

function toSession(row: repo.SessionRow): UserSession {
  return {
    sessionId: row.sessionId,
    ip: row.ip,
    userAgent: row.userAgent,
    createdDate: row.createdAt.toISOString(),
    lastSeenDate: row.lastSeenAt.toISOString(),
    expiresDate: row.expiresAt.toISOString(),
  };
}

/** An empty optional field is stored as null. */
const orNull = (value: string | null | undefined) => value?.trim() || null;

function requireUser(db: Executor, userId: string, forUpdate = false): Promise<repo.UserRow> {
  return foundByUuid(userId, (id) => (forUpdate ? repo.findForUpdate(db, id) : repo.find(db, id)));
}

/** A 400 on `organizationId` when it names no organization; checked in the change's transaction. */
async function assertOrganizationExists(tx: Executor, organizationId: string | null): Promise<void> {
  if (organizationId === null) return;
  assertAllExist(
    await repo.existingOrganizations(tx, [organizationId]),
    [organizationId],
    'organizationId',
    IDENTITY_MESSAGES.unknownOrganization,
  );
}

async function membershipOf(db: Executor, userId: string): Promise<UserMembership> {
  const [roles, groups] = [await repo.rolesOf(db, userId), await repo.groupsOf(db, userId)];
  return { roles, groups };
}

export class UserService {
  private readonly audit: EntityAudit;

  constructor(
    private readonly db: Database,
    private readonly access: AccessService,
    private readonly passwordReset: Pick<PasswordResetService, 'emailChanged'>,
  ) {
    this.audit = entityAudit(db, ENTITY, DUPLICATE_USERNAME);
  }

  /** Each user says whether the caller may change the account (`manageable`). */
  async list(query: UserListQuery, _scope: AppScope, caller: AuthState | null): Promise<Page<User>> {
    const page = pageOf(await repo.list(this.db, query), toUser);
    return { ...page, content: await this.access.annotateUsers(caller, page.content) };
  }

  async get(userId: string, _scope: AppScope, caller: AuthState | null): Promise<User> {
    const [user] = await this.access.annotateUsers(caller, [toUser(await requireUser(this.db, userId))]);
    return user!;
  }

  /**
   * Creates a user. Without a password one is generated and returned once, as
   * `initialPassword`; either way the user replaces it at the first sign-in unless
   * `mustChangePassword` is false.
   */
  async create(input: CreateUser, ctx: AuditContext): Promise<CreatedUser> {
    const generated = input.password === undefined ? generatePassword() : undefined;
    const password = input.password ?? generated!;
    const policy =
      input.password !== undefined
        ? await assertPasswordPolicy(this.db, password, input, 'password')
        : await passwordPolicyIn(this.db);
    const organizationId = input.organizationId ?? null;
    const passwordHash = await hashPassword(password);
    const user = await this.audit.uniqueChange(ctx, 'create', async (tx) => {
      await assertOrganizationExists(tx, organizationId);
      const row = await repo.insert(tx, {
        username: input.username,
        name: input.name,
        email: input.email,
        phone: orNull(input.phone),
        avatar: orNull(input.avatar),
        organizationId,
        passwordHash,
        mustChangePassword: input.mustChangePassword ?? true,
        // An administrator set it: they vouch for it.
        emailVerified: Boolean(input.email),
      });
      await recordPasswordHistory(tx, row.userId, passwordHash, policy.historyCount);
      return { entityId: row.userId, after: toUser(row) };
    });
    return generated === undefined ? user : { ...user, initialPassword: generated };
  }

  async update(input: UpdateUser, ctx: AuditContext, scope: AppScope): Promise<User> {
    const organizationId = input.organizationId ?? null;
    return this.audit.change(ctx, 'update', async (tx) =>
      keepingAdministration(tx, ctx.actorId, async () => {
        const before = await requireUser(tx, input.userId, true);
        await assertOrganizationExists(tx, organizationId);
        await assertMayChangeAccount(tx, ctx, input.userId, scope);
        // Moved into a disabled organization, the user is suspended: their access ends now.
        const {
          result: row,
          endedSessions,
          endedOidcSessionsAndGrants,
        } = await endingAccessOnSuspension(tx, [input.userId], () =>
          repo.update(tx, input.userId, {
            name: input.name,
            email: input.email,
            emailVerified: Boolean(input.email),
            phone: orNull(input.phone),
            avatar: orNull(input.avatar),
            organizationId,
          }),
        );
        await this.passwordReset.emailChanged(tx, ctx, before, row.email);
        const after = toUser(row);
        const ended = endedSessions + endedOidcSessionsAndGrants > 0;
        return {
          entityId: row.userId,
          before: toUser(before),
          after,
          ...(ended ? { recordedAfter: { ...after, endedSessions, endedOidcSessionsAndGrants } } : {}),
        };
      }),
    );
  }

  /**
   * Enables or disables a user. A disabled user's sessions end at once, their OIDC access
   * with them (`endOidcAccess`); the acting user cannot disable themselves, nor anyone whose
   * loss would leave no administrator. Enabling gives the user back what their roles grant,
   * so only someone who holds it may.
   */
  async setStatus(userId: string, status: Status, ctx: AuditContext, scope: AppScope): Promise<User> {
    if (status === 'DISABLED') assertNotSelf(ctx.actorId, userId);
    return this.audit.change(ctx, 'status', async (tx) =>
      keepingAdministration(tx, ctx.actorId, async () => {
        const before = await requireUser(tx, userId, true);
        const actor = await actorOf(tx, ctx);
        await assertMayChangeUsers(tx, actor, [userId], scope);
        if (status === 'ENABLED' && before.status !== 'ENABLED')
          assertHolds(actor, (await footprintsOfUsers(tx, [userId])).get(userId)!.grants);
        const row = await repo.update(tx, userId, { status });
        const after = toUser(row);
        if (status !== 'DISABLED') return { entityId: userId, before: toUser(before), after };
        const ended = await endAccess(tx, userId);
        return { entityId: userId, before: toUser(before), after, recordedAfter: { ...after, ...ended } };
      }),
    );
  }

  /**
   * Deletes a user with their sessions, OIDC access and memberships; not oneself, nor the
   * last administrator.
   */
  async remove(userId: string, ctx: AuditContext, scope: AppScope): Promise<void> {
    assertNotSelf(ctx.actorId, userId);
    await this.audit.change(ctx, 'delete', async (tx) =>
      keepingAdministration(tx, ctx.actorId, async () => {
        const before = await requireUser(tx, userId, true);
        await assertMayChangeAccount(tx, ctx, userId, scope);
        const membership = await membershipOf(tx, userId);
        const ended = await endAccess(tx, userId);
        await repo.remove(tx, userId);
        return {
          entityId: userId,
          before: { ...toUser(before), ...membership },
          after: undefined,
          recordedAfter: ended,
        };
      }),
    );
  }

  /** The roles the user holds directly and the groups they belong to. */
  async membership(userId: string): Promise<UserMembership> {
    await requireUser(this.db, userId);
    return membershipOf(this.db, userId);
  }

  /**
   * Replaces the roles the user holds directly. Each role added is one the caller may hand
   * out: within their applications, and granting nothing they do not hold.
   */
  async setRoles(
    userId: string,
    roleIds: string[],
    ctx: AuditContext,
    scope: AppScope,
  ): Promise<UserMembership> {
    const wanted = [...new Set(roleIds)];
    return this.changeMembership(userId, ctx, scope, 'roles', async (tx, before, actor) => {
      assertAllExist(await repo.existingRoles(tx, wanted), wanted, 'roleIds', IDENTITY_MESSAGES.unknownRole);
      const held = new Set(before.roles.map((r) => r.id));
      await assertMayAssignRoles(
        tx,
        actor,
        wanted.filter((id) => !held.has(id)),
        scope,
      );
      await repo.replaceRoles(tx, userId, wanted);
    });
  }

  /** Replaces the groups the user belongs to; each group joined gives roles the caller may hand out. */
  async setGroups(
    userId: string,
    groupIds: string[],
    ctx: AuditContext,
    scope: AppScope,
  ): Promise<UserMembership> {
    const wanted = [...new Set(groupIds)];
    return this.changeMembership(userId, ctx, scope, 'groups', async (tx, before, actor) => {
      assertAllExist(
        await repo.existingGroups(tx, wanted),
        wanted,
        'groupIds',
        IDENTITY_MESSAGES.unknownGroup,
      );
      const member = new Set(before.groups.map((g) => g.id));
      await assertMayAssignGroups(
        tx,
        actor,
        wanted.filter((id) => !member.has(id)),
        scope,
      );
      await repo.replaceGroups(tx, userId, wanted);
    });
  }

  private async changeMembership(
    userId: string,
    ctx: AuditContext,
    scope: AppScope,
    action: 'roles' | 'groups',
    replace: (tx: Executor, before: UserMembership, actor: Actor) => Promise<void>,
  ): Promise<UserMembership> {
    return this.audit.change(ctx, action, async (tx) =>
      keepingAdministration(tx, ctx.actorId, async () => {
        await requireUser(tx, userId, true);
        const actor = await actorOf(tx, ctx);
        await assertMayChangeUsers(tx, actor, [userId], scope);
        const before = await membershipOf(tx, userId);
        const { endedOidcSessionsAndGrants } = await endingOidcOnRoleLoss(tx, [userId], () =>
          replace(tx, before, actor),
        );
        const after = await membershipOf(tx, userId);
        return { entityId: userId, before, after, recordedAfter: { ...after, endedOidcSessionsAndGrants } };
      }),
    );
  }

  /**
   * An administrator's reset: the given password, or a generated one returned once. The
   * user must choose a new one at the next sign-in, and every session of theirs ends now,
   * their OIDC access too. Only someone who may change the account may (an administrator's:
   * an administrator).
   */
  async resetPassword(
    userId: string,
    password: string | undefined,
    ctx: AuditContext,
    scope: AppScope,
  ): Promise<{ initialPassword?: string }> {
    const user = await requireUser(this.db, userId);
    const generated = password === undefined ? generatePassword() : undefined;
    const chosen = password ?? generated!;
    const policy =
      password !== undefined
        ? await assertPasswordPolicy(
            this.db,
            password,
            { username: user.username, userId, currentHash: user.passwordHash },
            'password',
          )
        : await passwordPolicyIn(this.db);
    const passwordHash = await hashPassword(chosen);
    await this.audit.change(ctx, 'password.reset', async (tx) => {
      const before = await requireUser(tx, userId, true);
      await assertMayChangeAccount(tx, ctx, userId, scope);
      await storePassword(tx, userId, passwordHash, {
        mustChangePassword: true,
        keep: policy.historyCount,
      });
      return {
        entityId: userId,
        before: { mustChangePassword: before.mustChangePassword },
        after: { mustChangePassword: true, ...(await endAccess(tx, userId)) },
      };
    });
    return generated === undefined ? {} : { initialPassword: generated };
  }

  /**
   * Marks the user's password as past the policy's maximum age: at the next request they
   * must choose a new one (/overdue). Their OIDC access ends now: the console holds a session
   * to the change, but a relying party's tokens would go on working, and an expiry is how a
   * suspected leak is answered. Audited; only by someone who may change the account.
   */
  async expirePassword(userId: string, ctx: AuditContext, scope: AppScope): Promise<void> {
    await this.audit.change(ctx, 'password.expire', async (tx) => {
      await requireUser(tx, userId, true);
      await assertMayChangeAccount(tx, ctx, userId, scope);
      await expirePassword(tx, [userId]);
      const endedOidcSessionsAndGrants = await endOidcAccess(tx, [userId]);
      return { entityId: userId, after: { passwordExpired: true, endedOidcSessionsAndGrants } };
    });
  }

  async sessions(userId: string): Promise<UserSession[]> {
    await requireUser(this.db, userId);
    return (await repo.liveSessions(this.db, userId)).map(toSession);
  }

  /**
   * Ends one session of the user (404 when it is not theirs), or with no `sessionId` all of
   * them. Either way the user's OIDC access ends too: which provider session a console
   * session led to is not known, and ending a session is how an administrator answers a
   * suspected compromise. Answers the number of console sessions ended.
   */
  async revokeSessions(
    userId: string,
    sessionId: string | undefined,
    ctx: AuditContext,
    scope: AppScope,
  ): Promise<number> {
    return this.audit.change(ctx, 'sessions.revoke', async (tx) => {
      await requireUser(tx, userId);
      await assertMayChangeAccount(tx, ctx, userId, scope);
      if (sessionId !== undefined && !isUuid(sessionId)) throw notFound();
      const ended = await repo.endSessions(tx, userId, sessionId);
      if (sessionId !== undefined && ended === 0) throw notFound();
      const endedOidcSessionsAndGrants = await endOidcAccess(tx, [userId]);
      return {
        entityId: userId,
        before: { sessionId: sessionId ?? 'all' },
        after: ended,
        recordedAfter: { endedSessions: ended, endedOidcSessionsAndGrants },
      };
    });
  }
}
