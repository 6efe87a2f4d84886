import {
  type Action,
  type ApplicationConfig,
  type ApplicationDocument,
  CONFIG_FORMATS,
  CONFIG_TRANSFER_MESSAGES,
  CONFIG_VERSION,
  formatMessage,
  type ImportPreview,
  type Message,
  PLATFORM_APP_ID,
  permissionIdForPath,
  type TransferChanges,
  type TransferKind,
  type TransferNotice,
} from '@gatehouse/contract';
import type { Database, Transaction } from '../../db/client.ts';
import { type AppScope, inScope } from '../../lib/app-scope.ts';
import { type AuditContext, auditedChange } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, conflict, forbidden, notFound, validationFailed } from '../../lib/errors.ts';
import {
  type Actor,
  actorOf,
  assertHolds,
  assertMayChangeRoles,
  assertNotWideningOwnRole,
} from '../access/delegation.ts';
import { added, type GrantRow, GrantSet } from '../access/grant-set.ts';
import { footprintsOfRoles } from '../access/holdings.ts';
import { assertAllowedTarget, type OutboundPolicy } from '../webhooks/outbound.ts';
import {
  aclKey,
  apiKey,
  canonical,
  configOf,
  type Diff,
  diff,
  emptyConfig,
  inconsistencies,
  type Names,
} from './document.ts';
import * as repo from './repository.ts';

type Config = ApplicationConfig;
type SetRow = Config['objects'][number]['sets'][number] & { object: string };

/**
 * Who moves configuration, and what they may do: the applications each console area's action
 * reaches for them (a signed-in administrator's grants), or a local operator (the command
 * line), who holds the database itself and is checked for nothing but the document's rules.
 */
export type TransferCaller = {
  ctx: AuditContext;
  scopeOf: (area: string, action: Action) => AppScope | null;
  operator: boolean;
};

/** The console area whose rights each kind of record is changed with, as its screens do. */
export const KIND_AREAS: Partial<Record<TransferKind, string>> = {
  application: 'admin-setting.application',
  acl: 'admin-setting.application',
  api: 'admin-setting.application',
  page: 'admin-setting.application',
  dataAccess: permissionIdForPath('/app-config/data-access'),
  object: permissionIdForPath('/app-config/data-access'),
  set: permissionIdForPath('/app-config/data-access'),
  permission: permissionIdForPath('/app-config/permission'),
  resource: permissionIdForPath('/app-config/resource'),
  client: permissionIdForPath('/app-config/client'),
  dictionary: permissionIdForPath('/admin-setting/data-dict'),
  role: 'admin-setting.manage-role',
};

const APPLICATION_KINDS = [
  'application',
  'permission',
  'resource',
  'object',
  'set',
  'dataAccess',
  'client',
  'api',
  'page',
  'dictionary',
  'role',
  'acl',
] as const satisfies readonly TransferKind[];
type AppKind = (typeof APPLICATION_KINDS)[number];

const ROLE_AREA = KIND_AREAS.role!;

/** The answer of a preview after which nothing is kept: it rolls its transaction back. */
class PreviewDone extends Error {}

export function notice(
  kind: TransferKind,
  id: string,
  message: Message,
  applicationId?: string,
): TransferNotice {
  return {
    kind,
    ...(applicationId === undefined ? {} : { applicationId }),
    id,
    key: message.key,
    ...(message.params ? { params: { ...message.params } } : {}),
    message: formatMessage(message, 'en'),
  };
}

export type Plan = {
  target: string;
  config: Config;
  current: Config;
  stored: repo.StoredApplication | undefined;
  /** The record key of each stored access-control entry, by its key in the document. */
  aclIds: Map<string, string>;
  diffs: {
    application: Diff<Config['application']>;
    permission: Diff<Config['permissions'][number]>;
    resource: Diff<Config['resources'][number]>;
    object: Diff<Config['objects'][number]>;
    set: Diff<SetRow>;
    dataAccess: Diff<Config['dataAccesses'][number]>;
    client: Diff<Config['clients'][number]>;
    api: Diff<Config['apis'][number]>;
    page: Diff<Config['pages'][number]>;
    dictionary: Diff<Config['dictionaries'][number]>;
    role: Diff<Config['roles'][number]>;
    acl: Diff<Config['acl'][number]>;
  };
  conflicts: TransferNotice[];
  warnings: TransferNotice[];
  /** Roles of the target by code: those the document or the application names. */
  roles: Map<string, repo.RoleRow>;
  productId: string | null;
};

