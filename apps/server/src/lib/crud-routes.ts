import { type Action, type Page, pageSchema, type Status, statusBodySchema } from '@gatehouse/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppScope } from './app-scope.ts';
import type { AuditContext } from './audit.ts';
import type { AuthState } from './auth-state.ts';
import { auditContext, type RouteAccess } from './request-context.ts';
import { errorResponses } from './schemas.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The standard v2 routes of an entity, by what they do. */
export type CrudOperation = 'list' | 'get' | 'create' | 'update' | 'status' | 'delete';

/** The `{id}` of a v2 path, for the module's own routes beside the standard ones. */
export const byId = z.object({ id: z.string().max(100) });

/**
 * What the standard routes call. The key of an update travels in its body (`PUT {base}`),
 * the others' in the path. Each also gets the applications the caller's grant reaches, which
 * a service of application-scoped records checks the record's application against
 * (`assertInScope`); a service of records outside applications ignores it.
 */
export interface CrudService<Item, Query, Create, Update, Created = Item> {
  /** `caller` lets a service say, per record, what the caller may do with it (delegation). */
  list(query: Query, scope: AppScope, caller: AuthState | null): Promise<Page<Item>>;
  get(id: string, scope: AppScope, caller: AuthState | null): Promise<Item>;
  create(input: Create, ctx: AuditContext, scope: AppScope): Promise<Created>;
  update(input: Update, ctx: AuditContext, scope: AppScope): Promise<Item>;
  setStatus(id: string, status: Status, ctx: AuditContext, scope: AppScope): Promise<Item>;
  remove(id: string, ctx: AuditContext, scope: AppScope): Promise<void>;
}

/** A route that checks no grant reaches no application. */
const NO_APPLICATION: AppScope = new Set();
const scopeOf = (request: FastifyRequest): AppScope => request.appScope ?? NO_APPLICATION;

const METHOD = {
  list: 'list',
  get: 'get',
  create: 'create',
  update: 'update',
  status: 'setStatus',
  delete: 'remove',
} as const satisfies Record<CrudOperation, keyof CrudService<never, never, never, never>>;

/** The grant each route needs by default, on the entity's permission. */
const ACTION: Record<CrudOperation, Action> = {
  list: 'retrieve',
  get: 'retrieve',
  create: 'create',
  update: 'update',
  status: 'update',
  delete: 'delete',
};

type ErrorStatus = 400 | 401 | 403 | 404 | 409;

