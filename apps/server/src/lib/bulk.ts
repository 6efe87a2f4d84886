import { Readable } from 'node:stream';
import {
  type AuditEntity,
  BULK_MAX_ROWS,
  type BulkAction,
  type BulkListName,
  type BulkRequest,
  bulkRequestSchema,
  bulkResultSchema,
  exportQuerySchema,
  LIST_BULK_ACTIONS,
  LIST_MESSAGES,
  type Page,
  type Status,
} from '@gatehouse/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, Executor, Transaction } from '../db/client.ts';
import { type AppScope, assertInScope, isUuid } from './app-scope.ts';
import { type AuditContext, auditedChange } from './audit.ts';
import { type AuthState, scopeOf } from './auth-state.ts';
import { AppError, forbidden, notFound, validationFailed } from './errors.ts';
import { appScope, auditContext, type RouteAccess } from './request-context.ts';
import { errorResponses } from './schemas.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * A list's bulk actions and CSV export: `POST {base}/bulk` and `GET {base}/export`. A bulk
 * action runs the entity's own single-record change for each row, so every rule of the one
 * (scope, delegation, the built-in role, oneself, a record still in use) holds for the many,
 * all in one transaction: a row a rule refuses undoes the whole request, whose error names it.
 */

/** The single-record changes of an entity, made over the bulk's transaction. */
export type BulkRows = {
  setStatus?: (id: string, status: Status, ctx: AuditContext, scope: AppScope) => Promise<unknown>;
  remove?: (id: string, ctx: AuditContext, scope: AppScope) => Promise<unknown>;
  /** What a refusal calls the row: its name or code, else its id. */
  label: (id: string) => Promise<string | undefined>;
};

/**
 * The status change of an entity that has none of its own: the console enables and disables
 * one by sending the whole record back with the other status, and so does this, through the
 * entity's own update and its rules. `read` finds the record in the caller's scope (a 404 or
 * 403 as the single routes answer), `toUpdate` makes the update's body of it.
 */
export function statusThroughUpdate<R, U>(
  read: (id: string, scope: AppScope) => Promise<R>,
  toUpdate: (record: R, status: Status) => U,
  update: (input: U, ctx: AuditContext, scope: AppScope) => Promise<unknown>,
): NonNullable<BulkRows['setStatus']> {
  return async (id, status, ctx, scope) => update(toUpdate(await read(id, scope), status), ctx, scope);
}

/** The list's search as a query of its own list, without page, size and sort. */
type Filters = Record<string, unknown> & { applicationId?: unknown };

export type BulkSpec = {
  /** The list by its contract name: its actions are the contract's `LIST_BULK_ACTIONS` entry. */
  list: BulkListName;
  /**
   * The path the routes sit under, `{base}/bulk` and `{base}/export`: a v2 list's own path, or
   * the path a legacy list's records are created at (`/api/admin-service/resource`).
   */
  base: string;
  tags: string[];
  /** The entity as the audit records name it, e.g. `user`. */
  entity: AuditEntity;
  /** The entity in summaries and file names: `users`. */
  plural: string;
  /** The permission whose update (enable, disable), delete and retrieve (export) the routes check. */
  permissionId: string;
  /** The list's query schema (the contract's), whose search the bulk's `query` and the export take. */
  listQuery: z.ZodObject;
  /** Whether the records' keys are uuids: another id names no record (404), as on the single routes. */
  uuidKeys: boolean;
  /**
   * The list's `applicationId` is a search filter, and the list keeps to the caller's
   * applications itself (the applications' own list), so a named one is not checked.
   */
  filtersByScope?: boolean;
  /**
   * The keys of the rows the search matches (the list's own filters), in the list's order, at
   * most `max`. A list with actions needs it; one that only exports has none.
   */
  matching?: (db: Executor, query: Filters, scope: AppScope, max: number) => Promise<string[]>;
  /** The entity's single-record changes, made with `tx` as their database; as `matching`. */
  within?: (tx: Transaction) => BulkRows;
  /** The export: the item schema (its fields are the columns) and the list and record reads. */
  export: {
    item: z.ZodObject;
    /** The list route's own access, when wider than retrieve on `permissionId`. */
    access?: RouteAccess;
    list: (
      query: Filters & { page: number; size: number },
      scope: AppScope,
      caller: AuthState | null,
    ) => Promise<Page<object>>;
    get: (id: string, scope: AppScope, caller: AuthState | null) => Promise<object>;
  };
};

