import {
  ACTIONS,
  type Action,
  type ApplicationConfig,
  CONFIG_FORMATS,
  CONFIG_TRANSFER_MESSAGES,
  CONFIG_VERSION,
  type ConsoleSettings,
  consoleSettingsSchema,
  DEFAULT_CONSOLE_SETTINGS,
  IDENTITY_MESSAGES,
  type ImportPreview,
  type InstanceDocument,
  type Message,
  PLATFORM_APP_ID,
  type TransferChanges,
  type TransferNotice,
} from '@gatehouse/contract';
import type { Database, Transaction } from '../../db/client.ts';
import { auditedChange } from '../../lib/audit.ts';
import { forbidden, refused, validationFailed } from '../../lib/errors.ts';
import { endingAccessOnSuspension, endingOidcOnRoleLoss } from '../access/endings.ts';
import { endOidcAccess } from '../oidc/repository.ts';
import * as settingsRepo from '../settings/repository.ts';
import { keepingAdministration } from '../users/administration.ts';
import { administratorIds } from '../users/repository.ts';
import { canonical, type Diff, diff, inconsistencies } from './document.ts';
import * as repo from './instance-repository.ts';
import { replaceRoleGrants } from './repository.ts';
import {
  type ConfigTransferService,
  conflictsError,
  notice,
  type Plan,
  previewOf,
  refusalOf,
  type TransferCaller,
} from './service.ts';

type Instance = Omit<InstanceDocument, 'format' | 'version' | 'exportedAt'>;
type User = Instance['users'][number];

/** Users new to the instance without a hash get this one, which no password matches. */
const NO_PASSWORD = '!imported-without-a-password';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sortBy = <T>(rows: readonly T[], key: (row: T) => string): T[] =>
  [...rows].sort((a, b) => byText(key(a), key(b)));
const orNull = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);
const sortedCodes = (codes: readonly string[]) => [...new Set(codes)].sort(byText);
const actionsOf = (actions: readonly string[]) => ACTIONS.filter((a) => actions.includes(a));

/** The canonical form of an instance's records, as `canonical` is an application's. */
function canonicalInstance(instance: Instance): Instance {
  return {
    passwordHashes: instance.passwordHashes,
    settings: consoleSettingsSchema.parse(instance.settings),
    products: sortBy(instance.products, (p) => p.code).map((p) => ({
      code: p.code,
      name: p.name,
      description: orNull(p.description),
      owner: orNull(p.owner),
      status: p.status,
    })),
    organizations: sortBy(instance.organizations, (o) => o.code).map((o) => ({
      code: o.code,
      name: o.name,
      description: orNull(o.description),
      status: o.status,
      parent: o.parent,
    })),
    roles: sortBy(instance.roles, (r) => r.code).map((r) => ({
      code: r.code,
      name: r.name,
      description: orNull(r.description),
      status: r.status,
      requireTwoFactor: r.requireTwoFactor,
      platform: {
        permissions: sortBy(r.platform.permissions, (p) => p.permissionId).map((p) => ({
          permissionId: p.permissionId,
          actions: actionsOf(p.actions),
          applicationIds: p.applicationIds === null ? null : sortedCodes(p.applicationIds),
        })),
        resources: sortedCodes(r.platform.resources),
      },
    })),
    groups: sortBy(instance.groups, (g) => g.code).map((g) => ({
      code: g.code,
      name: g.name,
      description: orNull(g.description),
      status: g.status,
      roles: sortedCodes(g.roles),
    })),
    users: sortBy(instance.users, (u) => u.username.toLowerCase()).map((u) => ({
      username: u.username,
      name: u.name,
      email: orNull(u.email),
      phone: orNull(u.phone),
      avatar: orNull(u.avatar),
      status: u.status,
      organization: u.organization,
      mustChangePassword: u.mustChangePassword,
      language: u.language,
      theme: u.theme,
      roles: sortedCodes(u.roles),
      groups: sortedCodes(u.groups),
      ...(u.passwordHash === undefined ? {} : { passwordHash: u.passwordHash }),
    })),
    applications: sortBy(
      instance.applications.map((a) => canonical(a)),
      (a) => a.application.applicationId,
    ),
  };
}

/**
 * Export and import of the whole instance (issue 29): the console settings, products,
 * organizations, roles with their platform grants, groups, users (without password hashes
 * unless asked) and every application but the platform. Only an administrator may: the
 * document can give anyone anything. An import makes the instance what the document says, in
 * one audited transaction; it cannot remove the acting administrator nor the last one.
 */
