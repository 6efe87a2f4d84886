import { type Action, actionsOf, type Holdings, PLATFORM_APP_ID, type RoleGrants } from '@gatehouse/contract';
import type { Choice } from '@/components/remote-select';
import {
  ancestorsOf,
  canLimit,
  NEW_PERMISSION_GRANT,
  type ParentOf,
  type PermissionGrantValues,
} from './grants';

/**
 * What the grants form offers, as the server's delegation rule allows it: nothing can be
 * given that the caller does not hold at least as widely, a manager limited to some
 * applications keeps the role within them, and nobody widens a role they hold. What the role
 * has already stays: keeping it, or putting it back, gives nothing new. The server checks
 * every save regardless; this only leaves out what it would refuse.
 */

/** The applications a grant reaches: every one, or those named. */
export type Reach = 'all' | ReadonlySet<string>;

export type GrantOffer = {
  /** An administrator holds everything: the form offers all of it. */
  all: boolean;
  /** A role the caller holds: what it has can be removed, nothing added. */
  narrowOnly: boolean;
  /** Each console area's actions, with the applications each may reach. */
  platform: ReadonlyMap<string, ReadonlyMap<Action, Reach>>;
  /** The permissions of other applications, by application, with their actions. */
  permissions: ReadonlyMap<string, ReadonlyMap<string, ReadonlySet<Action>>>;
  /** What the role grants already, which stays whatever the caller holds. */
  kept: ReadonlySet<string>;
  /** The resources the caller holds. */
  resources: ReadonlySet<string>;
  /** Where the role's grants must stay: the applications of the caller's manage-role update. */
  within: Reach;
};

/** What a read-only form shows: nothing held back, since nothing there changes. */
export const OFFER_ALL: GrantOffer = {
  all: true,
  narrowOnly: false,
  platform: new Map(),
  permissions: new Map(),
  kept: new Set(),
  resources: new Set(),
  within: 'all',
};

const ROLE_AREA = 'admin-setting.manage-role';

function union(a: Reach | undefined, b: Reach): Reach {
  if (a === undefined) return b;
  if (a === 'all' || b === 'all') return 'all';
  return new Set([...a, ...b]);
}

function intersect(a: Reach, b: Reach): Reach {
  if (a === 'all') return b;
  if (b === 'all') return a;
  return new Set([...a].filter((id) => b.has(id)));
}

const isEmpty = (reach: Reach) => reach !== 'all' && reach.size === 0;
const reaches = (reach: Reach, applicationId: string) => reach === 'all' || reach.has(applicationId);

/** Whether `held` reaches every application of `wanted`; null holds nothing. */
export function covers(held: Reach | null, wanted: Reach): boolean {
  if (held === null) return false;
  if (held === 'all') return true;
  return wanted !== 'all' && [...wanted].every((id) => held.has(id));
}

/**
 * What the form offers the caller for a role: everything to an administrator; else what the
 * role has, and (unless the caller holds the role) what the caller holds within the
 * applications they manage roles in. Without the caller's holdings (still loading, or failed)
 * only what the role has.
 */