/** The error answers each route documents by default; 409 is a duplicate or a refused change. */
const ERRORS: Record<CrudOperation, ErrorStatus[]> = {
  list: [400, 401, 403],
  get: [401, 403, 404],
  create: [400, 401, 403, 409],
  update: [400, 401, 403, 404, 409],
  status: [400, 401, 403, 404, 409],
  delete: [401, 403, 404, 409],
};

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`);

function defaultSummaries(noun: string): Record<CrudOperation, string> {
  return {
    list: `List ${noun}s, with search and paging`,
    get: `One ${noun}`,
    create: `Create ${article(noun)}`,
    update: `Update ${article(noun)}`,
    status: `Enable or disable ${article(noun)}`,
    delete: `Delete ${article(noun)}`,
  };
}

type CrudSchemas = {
  item: z.ZodType;
  listQuery: z.ZodType;
  create: z.ZodType;
  update: z.ZodType;
  /** What a create answers, when it is more than the item (a secret shown once). */
  created?: z.ZodType;
};

type ServiceOf<S extends CrudSchemas> = CrudService<
  z.output<S['item']>,
  z.output<S['listQuery']>,
  z.output<S['create']>,
  z.output<S['update']>,
  S['created'] extends z.ZodType ? z.output<S['created']> : z.output<S['item']>
>;

export type CrudRoutesOptions<S extends CrudSchemas, O extends CrudOperation> = {
  /** The list path, such as `/api/admin-service/v2/user`; one record is `{base}/{id}`. */
  base: string;
  tags: string[];
  /** The entity in the default summaries: `user` gives "List users, with search and paging". */
  noun: string;
  /** The platform permission whose retrieve, create, update and delete the routes check. */
  permissionId: string;
  /** Wider access for a route, such as a list that other screens' pickers search. */
  access?: Partial<Record<O, RouteAccess>>;
  schemas: S;
  service: Pick<ServiceOf<S>, (typeof METHOD)[O]>;
  summaries?: Partial<Record<O, string>>;
  /** The error statuses a route documents, where they differ from the defaults above. */
  errors?: Partial<Record<O, ErrorStatus[]>>;
  /** The routes to register; all six unless given. */
  only?: readonly O[];
};

const ALL: readonly CrudOperation[] = ['list', 'get', 'create', 'update', 'status', 'delete'];

/**
 * Registers an entity's standard v2 routes: `GET {base}` (list), `GET {base}/{id}`,
 * `POST {base}` (201), `PUT {base}` (the key in the body), `PUT {base}/{id}/status` and
 * `DELETE {base}/{id}` (204). Each states its access (retrieve, create, update, update,
 * delete on `permissionId` unless `access` widens it) and its contract schemas, so the
 * authorization matrix and the OpenAPI document take them in like any other route.
 */
export function registerCrudRoutes<S extends CrudSchemas, O extends CrudOperation = CrudOperation>(
  app: ZodApp,
  options: CrudRoutesOptions<S, O>,
): void {
  const { base, tags, permissionId, schemas } = options;
  const only: readonly CrudOperation[] = options.only ?? ALL;
  // `only` names the routes, and `service` has the methods of those routes: the handlers
  // below call only the methods of the routes they belong to.
  const service = options.service as ServiceOf<S>;
  const overrides = (options.access ?? {}) as Partial<Record<CrudOperation, RouteAccess>>;
  const errors = (options.errors ?? {}) as Partial<Record<CrudOperation, ErrorStatus[]>>;
  const summaries = { ...defaultSummaries(options.noun), ...options.summaries } as Record<
    CrudOperation,
    string
  >;
  const item = schemas.item;

  const route = (op: CrudOperation) => ({
    config: { access: overrides[op] ?? { permissionId, action: ACTION[op] } },
    tags,
    summary: summaries[op],
    errors: errorResponses(...(errors[op] ?? ERRORS[op])),
  });

  // The type provider cannot see through a generic schema, so a validated body or query is
  // typed here as what its schema outputs.
  for (const op of only) {
    const { config, errors: failures, ...doc } = route(op);
    switch (op) {
      case 'list':
        app.get(
          base,
          {
            config,
            schema: {
              ...doc,
              querystring: schemas.listQuery,
              response: { 200: pageSchema(item), ...failures },
            },
          },
          async (request) =>
            service.list(request.query as z.output<S['listQuery']>, scopeOf(request), request.auth),
        );
        break;
      case 'get':
        app.get(
          `${base}/:id`,
          { config, schema: { ...doc, params: byId, response: { 200: item, ...failures } } },
          async (request) => service.get(request.params.id, scopeOf(request), request.auth),
        );
        break;
      case 'create':
        app.post(
          base,
          {
            config,
            schema: { ...doc, body: schemas.create, response: { 201: schemas.created ?? item, ...failures } },
          },
          async (request, reply) => {
            reply.code(201);
            return service.create(
              request.body as z.output<S['create']>,
              auditContext(request),
              scopeOf(request),
            );
          },
        );
        break;
      case 'update':
        app.put(
          base,
          { config, schema: { ...doc, body: schemas.update, response: { 200: item, ...failures } } },
          async (request) =>
            service.update(request.body as z.output<S['update']>, auditContext(request), scopeOf(request)),
        );
        break;
      case 'status':
        app.put(
          `${base}/:id/status`,
          {
            config,
            schema: { ...doc, params: byId, body: statusBodySchema, response: { 200: item, ...failures } },
          },
          async (request) =>
            service.setStatus(
              request.params.id,
              request.body.status,
              auditContext(request),
              scopeOf(request),
            ),
        );
        break;
      case 'delete':
        app.delete(
          `${base}/:id`,
          { config, schema: { ...doc, params: byId, response: { 204: z.null(), ...failures } } },
          async (request, reply) => {
            await service.remove(request.params.id, auditContext(request), scopeOf(request));
            return reply.code(204).send(null);
          },
        );
        break;
    }
  }
}
