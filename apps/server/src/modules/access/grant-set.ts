import { ACTIONS, type Action, type Message, m, PLATFORM_APP_ID } from '@gatehouse/contract';
import { type AppScope, inScope, unionScopes } from '../../lib/app-scope.ts';

/**
 * One thing a role or an access-control entry grants: a permission with actions (on
 * `platform` a console area, which `applicationIds` may limit to some applications; null is
 * every one), or a resource of an application's tree.
 */
export type GrantRow =
  | {
      kind: 'permission';
      applicationId: string;
      permissionId: string;
      actions: readonly Action[];
      applicationIds: readonly string[] | null;
    }
  | { kind: 'resource'; applicationId: string; resourceId: string }
  /** A button code an application shows: an element of its tree, or of one of its pages. */
  | { kind: 'element'; applicationId: string; code: string };

/**
 * What a principal holds or a change would give, merged: the console areas with each
 * action's applications, the permissions of other applications with their actions,
 * resources with the application each belongs to, and the element codes of each
 * application (of its tree's elements and of its pages).
 */
export class GrantSet {
  readonly platform = new Map<string, Map<Action, AppScope>>();
  readonly permissions = new Map<string, Map<string, Set<Action>>>();
  readonly resources = new Map<string, string>();
  readonly elements = new Map<string, Set<string>>();

  static of(rows: Iterable<GrantRow>): GrantSet {
    const set = new GrantSet();
    for (const row of rows) set.add(row);
    return set;
  }

  add(row: GrantRow): this {
    if (row.kind === 'resource') {
      this.resources.set(row.resourceId, row.applicationId);
      return this;
    }
    if (row.kind === 'element') {
      this.elements.set(row.applicationId, (this.elements.get(row.applicationId) ?? new Set()).add(row.code));
      return this;
    }
    if (row.applicationId === PLATFORM_APP_ID) {
      const scope: AppScope = row.applicationIds === null ? 'all' : new Set(row.applicationIds);
      this.addPlatform(row.permissionId, row.actions, scope);
      return this;
    }
    const perms = this.permissions.get(row.applicationId) ?? new Map<string, Set<Action>>();
    const actions = perms.get(row.permissionId) ?? new Set<Action>();
    for (const action of row.actions) actions.add(action);
    perms.set(row.permissionId, actions);
    this.permissions.set(row.applicationId, perms);
    return this;
  }

  addAll(other: GrantSet): this {
    for (const [permissionId, actions] of other.platform)
      for (const [action, scope] of actions) this.addPlatform(permissionId, [action], scope);
    for (const [applicationId, perms] of other.permissions)
      for (const [permissionId, actions] of perms)
        this.add({
          kind: 'permission',
          applicationId,
          permissionId,
          actions: [...actions],
          applicationIds: null,
        });
    for (const [resourceId, applicationId] of other.resources) this.resources.set(resourceId, applicationId);
    for (const [applicationId, codes] of other.elements)
      for (const code of codes) this.add({ kind: 'element', applicationId, code });
    return this;
  }

  get isEmpty(): boolean {
    return (
      this.platform.size === 0 &&
      this.permissions.size === 0 &&
      this.resources.size === 0 &&
      this.elements.size === 0
    );
  }

  private addPlatform(permissionId: string, actions: readonly Action[], scope: AppScope): void {
    const held = this.platform.get(permissionId) ?? new Map<Action, AppScope>();
    for (const action of actions) held.set(action, unionScopes(held.get(action) ?? null, scope));
    this.platform.set(permissionId, held);
  }
}

/** What a principal holds: everything, for an administrator; else its grant set. */
export type Holdings = { administrator: boolean; grants: GrantSet };

/**
 * What `holder` holds within the console permission/action pairs of `limit` (a personal
 * access token's scope): those pairs, each as widely as the holder has it, and nothing else,
 * not even the Administrator role's "everything".
 */
export function narrowedTo(
  holder: Holdings,
  limit: readonly { permissionId: string; action: string }[],
): Holdings {
  const rows: GrantRow[] = [];
  for (const { permissionId, action } of limit) {
    const scope = holder.administrator
      ? 'all'
      : holder.grants.platform.get(permissionId)?.get(action as Action);
    if (scope === undefined) continue;
    rows.push({
      kind: 'permission',
      applicationId: PLATFORM_APP_ID,
      permissionId,
      actions: [action as Action],
      applicationIds: scope === 'all' ? null : [...scope],
    });
  }
  return { administrator: false, grants: GrantSet.of(rows) };
}

/** The applications of `a` that `b` does not reach; `all` minus anything short of `all` stays `all`. */
function scopeMinus(a: AppScope, b: AppScope | undefined): AppScope | null {
  if (b === undefined) return a;
  if (b === 'all') return null;
  if (a === 'all') return 'all';
  const left = [...a].filter((id) => !b.has(id));
  return left.length === 0 ? null : new Set(left);
}

/** Whether `held` reaches every application of `wanted`. */
function scopeCovers(held: AppScope | undefined, wanted: AppScope): boolean {
  return scopeMinus(wanted, held) === null;
}

/**
 * What `after` gives that `before` did not: an action newly granted, an action's wider
 * applications, a permission action or a resource not there before. What a change adds.
 */