const setsOf = (config: Config): SetRow[] =>
  config.objects.flatMap((o) => o.sets.map((s) => ({ ...s, object: o.code })));

/**
 * Export and import of an application's configuration (issue 29). An import makes the
 * application what the document says: records the document lacks are deleted, and roles,
 * which every application shares, only lose their grants in this application. It runs in one
 * transaction with one audit record, or not at all; a preview runs the same and rolls back.
 */
export class ConfigTransferService {
  constructor(
    private readonly db: Database,
    /** Where the server may send a client's logout tokens: the clients' guard at save (GATEHOUSE_WEBHOOK_ALLOW_*). */
    private readonly outbound: OutboundPolicy,
  ) {}

  /**
   * Refuses, with a 400 on its field (`<prefix>clients.<i>.backchannelLogoutUri`), a client's
   * back-channel logout URI the server may not send to, as saving the client does.
   */
  async checkTargets(config: Config, prefix = ''): Promise<void> {
    for (const [i, c] of config.clients.entries())
      if (c.backchannelLogoutUri)
        await assertAllowedTarget(
          c.backchannelLogoutUri,
          this.outbound,
          `${prefix}clients.${i}.backchannelLogoutUri`,
        );
  }

  async exportApplication(applicationId: string, caller: TransferCaller): Promise<ApplicationDocument> {
    if (!caller.operator) {
      const missing = [...new Set(Object.values(KIND_AREAS))].filter(
        (area) => !inScopeOf(caller.scopeOf(area, 'retrieve'), applicationId),
      );
      if (missing.length > 0) throw forbidden(CONFIG_TRANSFER_MESSAGES.needsRead(missing));
    }
    const current = await this.current(this.db, applicationId);
    if (!current) throw notFound();
    return {
      format: CONFIG_FORMATS.application,
      version: CONFIG_VERSION,
      exportedAt: new Date().toISOString(),
      ...current.config,
    };
  }

  /** What importing `document` into `applicationId` would do; nothing is kept. */
  async previewApplication(
    applicationId: string,
    document: ApplicationDocument,
    caller: TransferCaller,
  ): Promise<ImportPreview> {
    const config = checked(document);
    await this.checkTargets(config);
    let preview: ImportPreview | undefined;
    try {
      await this.db.transaction(async (tx) => {
        const plan = await this.plan(tx, applicationId, config, caller);
        preview = previewOf(plan, false);
        if (plan.conflicts.length === 0) {
          try {
            await this.execute(tx, plan, caller, true);
          } catch (err) {
            const refusal = refusalOf(err);
            if (!refusal) throw err;
            preview.conflicts.push(notice('application', applicationId, refusal));
            preview.applicable = false;
          }
        }
        throw new PreviewDone();
      });
    } catch (err) {
      if (!(err instanceof PreviewDone)) throw err;
    }
    return preview!;
  }

  /** Imports `document` into `applicationId`: all of it in one audited transaction, or nothing. */
  async importApplication(
    applicationId: string,
    document: ApplicationDocument,
    caller: TransferCaller,
  ): Promise<ImportPreview> {
    const config = checked(document);
    await this.checkTargets(config);
    return auditedChange(this.db, caller.ctx, { entity: 'application', action: 'import' }, async (tx) => {
      const plan = await this.plan(tx, applicationId, config, caller);
      if (plan.conflicts.length > 0) throw conflictsError(plan.conflicts);
      try {
        await this.execute(tx, plan, caller);
      } catch (err) {
        if (isUniqueViolation(err))
          throw conflictsError([notice('application', applicationId, refusalOf(err)!)]);
        throw err;
      }
      const after = previewOf(plan, true);
      return {
        entityId: applicationId,
        after,
        recordedAfter: {
          applicationId,
          format: CONFIG_FORMATS.application,
          changes: after.changes,
          warnings: after.warnings,
        },
      };
    });
  }

