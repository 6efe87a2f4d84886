import { IDENTITY_MESSAGES } from '@gatehouse/contract';
import type { Executor } from '../../db/client.ts';
import { refused } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/**
 * Runs `change` inside its transaction and refuses it (rolling it back) when it takes the
 * acting user out of administration, or leaves no enabled user holding the Administrator
 * role. Every change that could (a user's status, roles, groups or deletion; a group's
 * status, members or roles) goes through here. The check reads the state after the change,
 * so no path (a role held directly or through a group) is missed, and the lock makes two
 * such changes run one after the other, so that together they cannot remove the last two
 * administrators.
 */
export async function keepingAdministration<T>(
  tx: Executor,
  actorId: string | null,
  change: () => Promise<T>,
): Promise<T> {
  await repo.lockAdministration(tx);
  const actorWasAdministrator = actorId !== null && (await repo.holdsAdministration(tx, actorId));
  const result = await change();
  if (actorWasAdministrator && !(await repo.holdsAdministration(tx, actorId))) {
    throw refused(IDENTITY_MESSAGES.selfLockout);
  }
  if (!(await repo.holdsAdministration(tx))) throw refused(IDENTITY_MESSAGES.lastAdministrator);
  return result;
}

/** The acting user may not disable or delete their own account. */
export function assertNotSelf(actorId: string | null, userId: string): void {
  if (actorId === userId) throw refused(IDENTITY_MESSAGES.selfLockout);
}
