import type { Executor } from '../../db/client.ts';
import { type AppScope, assertInScope } from '../../lib/app-scope.ts';
import { foundByUuid } from '../../lib/entity-service.ts';
import { requireApplication } from './service.ts';

/**
 * The application-scoped record a v2 path names: a 404 when there is none, a 403 when its
 * application lies outside the caller's grant (delegated administration).
 */
export async function foundInScope<R extends { applicationId: string }>(
  id: string,
  scope: AppScope,
  find: (id: string) => Promise<R | undefined>,
): Promise<R> {
  const row = await foundByUuid(id, find);
  assertInScope(scope, row.applicationId);
  return row;
}

/** The application a list or a create names; a 404 when it does not exist. */
export async function applicationExists(db: Executor, applicationId: string): Promise<void> {
  await requireApplication(db, applicationId);
}
