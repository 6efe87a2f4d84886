import type { AuditEntity, Page } from '@gatehouse/contract';
import type { Database, Transaction } from '../db/client.ts';
import { isUuid } from './app-scope.ts';
import { type AuditContext, type AuditedResult, auditedChange } from './audit.ts';
import { type Duplicate, duplicateIdAsConflict } from './db-errors.ts';
import { notFound } from './errors.ts';
import type { Paged } from './listing.ts';

/**
 * The pieces every v2 entity service repeats: its rows as a page, the row a path names, and
 * its changes with their audit records. The service keeps its own rules; these only say
 * the parts that are the same everywhere.
 */

/** The API's page of a repository's rows. */
export function pageOf<R, T>({ rows, total }: Paged<R>, toItem: (row: R) => T): Page<T> {
  return { content: rows.map(toItem), totalElements: total };
}

/** The row a v2 path names, or a 404; an id that is not a UUID names none. */
export async function foundByUuid<R>(id: string, find: (id: string) => Promise<R | undefined>): Promise<R> {
  const row = isUuid(id) ? await find(id) : undefined;
  if (!row) throw notFound();
  return row;
}

type Change<T> = (tx: Transaction) => Promise<AuditedResult<T>>;

export type EntityAudit = {
  change<T>(ctx: AuditContext, action: string, change: Change<T>): Promise<T>;
  uniqueChange<T>(ctx: AuditContext, action: string, change: Change<T>): Promise<T>;
};

/**
 * An entity's changes, each in one transaction with its audit record (`auditedChange`).
 * `uniqueChange` is for the writes that can hit a unique value the user chose, and answers
 * that with a 409 on `duplicate`'s field.
 */
export function entityAudit(db: Database, entity: AuditEntity, duplicate?: Duplicate): EntityAudit {
  return {
    change: (ctx, action, change) => auditedChange(db, ctx, { entity, action }, change),
    uniqueChange: (ctx, action, change) =>
      duplicateIdAsConflict(auditedChange(db, ctx, { entity, action }, change), duplicate),
  };
}
