import type { Executor } from '../../db/client.ts';
import { endOidcAccess } from '../oidc/repository.ts';
import * as repo from './repository.ts';

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
