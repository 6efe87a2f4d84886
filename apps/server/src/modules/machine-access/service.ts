import { randomBytes } from 'node:crypto';
import {
  type Action,
  actionsOf,
  type CreatedPersonalAccessToken,
  type CreatePersonalAccessToken,
  createPersonalAccessTokenSchema,
  IDENTITY_MESSAGES,
  MACHINE_ACCESS_MESSAGES,
  PERSONAL_ACCESS_TOKEN_MAX_COUNT,
  PERSONAL_ACCESS_TOKEN_PREFIX,
  type PersonalAccessToken,
  PLATFORM_APP_ID,
  type ScopeGrant,
  type ServiceAccount,
} from '@gatehouse/contract';
import type { Database } from '../../db/client.ts';
import { type AppScope, assertInScope, isUuid } from '../../lib/app-scope.ts';
import { type AuditContext, audit, auditedChange } from '../../lib/audit.ts';
import { type AuthState, bearerToken, type PlatformGrant, scopeOf } from '../../lib/auth-state.ts';
import { duplicateIdAsConflict } from '../../lib/db-errors.ts';
import { notFound, refused, validationFailed } from '../../lib/errors.ts';
import { enqueue, type JobRunner } from '../../lib/jobs.ts';
import { hashToken } from '../../lib/tokens.ts';
import * as clients from '../clients/repository.ts';
import type { SessionResolver } from '../sessions/resolver.ts';
import { assertMayChangeAccount } from '../users/administration.ts';
import * as repo from './repository.ts';

/** The job that audits and removes a personal access token when it expires. */
export const PAT_EXPIRY_QUEUE = 'pat.expire';

/** What nobody's password hashes to: a service account never signs in with one. */
const NO_PASSWORD = '!service-account';

const SYSTEM: AuditContext = { actorId: null, actorName: 'system', ip: null, requestId: null };