  /** The application as stored, with its configuration; undefined when there is none. */
  async current(db: Database | Transaction, applicationId: string) {
    const stored = await repo.readApplication(db, applicationId);
    if (!stored) return undefined;
    return { stored, ...configOf(stored, await namesOf(db, stored)) };
  }

  async plan(tx: Transaction, target: string, config: Config, caller: TransferCaller): Promise<Plan> {
    await repo.lockApplication(tx, target);
    const found = await this.current(tx, target);
    const current = found?.config ?? emptyConfig(config.application);
    const conflicts: TransferNotice[] = [];
    const warnings: TransferNotice[] = [];
    const documentId = config.application.applicationId;
    if (documentId !== target)
      conflicts.push(
        notice('application', documentId, CONFIG_TRANSFER_MESSAGES.applicationMismatch(documentId, target)),
      );
    if (target === PLATFORM_APP_ID || found?.stored.application.builtin)
      conflicts.push(notice('application', target, CONFIG_TRANSFER_MESSAGES.platformApplication));

    const diffs = {
      application: found
        ? diff([current.application], [config.application], (a) => a.applicationId)
        : { create: [config.application], update: [], remove: [], same: 0 },
      permission: diff(current.permissions, config.permissions, (p) => p.id),
      resource: diff(current.resources, config.resources, (r) => r.id),
      object: diff(current.objects, config.objects, (o) => o.code),
      set: diff(setsOf(current), setsOf(config), (s) => s.code),
      dataAccess: diff(current.dataAccesses, config.dataAccesses, (d) => d.id),
      client: diff(current.clients, config.clients, (c) => c.client),
      api: diff(current.apis, config.apis, apiKey),
      page: diff(current.pages, config.pages, (p) => p.route),
      dictionary: diff(current.dictionaries, config.dictionaries, (d) => d.code),
      role: diff(current.roles, config.roles, (r) => r.code),
      acl: diff(current.acl, config.acl, aclKey),
    };
    // A document's application id under another key compares as a change of the application.
    if (found && documentId !== target) diffs.application = { create: [], update: [], remove: [], same: 1 };

    // ---- what the caller may change
    if (!caller.operator) {
      for (const kind of APPLICATION_KINDS) {
        const d = diffs[kind];
        const area = KIND_AREAS[kind]!;
        const wanted: Action[] = [
          ...(d.create.length > 0 ? (['create'] as const) : []),
          ...(d.update.length > 0 || (kind === 'role' && d.remove.length > 0) ? (['update'] as const) : []),
          ...(d.remove.length > 0 && kind !== 'role' ? (['delete'] as const) : []),
        ];
        for (const action of wanted)
          if (!inScopeOf(caller.scopeOf(area, action), target))
            conflicts.push(notice(kind, target, CONFIG_TRANSFER_MESSAGES.needsGrant(action, area)));
      }
    }

    // ---- clients: an OAuth client id is unique across applications
    const owners = await repo.clientOwners(
      tx,
      config.clients.map((c) => c.client),
      target,
    );
    for (const client of config.clients) {
      const owner = owners.get(client.client);
      if (owner !== undefined)
        conflicts.push(notice('client', client.client, CONFIG_TRANSFER_MESSAGES.clientTaken(owner)));
    }
    for (const client of diffs.client.create)
      if (client.clientType === 'CONFIDENTIAL')
        warnings.push(notice('client', client.client, CONFIG_TRANSFER_MESSAGES.secretNeeded));

    // ---- roles: by code, shared by every application
    const namedRoles = new Set<string>([
      ...config.roles.map((r) => r.code),
      ...current.roles.map((r) => r.code),
      ...config.pages.flatMap((p) => p.elements.flatMap((e) => e.roles)),
      ...config.acl.filter((e) => e.subjectType === 'ROLE').map((e) => e.subject),
    ]);
    const roles = new Map((await repo.rolesByCode(tx, [...namedRoles])).map((r) => [r.code, r]));
    const inDocument = new Set(config.roles.map((r) => r.code));
    for (const role of config.roles)
      if (roles.get(role.code)?.builtin)
        conflicts.push(notice('role', role.code, CONFIG_TRANSFER_MESSAGES.builtinRole));
    for (const page of config.pages)
      for (const element of page.elements)
        for (const code of element.roles)
          if (!roles.has(code) && !inDocument.has(code))
            conflicts.push(notice('page', page.route, CONFIG_TRANSFER_MESSAGES.missingRole(code)));

    // ---- entries: their subjects must exist here or come with the document
    const subjects = await repo.subjectKeys(tx, {
      users: config.acl.filter((e) => e.subjectType === 'USER').map((e) => e.subject),
      groups: config.acl.filter((e) => e.subjectType === 'GROUP').map((e) => e.subject),
      roles: [],
    });
    const clients = new Set(config.clients.map((c) => c.client));
    for (const entry of config.acl) {
      const known =
        entry.subjectType === 'USER'
          ? subjects.users.has(entry.subject.toLowerCase())
          : entry.subjectType === 'GROUP'
            ? subjects.groups.has(entry.subject)
            : entry.subjectType === 'ROLE'
              ? roles.has(entry.subject) || inDocument.has(entry.subject)
              : clients.has(entry.subject);
      if (!known)
        conflicts.push(notice('acl', aclKey(entry), CONFIG_TRANSFER_MESSAGES.unknownSubject(entry.subject)));
    }

    // ---- the product, by code: one the target lacks is left out, with a warning
    let productId: string | null = null;
    if (config.application.product !== null) {
      productId = (await repo.productKey(tx, config.application.product)) ?? null;
      if (productId === null)
        warnings.push(
          notice('application', target, CONFIG_TRANSFER_MESSAGES.unknownProduct(config.application.product)),
        );
    }
    return {
      target,
      config,
      current,
      stored: found?.stored,
      aclIds: found?.aclIds ?? new Map(),
      diffs,
      conflicts,
      warnings,
      roles,
      productId,
    };
  }

