import { z } from 'zod';
import { DEFAULT_SORT } from './constants.ts';
import { type Message, m } from './i18n/index.ts';

/**
 * What the lists share beyond a page: the fields each sorts by, the bulk actions on the rows
 * a list selects or matches, and the CSV export of those rows.
 */

/** The fields every list sorts by, besides its own: its records' creation and last change. */
export const COMMON_SORTS = ['createdDate', 'lastModifiedDate'] as const;

/**
 * Each list's own `sort` fields: the server's allow-list (lib/listing.ts checks each
 * repository's columns against it) and the columns the console offers to sort by. Any other
 * field is a 400.
 */
export const LIST_SORTS = {
  acl: ['subjectType', 'targetType'],
  appApis: ['method', 'pathPattern'],
  applications: ['name', 'applicationId'],
  clients: ['clientName', 'name', 'id'],
  dataAccesses: ['name', 'id', 'category'],
  dictionaries: ['code', 'name'],
  dictionaryItems: ['code', 'order'],
  groups: ['name', 'code'],
  identityProviders: ['name'],
  dataObjects: ['name', 'code'],
  dataSets: ['name', 'code'],
  organizations: ['name', 'code'],
  pages: ['name', 'route', 'order'],
  permissions: ['name', 'id'],
  products: ['name', 'code'],
  resources: ['name', 'id', 'order'],
  roles: ['name', 'code'],
  users: ['username', 'name', 'email', 'lastSignInDate'],
  // Newest first only, for now: the server's webhook list takes no other order (its `sort` is
  // left unread), so the console offers none.
  webhooks: [],
} as const satisfies Record<string, readonly string[]>;

export type ListName = keyof typeof LIST_SORTS;

/** The fields the list `name` sorts by: its own and the common ones. */
export function sortFieldsOf(name: ListName): readonly string[] {
  return [...COMMON_SORTS, ...LIST_SORTS[name]];
}

type SortDirection = 'asc' | 'desc';
export type ListSort = { field: string; direction: SortDirection };

/** `field,dir` as a list's `sort` parameter reads it; undefined when it is not one. */
export function parseListSort(value: string | undefined | null): ListSort | undefined {
  const [field, dir = 'asc', ...rest] = (value ?? '').split(',').map((s) => s.trim());
  if (!field || rest.length > 0) return undefined;
  const direction = dir.toLowerCase();
  if (direction !== 'asc' && direction !== 'desc') return undefined;
  return { field, direction };
}

export const formatListSort = ({ field, direction }: ListSort) => `${field},${direction}`;

/** The order every list has unless asked for another (spec §9). */
export const DEFAULT_LIST_SORT: ListSort = parseListSort(DEFAULT_SORT)!;

/** At most this many rows per bulk request, by ids or all matching. */
export const BULK_MAX_ROWS = 1000;
/** An export of chosen rows names at most this many: a page at its largest. */
export const EXPORT_MAX_IDS = 100;

