import { randomBytes, randomUUID } from 'node:crypto';
import {
  type Client,
  type ClientListQuery,
  type ClientSecretInfo,
  type CreateClient,
  type CreatedClient,
  m,
  type Page,
  type RotateClientSecret,
  type RotatedClientSecret,
  type Status,
  type UpdateClient,
  type UpdateClientStatus,
} from '@gatehouse/contract';
import type { Database } from '../../db/client.ts';
import { type AppScope, assertInScope, isUuid } from '../../lib/app-scope.ts';
import { type AuditContext, auditedChange } from '../../lib/audit.ts';
import { notFound, refused, validationFailed } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { requireApplication } from '../applications/service.ts';
import { assertAllowedTarget, type OutboundPolicy } from '../webhooks/outbound.ts';
import * as repo from './repository.ts';

const ENTITY = 'application-client';
const PUBLIC_HAS_NO_SECRET = m('client.publicHasNoSecret');
const PUBLIC_NEEDS_REDIRECT = m('field.publicClientRedirect');

/** The OAuth client_id: a recognisable prefix and 18 random bytes (24 base64url characters). */
function newClientId(): string {
  return `gh_${randomBytes(18).toString('base64url')}`;
}

/**
 * 32 random bytes, base64url. Only its SHA-256 is stored (see the schema): with 256 bits of
 * entropy a fast digest is as safe as a password hash, and cheap to check per token request.
 */
function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The client as every answer but the create shows it: never with the secret or its hash. */
function toClient(row: repo.ClientRow): Client {
  return {
    acId: row.acId,
    clientName: row.clientName,
    client: row.client,
    id: row.id,
    redirectUrl: row.redirectUrl,
    backchannelLogoutUri: row.backchannelLogoutUri,
    backchannelLogoutSessionRequired: row.backchannelLogoutSessionRequired,
    webOrigins: row.webOrigins,
    clientType: row.clientType,
    status: row.status,
    applicationId: row.applicationId,
    createdDate: row.createdAt.toISOString(),
    lastModifiedDate: row.updatedAt.toISOString(),
  };
}

/** The list without repeats, in its first order. */
const distinct = (values: readonly string[]) => [...new Set(values)];

