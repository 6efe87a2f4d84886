import { ACTIONS, type Action, PLATFORM_APP_ID, type RoleGrants } from '@gatehouse/contract';

/** A permission grant as the grants form edits it. */
export type PermissionGrantValues = {
  applicationId: string;
  permissionId: string;
  actionEntitySet: Action[];
  /** Delegated administration: the platform grant covers only `applicationIds`. */
  limited: boolean;
  applicationIds: string[];
};

/** The grants form: the permission grants, and every granted resource of every application. */
export type GrantValues = { permissions: PermissionGrantValues[]; resources: string[] };

/** A new grant: a platform permission to read, until the user picks otherwise. */
export const NEW_PERMISSION_GRANT: Partial<PermissionGrantValues> = {
  applicationId: PLATFORM_APP_ID,
  actionEntitySet: ['retrieve'],
  limited: false,
  applicationIds: [],
};

/** Only a platform grant can be limited to applications (IDENTITY_MESSAGES.scopeOnlyOnPlatform). */
export const canLimit = (applicationId: string | undefined) => applicationId === PLATFORM_APP_ID;

/** The role's grants as the form shows them; a grant without `applicationIds` covers every application. */
export function toGrantValues(grants: RoleGrants): GrantValues {
  return {
    permissions: grants.permissions.map((grant) => ({
      applicationId: grant.applicationId,
      permissionId: grant.permissionId,
      actionEntitySet: ACTIONS.filter((a) => grant.actionEntitySet.includes(a)),
      limited: grant.applicationIds !== undefined,
      applicationIds: grant.applicationIds ?? [],
    })),
    resources: [...grants.resources],
  };
}

/**
 * The body of PUT role/{id}/grants: the actions in their usual order, `applicationIds` only
 * on a limited platform grant (empty then means no application at all), each resource once.
 */
export function toRoleGrants(values: GrantValues): RoleGrants {
  return {
    permissions: values.permissions.map((grant) => ({
      applicationId: grant.applicationId,
      permissionId: grant.permissionId,
      actionEntitySet: ACTIONS.filter((a) => grant.actionEntitySet.includes(a)),
      ...(canLimit(grant.applicationId) && grant.limited
        ? { applicationIds: [...new Set(grant.applicationIds)] }
        : {}),
    })),
    resources: [...new Set(values.resources)],
  };
}

/** Where a resource sits: its parent's id, null at the root, undefined when not loaded. */
export type ParentOf = (resourceId: string) => string | null | undefined;
/** The children loaded so far under a resource. */
export type ChildrenOf = (resourceId: string) => readonly string[];

/** The ancestors of a resource that are known, nearest first. */
export function ancestorsOf(resourceId: string, parentOf: ParentOf): string[] {
  const out: string[] = [];
  const seen = new Set([resourceId]);
  for (let parent = parentOf(resourceId); parent; parent = parentOf(parent)) {
    // A loop in the data would otherwise never end.
    if (seen.has(parent)) break;
    seen.add(parent);
    out.push(parent);
  }
  return out;
}

function descendantsOf(resourceId: string, childrenOf: ChildrenOf): string[] {
  const out: string[] = [];
  const stack = [...childrenOf(resourceId)];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (out.includes(id)) continue;
    out.push(id);
    stack.push(...childrenOf(id));
  }
  return out;
}

/**
 * Checking a resource grants it with its ancestors: the console shows a menu or a button only
 * when its whole parent chain is granted too, so a grant without them would do nothing.
 */
export function grantResource(granted: readonly string[], resourceId: string, parentOf: ParentOf): string[] {
  return [...new Set([...granted, resourceId, ...ancestorsOf(resourceId, parentOf)])];
}

/**
 * Unchecking a resource revokes it with what is loaded below it, which would no longer show.
 * What has not loaded keeps its grant; it shows again if the resource is granted again.
 */
export function revokeResource(
  granted: readonly string[],
  resourceId: string,
  childrenOf: ChildrenOf,
): string[] {
  const revoked = new Set([resourceId, ...descendantsOf(resourceId, childrenOf)]);
  return granted.filter((id) => !revoked.has(id));
}

/** A granted resource that will not show, because a known ancestor of it is not granted. */
export function isHiddenGrant(granted: ReadonlySet<string>, resourceId: string, parentOf: ParentOf): boolean {
  return granted.has(resourceId) && ancestorsOf(resourceId, parentOf).some((id) => !granted.has(id));
}
