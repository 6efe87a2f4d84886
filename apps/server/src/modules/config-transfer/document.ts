import {
  ACTIONS,
  type Action,
  APP_CONFIG_MESSAGES,
  type ApplicationConfig,
  CONFIG_TRANSFER_MESSAGES,
  CRUD_ACTIONS,
  type Message,
  RESOURCE_PARENT_RULES,
} from '@gatehouse/contract';
import type { StoredApplication } from './repository.ts';

/**
 * An application's configuration as a document, and back: pure functions over rows and
 * documents. Each list is in one canonical order (by its codes, compared as code units, so
 * PostgreSQL's collation cannot change it) with canonical empties (null, never ''), so that two
 * documents of the same configuration are the same text and a difference is a change.
 */

type Config = ApplicationConfig;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sortBy = <T>(rows: readonly T[], key: (row: T) => string): T[] =>
  [...rows].sort((a, b) => byText(key(a), key(b)));
const orNull = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);
const actionsOf = (actions: readonly Action[]) => ACTIONS.filter((a) => actions.includes(a));
/** An entry's actions, in the same order: the four of spec §6 (an entry offers no `export`). */
const crudOf = (actions: readonly (typeof CRUD_ACTIONS)[number][]) =>
  CRUD_ACTIONS.filter((a) => actions.includes(a));
const sortedCodes = (codes: readonly string[]) => [...new Set(codes)].sort(byText);

export const aclKey = (e: Config['acl'][number]) =>
  `${e.subjectType}:${e.subject}>${e.targetType}:${e.target}`;
export const apiKey = (a: { method: string; pathPattern: string }) => `${a.method} ${a.pathPattern}`;

/** The canonical form of a configuration: what is compared, written and exported. */
export function canonical(config: Config): Config {
  const a = config.application;
  return {
    application: {
      applicationId: a.applicationId,
      name: a.name,
      description: orNull(a.description),
      product: a.product,
      status: a.status,
      openToAllUsers: a.openToAllUsers,
    },
    dataAccesses: sortBy(config.dataAccesses, (d) => d.id).map((d) => ({
      id: d.id,
      name: d.name,
      category: d.category,
      object: d.object,
      set: d.set,
    })),
    permissions: sortBy(config.permissions, (p) => p.id).map((p) => ({
      id: p.id,
      name: p.name,
      resourceType: p.resourceType,
    })),
    resources: sortBy(config.resources, (r) => r.id).map((r) => ({
      id: r.id,
      name: r.name,
      type: r.type,
      url: orNull(r.url),
      order: r.order,
      status: r.status,
      parent: r.parent,
      icon: orNull(r.icon),
      hidden: r.hidden,
      keepAlive: r.keepAlive,
    })),
    clients: sortBy(config.clients, (c) => c.client).map((c) => ({
      client: c.client,
      id: c.id,
      clientName: c.clientName,
      clientType: c.clientType,
      redirectUrl: orNull(c.redirectUrl),
      webOrigins: c.webOrigins,
      backchannelLogoutUri: orNull(c.backchannelLogoutUri),
      backchannelLogoutSessionRequired: c.backchannelLogoutSessionRequired,
      status: c.status,
    })),
    acl: sortBy(config.acl, aclKey).map((e) => ({
      subjectType: e.subjectType,
      subject: e.subject,
      targetType: e.targetType,
      target: e.target,
      actions: crudOf(e.actions),
      status: e.status,
    })),
    apis: sortBy(config.apis, apiKey).map((api) => ({
      method: api.method,
      pathPattern: api.pathPattern,
      description: orNull(api.description),
      status: api.status,
      permissions: sortedCodes(api.permissions),
    })),
    pages: sortBy(config.pages, (p) => p.route).map((p) => ({
      route: p.route,
      name: p.name,
      order: p.order,
      status: p.status,
      elements: sortBy(p.elements, (e) => e.code).map((e) => ({
        code: e.code,
        name: e.name,
        roles: sortedCodes(e.roles),
      })),
    })),
    objects: sortBy(config.objects, (o) => o.code).map((o) => ({
      code: o.code,
      name: o.name,
      description: orNull(o.description),
      fields: o.fields.map((f) => ({ name: f.name, type: f.type, required: f.required })),
      sets: sortBy(o.sets, (s) => s.code).map((s) => ({
        code: s.code,
        name: s.name,
        members: [...s.members],
      })),
    })),
    dictionaries: sortBy(config.dictionaries, (d) => d.code).map((d) => ({
      code: d.code,
      name: d.name,
      description: orNull(d.description),
      allowCustom: d.allowCustom,
      status: d.status,
      items: sortBy(d.items, (i) => i.code).map((i) => ({
        code: i.code,
        labelEn: i.labelEn,
        labelZh: i.labelZh,
        order: i.order,
        status: i.status,
      })),
    })),
    roles: sortBy(config.roles, (r) => r.code).map((r) => ({
      code: r.code,
      name: r.name,
      description: orNull(r.description),
      status: r.status,
      permissions: sortBy(r.permissions, (g) => g.permissionId).map((g) => ({
        permissionId: g.permissionId,
        actions: actionsOf(g.actions),
      })),
      resources: sortedCodes(r.resources),
    })),
  };
}