export function grantOffer(
  holdings: Holdings | undefined,
  role: { held?: boolean },
  before: RoleGrants,
): GrantOffer {
  const platform = new Map<string, Map<Action, Reach>>();
  const permissions = new Map<string, Map<string, Set<Action>>>();
  const addPlatform = (permissionId: string, action: Action, reach: Reach) => {
    if (isEmpty(reach)) return;
    const actions = platform.get(permissionId) ?? new Map<Action, Reach>();
    actions.set(action, union(actions.get(action), reach));
    platform.set(permissionId, actions);
  };
  const addPermission = (applicationId: string, permissionId: string, actions: readonly Action[]) => {
    const perms = permissions.get(applicationId) ?? new Map<string, Set<Action>>();
    perms.set(permissionId, new Set([...(perms.get(permissionId) ?? []), ...actions]));
    permissions.set(applicationId, perms);
  };

  for (const grant of before.permissions) {
    if (grant.applicationId !== PLATFORM_APP_ID) {
      addPermission(grant.applicationId, grant.permissionId, grant.actionEntitySet);
      continue;
    }
    const reach: Reach = grant.applicationIds === undefined ? 'all' : new Set(grant.applicationIds);
    for (const action of grant.actionEntitySet) addPlatform(grant.permissionId, action, reach);
  }

  const administrator = holdings?.administrator === true;
  const narrowOnly = !administrator && role.held === true;
  const roleArea = holdings?.platform.find((p) => p.permissionId === ROLE_AREA);
  const update = roleArea?.actions.find((a) => a.action === 'update');
  const within: Reach = update
    ? update.applicationIds === null
      ? 'all'
      : new Set(update.applicationIds)
    : new Set();
  const gives = holdings !== undefined && !administrator && !narrowOnly;
  if (gives) {
    for (const area of holdings.platform)
      for (const { action, applicationIds } of area.actions)
        addPlatform(
          area.permissionId,
          action,
          intersect(applicationIds === null ? 'all' : new Set(applicationIds), within),
        );
    for (const held of holdings.permissions)
      if (reaches(within, held.applicationId))
        addPermission(held.applicationId, held.permissionId, held.actions);
  }
  return {
    all: administrator,
    narrowOnly,
    platform,
    permissions,
    kept: new Set(before.resources),
    resources: new Set(gives ? holdings.resources : []),
    within: administrator ? 'all' : within,
  };
}

/** The applications whose permissions a grant may name: null for every one. */
export function offeredApplications(offer: GrantOffer): ReadonlySet<string> | null {
  if (offer.all) return null;
  return new Set([...(offer.platform.size > 0 ? [PLATFORM_APP_ID] : []), ...offer.permissions.keys()]);
}

/** The permissions of `applicationId` a grant may name: null for every one. */
export function offeredPermissions(
  offer: GrantOffer,
  applicationId: string | undefined,
): ReadonlySet<string> | null {
  if (offer.all) return null;
  if (applicationId === undefined) return new Set();
  return new Set(
    applicationId === PLATFORM_APP_ID
      ? offer.platform.keys()
      : (offer.permissions.get(applicationId)?.keys() ?? []),
  );
}

/**
 * The choices a picker offers when only `offered` may be named (null: any): what the search
 * found among them, then those it did not bring back whose id or name (from `names`) matches
 * `keyword`, named there or by their id.
 */
export function offeredChoices(
  found: readonly Choice[],
  offered: ReadonlySet<string> | null,
  keyword: string,
  names: readonly Choice[] = [],
): Choice[] {
  if (offered === null) return [...found];
  const shown = found.filter((choice) => offered.has(choice.value));
  const listed = new Set(shown.map((choice) => choice.value));
  const labels = new Map(names.map((choice) => [choice.value, choice.label]));
  const needle = keyword.trim().toLowerCase();
  for (const id of offered) {
    const label = labels.get(id) ?? id;
    if (!listed.has(id) && `${id} ${label}`.toLowerCase().includes(needle)) shown.push({ value: id, label });
  }
  return shown;
}

/** The applications an action of a permission may reach; null when it may not be granted. */
export function actionReach(
  offer: GrantOffer,
  applicationId: string | undefined,
  permissionId: string | undefined,
  action: Action,
): Reach | null {
  if (offer.all) return 'all';
  if (applicationId === undefined || permissionId === undefined) return null;
  if (applicationId === PLATFORM_APP_ID) return offer.platform.get(permissionId)?.get(action) ?? null;
  return offer.permissions.get(applicationId)?.get(permissionId)?.has(action) ? 'all' : null;
}

/** The applications a grant row reaches as the form has it. */
export function rowReach(row: Partial<PermissionGrantValues>): Reach {
  return canLimit(row.applicationId) && row.limited ? new Set(row.applicationIds ?? []) : 'all';
}

