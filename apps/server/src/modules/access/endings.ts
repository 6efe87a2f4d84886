import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { endOidcAccess } from '../oidc/repository.ts';
import * as repo from './repository.ts';

/**
 * What ends with a change to what users hold: their OIDC access when they lose a role, and
 * every session when they are suspended (their organization disabled), in the change's
 * transaction, so nothing they held outlives it on any instance.
 */

/** The enabled roles each user holds now, directly or through an enabled group. */
async function liveRoles(db: Executor, userIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  for (const held of await repo.rolesOfUsers(db, userIds, true))
    out.set(held.holderId, (out.get(held.holderId) ?? new Set()).add(held.roleId));
  return out;
}

/**
 * Runs `change`, then ends the OIDC access (provider sessions, grants and their tokens) of
 * every one of `userIds` it took a role from, in the same transaction: a relying party's
 * tokens carry the user's roles and permissions, so removing a role ends them, and the next
 * sign-in asks again. Returns the change's result and how many sessions and grants ended.
 */
export async function endingOidcOnRoleLoss<T>(
  tx: Executor,
  userIds: readonly string[],
  change: () => Promise<T>,
): Promise<{ result: T; endedOidcSessionsAndGrants: number }> {
  const before = await liveRoles(tx, userIds);
  const result = await change();
  const after = await liveRoles(tx, userIds);
  const lost = [...new Set(userIds)].filter((id) =>
    [...(before.get(id) ?? [])].some((roleId) => !after.get(id)?.has(roleId)),
  );
  return { result, endedOidcSessionsAndGrants: lost.length > 0 ? await endOidcAccess(tx, lost) : 0 };
}

/**
 * Runs `change`, then ends every console session and the OIDC access of each of `userIds`
 * it suspended: active before (enabled, in an active organization), not after. Returns the
 * change's result, the users suspended, and how many sessions, OIDC sessions and grants ended.
 */
export async function endingAccessOnSuspension<T>(
  tx: Executor,
  userIds: readonly string[],
  change: () => Promise<T>,
): Promise<{ result: T; suspended: string[]; endedSessions: number; endedOidcSessionsAndGrants: number }> {
  const ids = [...new Set(userIds)];
  const before = await repo.userStatuses(tx, ids);
  const result = await change();
  const after = await repo.userStatuses(tx, ids);
  const suspended = ids.filter((id) => before.get(id) === true && after.get(id) === false);
  if (suspended.length === 0) return { result, suspended, endedSessions: 0, endedOidcSessionsAndGrants: 0 };
  const ended = await tx
    .delete(sessions)
    .where(inArray(sessions.userId, suspended))
    .returning({ id: sessions.sessionId });
  return {
    result,
    suspended,
    endedSessions: ended.length,
    endedOidcSessionsAndGrants: await endOidcAccess(tx, suspended),
  };
}