/** What names the stored rows refer to by record key: roles, users, groups. */
export type Names = {
  roles: Map<
    string,
    {
      code: string;
      name: string;
      description: string | null;
      status: 'ENABLED' | 'DISABLED';
      builtin: boolean;
    }
  >;
  users: Map<string, string>;
  groups: Map<string, string>;
};

/**
 * The stored application as its canonical configuration, and the record key of each
 * access-control entry by its key in the document.
 */
export function configOf(
  stored: StoredApplication,
  names: Names,
): { config: Config; aclIds: Map<string, string> } {
  const permissionId = new Map(stored.permissionRows.map((p) => [p.resourceId, p.id]));
  const resourceId = new Map(stored.resourceRows.map((r) => [r.resourceId, r.id]));
  const objectCode = new Map(stored.objectRows.map((o) => [o.objectId, o.code]));
  const setCode = new Map(stored.setRows.map((s) => [s.setId, s.code]));
  const clientId = new Map(stored.clientRows.map((c) => [c.acId, c.client]));
  const roleCode = (roleId: string) => names.roles.get(roleId)?.code;
  const subjectName = (type: string, id: string): string | undefined => {
    if (type === 'USER') return names.users.get(id);
    if (type === 'GROUP') return names.groups.get(id);
    if (type === 'ROLE') return roleCode(id);
    return clientId.get(id);
  };
  const a = stored.application;
  const roles = new Map<string, Config['roles'][number]>();
  const roleEntry = (roleId: string) => {
    const role = names.roles.get(roleId);
    if (!role || role.builtin) return undefined;
    let entry = roles.get(roleId);
    if (!entry) {
      entry = {
        code: role.code,
        name: role.name,
        description: role.description,
        status: role.status,
        permissions: [],
        resources: [],
      };
      roles.set(roleId, entry);
    }
    return entry;
  };
  for (const g of stored.permissionGrantRows)
    roleEntry(g.roleId)?.permissions.push({ permissionId: g.permissionId, actions: g.actions });
  for (const g of stored.resourceGrantRows) {
    const id = resourceId.get(g.resourceId);
    if (id !== undefined) roleEntry(g.roleId)?.resources.push(id);
  }
  // A role that an element or an entry names travels too, so the document is whole.
  for (const r of stored.elementRoleRows) roleEntry(r.roleId);
  for (const e of stored.aclRows) if (e.subjectType === 'ROLE') roleEntry(e.subjectId);

  const acl: Config['acl'] = [];
  const aclIds = new Map<string, string>();
  for (const e of stored.aclRows) {
    const subject = subjectName(e.subjectType, e.subjectId);
    const target = e.targetType === 'PERMISSION' ? permissionId.get(e.targetId) : resourceId.get(e.targetId);
    // An entry whose subject or target is gone matches nobody: it has nothing to carry.
    if (subject === undefined || target === undefined) continue;
    const entry = {
      subjectType: e.subjectType,
      subject,
      targetType: e.targetType,
      target,
      actions: e.actions,
      status: e.status,
    };
    acl.push(entry);
    aclIds.set(aclKey(entry), e.aclId);
  }
  const config = canonical({
    application: {
      applicationId: a.applicationId,
      name: a.name,
      description: a.description,
      product: stored.productCode,
      status: a.status,
      openToAllUsers: a.openToAllUsers,
    },
    dataAccesses: stored.dataAccessRows.map((d) => ({
      id: d.id,
      name: d.name,
      category: d.category,
      object: d.objectId === null ? null : (objectCode.get(d.objectId) ?? null),
      set: d.setId === null ? null : (setCode.get(d.setId) ?? null),
    })),
    permissions: stored.permissionRows.map((p) => ({ id: p.id, name: p.name, resourceType: p.resourceType })),
    resources: stored.resourceRows.map((r) => ({
      id: r.id,
      name: r.name,
      type: r.type,
      url: r.url,
      order: r.order,
      status: r.status,
      parent: r.parentId === null ? null : (resourceId.get(r.parentId) ?? null),
      icon: r.icon,
      hidden: r.hidden,
      keepAlive: r.keepAlive,
    })),
    clients: stored.clientRows.map((c) => ({
      client: c.client,
      id: c.id,
      clientName: c.clientName,
      clientType: c.clientType,
      redirectUrl: c.redirectUrl,
      webOrigins: c.webOrigins,
      backchannelLogoutUri: c.backchannelLogoutUri,
      backchannelLogoutSessionRequired: c.backchannelLogoutSessionRequired,
      status: c.status === 'DISABLED' ? 'DISABLED' : 'ENABLED',
    })),
    acl,
    apis: stored.apiRows.map((api) => ({
      method: api.method as Config['apis'][number]['method'],
      pathPattern: api.pathPattern,
      description: api.description,
      status: api.status,
      permissions: api.permissionIds.flatMap((id) => permissionId.get(id) ?? []),
    })),
    pages: stored.pageRows.map((p) => ({
      route: p.route,
      name: p.name,
      order: p.order,
      status: p.status,
      elements: stored.elementRows
        .filter((e) => e.pageId === p.pageId)
        .map((e) => ({
          code: e.code,
          name: e.name,
          roles: stored.elementRoleRows
            .filter((r) => r.elementId === e.elementId)
            .flatMap((r) => roleCode(r.roleId) ?? []),
        })),
    })),
    objects: stored.objectRows.map((o) => ({
      code: o.code,
      name: o.name,
      description: o.description,
      fields: o.fields,
      sets: stored.setRows
        .filter((s) => s.objectId === o.objectId)
        .map((s) => ({ code: s.code, name: s.name, members: s.members })),
    })),
    dictionaries: stored.dictionaryRows.map((d) => ({
      code: d.code,
      name: d.name,
      description: d.description,
      allowCustom: d.allowCustom,
      status: d.status,
      items: stored.itemRows
        .filter((i) => i.dictionaryId === d.dictionaryId)
        .map((i) => ({
          code: i.code,
          labelEn: i.labelEn,
          labelZh: i.labelZh,
          order: i.order,
          status: i.status,
        })),
    })),
    roles: [...roles.values()],
  });
  return { config, aclIds };
}