/** Whether the row may have `action`: it has it now (unchecking narrows), or the caller may give it at the row's reach. */
export function actionOffered(
  offer: GrantOffer,
  row: Partial<PermissionGrantValues>,
  action: Action,
): boolean {
  if (row.actionEntitySet?.includes(action)) return true;
  return covers(actionReach(offer, row.applicationId, row.permissionId, action), rowReach(row));
}

/**
 * The row's actions that its permission offers and the caller may give at its reach: what
 * stays when its permission changes (`export` does not, to a permission without it).
 */
export function offeredActions(offer: GrantOffer, row: Partial<PermissionGrantValues>): Action[] {
  const offered = actionsOf(row.applicationId, row.permissionId);
  return (row.actionEntitySet ?? []).filter(
    (action) =>
      offered.includes(action) &&
      covers(actionReach(offer, row.applicationId, row.permissionId, action), rowReach(row)),
  );
}

/** The reaches of the row's actions: those it has, or, with none yet, every one it could have. */
function reachesOfRow(offer: GrantOffer, row: Partial<PermissionGrantValues>): (Reach | null)[] {
  const chosen = row.actionEntitySet ?? [];
  const actions = chosen.length > 0 ? chosen : actionsOf(row.applicationId, row.permissionId);
  return actions.map((action) => actionReach(offer, row.applicationId, row.permissionId, action));
}

/**
 * Whether a platform grant may cover every application: each of its actions reaches every
 * one (with none chosen yet, some action does). Else it stays limited.
 */
export function mayCoverAll(offer: GrantOffer, row: Partial<PermissionGrantValues>): boolean {
  if (offer.all) return true;
  const all = reachesOfRow(offer, row).map((reach) => reach === 'all');
  return (row.actionEntitySet ?? []).length > 0 ? all.every(Boolean) : all.some(Boolean);
}

/**
 * The applications a limited platform grant may name: those every one of its actions reaches
 * (with none chosen yet, those any could); null for every one.
 */
export function offeredLimits(
  offer: GrantOffer,
  row: Partial<PermissionGrantValues>,
): ReadonlySet<string> | null {
  if (offer.all) return null;
  const held = reachesOfRow(offer, row).filter((reach): reach is Reach => reach !== null);
  const chosen = (row.actionEntitySet ?? []).length > 0;
  const [first, ...rest] = held;
  if (first === undefined) return new Set();
  const reach = rest.reduce((a, b) => (chosen ? intersect(a, b) : union(a, b)), first);
  return reach === 'all' ? null : reach;
}

/** A new grant: the administrator's default, else limited and without actions until chosen. */
export function newGrant(offer: GrantOffer): Partial<PermissionGrantValues> {
  if (offer.all) return { ...NEW_PERMISSION_GRANT };
  return { actionEntitySet: [], limited: true, applicationIds: [] };
}

/** Whether the caller may give a resource of `applicationId`: the role has it, or they hold it within their applications. */
export function resourceOffered(offer: GrantOffer, resourceId: string, applicationId: string): boolean {
  if (offer.all || offer.kept.has(resourceId)) return true;
  return (
    offer.resources.has(resourceId) &&
    (applicationId === PLATFORM_APP_ID || reaches(offer.within, applicationId))
  );
}

/**
 * Whether a resource's box may be clicked: unchecking always narrows; checking grants it with
 * its ancestors not granted yet (`grantResource`), each of which the caller must be able to give.
 */
export function resourceCheckable(
  offer: GrantOffer,
  node: { resourceId: string; applicationId: string },
  granted: ReadonlySet<string>,
  parentOf: ParentOf,
): boolean {
  if (granted.has(node.resourceId)) return true;
  return [node.resourceId, ...ancestorsOf(node.resourceId, parentOf)].every(
    (id) => granted.has(id) || resourceOffered(offer, id, node.applicationId),
  );
}
