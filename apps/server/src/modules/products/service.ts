import {
  CATALOG_MESSAGES,
  type CreateProduct,
  type Page,
  type Product,
  type ProductListQuery,
  type UpdateProduct,
} from '@gatehouse/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { AuditContext } from '../../lib/audit.ts';
import { DUPLICATE_CODE } from '../../lib/db-errors.ts';
import { type EntityAudit, entityAudit, foundByUuid, pageOf } from '../../lib/entity-service.ts';
import { refused } from '../../lib/errors.ts';
import * as repo from './repository.ts';

function toProduct(row: repo.ProductWithCount): Product {
  return {
    productId: row.productId,
    name: row.name,
    code: row.id,
    description: row.description,
    owner: row.owner,
    status: row.status,
    applicationCount: row.applicationCount,
    createdDate: row.createdAt.toISOString(),
    lastModifiedDate: row.updatedAt.toISOString(),
  };
}

/** A 409 naming the applications that still use the product: "Used by 2 applications: a, b". */
export async function assertUnused(db: Executor, product: repo.ProductWithCount): Promise<void> {
  if (product.applicationCount === 0) return;
  const names = await repo.applicationsOf(db, product.productId);
  throw refused(CATALOG_MESSAGES.usedBy(product.applicationCount, 'application', names));
}

/** Products (v2 `product`): named groups of applications. */
export class ProductService {
  private readonly audit: EntityAudit;

  constructor(private readonly db: Database) {
    this.audit = entityAudit(db, 'product', DUPLICATE_CODE);
  }

  async list(query: ProductListQuery): Promise<Page<Product>> {
    return pageOf(await repo.list(this.db, query), toProduct);
  }

  async get(productId: string): Promise<Product> {
    return toProduct(await foundByUuid(productId, (id) => repo.findWithCount(this.db, id)));
  }

  async create(input: CreateProduct, ctx: AuditContext): Promise<Product> {
    return this.audit.uniqueChange(ctx, 'create', async (tx) => {
      const row = await repo.insert(tx, {
        name: input.name,
        id: input.code,
        description: input.description || null,
        owner: input.owner || null,
      });
      return { entityId: row.productId, after: toProduct({ ...row, applicationCount: 0 }) };
    });
  }

  /** The whole product; disabling one that applications still name is refused. */
  async update(input: UpdateProduct, ctx: AuditContext): Promise<Product> {
    return this.audit.uniqueChange(ctx, 'update', async (tx) => {
      await foundByUuid(input.productId, (id) => repo.findForUpdate(tx, id));
      const before = (await repo.findWithCount(tx, input.productId))!;
      if (input.status === 'DISABLED' && before.status === 'ENABLED') await assertUnused(tx, before);
      const row = await repo.update(tx, input.productId, {
        name: input.name,
        id: input.code,
        description: input.description || null,
        owner: input.owner || null,
        ...(input.status ? { status: input.status } : {}),
      });
      const after = toProduct({ ...row, applicationCount: before.applicationCount });
      return { entityId: row.productId, before: toProduct(before), after };
    });
  }
}