function toToken(row: repo.PatRow): PersonalAccessToken {
  return {
    tokenId: row.tokenId,
    name: row.name,
    scope: row.scope as ScopeGrant[],
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** A username for the service account of `client`, in the characters usernames allow. */
function serviceAccountUsername(client: string): string {
  return `service-account-${client.replace(/[^A-Za-z0-9_.@-]/g, '-')}`.slice(0, 100);
}

/**
 * Machine access to the admin API. It resolves the two machine callers into the `AuthState`
 * a console session gives, so every route's grant check applies to them unchanged:
 *  - a service account: the user of a confidential client, which its client-credentials
 *    tokens act as, with that user's roles;
 *  - a personal access token: its owner, with what they hold now within the token's scope.
 */
export class MachineAccessService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionResolver,
    private readonly clientCredentialsClient: (token: string) => Promise<string | null>,
    private readonly platformPermissionIds: () => ReadonlySet<string>,
  ) {}

  /** Audits and removes each token as it expires. */
  register(jobs: JobRunner): void {
    jobs.register<{ tokenId: string }>(PAT_EXPIRY_QUEUE, async (job) => {
      await this.db.transaction(async (tx) => {
        const row = await repo.deleteExpiredToken(tx, job.payload.tokenId);
        if (!row) return;
        await audit(tx, SYSTEM, {
          action: 'expire',
          entity: 'personal-access-token',
          entityId: row.tokenId,
          applicationId: null,
          before: { ...toToken(row), userId: row.userId },
        });
      });
    });
  }

  /** The machine caller of an `Authorization: Bearer` header, or null when it names none. */
  async resolve(authorization: string | undefined): Promise<AuthState | null> {
    const token = bearerToken(authorization);
    if (!token) return null;
    if (token.startsWith(PERSONAL_ACCESS_TOKEN_PREFIX)) return this.personalAccessTokenCaller(token);
    const clientId = await this.clientCredentialsClient(token);
    if (!clientId) return null;
    const user = await repo.findServiceAccountCaller(this.db, clientId);
    if (!user) return null;
    const state = await this.sessions.stateFor(user, '');
    // A service account has no password to replace and signs nothing in, so neither one an
    // administrator set nor a role that requires two-factor sign-in holds its token up as
    // they would a person's session.
    return {
      ...state,
      user: { ...state.user, mustChangePassword: false },
      passwordExpired: false,
      twoFactorEnrolmentRequired: false,
      machine: { kind: 'service-account', clientId },
    };
  }

  private async personalAccessTokenCaller(token: string): Promise<AuthState | null> {
    const found = await repo.findLiveToken(this.db, hashToken(token));
    if (!found) return null;
    const { token: row, user } = found;
    if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000)
      await repo.touchToken(this.db, row.tokenId);
    const owner = await this.sessions.stateFor(user, '');
    const scope = row.scope as ScopeGrant[];
    // What the owner holds now, within the token's scope: a role lost narrows the token too.
    const grants = new Map<string, PlatformGrant>();
    for (const { permissionId, action } of scope) {
      const reach = scopeOf(owner, permissionId, action);
      if (reach === null) continue;
      const held = grants.get(permissionId) ?? new Map<Action, AppScope>();
      held.set(action, reach);
      grants.set(permissionId, held);
    }
    return {
      ...owner,
      isAdministrator: false,
      grants,
      roleIds: [],
      roleNames: [],
      machine: { kind: 'personal-access-token', tokenId: row.tokenId, scope },
    };
  }

  // ---- personal access tokens ------------------------------------------------------------

  /** The console permission/action pairs `caller` holds now: what a new token's scope may list. */
  scopeChoices(caller: AuthState): ScopeGrant[] {
    const choices: ScopeGrant[] = [];
    for (const permissionId of [...this.platformPermissionIds()].sort())
      for (const action of actionsOf(PLATFORM_APP_ID, permissionId))
        if (scopeOf(caller, permissionId, action) !== null) choices.push({ permissionId, action });
    return choices;
  }

  list(userId: string): Promise<PersonalAccessToken[]> {
    return repo.tokensOf(this.db, userId).then((rows) => rows.map(toToken));
  }

  /** A new token of the signed-in `caller`, answered this once; its scope only what they hold now. */
  async create(
    caller: AuthState,
    input: CreatePersonalAccessToken,
    ctx: AuditContext,
  ): Promise<CreatedPersonalAccessToken> {
    const body = createPersonalAccessTokenSchema.parse(input);
    const scope: ScopeGrant[] = [];
    const seen = new Set<string>();
    body.scope.forEach(({ permissionId, action }, i) => {
      if (scopeOf(caller, permissionId, action) === null)
        throw validationFailed({ [`scope.${i}`]: MACHINE_ACCESS_MESSAGES.notHeld });
      const key = `${permissionId}\u0000${action}`;
      if (seen.has(key)) return;
      seen.add(key);
      scope.push({ permissionId, action });
    });
    const token = `${PERSONAL_ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const expiresAt = new Date(Date.now() + body.expiresInDays * 86_400_000);
    const userId = caller.user.userId;
    const created = await auditedChange(
      this.db,
      ctx,
      { entity: 'personal-access-token', action: 'create' },
      async (tx) => {
        if ((await repo.countTokens(tx, userId)) >= PERSONAL_ACCESS_TOKEN_MAX_COUNT)
          throw refused(MACHINE_ACCESS_MESSAGES.tooMany);
        const row = await repo.insertToken(tx, {
          userId,
          name: body.name,
          tokenHash: hashToken(token),
          scope,
          expiresAt,
        });
        await enqueue(tx, PAT_EXPIRY_QUEUE, { tokenId: row.tokenId }, { runAt: expiresAt });
        const after = toToken(row);
        return { entityId: row.tokenId, after, recordedAfter: { ...after, userId } };
      },
    );
    return { ...created, token };
  }

  /** Revokes one of `userId`'s tokens; 404 when they hold none of that id. */
  async revoke(userId: string, tokenId: string, ctx: AuditContext): Promise<void> {
    if (!isUuid(tokenId)) throw notFound();
    await auditedChange(this.db, ctx, { entity: 'personal-access-token', action: 'revoke' }, async (tx) => {
      const row = await repo.deleteToken(tx, userId, tokenId);
      if (!row) throw notFound();
      return { entityId: tokenId, before: { ...toToken(row), userId }, after: null };
    });
  }

  /** Another user's tokens, for whoever manages users. */
  async listFor(userId: string): Promise<PersonalAccessToken[]> {
    if (!isUuid(userId)) throw notFound();
    return this.list(userId);
  }

  /** An administrator's revocation of another user's token: only of an account they may change. */
  async revokeFor(userId: string, tokenId: string, ctx: AuditContext, scope: AppScope): Promise<void> {
    if (!isUuid(userId)) throw notFound();
    await this.db.transaction(async (tx) => assertMayChangeAccount(tx, ctx, userId, scope));
    await this.revoke(userId, tokenId, ctx);
  }

  // ---- service accounts --------------------------------------------------------------------

  async serviceAccount(acId: string, scope: AppScope): Promise<ServiceAccount> {
    const client = isUuid(acId) ? await clients.find(this.db, acId) : undefined;
    if (!client) throw notFound();
    assertInScope(scope, client.applicationId);
    const user = await repo.findServiceAccountUser(this.db, acId);
    return {
      acId,
      enabled: user?.status === 'ENABLED',
      userId: user?.userId ?? null,
      username: user?.username ?? null,
    };
  }

  /**
   * Enables or disables the client's service account. The first enabling creates its user,
   * with no roles; disabling keeps the user and its roles for a later enabling.
   */
  async setServiceAccount(
    acId: string,
    enabled: boolean,
    ctx: AuditContext,
    scope: AppScope,
  ): Promise<ServiceAccount> {
    if (!isUuid(acId)) throw notFound();
    // A user who already has the account's username: 409, not a failure.
    const taken = { field: 'username', message: IDENTITY_MESSAGES.duplicateUsername };
    return duplicateIdAsConflict(
      auditedChange(
        this.db,
        ctx,
        { entity: 'service-account', action: enabled ? 'enable' : 'disable' },
        async (tx) => {
          const client = await clients.findForUpdate(tx, acId);
          if (!client) throw notFound();
          assertInScope(scope, client.applicationId);
          if (client.clientType !== 'CONFIDENTIAL') throw refused(MACHINE_ACCESS_MESSAGES.publicClient);
          let user = await repo.findServiceAccountUser(tx, acId);
          const before = user
            ? { enabled: user.status === 'ENABLED', userId: user.userId, username: user.username }
            : null;
          if (!user && enabled)
            user = await repo.insertServiceAccountUser(tx, {
              acId,
              username: serviceAccountUsername(client.client),
              name: `${client.clientName} (service account)`,
              passwordHash: NO_PASSWORD,
            });
          else if (user) await repo.setUserStatus(tx, user.userId, enabled ? 'ENABLED' : 'DISABLED');
          const after: ServiceAccount = {
            acId,
            enabled: user !== undefined && enabled,
            userId: user?.userId ?? null,
            username: user?.username ?? null,
          };
          return {
            entityId: acId,
            before,
            after,
            recordedAfter: { ...after, client: client.client, applicationId: client.applicationId },
          };
        },
      ),
      taken,
    );
  }
}