export const BULK_ACTIONS = ['enable', 'disable', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * The lists that export CSV (`GET …/export`), each with the bulk actions it takes
 * (`POST …/bulk`): the actions its records have one at a time, enable and disable where a
 * record has a status, delete where it can be deleted. A list without actions only exports,
 * and one not named here does neither. The server registers these routes and the console
 * offers these buttons from this one table.
 */
export const LIST_BULK_ACTIONS = {
  acl: ['enable', 'disable'],
  appApis: ['enable', 'disable'],
  applications: ['enable', 'disable'],
  clients: ['enable', 'disable'],
  dataAccesses: [],
  dataObjects: ['delete'],
  dataSets: ['delete'],
  dictionaries: ['enable', 'disable', 'delete'],
  groups: ['enable', 'disable', 'delete'],
  pages: ['enable', 'disable', 'delete'],
  permissions: [],
  products: ['enable', 'disable'],
  resources: ['enable', 'disable'],
  roles: ['enable', 'disable', 'delete'],
  users: ['enable', 'disable', 'delete'],
} as const satisfies Partial<Record<ListName, readonly BulkAction[]>>;

export type BulkListName = keyof typeof LIST_BULK_ACTIONS;

/** Messages of bulk actions and exports. */
export const LIST_MESSAGES = {
  idsOrAll: m('list.idsOrAll'),
  queryWithAll: m('list.queryWithAll'),
  unsupportedAction: m('list.unsupportedAction'),
  tooManyRows: m('list.tooManyRows', { maximum: BULK_MAX_ROWS }),
  tooManyIds: m('list.tooManyIds', { maximum: EXPORT_MAX_IDS }),
  /** A row a rule refused: the whole request is undone, and the message names the row. */
  rowRefused: (row: string, reason: Message) => m('list.rowRefused', { row, reason }),
} as const;

/**
 * The body of a list's `POST …/bulk`: an action on the rows named by `ids`, or with
 * `all: true` on every row matching `query` (the list's own search parameters, without page,
 * size and sort) when the request runs. Either way at most BULK_MAX_ROWS rows, all changed in
 * one transaction or none.
 */
export function bulkRequestSchema<Q extends z.ZodObject>(
  listQuery: Q,
  actions: readonly [BulkAction, ...BulkAction[]],
) {
  const query = listQuery.omit({ page: true, size: true, sort: true } as never);
  return z
    .object({
      action: z.enum(actions, { error: LIST_MESSAGES.unsupportedAction.key }),
      ids: z
        .array(z.string().max(100))
        .min(1)
        .max(BULK_MAX_ROWS, { error: LIST_MESSAGES.tooManyRows.key })
        .optional(),
      all: z.literal(true).optional(),
      query: query.optional(),
    })
    .strict()
    .refine((body) => (body.ids === undefined) !== (body.all === undefined), {
      error: LIST_MESSAGES.idsOrAll.key,
      path: ['ids'],
    })
    .refine((body) => body.all === undefined || body.query !== undefined, {
      error: LIST_MESSAGES.queryWithAll.key,
      path: ['query'],
    });
}

export type BulkRequest<Q> = {
  action: BulkAction;
  ids?: string[] | undefined;
  all?: true | undefined;
  query?: Omit<Q, 'page' | 'size' | 'sort'> | undefined;
};

/** What a bulk request did: the rows it changed or deleted. */
export const bulkResultSchema = z.object({ action: z.enum(BULK_ACTIONS), affected: z.number().int() });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/**
 * The query of a list's `GET …/export`: the list's search and sort (never a page: every
 * matching row), or `ids`, comma-separated, for the chosen rows only.
 */
export function exportQuerySchema<Q extends z.ZodObject>(listQuery: Q) {
  return listQuery.omit({ page: true, size: true } as never).extend({
    format: z.literal('csv').default('csv'),
    ids: z
      .string()
      .max(EXPORT_MAX_IDS * 101)
      .transform((v) => v.split(',').filter((id) => id !== ''))
      .pipe(z.array(z.string().max(100)).max(EXPORT_MAX_IDS, { error: LIST_MESSAGES.tooManyIds.key }))
      .optional(),
  });
}

/** A screen's table as the user left it: the columns they hid and the widths they dragged. */
export const tablePreferenceSchema = z
  .object({
    hidden: z.array(z.string().max(100)).max(50),
    widths: z.record(z.string().max(100), z.number().int().min(40).max(2000)),
  })
  .strict();
export type TablePreference = z.infer<typeof tablePreferenceSchema>;

/** The tables a user has arranged, by screen (`users`, `app-config.client`, …). */
export const tablePreferencesSchema = z
  .record(z.string().max(100), tablePreferenceSchema)
  .refine((tables) => Object.keys(tables).length <= 100, { error: 'field.tables' });
export type TablePreferences = z.infer<typeof tablePreferencesSchema>;
