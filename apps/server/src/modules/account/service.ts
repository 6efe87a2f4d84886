import type { OwnSession, Profile, UpdateProfile, updateProfileSchema } from '@gatehouse/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../lib/app-scope.ts';
import { type AuditContext, auditedChange } from '../../lib/audit.ts';
import type { AuthState } from '../../lib/auth-state.ts';
import { notFound, unauthenticated } from '../../lib/errors.ts';
import { endOidcAccess } from '../oidc/repository.ts';
import type { PasswordResetService } from '../password-reset/service.ts';
import type { SessionRow, UserRow } from '../sessions/repository.ts';
import * as repo from './repository.ts';

type ProfileChange = z.output<typeof updateProfileSchema>;

function toProfile(row: UserRow): Profile {
  return { userId: row.userId, username: row.username, name: row.name, email: row.email, avatar: row.avatar };
}

function toOwnSession(row: SessionRow, currentId: string): OwnSession {
  return {
    sessionId: row.sessionId,
    ip: row.ip,
    userAgent: row.userAgent,
    createdDate: row.createdAt.toISOString(),
    lastSeenDate: row.lastSeenAt.toISOString(),
    current: row.sessionId === currentId,
  };
}

/** The signed-in user's own account: the profile they edit and the sessions they see and end. */
export class AccountService {
  constructor(
    private readonly db: Database,
    private readonly passwordReset: Pick<PasswordResetService, 'emailChanged'>,
  ) {}

  async profile(auth: AuthState): Promise<Profile> {
    const row = await repo.findUser(this.db, auth.user.userId);
    if (!row) throw unauthenticated();
    return toProfile(row);
  }

  async updateProfile(
    auth: AuthState,
    input: ProfileChange | UpdateProfile,
    ctx: AuditContext,
  ): Promise<Profile> {
    const values = {
      name: input.name,
      email: input.email,
      avatar: input.avatar ? input.avatar : null,
    };
    return auditedChange(this.db, ctx, { entity: 'user', action: 'profile.update' }, async (tx) => {
      const before = await repo.findUser(tx, auth.user.userId);
      if (!before) throw unauthenticated();
      // An email the user typed themselves is theirs to claim, not verified by anyone.
      const sameEmail = before.email?.toLowerCase() === values.email?.toLowerCase();
      const row = await repo.updateProfile(tx, auth.user.userId, {
        ...values,
        emailVerified: sameEmail && before.emailVerified,
      });
      await this.passwordReset.emailChanged(tx, ctx, before, row.email);
      return { entityId: row.userId, before: toProfile(before), after: toProfile(row) };
    });
  }

  async sessions(auth: AuthState): Promise<OwnSession[]> {
    return (await repo.liveSessions(this.db, auth.user.userId)).map((row) =>
      toOwnSession(row, auth.sessionId),
    );
  }

  /**
   * Ends one of the caller's sessions (404 when it is not theirs); ending the current one signs
   * out. Their OIDC access ends too, as with an administrator's revoke: which provider session
   * a console session led to is not known, and a session ended from the list is one its owner
   * does not trust.
   */
  async revokeSession(auth: AuthState, sessionId: string, ctx: AuditContext): Promise<{ current: boolean }> {
    if (!isUuid(sessionId)) throw notFound();
    return auditedChange(this.db, ctx, { entity: 'user', action: 'session.revoke' }, async (tx) => {
      const ended = await repo.endSession(tx, auth.user.userId, sessionId);
      if (ended === 0) throw notFound();
      const endedOidcSessionsAndGrants = await endOidcAccess(tx, [auth.user.userId]);
      const current = sessionId === auth.sessionId;
      return {
        entityId: auth.user.userId,
        before: { sessionId },
        after: { current },
        recordedAfter: { current, endedOidcSessionsAndGrants },
      };
    });
  }
}