export class InstanceTransferService {
  constructor(
    private readonly db: Database,
    private readonly applications: ConfigTransferService,
    private readonly platformPermissionIds: () => ReadonlySet<string>,
  ) {}

  async exportInstance(caller: TransferCaller & { administrator: boolean }, passwordHashes: boolean) {
    if (!caller.operator && !caller.administrator)
      throw forbidden(CONFIG_TRANSFER_MESSAGES.administratorOnly);
    const instance = await this.current(this.db, passwordHashes);
    return {
      format: CONFIG_FORMATS.instance,
      version: CONFIG_VERSION,
      exportedAt: new Date().toISOString(),
      ...instance,
    } satisfies InstanceDocument;
  }

  async previewInstance(document: InstanceDocument, caller: TransferCaller & { administrator: boolean }) {
    const instance = this.checked(document, caller);
    await this.checkTargets(instance);
    let preview: ImportPreview | undefined;
    try {
      await this.db.transaction(async (tx) => {
        preview = await this.run(tx, instance, caller, true);
        throw new PreviewDone();
      });
    } catch (err) {
      if (!(err instanceof PreviewDone)) throw err;
    }
    return preview!;
  }

  async importInstance(document: InstanceDocument, caller: TransferCaller & { administrator: boolean }) {
    const instance = this.checked(document, caller);
    await this.checkTargets(instance);
    return auditedChange(this.db, caller.ctx, { entity: 'instance', action: 'import' }, async (tx) => {
      const done = await this.run(tx, instance, caller, false);
      if (done.conflicts.length > 0) throw conflictsError(done.conflicts);
      return {
        entityId: 'instance',
        after: done,
        recordedAfter: { format: CONFIG_FORMATS.instance, changes: done.changes, warnings: done.warnings },
      };
    });
  }

  /** Each application's clients' outbound targets, as its own import checks them. */
  private async checkTargets(instance: Instance): Promise<void> {
    for (const [i, config] of instance.applications.entries())
      await this.applications.checkTargets(config, `applications.${i}.`);
  }

  private checked(document: InstanceDocument, caller: TransferCaller & { administrator: boolean }): Instance {
    if (!caller.operator && !caller.administrator)
      throw forbidden(CONFIG_TRANSFER_MESSAGES.administratorOnly);
    const { format: _f, version: _v, exportedAt: _e, ...instance } = document;
    const fields: Record<string, Message> = {};
    const unique = <T>(list: string, rows: readonly T[], key: (row: T) => string, field: string) => {
      const seen = new Set<string>();
      rows.forEach((row, i) => {
        const k = key(row);
        if (seen.has(k)) fields[`${list}.${i}.${field}`] = CONFIG_TRANSFER_MESSAGES.duplicate(k);
        seen.add(k);
      });
      return seen;
    };
    unique('products', instance.products, (p) => p.code, 'code');
    const organizations = unique('organizations', instance.organizations, (o) => o.code, 'code');
    unique('roles', instance.roles, (r) => r.code, 'code');
    unique('groups', instance.groups, (g) => g.code, 'code');
    unique('users', instance.users, (u) => u.username.toLowerCase(), 'username');
    unique(
      'applications',
      instance.applications,
      (a) => a.application.applicationId,
      'application.applicationId',
    );
    const parents = new Map(instance.organizations.map((o) => [o.code, o.parent]));
    instance.organizations.forEach((o, i) => {
      if (o.parent !== null && !organizations.has(o.parent))
        fields[`organizations.${i}.parent`] = CONFIG_TRANSFER_MESSAGES.missingOrganization(o.parent);
      const seen = new Set([o.code]);
      for (let up = o.parent; up !== null && up !== undefined; up = parents.get(up) ?? null) {
        if (seen.has(up)) {
          fields[`organizations.${i}.parent`] = CONFIG_TRANSFER_MESSAGES.organizationCycle;
          break;
        }
        seen.add(up);
      }
    });
    instance.users.forEach((u, i) => {
      if (u.organization !== null && !organizations.has(u.organization))
        fields[`users.${i}.organization`] = CONFIG_TRANSFER_MESSAGES.missingOrganization(u.organization);
    });
    instance.applications.forEach((a, i) => {
      for (const [field, message] of Object.entries(inconsistencies(a)))
        fields[`applications.${i}.${field}`] = message;
      if (a.application.applicationId === PLATFORM_APP_ID)
        fields[`applications.${i}.application.applicationId`] = CONFIG_TRANSFER_MESSAGES.platformApplication;
    });
    if (Object.keys(fields).length > 0) throw validationFailed(fields);
    return canonicalInstance(instance);
  }

