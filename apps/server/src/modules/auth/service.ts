import { randomUUID } from 'node:crypto';
import {
  ACTIONS,
  type Action,
  actionsOf,
  type ChangePasswordRequest,
  ERROR_CODES,
  type LoginRequest,
  MESSAGES,
  PLATFORM_APP_ID,
  SESSION_LIFETIME_SECONDS,
  type UserInfo,
} from '@gatehouse/contract';
import type { Database } from '../../db/client.ts';
import { audit, auditedChange, auditedStatement } from '../../lib/audit.ts';
import type { AuthState, RequestMeta } from '../../lib/auth-state.ts';
import { AppError, unauthenticatedFor, validationFailed } from '../../lib/errors.ts';
import { type Meters, NO_METERS } from '../../lib/metrics.ts';
import { hashToken, newSessionToken } from '../../lib/tokens.ts';
import type { DeviceCookie } from '../../plugins/device-cookie.ts';
import { isActive } from '../access/repository.ts';
import { endOidcAccess } from '../oidc/repository.ts';
import { hashPassword, verifyPassword } from '../passwords/hashing.ts';
import { assertPasswordPolicy, upgradeOutdatedHash } from '../passwords/policy.ts';
import { storePassword } from '../passwords/repository.ts';
import { stampSignIn, type UserRow } from '../sessions/repository.ts';
import type { SessionResolver } from '../sessions/resolver.ts';
import type { TwoFactorService } from '../two-factor/service.ts';
import type { LoginLimiter } from './limiters.ts';
import { checkCredentials, NO_DIRECTORY, type PasswordDirectory } from './password-directory.ts';
import * as repo from './repository.ts';
import { auditFailedSignIn, unlessLocked } from './sign-in-events.ts';

const invalidCredentials = () => new AppError(401, ERROR_CODES.UNAUTHENTICATED, MESSAGES.invalidCredentials);

