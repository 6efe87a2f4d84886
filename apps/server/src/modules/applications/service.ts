import {
  APP_CONFIG_MESSAGES,
  type Application,
  type ApplicationListQuery,
  CATALOG_MESSAGES,
  type CreateApplication,
  type Page,
  type UpdateApplication,
} from '@gatehouse/contract';
import type { Database, Executor } from '../../db/client.ts';
import { type AppScope, isUuid } from '../../lib/app-scope.ts';
import { type AuditContext, auditedChange } from '../../lib/audit.ts';
import { type Duplicate, duplicateIdAsConflict } from '../../lib/db-errors.ts';
import { notFound, validationFailed } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/**
 * Ids that would be shadowed by the fixed paths under /v2/application (client, acl, api,
 * pages, export): an application with such an id could never be fetched by
 * GET /v2/application/{id}.
 */
const RESERVED_IDS = new Set(['client', 'acl', 'api', 'pages', 'export']);

/** An application's own id is what a duplicate takes, under its own message. */
const DUPLICATE_APPLICATION_ID: Duplicate = {
  field: 'applicationId',
  message: APP_CONFIG_MESSAGES.duplicateApplicationId,
};

function toApplication(row: repo.ApplicationRow): Application {
  return {
    applicationId: row.applicationId,
    name: row.name,
    description: row.description,
    productId: row.productId,
    status: row.status,
    builtin: row.builtin,
    openToAllUsers: row.openToAllUsers,
    createdDate: row.createdAt.toISOString(),
    lastModifiedDate: row.updatedAt.toISOString(),
  };
}

/** The application every app-configuration list and create names; an unknown one is a 404. */
export async function requireApplication(db: Executor, applicationId: string): Promise<repo.ApplicationRow> {
  const row = await repo.find(db, applicationId);
  if (!row) throw notFound();
  return row;
}

export class ApplicationService {
  constructor(private readonly db: Database) {}

  /** The applications of `scope` that match the search. */
  async list(query: ApplicationListQuery, scope: AppScope): Promise<Page<Application>> {
    const { rows, total } = await repo.list(this.db, { ...query, scope });
    return { content: rows.map(toApplication), totalElements: total };
  }

  async get(applicationId: string): Promise<Application> {
    return toApplication(await requireApplication(this.db, applicationId));
  }

  async create(input: CreateApplication, ctx: AuditContext): Promise<Application> {
    if (RESERVED_IDS.has(input.applicationId)) {
      throw validationFailed({ applicationId: APP_CONFIG_MESSAGES.reservedApplicationId });
    }
    const productId = input.productId || null;
    await this.assertProductExists(productId);
    return duplicateIdAsConflict(
      auditedChange(this.db, ctx, { entity: 'application', action: 'create' }, async (tx) => {
        const row = await repo.insert(tx, {
          applicationId: input.applicationId,
          name: input.name,
          description: input.description || null,
          productId,
          openToAllUsers: input.openToAllUsers ?? false,
        });
        return { entityId: row.applicationId, after: toApplication(row) };
      }),
      DUPLICATE_APPLICATION_ID,
    );
  }

  /** A product an application names must exist; none is fine. */
  private async assertProductExists(productId: string | null): Promise<void> {
    if (productId !== null && !(isUuid(productId) && (await repo.productExists(this.db, productId)))) {
      throw validationFailed({ productId: APP_CONFIG_MESSAGES.unknownProduct });
    }
  }

  /**
   * Changes the name, the description, the product, the status (a disabled application's
   * clients get no tokens) or whether every user may sign in to it; audited.
   */
  async update(input: UpdateApplication, ctx: AuditContext): Promise<Application> {
    if (input.productId !== undefined) await this.assertProductExists(input.productId || null);
    return auditedChange(this.db, ctx, { entity: 'application', action: 'update' }, async (tx) => {
      const before = await repo.findForUpdate(tx, input.applicationId);
      if (!before) throw notFound();
      if (before.builtin && input.status === 'DISABLED') {
        throw validationFailed({ status: CATALOG_MESSAGES.builtinApplication });
      }
      const row = await repo.update(tx, input.applicationId, {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.description === undefined ? {} : { description: input.description || null }),
        ...(input.productId === undefined ? {} : { productId: input.productId || null }),
        ...(input.status === undefined ? {} : { status: input.status }),
        ...(input.openToAllUsers === undefined ? {} : { openToAllUsers: input.openToAllUsers }),
      });
      return { entityId: row.applicationId, before: toApplication(before), after: toApplication(row) };
    });
  }
}