  /** The instance's records as a document holds them. */
  async current(db: Database | Transaction, passwordHashes: boolean): Promise<Instance> {
    const stored = await repo.readInstance(db);
    const roleCode = new Map(stored.roleRows.map((r) => [r.roleId, r.code]));
    const groupCode = new Map(stored.groupRows.map((g) => [g.groupId, g.code]));
    const organizationCode = new Map(stored.organizationRows.map((o) => [o.organizationId, o.code]));
    const settings: ConsoleSettings = { ...DEFAULT_CONSOLE_SETTINGS, ...(await settingsRepo.findAll(db)) };
    const applications: ApplicationConfig[] = [];
    for (const applicationId of stored.applicationIds) {
      const found = await this.applications.current(db, applicationId);
      if (found) applications.push(found.config);
    }
    return canonicalInstance({
      passwordHashes,
      settings,
      products: stored.productRows.map((p) => ({
        code: p.id,
        name: p.name,
        description: p.description,
        owner: p.owner,
        status: p.status,
      })),
      organizations: stored.organizationRows.map((o) => ({
        code: o.code,
        name: o.name,
        description: o.description,
        status: o.status,
        parent: o.parentId === null ? null : (organizationCode.get(o.parentId) ?? null),
      })),
      roles: stored.roleRows
        .filter((r) => !r.builtin)
        .map((r) => ({
          code: r.code,
          name: r.name,
          description: r.description,
          status: r.status,
          requireTwoFactor: r.requireTwoFactor,
          platform: {
            permissions: stored.platformPermissionRows
              .filter((p) => p.roleId === r.roleId)
              .map((p) => ({
                permissionId: p.permissionId,
                actions: p.actions,
                applicationIds: p.applicationIds,
              })),
            resources: stored.platformResourceRows.filter((p) => p.roleId === r.roleId).map((p) => p.id),
          },
        })),
      groups: stored.groupRows.map((g) => ({
        code: g.code,
        name: g.name,
        description: g.description,
        status: g.status,
        roles: stored.groupRoleRows
          .filter((x) => x.groupId === g.groupId)
          .flatMap((x) => roleCode.get(x.roleId) ?? []),
      })),
      users: stored.userRows.map((u) => ({
        username: u.username,
        name: u.name,
        email: u.email,
        phone: u.phone,
        avatar: u.avatar,
        status: u.status,
        organization: u.organizationId === null ? null : (organizationCode.get(u.organizationId) ?? null),
        mustChangePassword: u.mustChangePassword,
        language: u.language === 'en' || u.language === 'zh' ? u.language : null,
        theme: u.theme === 'light' || u.theme === 'dark' ? u.theme : null,
        roles: stored.userRoleRows
          .filter((x) => x.userId === u.userId)
          .flatMap((x) => roleCode.get(x.roleId) ?? []),
        groups: stored.memberRows
          .filter((x) => x.userId === u.userId)
          .flatMap((x) => groupCode.get(x.groupId) ?? []),
        ...(passwordHashes ? { passwordHash: u.passwordHash } : {}),
      })),
      applications,
    });
  }