  /**
   * Writes the plan, a batch per kind: first what frees a unique value (clients), then
   * creates and updates in the order records name each other, then the deletes in reverse.
   * Then delegation, as a role's grants and an entry are checked on their own screens: what
   * the import gives any role or subject, the caller must hold, and a role it changes must lie
   * within the caller's applications.
   */
  async execute(tx: Transaction, plan: Plan, caller: TransferCaller, preview = false): Promise<void> {
    const { target: app, config, diffs, stored } = plan;
    const keys = keysOf(stored);
    const rolesNamed = [...plan.roles.values()].map((r) => r.roleId);
    const actor = caller.operator ? undefined : await actorOf(tx, caller.ctx);
    const footprintsBefore = actor ? await footprintsOfRoles(tx, rolesNamed) : undefined;

    // ---- the application
    const application = config.application;
    const values = {
      name: application.name,
      description: application.description ?? null,
      productId: plan.productId,
      status: application.status,
      openToAllUsers: application.openToAllUsers,
    };
    if (!stored) await repo.insertApplication(tx, { applicationId: app, ...values });
    else if (diffs.application.update.length > 0) await repo.updateApplication(tx, app, values);

    await repo.removeRows.clients(
      tx,
      diffs.client.remove.map((c) => keys.client.get(c)!),
    );

    merge(
      keys.permission,
      await repo.upsertPermissions(
        tx,
        written(diffs.permission).map((p) => ({
          applicationId: app,
          id: p.id,
          name: p.name,
          resourceType: p.resourceType,
        })),
      ),
    );
    merge(
      keys.resource,
      await repo.upsertResources(
        tx,
        written(diffs.resource).map((r) => ({
          applicationId: app,
          id: r.id,
          name: r.name,
          type: r.type,
          url: r.url ?? null,
          order: r.order,
          status: r.status,
          icon: r.icon,
          hidden: r.hidden,
          keepAlive: r.keepAlive,
        })),
      ),
    );
    const storedParent = new Map(stored?.resourceRows.map((r) => [r.resourceId, r.parentId]) ?? []);
    const moves = config.resources.flatMap((r) => {
      const resourceId = keys.resource.get(r.id)!;
      const parentId = r.parent === null ? null : keys.resource.get(r.parent)!;
      return (storedParent.get(resourceId) ?? null) === parentId ? [] : [{ resourceId, parentId }];
    });
    await repo.setResourceParents(tx, moves);

    merge(
      keys.client,
      await repo.upsertClients(
        tx,
        written(diffs.client).map((c) => ({
          applicationId: app,
          client: c.client,
          id: c.id,
          clientName: c.clientName,
          clientType: c.clientType,
          redirectUrl: c.redirectUrl ?? null,
          webOrigins: [...new Set(c.webOrigins)],
          backchannelLogoutUri: c.backchannelLogoutUri ?? null,
          backchannelLogoutSessionRequired: c.backchannelLogoutSessionRequired,
          status: c.status,
        })),
      ),
    );
    if (!preview) await this.writeCatalogue(tx, plan, keys);

    // ---- roles: their name, description and status, and their grants in this application
    const roleIds = new Map([...plan.roles].map(([code, row]) => [code, row.roleId]));
    merge(
      roleIds,
      await repo.upsertRoles(
        tx,
        written(diffs.role).map((r) => ({
          code: r.code,
          name: r.name,
          description: r.description ?? null,
          status: r.status,
        })),
      ),
    );
    const regranted = [
      ...written(diffs.role),
      ...diffs.role.remove.map((code) => ({ code, permissions: [], resources: [] })),
    ];
    await repo.replaceRoleGrants(
      tx,
      app,
      regranted.map((r) => roleIds.get(r.code)!),
      {
        permissions: written(diffs.role).flatMap((r) =>
          r.permissions.map((g) => ({
            roleId: roleIds.get(r.code)!,
            permissionId: g.permissionId,
            actions: g.actions,
          })),
        ),
        resources: written(diffs.role).flatMap((r) =>
          r.resources.map((id) => ({ roleId: roleIds.get(r.code)!, resourceId: keys.resource.get(id)! })),
        ),
      },
    );

    // ---- pages and their elements
    const pagesWritten = written(diffs.page);
    merge(
      keys.page,
      await repo.upsertPages(
        tx,
        pagesWritten.map((p) => ({
          applicationId: app,
          route: p.route,
          name: p.name,
          order: p.order,
          status: p.status,
        })),
      ),
    );
    const elements = pagesWritten.flatMap((p) =>
      p.elements.map((e) => ({ ...e, pageId: keys.page.get(p.route)! })),
    );
    const elementIds = new Map<string, string>();
    merge(
      elementIds,
      await repo.upsertElements(
        tx,
        elements.map((e) => ({ applicationId: app, pageId: e.pageId, code: e.code, name: e.name })),
      ),
    );
    await repo.replaceElementRoles(
      tx,
      [...elementIds.values()],
      elements.flatMap((e) =>
        e.roles.map((code) => ({ elementId: elementIds.get(e.code)!, roleId: roleIds.get(code)! })),
      ),
    );
    const elementCodes = new Set(config.pages.flatMap((p) => p.elements.map((e) => e.code)));
    await repo.removeRows.elements(
      tx,
      (stored?.elementRows ?? []).filter((e) => !elementCodes.has(e.code)).map((e) => e.elementId),
    );

    // ---- access-control entries
    const subjects = await repo.subjectKeys(tx, {
      users: config.acl.filter((e) => e.subjectType === 'USER').map((e) => e.subject),
      groups: config.acl.filter((e) => e.subjectType === 'GROUP').map((e) => e.subject),
      roles: [],
    });
    const subjectId = (e: Config['acl'][number]) =>
      e.subjectType === 'USER'
        ? subjects.users.get(e.subject.toLowerCase())!
        : e.subjectType === 'GROUP'
          ? subjects.groups.get(e.subject)!
          : e.subjectType === 'ROLE'
            ? roleIds.get(e.subject)!
            : keys.client.get(e.subject)!;
    const targetId = (e: Config['acl'][number]) =>
      e.targetType === 'PERMISSION' ? keys.permission.get(e.target)! : keys.resource.get(e.target)!;
    await repo.upsertAcl(
      tx,
      written(diffs.acl).map((e) => ({
        applicationId: app,
        subjectType: e.subjectType,
        subjectId: subjectId(e),
        targetType: e.targetType,
        targetId: targetId(e),
        actions: e.actions,
        status: e.status,
      })),
    );

    // ---- deletes, what names a record before the record
    await repo.removeRows.acl(
      tx,
      diffs.acl.remove.map((k) => plan.aclIds.get(k)!),
    );
    await repo.removeRows.pages(
      tx,
      diffs.page.remove.map((k) => keys.page.get(k)!),
    );
    if (!preview) await removeCatalogue(tx, plan, keys);
    await repo.removeRows.resources(
      tx,
      diffs.resource.remove.map((k) => keys.resource.get(k)!),
    );
    await repo.removeRows.permissions(
      tx,
      diffs.permission.remove.map((k) => keys.permission.get(k)!),
    );

    if (actor)
      await this.assertDelegation(tx, plan, actor, caller, footprintsBefore!, roleIds, {
        subjectId,
        targetId,
      });
  }