export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly limiter: LoginLimiter,
    private readonly sessions: SessionResolver,
    private readonly platformPermissionIds: () => ReadonlySet<string>,
    private readonly twoFactor: Pick<TwoFactorService, 'required' | 'challengeFor'>,
    private readonly meters: Meters = NO_METERS,
    /** The directories (LDAP) that check the password of the accounts they govern. */
    private readonly directory: PasswordDirectory = NO_DIRECTORY,
  ) {}

  /**
   * The password step, against the user's directory where one governs the account
   * (`PasswordDirectory`), else the local hash. A user with two-factor sign-in on gets a challenge for the code
   * instead of a session (POST /login/second-factor, which then calls `startSession`).
   */
  async login(
    input: LoginRequest,
    meta: RequestMeta,
    device?: DeviceCookie,
  ): Promise<{ token: string; userInfo: UserInfo } | { challenge: string; expiresIn: number }> {
    const attempt = { account: input.username, ip: meta.ip ?? 'unknown', device };
    await unlessLocked(() => this.limiter.check(attempt), this.meters, 'console');

    const { user, viaDirectory } = await checkCredentials(
      { db: this.db, directory: this.directory, limiter: this.limiter, meters: this.meters },
      'console',
      input,
      attempt,
      { meta, applicationId: PLATFORM_APP_ID },
    );
    if (!isActive(user)) {
      await auditFailedSignIn(this.db, meta, { userId: user.userId, reason: 'disabled' });
      this.meters.signIn('console', 'failure', 'disabled');
      throw new AppError(401, ERROR_CODES.UNAUTHENTICATED, MESSAGES.accountDisabled);
    }
    await this.limiter.recordSuccess(attempt);
    // A directory's password is not the local hash's to upgrade.
    if (!viaDirectory)
      await upgradeOutdatedHash(
        this.db,
        { ...meta, actorId: user.userId, actorName: user.username },
        user,
        input.password,
      );
    // The directory checked the password only: two-factor sign-in applies as for anyone.
    if (this.twoFactor.required(user)) {
      this.meters.signIn('console', 'second_factor');
      return this.twoFactor.challengeFor(user.userId);
    }
    return this.startSession(user, meta);
  }

  /**
   * A new session for a user who has proved who they are, audited as a login (with `method`
   * when not the password) and counted as a sign-in.
   */
  async startSession(
    user: UserRow,
    meta: RequestMeta,
    method?: 'passkey',
  ): Promise<{ token: string; userInfo: UserInfo }> {
    const token = newSessionToken();
    const sessionId = randomUUID();
    await auditedStatement(
      this.db,
      { ...meta, actorId: user.userId, actorName: user.username },
      {
        entity: 'user',
        action: 'login',
        entityId: user.userId,
        after: { sessionId, ...(method ? { method } : {}) },
      },
      [
        repo.newSession(this.db, {
          sessionId,
          tokenHash: hashToken(token),
          userId: user.userId,
          expiresAt: new Date(Date.now() + SESSION_LIFETIME_SECONDS * 1000),
          ip: meta.ip,
          userAgent: meta.userAgent?.slice(0, 512) ?? null,
        }),
        stampSignIn(this.db, user.userId),
      ],
    );
    this.meters.signIn('console', 'success');
    const auth = await this.sessions.stateFor(user, '');
    return { token, userInfo: this.userInfo(auth) };
  }

  /** The signed-in user of an `Authorization: Bearer` header; 401 when it names no live session. */
  async currentUserInfo(authorization: string | undefined): Promise<UserInfo> {
    const auth = await this.sessions.resolve(authorization);
    if (!auth) throw unauthenticatedFor(authorization);
    return this.userInfo(auth);
  }

  /**
   * The user info of spec §3. `role` is the effective role: the platform permissions of all
   * the user's enabled roles (their own and their groups') merged, named after them; `roles`
   * lists the role names. The Administrator holds every platform permission with every action it
   * offers (`actionsOf`).
   */
  userInfo(auth: AuthState): UserInfo {
    const held: [string, Action[]][] = auth.isAdministrator
      ? [...this.platformPermissionIds()].map((id) => [id, [...actionsOf(PLATFORM_APP_ID, id)]])
      : [...auth.grants.entries()].map(([id, grant]) => [id, ACTIONS.filter((a) => grant.has(a))]);
    const permissions = held
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([permissionId, actionEntitySet]) => ({ permissionId, actionEntitySet }));
    return {
      userId: auth.user.userId,
      username: auth.user.username,
      name: auth.user.name,
      avatar: auth.user.avatar,
      mustChangePassword: auth.user.mustChangePassword,
      passwordExpired: auth.passwordExpired,
      twoFactorEnrolmentRequired: auth.twoFactorEnrolmentRequired,
      role: { id: auth.roleIds.join(','), name: auth.roleNames.join(', '), permissions },
      roles: auth.roleNames,
      language: auth.user.language,
      theme: auth.user.theme,
    };
  }

  async logout(auth: AuthState, meta: RequestMeta): Promise<void> {
    await auditedChange(this.db, meta, { entity: 'user', action: 'logout' }, async (tx) => {
      await repo.deleteSession(tx, auth.sessionId);
      return { entityId: auth.user.userId, before: { sessionId: auth.sessionId }, after: undefined };
    });
  }

  /**
   * Replaces the password under the policy (initial, overdue or own change alike), records it
   * in the history with its date, clears the first-login flag and ends every other session
   * of the user, and their OIDC access everywhere (this browser's provider session too); the
   * console session that made the change stays signed in.
   */
  async changePassword(
    auth: AuthState,
    input: ChangePasswordRequest,
    meta: RequestMeta,
    device?: DeviceCookie,
  ): Promise<void> {
    const user = await repo.findUser(this.db, auth.user.userId);
    if (!user) throw invalidCredentials();
    const attempt = { account: user.username, ip: meta.ip ?? 'unknown', device };
    await this.limiter.check(attempt);
    if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
      const lock = await this.limiter.recordFailure(attempt);
      await auditFailedSignIn(this.db, meta, {
        action: 'password.change.failed',
        userId: user.userId,
        reason: 'wrong-password',
        lock,
      });
      // 400, not 401: the console treats a 401 as "sign in again".
      throw validationFailed({ oldPassword: MESSAGES.currentPasswordWrong });
    }
    const policy = await assertPasswordPolicy(this.db, input.newPassword, {
      username: user.username,
      userId: user.userId,
      currentHash: user.passwordHash,
    });
    const passwordHash = await hashPassword(input.newPassword);
    await auditedChange(this.db, meta, { entity: 'user', action: 'password.change' }, async (tx) => {
      await storePassword(tx, user.userId, passwordHash, {
        mustChangePassword: false,
        keep: policy.historyCount,
      });
      const ended = await repo.deleteOtherSessions(tx, user.userId, auth.sessionId);
      const endedOidcSessionsAndGrants = await endOidcAccess(tx, [user.userId]);
      return {
        entityId: user.userId,
        before: { mustChangePassword: user.mustChangePassword },
        after: { mustChangePassword: false, endedSessions: ended, endedOidcSessionsAndGrants },
      };
    });
  }

  /**
   * Whether `password` is the user's: their directory's where one governs the account (the
   * lock's password is the one they sign in with), else the local hash.
   */
  private async passwordOf(user: UserRow, password: string, meta: RequestMeta): Promise<boolean> {
    const verdict = await this.directory.verify({
      username: user.username,
      password,
      user,
      applicationId: PLATFORM_APP_ID,
      meta,
    });
    if (verdict.kind === 'local') return verifyPassword(user.passwordHash, password);
    return verdict.kind === 'accepted' && verdict.user.userId === user.userId;
  }

  /** Checks the password for the console's inactivity lock; throttled like sign-in. */
  async unlock(auth: AuthState, password: string, meta: RequestMeta, device?: DeviceCookie): Promise<void> {
    const attempt = { account: auth.user.username, ip: meta.ip ?? 'unknown', device };
    await this.limiter.check(attempt);
    const user = await repo.findUser(this.db, auth.user.userId);
    if (!user || !(await this.passwordOf(user, password, meta))) {
      const lock = await this.limiter.recordFailure(attempt);
      // A wrong guess at a locked console is a wrong guess at the password: it is recorded.
      await auditFailedSignIn(this.db, meta, {
        action: 'unlock.failed',
        userId: auth.user.userId,
        reason: 'wrong-password',
        lock,
      });
      throw validationFailed({ password: MESSAGES.currentPasswordWrong });
    }
    await this.limiter.recordSuccess(attempt);
    // The password makes a session that idled out behind the lock active again.
    await this.sessions.revive(auth.sessionId);
    await audit(this.db, meta, { action: 'unlock', entity: 'user', entityId: auth.user.userId });
  }
}