  /**
   * Plans and writes the import in `tx`: the instance's records, then each application as an
   * application import does, then the deletes. Answers what it did, with every conflict; the
   * caller rolls back when there is one (or always, for a preview).
   */
  private async run(
    tx: Transaction,
    instance: Instance,
    caller: TransferCaller,
    preview: boolean,
  ): Promise<ImportPreview> {
    const current = await this.current(tx, instance.passwordHashes);
    const stored = await repo.readInstance(tx);
    const conflicts: TransferNotice[] = [];
    const warnings: TransferNotice[] = [];
    const changes: TransferChanges[] = [];
    const record = <T>(kind: TransferChanges['kind'], d: Diff<T>, key: (row: T) => string) =>
      changes.push({ kind, create: d.create.map(key), update: d.update.map(key), delete: d.remove });

    const settingsChanged = JSON.stringify(current.settings) !== JSON.stringify(instance.settings);
    changes.push({ kind: 'settings', create: [], update: settingsChanged ? ['settings'] : [], delete: [] });
    const products = diff(current.products, instance.products, (p) => p.code);
    const organizations = diff(current.organizations, instance.organizations, (o) => o.code);
    const roles = diff(current.roles, instance.roles, (r) => r.code);
    const groups = diff(current.groups, instance.groups, (g) => g.code);
    // Without hashes in the document, a user's password is not part of what is compared.
    const users = diff(current.users, instance.users, (u) => u.username.toLowerCase());
    record('product', products, (p) => p.code);
    record('organization', organizations, (o) => o.code);
    record('role', roles, (r) => r.code);
    record('group', groups, (g) => g.code);
    record('user', users, (u) => u.username);

    // ---- references the document makes to what the instance must hold
    const builtinCodes = new Set(stored.roleRows.filter((r) => r.builtin).map((r) => r.code));
    const roleCodes = new Set([...instance.roles.map((r) => r.code), ...builtinCodes]);
    const groupCodes = new Set(instance.groups.map((g) => g.code));
    for (const role of instance.roles)
      if (builtinCodes.has(role.code))
        conflicts.push(notice('role', role.code, CONFIG_TRANSFER_MESSAGES.builtinRole));
    for (const g of instance.groups)
      for (const code of g.roles)
        if (!roleCodes.has(code))
          conflicts.push(notice('group', g.code, CONFIG_TRANSFER_MESSAGES.missingRole(code)));
    for (const u of instance.users) {
      for (const code of u.roles)
        if (!roleCodes.has(code))
          conflicts.push(notice('user', u.username, CONFIG_TRANSFER_MESSAGES.missingRole(code)));
      for (const code of u.groups)
        if (!groupCodes.has(code))
          conflicts.push(notice('user', u.username, CONFIG_TRANSFER_MESSAGES.missingGroup(code)));
    }
    const platformResources = await repo.platformResources(tx);
    const platformIds = this.platformPermissionIds();
    const applicationIds = new Set(instance.applications.map((a) => a.application.applicationId));
    for (const role of instance.roles) {
      for (const p of role.platform.permissions) {
        if (!platformIds.has(p.permissionId))
          conflicts.push(
            notice('role', role.code, CONFIG_TRANSFER_MESSAGES.missingPermission(p.permissionId)),
          );
        for (const id of p.applicationIds ?? [])
          if (!applicationIds.has(id))
            conflicts.push(
              notice('role', role.code, CONFIG_TRANSFER_MESSAGES.applicationMismatch(id, 'instance')),
            );
      }
      for (const id of role.platform.resources)
        if (!platformResources.has(id))
          conflicts.push(notice('role', role.code, CONFIG_TRANSFER_MESSAGES.missingResource(id)));
    }
    for (const u of users.create)
      if (u.passwordHash === undefined)
        warnings.push(notice('user', u.username, CONFIG_TRANSFER_MESSAGES.noPassword));
    if (instance.passwordHashes) warnings.push(notice('user', '*', CONFIG_TRANSFER_MESSAGES.passwordHashes));

    // Nothing is written once a reference is missing: the writes would only fail on it.
    if (conflicts.length > 0) return summary(changes, conflicts, warnings, [], false);

    const appPlans: Plan[] = [];
    const usersBefore = stored.userRows.map((u) => u.userId);
    try {
      await guarded(tx, caller, usersBefore, async () => {
        await this.write(
          tx,
          instance,
          stored,
          { products, organizations, roles, groups, users },
          platformResources,
          settingsChanged,
        );
        // Each application as an application import does it, its roles' names from the instance's.
        const roleByCode = new Map(instance.roles.map((r) => [r.code, r]));
        const operator = { ...caller, operator: true };
        for (const config of instance.applications) {
          const aligned: ApplicationConfig = {
            ...config,
            roles: config.roles.map((r) => {
              const top = roleByCode.get(r.code);
              return top ? { ...r, name: top.name, description: top.description, status: top.status } : r;
            }),
          };
          const plan = await this.applications.plan(tx, config.application.applicationId, aligned, operator);
          appPlans.push(plan);
          for (const c of plan.conflicts) conflicts.push({ ...c, applicationId: plan.target });
          for (const w of plan.warnings) warnings.push({ ...w, applicationId: plan.target });
          if (plan.conflicts.length === 0) await this.applications.execute(tx, plan, operator, preview);
        }
        const gone = stored.applicationIds.filter((id) => !applicationIds.has(id));
        if (gone.length > 0) changes.push({ kind: 'application', create: [], update: [], delete: gone });
        await repo.deleteByKeys(tx, 'applications', gone);
        await this.removeAbsent(tx, stored, { products, organizations, roles, groups, users });
      });
    } catch (err) {
      const refusal = refusalOf(err);
      if (!refusal) throw err;
      conflicts.push(notice('user', caller.ctx.actorName ?? '*', refusal));
    }
    return summary(changes, conflicts, warnings, appPlans, !preview && conflicts.length === 0);
  }