const STATUS_OF: Partial<Record<BulkAction, Status>> = { enable: 'ENABLED', disable: 'DISABLED' };

/**
 * The refusal of one row, as the request's answer: its status and message, the row named. A
 * row's field errors are about the record, not the request's fields, so the first of them is
 * the reason instead ("Gatehouse: The built-in platform application cannot be disabled.").
 */
async function naming(error: unknown, id: string, rows: BulkRows): Promise<unknown> {
  if (!(error instanceof AppError)) return error;
  const label = (await rows.label(id).catch(() => undefined)) ?? id;
  const reason = Object.values(error.fields ?? {})[0] ?? error.reason;
  return new AppError(error.statusCode, error.code, LIST_MESSAGES.rowRefused(label, reason));
}

/**
 * The rows a bulk request acts on: the ids given (each once), or those matching its search now.
 * More than BULK_MAX_ROWS is a 400 before anything changes.
 */
async function rowsOf(tx: Executor, spec: BulkSpec, body: BulkRequest<Filters>, scope: AppScope) {
  if (body.ids) return [...new Set(body.ids)];
  const keys = await spec.matching!(tx, body.query ?? {}, scope, BULK_MAX_ROWS + 1);
  if (keys.length > BULK_MAX_ROWS) throw validationFailed({ query: LIST_MESSAGES.tooManyRows });
  return keys;
}

/** One action on many rows, in one transaction with one record of its own (`bulk.<action>`). */
async function runBulk(
  db: Database,
  spec: BulkSpec,
  body: BulkRequest<Filters>,
  ctx: AuditContext,
  scope: AppScope,
) {
  return auditedChange(db, ctx, { entity: spec.entity, action: `bulk.${body.action}` }, async (tx) => {
    const ids = await rowsOf(tx, spec, body, scope);
    const rows = spec.within!(tx);
    const status = STATUS_OF[body.action];
    for (const id of ids) {
      try {
        if (spec.uuidKeys && !isUuid(id)) throw notFound();
        if (status) await rows.setStatus!(id, status, ctx, scope);
        else await rows.remove!(id, ctx, scope);
      } catch (error) {
        throw await naming(error, id, rows);
      }
    }
    const after = { action: body.action, affected: ids.length };
    return {
      entityId: null,
      after,
      recordedAfter: { ...after, ids, ...(body.all ? { all: true, query: body.query ?? {} } : {}) },
    };
  });
}

// --- CSV ------------------------------------------------------------------------------------

/** The byte-order mark that tells Excel the file is UTF-8. */
export const BOM = '\uFEFF';

/**
 * A cell as CSV writes it. A text a spreadsheet would read as a formula (starting with `=`,
 * `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`, so opening the file runs
 * nothing; a cell with a quote, a comma or a line break is quoted.
 */
export function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (Array.isArray(value))
    text = value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join('; ');
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Rows read per page of an export. */
const EXPORT_PAGE = 200;

/** The CSV of the rows: the BOM and a header of the item's fields, then one line per row. */
async function* csvOf(columns: string[], pages: AsyncIterable<object[]>): AsyncGenerator<string> {
  yield BOM + csvLine(columns);
  for await (const rows of pages) {
    let chunk = '';
    for (const row of rows) chunk += csvLine(columns.map((c) => (row as Record<string, unknown>)[c]));
    if (chunk) yield chunk;
  }
}

/**
 * Registers the list's `POST {base}/bulk` (when it has actions) and `GET {base}/export`.
 * The bulk states update (enable, disable) or delete on the permission, as the single changes
 * do; the export states the list's own access.
 */
