import { IDENTITY_MESSAGES } from '@gatehouse/contract';
import type { Executor } from '../../db/client.ts';
import type { AppScope } from '../../lib/app-scope.ts';
import type { AuditContext } from '../../lib/audit.ts';
import { forbidden, refused } from '../../lib/errors.ts';
import { actorOf, assertMayChangeUsers } from '../access/delegation.ts';
import { endOidcAccess } from '../oidc/repository.ts';
import * as repo from './repository.ts';

/**
 * Runs `change` inside its transaction and refuses it (rolling it back) when it
 *  - takes the acting user out of administration (409, selfLockout);
 *  - leaves no enabled user holding the Administrator role (409, lastAdministrator);
 *  - changes who the administrators are while the acting user is not one of them (403): a
 *    user manager may not make themselves or anyone else an administrator, nor unmake one.
 * Every change that could (a user's status, roles, groups or deletion; a group's status,
 * members or roles) goes through here. The checks read the state after the change, so no
 * path (a role held directly or through a group) is missed, and the lock makes two such
 * changes run one after the other, so that together they cannot remove the last two
 * administrators.
 */
export async function keepingAdministration<T>(
  tx: Executor,
  actorId: string | null,
  change: () => Promise<T>,
): Promise<T> {
  await repo.lockAdministration(tx);
  const before = await repo.administratorIds(tx);
  const actorWasAdministrator = actorId !== null && before.includes(actorId);
  const result = await change();
  const after = await repo.administratorIds(tx);
  if (actorWasAdministrator && !after.includes(actorId)) throw refused(IDENTITY_MESSAGES.selfLockout);
  if (after.length === 0) throw refused(IDENTITY_MESSAGES.lastAdministrator);
  if (!actorWasAdministrator && before.join() !== after.join()) throw forbidden();
  return result;
}

/** The acting user may not disable or delete their own account. */
export function assertNotSelf(actorId: string | null, userId: string): void {
  if (actorId === userId) throw refused(IDENTITY_MESSAGES.selfLockout);
}

/**
 * 403 unless the acting user may change this account: only an administrator changes an
 * administrator, a manager limited to some applications only accounts within them, and
 * nobody an account with console rights they do not hold (see `access/delegation.ts`).
 */
export async function assertMayChangeAccount(
  tx: Executor,
  ctx: AuditContext,
  userId: string,
  scope: AppScope,
): Promise<void> {
  await assertMayChangeUsers(tx, await actorOf(tx, ctx), [userId], scope);
}

/**
 * Ends every session of the user and their OIDC access (provider sessions, grants and the
 * tokens of those), in the caller's transaction; what ended, for the audit record.
 */
export async function endAccess(tx: Executor, userId: string) {
  const endedSessions = await repo.endSessions(tx, userId);
  const endedOidcSessionsAndGrants = await endOidcAccess(tx, [userId]);
  return { endedSessions, endedOidcSessionsAndGrants };
}
