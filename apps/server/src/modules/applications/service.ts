import {
  APP_CONFIG_MESSAGES,
  type Application,
  type ApplicationListQuery,
  type CreateApplication,
  type Page,
} from '@gatehouse/contract';
import type { Database, Executor } from '../../db/client.ts';
import { isUuid } from '../../lib/app-scope.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, notFound, validationFailed } from '../../lib/errors.ts';
import { type AuditContext, audit } from '../../lib/audit.ts';
import * as repo from './repository.ts';

/**
 * Ids that would be shadowed by the fixed paths under /v2/application (client, acl, api,
 * pages): an application with such an id could never be fetched by GET /v2/application/{id}.
 */
const RESERVED_IDS = new Set(['client', 'acl', 'api', 'pages']);

export function toApplication(row: repo.ApplicationRow): Application {
  return {
    applicationId: row.applicationId,
    name: row.name,
    description: row.description,
    productId: row.productId,
    status: row.status,
    builtin: row.builtin,
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

  async list(query: ApplicationListQuery): Promise<Page<Application>> {
    const { rows, total } = await repo.list(this.db, query);
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
    if (productId !== null && !(isUuid(productId) && (await repo.productExists(this.db, productId)))) {
      throw validationFailed({ productId: APP_CONFIG_MESSAGES.unknownProduct });
    }
    try {
      return await this.db.transaction(async (tx) => {
        const row = await repo.insert(tx, {
          applicationId: input.applicationId,
          name: input.name,
          description: input.description || null,
          productId,
        });
        const created = toApplication(row);
        await audit(tx, ctx, {
          action: 'create',
          entity: 'application',
          entityId: row.applicationId,
          after: created,
        });
        return created;
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        const message = APP_CONFIG_MESSAGES.duplicateApplicationId;
        throw conflict(message, { applicationId: message });
      }
      throw err;
    }
  }
}