  /**
   * The application's catalogue: objects and sets, data accesses, APIs, dictionaries. It gives
   * nobody anything, so a preview, which writes to learn what delegation and the database
   * say, leaves it out: it is most of a large document's rows, and the document's own rules
   * have checked it already.
   */
  private async writeCatalogue(tx: Transaction, plan: Plan, keys: Keys): Promise<void> {
    const { target: app, diffs, stored } = plan;
    merge(
      keys.object,
      await repo.upsertObjects(
        tx,
        written(diffs.object).map((o) => ({
          applicationId: app,
          code: o.code,
          name: o.name,
          description: o.description ?? null,
          fields: o.fields,
        })),
      ),
    );
    merge(
      keys.set,
      await repo.upsertSets(
        tx,
        written(diffs.set).map((s) => ({
          applicationId: app,
          objectId: keys.object.get(s.object)!,
          code: s.code,
          name: s.name,
          members: s.members,
        })),
      ),
    );
    await repo.upsertDataAccesses(
      tx,
      written(diffs.dataAccess).map((d) => ({
        applicationId: app,
        id: d.id,
        name: d.name,
        category: d.category,
        objectId: d.object === null ? null : keys.object.get(d.object)!,
        setId: d.set === null ? null : keys.set.get(d.set)!,
      })),
    );
    await repo.upsertApis(
      tx,
      written(diffs.api).map((api) => ({
        applicationId: app,
        method: api.method,
        pathPattern: api.pathPattern,
        description: api.description ?? null,
        status: api.status,
        permissionIds: api.permissions.map((p) => keys.permission.get(p)!),
      })),
    );

    // ---- dictionaries and their items
    const dictionariesWritten = written(diffs.dictionary);
    merge(
      keys.dictionary,
      await repo.upsertDictionaries(
        tx,
        dictionariesWritten.map((d) => ({
          applicationId: app,
          code: d.code,
          name: d.name,
          description: d.description ?? null,
          allowCustom: d.allowCustom,
          status: d.status,
        })),
      ),
    );
    await repo.upsertItems(
      tx,
      dictionariesWritten.flatMap((d) =>
        d.items.map((i) => ({
          dictionaryId: keys.dictionary.get(d.code)!,
          code: i.code,
          labelEn: i.labelEn,
          labelZh: i.labelZh,
          order: i.order,
          status: i.status,
        })),
      ),
    );
    const keptItems = new Set(
      dictionariesWritten.flatMap((d) => d.items.map((i) => `${keys.dictionary.get(d.code)}/${i.code}`)),
    );
    const writtenDictionaries = new Set(dictionariesWritten.map((d) => keys.dictionary.get(d.code)));
    await repo.removeRows.items(
      tx,
      (stored?.itemRows ?? [])
        .filter(
          (i) => writtenDictionaries.has(i.dictionaryId) && !keptItems.has(`${i.dictionaryId}/${i.code}`),
        )
        .map((i) => i.itemId),
    );
  }

