import {
  type ApplicationProviders,
  FEDERATION_MESSAGES,
  type LinkedIdentity,
  type LinkIdentity,
} from '@gatehouse/contract';
import type { Database } from '../../db/client.ts';
import { type AppScope, assertInScope, isUuid } from '../../lib/app-scope.ts';
import { type AuditContext, auditedChange } from '../../lib/audit.ts';
import { notFound, validationFailed } from '../../lib/errors.ts';
import { requireApplication } from '../applications/service.ts';
import { assertMayChangeAccount } from '../users/administration.ts';
import { loadProvider } from './providers.ts';
import * as repo from './repository.ts';
import { linkByAdministrator } from './users.ts';

function toLinkedIdentity(row: repo.IdentityListRow): LinkedIdentity {
  return {
    identityId: row.identityId,
    providerId: row.providerId,
    providerName: row.providerName,
    providerType: row.providerType,
    subject: row.subject,
    email: row.email,
    linkedDate: row.linkedAt.toISOString(),
    lastSignInDate: row.lastSignInAt?.toISOString() ?? null,
  };
}

/**
 * Linked identities, seen and changed by their user or an administrator, and the providers
 * an application allows. Every change is audited.
 */
export class FederationAdminService {
  constructor(
    private readonly db: Database,
    private readonly serverKey: Buffer,
  ) {}

  async identities(userId: string): Promise<LinkedIdentity[]> {
    return (await repo.identitiesOf(this.db, userId)).map(toLinkedIdentity);
  }

  /** The user's identities, for an administrator: 404 for an unknown user. */
  async identitiesOfUser(userId: string): Promise<LinkedIdentity[]> {
    if (!isUuid(userId) || !(await repo.findAccount(this.db, userId))) throw notFound();
    return this.identities(userId);
  }

  /** Unlinks one of the user's identities, and takes back the roles and groups its provider's rules gave. */
  async unlink(userId: string, identityId: string, ctx: AuditContext, scope?: AppScope): Promise<void> {
    if (!isUuid(userId)) throw notFound();
    await auditedChange(this.db, ctx, { entity: 'user-identity', action: 'unlink' }, async (tx) => {
      if (scope) await assertMayChangeAccount(tx, ctx, userId, scope);
      const row = await repo.deleteIdentity(tx, userId, identityId);
      if (!row) throw notFound();
      return {
        entityId: identityId,
        before: { userId, providerId: row.providerId, subject: row.subject },
        after: undefined,
      };
    });
  }

  /** An administrator links a user to a subject of a provider (the subject's owner then signs in as the user). */
  async link(
    userId: string,
    input: LinkIdentity,
    ctx: AuditContext,
    scope: AppScope,
  ): Promise<LinkedIdentity> {
    if (!isUuid(userId) || !(await repo.findAccount(this.db, userId))) throw notFound();
    await this.db.transaction(async (tx) => assertMayChangeAccount(tx, ctx, userId, scope));
    const provider = await loadProvider(this.db, this.serverKey, input.providerId);
    if (!provider) throw validationFailed({ providerId: FEDERATION_MESSAGES.disabledProvider });
    const identityId = await linkByAdministrator(this.db, provider, userId, input.subject, {
      ...ctx,
      userAgent: null,
    });
    const found = (await repo.identitiesOf(this.db, userId)).find((i) => i.identityId === identityId);
    if (!found) throw notFound();
    return toLinkedIdentity(found);
  }

  async applicationProviders(applicationId: string, scope: AppScope): Promise<ApplicationProviders> {
    assertInScope(scope, applicationId);
    await requireApplication(this.db, applicationId);
    const limit = await repo.applicationLimit(this.db, applicationId);
    return { limited: limit !== undefined, providerIds: limit ?? [] };
  }

  async setApplicationProviders(
    applicationId: string,
    input: ApplicationProviders,
    ctx: AuditContext,
    scope: AppScope,
  ): Promise<ApplicationProviders> {
    assertInScope(scope, applicationId);
    return auditedChange(
      this.db,
      ctx,
      { entity: 'application', action: 'identity-providers' },
      async (tx) => {
        await requireApplication(tx, applicationId);
        const ids = [...new Set(input.providerIds)];
        const known = await repo.existingProviderIds(tx, ids);
        const unknown = ids.findIndex((id) => !known.has(id));
        if (unknown >= 0)
          throw validationFailed({ [`providerIds.${unknown}`]: FEDERATION_MESSAGES.disabledProvider });
        const before = await repo.applicationLimit(tx, applicationId);
        await repo.setApplicationLimit(tx, applicationId, input.limited ? ids : null);
        const after = { limited: input.limited, providerIds: input.limited ? ids : [] };
        return {
          entityId: applicationId,
          before: { limited: before !== undefined, providerIds: before ?? [] },
          after,
          recordedAfter: { ...after, applicationId },
        };
      },
    );
  }
}
