import {
  APP_CONFIG_MESSAGES,
  type CreateResource,
  type Message,
  type Page,
  RESOURCE_PARENT_RULES,
  type Resource,
  type ResourceListQuery,
  type ResourceType,
  type UpdateResource,
} from '@gatehouse/contract';
import type { Database, Executor } from '../../db/client.ts';
import { type AppScope, assertInScope, assertSameApplication, isUuid } from '../../lib/app-scope.ts';
import { type AuditContext, auditedChange } from '../../lib/audit.ts';
import { duplicateIdAsConflict } from '../../lib/db-errors.ts';
import { notFound, validationFailed } from '../../lib/errors.ts';
import { given } from '../../lib/listing.ts';
import { requireApplication } from '../applications/service.ts';
import * as repo from './repository.ts';

const ENTITY = 'resource';

/** Far deeper than any real navigation; a longer parent chain can only be a loop. */
const MAX_DEPTH = 64;

const PARENT_MESSAGE: Record<ResourceType, Message> = {
  CATEGORY: APP_CONFIG_MESSAGES.categoryAtRoot,
  MENU: APP_CONFIG_MESSAGES.menuParent,
  ELEMENT: APP_CONFIG_MESSAGES.elementParent,
};

function toResource(row: repo.ResourceRow): Resource {
  return {
    resourceId: row.resourceId,
    name: row.name,
    id: row.id,
    type: row.type,
    url: row.url,
    order: row.order,
    status: row.status,
    applicationId: row.applicationId,
    parentId: row.parentId,
    childCount: row.childCount,
    icon: row.icon,
    createdDate: row.createdAt.toISOString(),
    lastModifiedDate: row.updatedAt.toISOString(),
  };
}

type Placement = { type: ResourceType; url: string | null; parentId: string | null };

/**
 * Where a node may sit (spec §4, RESOURCE_PARENT_RULES): a category at the root, a menu
 * under a category or a menu, an element under a menu, and a parent of the same
 * application. For an existing node (`self`) the move must not put it under itself or its
 * descendants, and its children must still be allowed under its (new) type. Every broken
 * rule is reported at once, by field.
 */
async function checkPlacement(
  tx: Executor,
  applicationId: string,
  input: CreateResource,
  self?: repo.ResourceRow,
): Promise<Placement> {
  const fields: Record<string, Message> = {};
  const url = input.url?.trim() || null;
  const parentId = input.parentId ?? null;
  if (input.type === 'CATEGORY' && url !== null) fields.url = APP_CONFIG_MESSAGES.categoryNoUrl;

  if (input.type === 'CATEGORY') {
    if (parentId !== null) fields.parentId = APP_CONFIG_MESSAGES.categoryAtRoot;
  } else if (parentId === null) {
    fields.parentId = APP_CONFIG_MESSAGES.parentRequired;
  } else {
    const parent = await repo.find(tx, parentId);
    if (!parent || parent.applicationId !== applicationId) {
      fields.parentId = APP_CONFIG_MESSAGES.parentNotFound;
    } else if (!RESOURCE_PARENT_RULES[input.type].includes(parent.type)) {
      fields.parentId = PARENT_MESSAGE[input.type];
    } else if (self && (await isSelfOrDescendant(tx, parent, self.resourceId))) {
      fields.parentId = APP_CONFIG_MESSAGES.parentIsSelf;
    }
  }

  if (self && self.type !== input.type) {
    const types = await repo.childTypes(tx, applicationId, self.resourceId);
    if (types.some((t) => !RESOURCE_PARENT_RULES[t].includes(input.type))) {
      fields.type = APP_CONFIG_MESSAGES.childrenForbidType;
    }
  }
  if (Object.keys(fields).length > 0) throw validationFailed(fields);
  return { type: input.type, url, parentId };
}

/** Walks up from `node`: true when `resourceId` is the node or one of its ancestors. */
async function isSelfOrDescendant(
  tx: Executor,
  node: repo.ResourceRow,
  resourceId: string,
): Promise<boolean> {
  let current: repo.ResourceRow | undefined = node;
  for (let depth = 0; current && depth < MAX_DEPTH; depth++) {
    if (current.resourceId === resourceId) return true;
    if (current.parentId === null) return false;
    current = await repo.find(tx, current.parentId);
  }
  return current !== undefined;
}