/**
 * What makes a document inconsistent in itself, by field path (a 400): a code named twice, a
 * reference to a permission, resource, object or set the document lacks, a resource tree that
 * breaks the hierarchy (a category at the root, a menu under a category or menu, an element
 * under a menu) or loops.
 */
export function inconsistencies(config: Config): Record<string, Message> {
  const fields: Record<string, Message> = {};
  const unique = <T>(list: string, rows: readonly T[], key: (row: T) => string, field = 'id') => {
    const seen = new Set<string>();
    rows.forEach((row, i) => {
      const k = key(row);
      if (seen.has(k)) fields[`${list}.${i}.${field}`] = CONFIG_TRANSFER_MESSAGES.duplicate(k);
      seen.add(k);
    });
    return seen;
  };
  const permissionIds = unique('permissions', config.permissions, (p) => p.id);
  const resourceIds = unique('resources', config.resources, (r) => r.id);
  unique('dataAccesses', config.dataAccesses, (d) => d.id);
  unique('clients', config.clients, (c) => c.client, 'client');
  unique('clients', config.clients, (c) => c.id);
  unique('acl', config.acl, aclKey, 'subject');
  unique('apis', config.apis, apiKey, 'pathPattern');
  unique('pages', config.pages, (p) => p.route, 'route');
  unique('dictionaries', config.dictionaries, (d) => d.code, 'code');
  unique('roles', config.roles, (r) => r.code, 'code');
  const objectCodes = unique('objects', config.objects, (o) => o.code, 'code');
  const setsOf = new Map(config.objects.map((o) => [o.code, new Set(o.sets.map((s) => s.code))]));
  const allSets = new Set<string>();
  config.objects.forEach((o, i) => {
    o.sets.forEach((s, j) => {
      if (allSets.has(s.code))
        fields[`objects.${i}.sets.${j}.code`] = CONFIG_TRANSFER_MESSAGES.duplicate(s.code);
      allSets.add(s.code);
    });
  });
  const elementCodes = new Set<string>();
  config.pages.forEach((p, i) => {
    p.elements.forEach((e, j) => {
      if (elementCodes.has(e.code))
        fields[`pages.${i}.elements.${j}.code`] = CONFIG_TRANSFER_MESSAGES.duplicate(e.code);
      elementCodes.add(e.code);
    });
  });
  for (const [i, d] of config.dictionaries.entries())
    unique(`dictionaries.${i}.items`, d.items, (item) => item.code, 'code');

  config.dataAccesses.forEach((d, i) => {
    if (d.object !== null && !objectCodes.has(d.object))
      fields[`dataAccesses.${i}.object`] = CONFIG_TRANSFER_MESSAGES.missingObject(d.object);
    if (d.set !== null && (d.object === null || !setsOf.get(d.object)?.has(d.set)))
      fields[`dataAccesses.${i}.set`] = CONFIG_TRANSFER_MESSAGES.missingSet(d.set);
  });
  config.acl.forEach((e, i) => {
    const known = e.targetType === 'PERMISSION' ? permissionIds : resourceIds;
    if (!known.has(e.target))
      fields[`acl.${i}.target`] =
        e.targetType === 'PERMISSION'
          ? CONFIG_TRANSFER_MESSAGES.missingPermission(e.target)
          : CONFIG_TRANSFER_MESSAGES.missingResource(e.target);
  });
  config.apis.forEach((api, i) => {
    api.permissions.forEach((p, j) => {
      if (!permissionIds.has(p))
        fields[`apis.${i}.permissions.${j}`] = CONFIG_TRANSFER_MESSAGES.missingPermission(p);
    });
  });
  config.roles.forEach((r, i) => {
    r.permissions.forEach((g, j) => {
      if (!permissionIds.has(g.permissionId))
        fields[`roles.${i}.permissions.${j}.permissionId`] = CONFIG_TRANSFER_MESSAGES.missingPermission(
          g.permissionId,
        );
    });
    r.resources.forEach((id, j) => {
      if (!resourceIds.has(id))
        fields[`roles.${i}.resources.${j}`] = CONFIG_TRANSFER_MESSAGES.missingResource(id);
    });
  });

  const byId = new Map(config.resources.map((r) => [r.id, r]));
  config.resources.forEach((r, i) => {
    const at = `resources.${i}.parent`;
    if (r.parent !== null && !byId.has(r.parent)) {
      fields[at] = CONFIG_TRANSFER_MESSAGES.missingResource(r.parent);
      return;
    }
    const parentType = r.parent === null ? null : byId.get(r.parent)!.type;
    if (!RESOURCE_PARENT_RULES[r.type].includes(parentType)) {
      fields[at] =
        r.type === 'CATEGORY'
          ? APP_CONFIG_MESSAGES.categoryAtRoot
          : r.type === 'MENU'
            ? APP_CONFIG_MESSAGES.menuParent
            : APP_CONFIG_MESSAGES.elementParent;
      return;
    }
    // Menus may nest; a chain that comes back to where it started is a loop.
    const seen = new Set([r.id]);
    for (let up = r.parent; up !== null; up = byId.get(up)?.parent ?? null) {
      if (seen.has(up)) {
        fields[at] = CONFIG_TRANSFER_MESSAGES.resourceCycle;
        break;
      }
      seen.add(up);
    }
  });
  return fields;
}

/** Per kind, what an import creates, updates (in full, as the document has it) and deletes. */
export type Diff<T> = { create: T[]; update: T[]; remove: string[]; same: number };

export function diff<T>(current: readonly T[], next: readonly T[], key: (row: T) => string): Diff<T> {
  const before = new Map(current.map((row) => [key(row), JSON.stringify(row)]));
  const out: Diff<T> = { create: [], update: [], remove: [], same: 0 };
  const kept = new Set<string>();
  for (const row of next) {
    const k = key(row);
    kept.add(k);
    const was = before.get(k);
    if (was === undefined) out.create.push(row);
    else if (was !== JSON.stringify(row)) out.update.push(row);
    else out.same++;
  }
  for (const k of before.keys()) if (!kept.has(k)) out.remove.push(k);
  return out;
}

/** An empty configuration of `application`: what an application that does not exist yet holds. */
export function emptyConfig(application: Config['application']): Config {
  return {
    application,
    dataAccesses: [],
    permissions: [],
    resources: [],
    clients: [],
    acl: [],
    apis: [],
    pages: [],
    objects: [],
    dictionaries: [],
    roles: [],
  };
}