export function added(after: GrantSet, before: GrantSet): GrantSet {
  const out = new GrantSet();
  for (const [permissionId, actions] of after.platform) {
    for (const [action, scope] of actions) {
      const extra = scopeMinus(scope, before.platform.get(permissionId)?.get(action));
      if (extra !== null)
        out.add({
          kind: 'permission',
          applicationId: PLATFORM_APP_ID,
          permissionId,
          actions: [action],
          applicationIds: extra === 'all' ? null : [...extra],
        });
    }
  }
  for (const [applicationId, perms] of after.permissions) {
    for (const [permissionId, actions] of perms) {
      const had = before.permissions.get(applicationId)?.get(permissionId);
      const extra = [...actions].filter((a) => !had?.has(a));
      if (extra.length > 0)
        out.add({ kind: 'permission', applicationId, permissionId, actions: extra, applicationIds: null });
    }
  }
  for (const [resourceId, applicationId] of after.resources)
    if (!before.resources.has(resourceId)) out.resources.set(resourceId, applicationId);
  addElementsMissing(out, after, before);
  return out;
}

/** Adds to `out` the element codes of `wanted` that `held` lacks. */
function addElementsMissing(out: GrantSet, wanted: GrantSet, held: GrantSet): void {
  for (const [applicationId, codes] of wanted.elements)
    for (const code of codes)
      if (!held.elements.get(applicationId)?.has(code)) out.add({ kind: 'element', applicationId, code });
}

/** What of `wanted` the holder does not hold at least as widely; empty when it holds it all. */
export function notHeld(holder: Holdings, wanted: GrantSet): GrantSet {
  if (holder.administrator) return new GrantSet();
  const held = holder.grants;
  const out = new GrantSet();
  for (const [permissionId, actions] of wanted.platform) {
    for (const [action, scope] of actions) {
      if (!scopeCovers(held.platform.get(permissionId)?.get(action), scope))
        out.add({
          kind: 'permission',
          applicationId: PLATFORM_APP_ID,
          permissionId,
          actions: [action],
          applicationIds: scope === 'all' ? null : [...scope],
        });
    }
  }
  for (const [applicationId, perms] of wanted.permissions) {
    for (const [permissionId, actions] of perms) {
      const had = held.permissions.get(applicationId)?.get(permissionId);
      const missing = [...actions].filter((a) => !had?.has(a));
      if (missing.length > 0)
        out.add({ kind: 'permission', applicationId, permissionId, actions: missing, applicationIds: null });
    }
  }
  for (const [resourceId, applicationId] of wanted.resources)
    if (!held.resources.has(resourceId)) out.resources.set(resourceId, applicationId);
  addElementsMissing(out, wanted, held);
  return out;
}

/**
 * Whether everything in `set` lies within the applications of `scope`: a console area only
 * when limited to some of them, another application's permission or resource only in one of
 * them. The platform's own resources (the console's navigation) give no right by themselves
 * and lie within every scope.
 */
export function liesWithin(set: GrantSet, scope: AppScope): boolean {
  if (scope === 'all') return true;
  for (const actions of set.platform.values())
    for (const granted of actions.values())
      if (granted === 'all' || [...granted].some((id) => !scope.has(id))) return false;
  for (const applicationId of set.permissions.keys()) if (!inScope(scope, applicationId)) return false;
  for (const applicationId of [...set.resources.values(), ...set.elements.keys()])
    if (applicationId !== PLATFORM_APP_ID && !inScope(scope, applicationId)) return false;
  return true;
}

/** Only the console areas of `set`: the rights a principal has in Gatehouse itself. */
export function consoleRights(set: GrantSet): GrantSet {
  const out = new GrantSet();
  for (const [permissionId, actions] of set.platform)
    for (const [action, scope] of actions)
      out.add({
        kind: 'permission',
        applicationId: PLATFORM_APP_ID,
        permissionId,
        actions: [action],
        applicationIds: scope === 'all' ? null : [...scope],
      });
  return out;
}

/** A short English account of `set`, for the message of a refusal: at most `limit` parts. */
export function describe(set: GrantSet, limit = 5): Message {
  const parts: Message[] = [];
  for (const [permissionId, actions] of set.platform) {
    for (const action of ACTIONS) {
      const scope = actions.get(action);
      if (scope === undefined) continue;
      const where = scope === 'all' ? m('grant.everyApplication') : [...scope].sort();
      parts.push(m('grant.platform', { permission: permissionId, action, where }));
    }
  }
  for (const [applicationId, perms] of set.permissions)
    for (const [permissionId, actions] of perms)
      parts.push(
        m('grant.permission', {
          permission: permissionId,
          actions: ACTIONS.filter((a) => actions.has(a)),
          application: applicationId,
        }),
      );
  for (const [applicationId, codes] of set.elements)
    parts.push(
      m(codes.size === 1 ? 'grant.element' : 'grant.elements', {
        codes: [...codes].sort(),
        application: applicationId,
      }),
    );
  if (set.resources.size > 0)
    parts.push(
      m(set.resources.size === 1 ? 'count.resource' : 'count.resources', { count: set.resources.size }),
    );
  // Joined by "; ": the parts hold lists of their own.
  const shown = parts.slice(0, limit).reduceRight((rest, part) => m('grant.then', { first: part, rest }));
  return parts.length > limit ? m('grant.more', { shown, count: parts.length - limit }) : shown;
}