function toSecretInfo(row: repo.SecretRow): ClientSecretInfo {
  return {
    secretId: row.secretId,
    createdDate: row.createdAt.toISOString(),
    expiresDate: row.expiresAt?.toISOString() ?? null,
    lastUsedDate: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The field of the back-channel logout URI, named in a refusal. */
const LOGOUT_URI_FIELD = 'backchannelLogoutUri';

export class ClientService {
  constructor(
    private readonly db: Database,
    /** Where the server may send logout tokens: the webhooks' guard (GATEHOUSE_WEBHOOK_ALLOW_*). */
    private readonly outbound: OutboundPolicy,
  ) {}

  /** A back-channel logout URI the server may send to, else a 400 on its field (a cleared one passes). */
  private async checkLogoutUri(uri: string | null | undefined): Promise<void> {
    if (uri) await assertAllowedTarget(uri, this.outbound, LOGOUT_URI_FIELD);
  }

  async list(query: ClientListQuery): Promise<Page<Client>> {
    await requireApplication(this.db, query.applicationId);
    const { rows, total } = await repo.list(this.db, query);
    return { content: rows.map(toClient), totalElements: total };
  }

  /** The client, when its application lies in the caller's `scope`. */
  async get(acId: string, scope: AppScope): Promise<Client> {
    const row = isUuid(acId) ? await repo.find(this.db, acId) : undefined;
    if (!row) throw notFound();
    assertInScope(scope, row.applicationId);
    return toClient(row);
  }

  /** The one answer that carries the secret: the console shows it once, in "Created successfully". */
  async create(input: CreateClient, ctx: AuditContext): Promise<CreatedClient> {
    await requireApplication(this.db, input.applicationId);
    await this.checkLogoutUri(input.backchannelLogoutUri);
    // A public client holds no secret: it proves nothing at the token endpoint, PKCE binds its codes.
    const secret = input.clientType === 'PUBLIC' ? null : newSecret();
    const secretHash = secret === null ? null : hashToken(secret);
    const created = await auditedChange(this.db, ctx, { entity: ENTITY, action: 'create' }, async (tx) => {
      const row = await repo.insert(tx, {
        applicationId: input.applicationId,
        clientName: input.clientName,
        client: newClientId(),
        id: randomUUID(),
        secretHash,
        redirectUrl: input.redirectUrl || null,
        backchannelLogoutUri: input.backchannelLogoutUri || null,
        backchannelLogoutSessionRequired: input.backchannelLogoutSessionRequired,
        webOrigins: distinct(input.webOrigins),
        clientType: input.clientType,
        status: input.status,
      });
      if (secretHash !== null) await repo.insertSecret(tx, { acId: row.acId, secretHash });
      return { entityId: row.acId, after: toClient(row) };
    });
    return { ...created, secret };
  }

  /** The client's secrets: when made, when they expire, when last used; never the secrets. */
  async listSecrets(acId: string, scope: AppScope): Promise<ClientSecretInfo[]> {
    await this.get(acId, scope);
    return (await repo.findSecrets(this.db, acId)).map(toSecretInfo);
  }

  /**
   * A new secret, answered this once. The newest earlier secret keeps working beside it so
   * the client can move over; any older one stops now (at most two are active).
   */
  async rotateSecret(
    acId: string,
    input: RotateClientSecret,
    ctx: AuditContext,
    scope: AppScope,
  ): Promise<RotatedClientSecret> {
    const secret = newSecret();
    const info = await auditedChange(
      this.db,
      ctx,
      { entity: ENTITY, action: 'secret.rotate' },
      async (tx) => {
        const client = isUuid(acId) ? await repo.findForUpdate(tx, acId) : undefined;
        if (!client) throw notFound();
        assertInScope(scope, client.applicationId);
        if (client.clientType === 'PUBLIC') throw refused(PUBLIC_HAS_NO_SECRET);
        const [kept, ...older] = await repo.findSecrets(tx, acId);
        await repo.deleteSecrets(
          tx,
          older.map((s) => s.secretId),
        );
        const row = await repo.insertSecret(tx, {
          acId,
          secretHash: hashToken(secret),
          expiresAt: input?.expiresDate ? new Date(input.expiresDate) : null,
        });
        const after = toSecretInfo(row);
        return { entityId: acId, before: { secrets: [kept, ...older].filter(Boolean).length }, after };
      },
    );
    return { ...info, secret };
  }

  async update(input: UpdateClient, ctx: AuditContext, scope: AppScope): Promise<Client> {
    await this.checkLogoutUri(input.backchannelLogoutUri);
    return this.change(input.acId, ctx, scope, 'update', (row) => {
      // Left out, the redirect URL stays as it is; null or '' clears it.
      const redirectUrl = input.redirectUrl === undefined ? row.redirectUrl : input.redirectUrl || null;
      if (row.clientType === 'PUBLIC' && !redirectUrl)
        throw validationFailed({ redirectUrl: PUBLIC_NEEDS_REDIRECT });
      return {
        clientName: input.clientName,
        redirectUrl,
        // Left out, each stays as it is; null or '' clears the URI.
        ...(input.backchannelLogoutUri === undefined
          ? {}
          : { backchannelLogoutUri: input.backchannelLogoutUri || null }),
        ...(input.backchannelLogoutSessionRequired === undefined
          ? {}
          : { backchannelLogoutSessionRequired: input.backchannelLogoutSessionRequired }),
        ...(input.webOrigins ? { webOrigins: distinct(input.webOrigins) } : {}),
        ...(input.status ? { status: input.status } : {}),
      };
    });
  }

  async setStatus(input: UpdateClientStatus, ctx: AuditContext, scope: AppScope): Promise<Client> {
    return this.change(input.acId, ctx, scope, 'status', () => ({ status: input.status }));
  }

  /** ENABLED becomes DISABLED; anything else (DISABLED or an unknown value) becomes ENABLED. */
  async toggleStatus(acId: string, ctx: AuditContext, scope: AppScope): Promise<Client> {
    return this.change(acId, ctx, scope, 'status', (row) => ({
      status: (row.status === 'ENABLED' ? 'DISABLED' : 'ENABLED') satisfies Status,
    }));
  }

  /** Changes a client of an application in the caller's `scope`. */
  private async change(
    acId: string,
    ctx: AuditContext,
    scope: AppScope,
    action: 'update' | 'status',
    values: (
      row: repo.ClientRow,
    ) => Partial<
      Pick<
        repo.ClientRow,
        | 'clientName'
        | 'redirectUrl'
        | 'webOrigins'
        | 'backchannelLogoutUri'
        | 'backchannelLogoutSessionRequired'
        | 'status'
      >
    >,
  ): Promise<Client> {
    return auditedChange(this.db, ctx, { entity: ENTITY, action }, async (tx) => {
      const before = await repo.findForUpdate(tx, acId);
      if (!before) throw notFound();
      assertInScope(scope, before.applicationId);
      const after = toClient(await repo.update(tx, acId, values(before)));
      return { entityId: acId, before: toClient(before), after };
    });
  }
}