/** Whether the list query names any search filter (else it asks for the tree's roots). */
/** What the list reads for `query`: without a search filter, the roots only. */
export function resourceSearch(query: ResourceListQuery): repo.ResourceSearch {
  return { ...query, rootsOnly: !isSearch(query) };
}

function isSearch(query: ResourceListQuery): boolean {
  return (
    given(query.keyword) ||
    given(query.name) ||
    given(query.id) ||
    (query.type?.length ?? 0) > 0 ||
    (query.status?.length ?? 0) > 0 ||
    given(query.createdFrom) ||
    given(query.createdTo)
  );
}

export class ResourceService {
  constructor(private readonly db: Database) {}

  /**
   * Without a search filter: the application's root nodes, which the tree expands from.
   * With any filter: the matching nodes at any depth.
   */
  async list(query: ResourceListQuery): Promise<Page<Resource>> {
    await requireApplication(this.db, query.applicationId);
    const { rows, total } = await repo.list(this.db, resourceSearch(query));
    return { content: rows.map(toResource), totalElements: total };
  }

  /** One node of an application in the caller's `scope` (the export of chosen rows). */
  async get(resourceId: string, scope: AppScope): Promise<Resource> {
    const row = isUuid(resourceId) ? await repo.find(this.db, resourceId) : undefined;
    if (!row) throw notFound();
    assertInScope(scope, row.applicationId);
    return toResource(row);
  }

  /** The direct children of a node of an application in the caller's `scope`, in display order. */
  async children(resourceId: string, scope: AppScope): Promise<Resource[]> {
    const node = isUuid(resourceId) ? await repo.nodeChildren(this.db, resourceId) : undefined;
    if (!node) throw notFound();
    assertInScope(scope, node.applicationId);
    return node.children;
  }

  async create(input: CreateResource, ctx: AuditContext): Promise<Resource> {
    await requireApplication(this.db, input.applicationId);
    return duplicateIdAsConflict(
      auditedChange(this.db, ctx, { entity: ENTITY, action: 'create' }, async (tx) => {
        await repo.lockTree(tx, input.applicationId);
        const placement = await checkPlacement(tx, input.applicationId, input);
        const row = await repo.insert(tx, {
          applicationId: input.applicationId,
          name: input.name,
          id: input.id,
          order: input.order,
          status: input.status,
          icon: iconOf(input),
          ...placement,
        });
        return { entityId: row.resourceId, after: toResource(row) };
      }),
    );
  }

  /** A full replace; the console toggles the status by sending the node with the other status. */
  async update(input: UpdateResource, ctx: AuditContext): Promise<Resource> {
    return duplicateIdAsConflict(
      auditedChange(this.db, ctx, { entity: ENTITY, action: 'update' }, async (tx) => {
        const found = await repo.find(tx, input.resourceId);
        if (!found) throw notFound();
        assertSameApplication(found.applicationId, input.applicationId);
        await repo.lockTree(tx, found.applicationId);
        // Read again under the lock: a concurrent move may have changed it meanwhile.
        const before = await repo.find(tx, input.resourceId);
        if (!before) throw notFound();
        const placement = await checkPlacement(tx, found.applicationId, input, before);
        const after = toResource(
          await repo.update(tx, input.resourceId, {
            name: input.name,
            id: input.id,
            order: input.order,
            status: input.status,
            ...(input.icon === undefined ? {} : { icon: iconOf(input) }),
            ...placement,
          }),
        );
        return {
          entityId: after.resourceId,
          action: after.status !== before.status && onlyStatusChanged(before, input) ? 'status' : 'update',
          before: toResource(before),
          after,
        };
      }),
    );
  }
}

/** The icon a create or update names: '' is none. */
function iconOf(input: CreateResource): string | null {
  return input.icon?.trim() || null;
}

/** A PUT that flips the status and nothing else is the console's Enable/Disable action. */
function onlyStatusChanged(before: repo.ResourceRow, input: UpdateResource): boolean {
  return (
    (input.icon === undefined || before.icon === iconOf(input)) &&
    before.name === input.name &&
    before.id === input.id &&
    before.type === input.type &&
    before.order === input.order &&
    (before.url ?? null) === (input.url?.trim() || null) &&
    before.parentId === (input.parentId ?? null)
  );
}