  private async write(
    tx: Transaction,
    instance: Instance,
    stored: repo.StoredInstance,
    d: {
      products: Diff<Instance['products'][number]>;
      organizations: Diff<Instance['organizations'][number]>;
      roles: Diff<Instance['roles'][number]>;
      groups: Diff<Instance['groups'][number]>;
      users: Diff<User>;
    },
    platformResources: Map<string, string>,
    settingsChanged: boolean,
  ): Promise<void> {
    if (settingsChanged) await settingsRepo.upsert(tx, instance.settings);
    const written = <T>(x: Diff<T>) => [...x.create, ...x.update];
    const productKeys = new Map(stored.productRows.map((p) => [p.id, p.productId]));
    await repo.saveProducts(
      tx,
      written(d.products).map((p) => ({
        ...p,
        description: p.description ?? null,
        key: productKeys.get(p.code),
      })),
    );

    const organizationKeys = new Map(stored.organizationRows.map((o) => [o.code, o.organizationId]));
    for (const [code, key] of await repo.saveOrganizations(
      tx,
      written(d.organizations).map((o) => ({
        key: organizationKeys.get(o.code),
        code: o.code,
        name: o.name,
        description: o.description ?? null,
        status: o.status,
      })),
    ))
      organizationKeys.set(code, key);
    await repo.setOrganizationParents(
      tx,
      written(d.organizations).map((o) => ({
        key: organizationKeys.get(o.code)!,
        parentId: o.parent === null ? null : organizationKeys.get(o.parent)!,
      })),
    );
    await repo.refreshOrganizationsActive(tx);

    const roleKeys = new Map(stored.roleRows.map((r) => [r.code, r.roleId]));
    for (const [code, key] of await repo.saveRoles(
      tx,
      written(d.roles).map((r) => ({
        key: roleKeys.get(r.code),
        code: r.code,
        name: r.name,
        description: r.description ?? null,
        status: r.status,
        requireTwoFactor: r.requireTwoFactor,
      })),
    ))
      roleKeys.set(code, key);
    await replaceRoleGrants(
      tx,
      PLATFORM_APP_ID,
      written(d.roles).map((r) => roleKeys.get(r.code)!),
      {
        permissions: written(d.roles).flatMap((r) =>
          r.platform.permissions.map((p) => ({
            roleId: roleKeys.get(r.code)!,
            permissionId: p.permissionId,
            actions: p.actions as Action[],
            applicationIds: p.applicationIds,
          })),
        ),
        resources: written(d.roles).flatMap((r) =>
          r.platform.resources.map((id) => ({
            roleId: roleKeys.get(r.code)!,
            resourceId: platformResources.get(id)!,
          })),
        ),
      },
    );

    const groupKeys = new Map(stored.groupRows.map((g) => [g.code, g.groupId]));
    for (const [code, key] of await repo.saveGroups(
      tx,
      written(d.groups).map((g) => ({
        key: groupKeys.get(g.code),
        code: g.code,
        name: g.name,
        description: g.description ?? null,
        status: g.status,
      })),
    ))
      groupKeys.set(code, key);
    await repo.replaceGroupRoles(
      tx,
      written(d.groups).map((g) => groupKeys.get(g.code)!),
      written(d.groups).flatMap((g) =>
        g.roles.map((code) => ({ groupId: groupKeys.get(g.code)!, roleId: roleKeys.get(code)! })),
      ),
    );

    const userKeys = new Map(stored.userRows.map((u) => [u.username.toLowerCase(), u.userId]));
    const saved = await repo.saveUsers(
      tx,
      written(d.users).map((u) => {
        const key = userKeys.get(u.username.toLowerCase());
        return {
          ...(key === undefined ? {} : { key }),
          username: u.username,
          name: u.name,
          email: u.email,
          phone: u.phone,
          avatar: u.avatar,
          status: u.status,
          organizationId: u.organization === null ? null : organizationKeys.get(u.organization)!,
          mustChangePassword: u.mustChangePassword,
          language: u.language,
          theme: u.theme,
          ...(u.passwordHash !== undefined
            ? { passwordHash: u.passwordHash }
            : key === undefined
              ? { passwordHash: NO_PASSWORD }
              : {}),
        };
      }),
    );
    for (const [username, key] of saved) userKeys.set(username.toLowerCase(), key);
    const usersWritten = written(d.users).map((u) => userKeys.get(u.username.toLowerCase())!);
    await repo.replaceUserRoles(
      tx,
      usersWritten,
      written(d.users).flatMap((u) =>
        u.roles.map((code) => ({
          userId: userKeys.get(u.username.toLowerCase())!,
          roleId: roleKeys.get(code)!,
        })),
      ),
    );
    await repo.replaceMemberships(
      tx,
      usersWritten,
      written(d.users).flatMap((u) =>
        u.groups.map((code) => ({
          userId: userKeys.get(u.username.toLowerCase())!,
          groupId: groupKeys.get(code)!,
        })),
      ),
    );
  }