  private async assertDelegation(
    tx: Transaction,
    plan: Plan,
    actor: Actor,
    caller: TransferCaller,
    before: Map<string, { grants: GrantSet }>,
    roleIds: Map<string, string>,
    resolve: {
      subjectId: (e: Config['acl'][number]) => string;
      targetId: (e: Config['acl'][number]) => string;
    },
  ): Promise<void> {
    const ids = [...new Set(roleIds.values())];
    const after = await footprintsOfRoles(tx, ids);
    const attributesChanged = new Set(plan.diffs.role.update.map((r) => roleIds.get(r.code)));
    const changed: string[] = [];
    for (const roleId of ids) {
      const was = before.get(roleId)?.grants ?? new GrantSet();
      const now = after.get(roleId)!.grants;
      const gained = added(now, was);
      if (gained.isEmpty && added(was, now).isEmpty && !attributesChanged.has(roleId) && before.has(roleId))
        continue;
      changed.push(roleId);
      assertHolds(actor, gained);
      await assertNotWideningOwnRole(tx, actor, roleId, gained);
    }
    // The import changes grants in this application only, so a role that lies within the
    // caller's applications after it did before it too. An element or an entry changes a
    // role's footprint under the application's own right, as the page and entry screens do.
    if (changed.length > 0) {
      const scope = caller.scopeOf(ROLE_AREA, 'update') ?? caller.scopeOf(KIND_AREAS.application!, 'update');
      if (scope === null) throw forbidden(CONFIG_TRANSFER_MESSAGES.needsGrant('update', ROLE_AREA));
      await assertMayChangeRoles(tx, actor, changed, scope);
    }

    // An entry gives its subject what it names: the caller must hold what is new per subject.
    const app = plan.target;
    const grantOf = (targetType: string, target: string, actions: readonly Action[]): GrantRow | null => {
      if (targetType === 'RESOURCE') return { kind: 'resource', applicationId: app, resourceId: target };
      return { kind: 'permission', applicationId: app, permissionId: target, actions, applicationIds: null };
    };
    const had = new Map<string, GrantSet>();
    const resourceKey = new Map(plan.stored?.resourceRows.map((r) => [r.id, r.resourceId]) ?? []);
    for (const e of plan.current.acl) {
      const target = e.targetType === 'RESOURCE' ? resourceKey.get(e.target)! : e.target;
      const key = `${e.subjectType}:${e.subject}`;
      had.set(key, (had.get(key) ?? new GrantSet()).add(grantOf(e.targetType, target, e.actions)!));
    }
    const gives = new Map<string, GrantSet>();
    for (const e of plan.config.acl) {
      const target = e.targetType === 'RESOURCE' ? resolve.targetId(e) : e.target;
      const key = `${e.subjectType}:${e.subject}`;
      gives.set(key, (gives.get(key) ?? new GrantSet()).add(grantOf(e.targetType, target, e.actions)!));
    }
    for (const [key, set] of gives) assertHolds(actor, added(set, had.get(key) ?? new GrantSet()));
  }
}