export function registerBulkRoutes(app: ZodApp, spec: BulkSpec): void {
  const { base, tags, permissionId } = spec;
  const actions: readonly BulkAction[] = LIST_BULK_ACTIONS[spec.list];
  const db = app.services.db;

  if (actions.length > 0) {
    if (!spec.matching || !spec.within) {
      throw new Error(`The ${spec.list} list's bulk actions need its matching rows and changes.`);
    }
    const changes = actions.some((a) => a !== 'delete');
    const deletes = actions.includes('delete');
    const access: RouteAccess =
      changes && deletes
        ? {
            anyOf: [
              { permissionId, action: 'update' },
              { permissionId, action: 'delete' },
            ],
          }
        : { permissionId, action: deletes ? 'delete' : 'update' };
    app.post(
      `${base}/bulk`,
      {
        config: { access },
        schema: {
          tags,
          summary: `${actions.map((a) => a[0]!.toUpperCase() + a.slice(1)).join(', ')} ${spec.plural} by ids or all matching a search`,
          description: `At most ${BULK_MAX_ROWS} rows, in one transaction: each row goes through the same rules as its single change, and a row one refuses undoes the whole request, whose message names it. One audit record per row, and one \`bulk.<action>\` record listing them. Enable and disable need update, delete needs delete.`,
          body: bulkRequestSchema(spec.listQuery, actions as [BulkAction, ...BulkAction[]]),
          response: { 200: bulkResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const body = request.body as BulkRequest<Filters>;
        const scope = bulkScope(request, permissionId, body.action === 'delete' ? 'delete' : 'update');
        // The search's application, as the list's own check of its query would.
        const named = body.query?.applicationId;
        if (typeof named === 'string' && !spec.filtersByScope) assertInScope(scope, named);
        return runBulk(db, spec, body, auditContext(request), scope);
      },
    );
  }

  const columns = Object.keys(spec.export.item.shape);
  app.get(
    `${base}/export`,
    {
      config: {
        access: spec.export.access ?? { permissionId, action: 'retrieve' },
        ...(spec.filtersByScope ? { filtersByScope: true } : {}),
      },
      schema: {
        tags,
        summary: `Export ${spec.plural} matching a search, or those named by ids, as CSV`,
        description:
          'UTF-8 with a byte-order mark, a header row of the fields, one line per row, streamed; a cell a spreadsheet would read as a formula starts with an apostrophe.',
        querystring: exportQuerySchema(spec.listQuery),
        response: {
          200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { ids, format: _format, ...query } = request.query as Filters & { ids?: string[]; format: 'csv' };
      const scope = appScope(request);
      const caller = request.auth;
      // The first page is read before the answer starts, so that a refused search is its error.
      const first = ids
        ? await Promise.all(ids.map((id) => spec.export.get(id, scope, caller)))
        : (await spec.export.list({ ...query, page: 0, size: EXPORT_PAGE }, scope, caller)).content;
      async function* pages() {
        yield first;
        if (ids || first.length < EXPORT_PAGE) return;
        for (let page = 1; ; page++) {
          const { content } = await spec.export.list({ ...query, page, size: EXPORT_PAGE }, scope, caller);
          if (content.length > 0) yield content;
          if (content.length < EXPORT_PAGE) return;
        }
      }
      const day = new Date().toISOString().slice(0, 10);
      // A stream goes out as it is, past the response schemas, which describe the document.
      const csv = Readable.from(csvOf(columns, pages())) as unknown as string;
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${spec.plural.replaceAll(' ', '-')}-${day}.csv"`,
        )
        .send(csv);
    },
  );
}

/**
 * The applications the caller reaches with the grant the action needs. The route admits
 * update or delete; enabling and disabling take update, deleting takes delete, as one at a time.
 */
function bulkScope(request: FastifyRequest, permissionId: string, action: 'update' | 'delete'): AppScope {
  const scope = request.auth ? scopeOf(request.auth, permissionId, action) : null;
  if (scope === null) throw forbidden();
  return scope;
}