  /** Deletes what the document lacks: users, groups, roles (never the built-in one), organizations, products. */
  private async removeAbsent(
    tx: Transaction,
    stored: repo.StoredInstance,
    d: {
      products: Diff<unknown>;
      organizations: Diff<unknown>;
      roles: Diff<unknown>;
      groups: Diff<unknown>;
      users: Diff<unknown>;
    },
  ): Promise<void> {
    const keyOf = <R>(rows: R[], code: (r: R) => string, key: (r: R) => string, codes: string[]) => {
      const map = new Map(rows.map((r) => [code(r), key(r)]));
      return codes.map((c) => map.get(c)!);
    };
    // A deleted user's sessions go with their row; their OIDC access is ended first, as the
    // user screen's delete does.
    const removedUsers = keyOf(
      stored.userRows,
      (u) => u.username.toLowerCase(),
      (u) => u.userId,
      d.users.remove,
    );
    if (removedUsers.length > 0) await endOidcAccess(tx, removedUsers);
    await repo.deleteByKeys(tx, 'users', removedUsers);
    await repo.deleteByKeys(
      tx,
      'groups',
      keyOf(
        stored.groupRows,
        (g) => g.code,
        (g) => g.groupId,
        d.groups.remove,
      ),
    );
    await repo.deleteByKeys(
      tx,
      'roles',
      keyOf(
        stored.roleRows,
        (r) => r.code,
        (r) => r.roleId,
        d.roles.remove,
      ),
    );
    await repo.deleteOrganizations(
      tx,
      keyOf(
        stored.organizationRows,
        (o) => o.code,
        (o) => o.organizationId,
        d.organizations.remove,
      ),
    );
    await repo.deleteByKeys(
      tx,
      'products',
      keyOf(
        stored.productRows,
        (p) => p.id,
        (p) => p.productId,
        d.products.remove,
      ),
    );
  }
}

class PreviewDone extends Error {}

/**
 * The rules on administrators every change of users and roles keeps (users/administration.ts):
 * the acting administrator stays one, and one enabled administrator remains. The command
 * line's operator is nobody's account, so for them only the second holds. And what the user
 * and role screens end, an import ends too, in its transaction: the sessions and OIDC access
 * of each of `userIds` (the users there before) it suspends (disabled, or their organization),
 * and the OIDC access of each it takes a role from.
 */
async function guarded(
  tx: Transaction,
  caller: TransferCaller,
  userIds: readonly string[],
  change: () => Promise<void>,
): Promise<void> {
  const ending = async () => {
    await endingAccessOnSuspension(tx, userIds, () => endingOidcOnRoleLoss(tx, userIds, change));
  };
  if (!caller.operator) return keepingAdministration(tx, caller.ctx.actorId, ending);
  await ending();
  if ((await administratorIds(tx)).length === 0) throw refused(IDENTITY_MESSAGES.lastAdministrator);
}

function summary(
  changes: TransferChanges[],
  conflicts: TransferNotice[],
  warnings: TransferNotice[],
  plans: Plan[],
  applied: boolean,
): ImportPreview {
  const perApplication = plans.flatMap((plan) => previewOf(plan, applied).changes);
  return {
    format: CONFIG_FORMATS.instance,
    changes: [...changes, ...perApplication],
    conflicts,
    warnings,
    applicable: conflicts.length === 0,
    applied,
  };
}