/** Deletes what the document lacks of the catalogue, what names a record before the record. */
async function removeCatalogue(tx: Transaction, plan: Plan, keys: Keys): Promise<void> {
  const { diffs } = plan;
  await repo.removeRows.apis(
    tx,
    diffs.api.remove.map((k) => keys.api.get(k)!),
  );
  await repo.removeRows.dataAccesses(
    tx,
    diffs.dataAccess.remove.map((k) => keys.dataAccess.get(k)!),
  );
  await repo.removeRows.sets(
    tx,
    diffs.set.remove.map((k) => keys.set.get(k)!),
  );
  await repo.removeRows.objects(
    tx,
    diffs.object.remove.map((k) => keys.object.get(k)!),
  );
  await repo.removeRows.dictionaries(
    tx,
    diffs.dictionary.remove.map((k) => keys.dictionary.get(k)!),
  );
}

const written = <T>(d: Diff<T>) => [...d.create, ...d.update];
const merge = (map: Map<string, string>, rows: repo.Keyed[]) => {
  for (const row of rows) map.set(row.key, row.id);
};

const inScopeOf = (scope: AppScope | null, applicationId: string) =>
  scope !== null && inScope(scope, applicationId);

/** The document's configuration in canonical form, once it is consistent in itself (else a 400). */
function checked(document: ApplicationDocument): Config {
  const { format: _f, version: _v, exportedAt: _e, ...config } = document;
  const fields = inconsistencies(config);
  if (Object.keys(fields).length > 0) throw validationFailed(fields);
  return canonical(config);
}

/** The message of a refusal an import meets while it writes (delegation, a unique value), or null. */
export function refusalOf(err: unknown): Message | null {
  if (err instanceof AppError && err.statusCode < 500) return err.reason;
  if (isUniqueViolation(err)) return CONFIG_TRANSFER_MESSAGES.conflicts;
  return null;
}

