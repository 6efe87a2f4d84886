import type { Page } from '@gatehouse/contract';
import type { Database, Executor } from '../../db/client.ts';
import { assertSameApplication } from '../../lib/app-scope.ts';
import { type AuditContext, auditedChange } from '../../lib/audit.ts';
import { duplicateIdAsConflict } from '../../lib/db-errors.ts';
import { notFound } from '../../lib/errors.ts';
import type { ListQuery, Paged } from '../../lib/listing.ts';
import { requireApplication } from './service.ts';

type InApplication = { applicationId: string };

/** What the service needs of the record's repository: its paged list and its rows by key. */
export type ScopedRecordRepository<Row, Query, Values> = {
  list(db: Executor, query: Query): Promise<Paged<Row>>;
  insert(db: Executor, values: Values & InApplication): Promise<Row>;
  findForUpdate(db: Executor, resourceId: string): Promise<Row | undefined>;
  update(db: Executor, resourceId: string, values: Values): Promise<Row>;
};

export type ScopedRecordSpec<Row, Dto, Query, Values> = {
  /** The entity named in the audit records. */
  entity: string;
  repo: ScopedRecordRepository<Row, Query, Values>;
  /** The row as the API shows it. */
  toDto: (row: Row) => Dto;
  /** The fields a create or update body writes, picked from it so nothing else is stored. */
  valuesOf: (input: Values) => Values;
  /**
   * Checks the values against the application's other records inside the change's
   * transaction, and completes them; a 400 on the field when they do not fit.
   */
  resolve?: (db: Executor, applicationId: string, values: Values) => Promise<Values>;
};

/**
 * The records that belong to one application and have nothing more to them (data accesses,
 * permissions): listed per application, created in an application that exists, edited in
 * place. Their `id` is unique within the application, so a duplicate is a 409 on `id`, and a
 * PUT that names another application is a 400, not a move.
 */
export class ScopedRecordService<
  Row extends InApplication,
  Dto extends { resourceId: string },
  Query extends ListQuery & InApplication,
  Values,
> {
  constructor(
    protected readonly db: Database,
    private readonly spec: ScopedRecordSpec<Row, Dto, Query, Values>,
  ) {}

  private resolved(db: Executor, applicationId: string, values: Values): Promise<Values> {
    return this.spec.resolve ? this.spec.resolve(db, applicationId, values) : Promise.resolve(values);
  }

  async list(query: Query): Promise<Page<Dto>> {
    const { rows, total } = await this.spec.repo.list(this.db, query);
    // Rows of the application prove it exists; only an empty page asks (404 when it does not).
    if (rows.length === 0) await requireApplication(this.db, query.applicationId);
    return { content: rows.map(this.spec.toDto), totalElements: total };
  }

  async create(input: Values & InApplication, ctx: AuditContext): Promise<Dto> {
    const { entity, repo, toDto, valuesOf } = this.spec;
    await requireApplication(this.db, input.applicationId);
    return duplicateIdAsConflict(
      auditedChange(this.db, ctx, { entity, action: 'create' }, async (tx) => {
        const values = await this.resolved(tx, input.applicationId, valuesOf(input));
        const after = toDto(await repo.insert(tx, { ...values, applicationId: input.applicationId }));
        return { entityId: after.resourceId, after };
      }),
    );
  }

  async update(input: Values & InApplication & { resourceId: string }, ctx: AuditContext): Promise<Dto> {
    const { entity, repo, toDto, valuesOf } = this.spec;
    return duplicateIdAsConflict(
      auditedChange(this.db, ctx, { entity, action: 'update' }, async (tx) => {
        const existing = await repo.findForUpdate(tx, input.resourceId);
        if (!existing) throw notFound();
        assertSameApplication(existing.applicationId, input.applicationId);
        const values = await this.resolved(tx, existing.applicationId, valuesOf(input));
        const after = toDto(await repo.update(tx, input.resourceId, values));
        return { entityId: after.resourceId, before: toDto(existing), after };
      }),
    );
  }
}