export function conflictsError(conflicts: TransferNotice[]): AppError {
  const fields: Record<string, Message> = {};
  for (const c of conflicts)
    fields[`${c.kind}:${c.id}`] = {
      key: c.key as Message['key'],
      ...(c.params ? { params: c.params as Message['params'] } : {}),
    };
  return conflict(CONFIG_TRANSFER_MESSAGES.conflicts, fields);
}

export function previewOf(plan: Plan, applied: boolean): ImportPreview {
  const changes: TransferChanges[] = [];
  const keyOf: Record<AppKind, (row: never) => string> = {
    application: (a: Config['application']) => a.applicationId,
    permission: (p: { id: string }) => p.id,
    resource: (r: { id: string }) => r.id,
    object: (o: { code: string }) => o.code,
    set: (s: { code: string }) => s.code,
    dataAccess: (d: { id: string }) => d.id,
    client: (c: { client: string }) => c.client,
    api: apiKey,
    page: (p: { route: string }) => p.route,
    dictionary: (d: { code: string }) => d.code,
    role: (r: { code: string }) => r.code,
    acl: aclKey,
  };
  for (const kind of APPLICATION_KINDS) {
    const d = plan.diffs[kind] as Diff<never>;
    const key = keyOf[kind];
    changes.push({
      kind,
      applicationId: plan.target,
      create: d.create.map(key),
      update: d.update.map(key),
      delete: d.remove,
    });
  }
  return {
    format: CONFIG_FORMATS.application,
    changes,
    conflicts: [...plan.conflicts],
    warnings: [...plan.warnings],
    applicable: plan.conflicts.length === 0,
    applied,
  };
}

type Keys = ReturnType<typeof keysOf>;

/** The record keys of the stored application's records, by the codes the document names them with. */
function keysOf(stored: repo.StoredApplication | undefined) {
  const s = stored;
  const keyed = <T>(rows: readonly T[] | undefined, key: (r: T) => string, id: (r: T) => string) =>
    new Map((rows ?? []).map((r) => [key(r), id(r)]));
  return {
    permission: keyed(
      s?.permissionRows,
      (p) => p.id,
      (p) => p.resourceId,
    ),
    resource: keyed(
      s?.resourceRows,
      (r) => r.id,
      (r) => r.resourceId,
    ),
    object: keyed(
      s?.objectRows,
      (o) => o.code,
      (o) => o.objectId,
    ),
    set: keyed(
      s?.setRows,
      (x) => x.code,
      (x) => x.setId,
    ),
    dataAccess: keyed(
      s?.dataAccessRows,
      (d) => d.id,
      (d) => d.resourceId,
    ),
    client: keyed(
      s?.clientRows,
      (c) => c.client,
      (c) => c.acId,
    ),
    api: keyed(s?.apiRows, apiKey, (a) => a.apiId),
    page: keyed(
      s?.pageRows,
      (p) => p.route,
      (p) => p.pageId,
    ),
    dictionary: keyed(
      s?.dictionaryRows,
      (d) => d.code,
      (d) => d.dictionaryId,
    ),
  };
}

/** The roles, users and groups the stored records name by record key. */
async function namesOf(db: Database | Transaction, stored: repo.StoredApplication): Promise<Names> {
  const roleIds = new Set<string>([
    ...stored.permissionGrantRows.map((g) => g.roleId),
    ...stored.resourceGrantRows.map((g) => g.roleId),
    ...stored.elementRoleRows.map((r) => r.roleId),
    ...stored.aclRows.filter((e) => e.subjectType === 'ROLE').map((e) => e.subjectId),
  ]);
  const subjects = await repo.subjectNames(db, {
    users: stored.aclRows.filter((e) => e.subjectType === 'USER').map((e) => e.subjectId),
    groups: stored.aclRows.filter((e) => e.subjectType === 'GROUP').map((e) => e.subjectId),
    roles: [],
  });
  const roles = await repo.rolesById(db, [...roleIds]);
  return {
    roles: new Map(roles.map((r) => [r.roleId, r])),
    users: subjects.users,
    groups: subjects.groups,
  };
}
