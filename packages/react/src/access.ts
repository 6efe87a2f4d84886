/**
 * What the `gatehouse` scope's claims grant in the client's application, and the two checks of
 * the console's own access rules (spec §6, apps/web/src/lib/access.tsx): an element code the
 * user holds, and an action on a permission. The console reads element codes from the menu of
 * the current screen; a token carries its application's granted element codes as one list, so
 * here an element check reads that list.
 */

/** A permission the token grants, with its actions (`retrieve`, `create`, `update`, `delete`, …). */
export type GrantedPermission = { permissionId: string; actions: string[] };

/** The user's rights in the client's application, from the ID token's `gatehouse` claims. */
export type GatehouseAccess = {
  roles: string[];
  permissions: GrantedPermission[];
  elements: string[];
};

/**
 * What a control needs: an element code, an action on a permission, or both (the console's
 * `AccessNeed`; without a current route, an action always names its permission).
 */
export type AccessNeed =
  | { code: string; permissionId?: string; action?: string }
  | { code?: undefined; permissionId: string; action: string };

export const NO_ACCESS: GatehouseAccess = { roles: [], permissions: [], elements: [] };

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * The `roles`, `permissions` and `elements` claims of an ID token or userinfo answer; what is
 * missing or malformed grants nothing (a token without the `gatehouse` scope has none).
 */
export function accessOf(claims: Record<string, unknown> | undefined): GatehouseAccess {
  if (!claims) return NO_ACCESS;
  const permissions = Array.isArray(claims.permissions)
    ? claims.permissions.flatMap((p: unknown) => {
        const { permissionId, actions } = (p ?? {}) as { permissionId?: unknown; actions?: unknown };
        return typeof permissionId === 'string' ? [{ permissionId, actions: strings(actions) }] : [];
      })
    : [];
  return { roles: strings(claims.roles), permissions, elements: strings(claims.elements) };
}

/** Spec §6, the per-route check: some permission `permissionId` grants `action`. */
export function can(access: GatehouseAccess, permissionId: string, action: string): boolean {
  return access.permissions.some((p) => p.permissionId === permissionId && p.actions.includes(action));
}

/** Spec §6, the element check: the user holds the element `code` in the application. */
export function hasElement(access: GatehouseAccess, code: string): boolean {
  return access.elements.includes(code);
}

/** True when the user holds everything `need` names; a bare string is an element code. */
export function allows(access: GatehouseAccess, need: AccessNeed | string): boolean {
  const { code, permissionId, action } = typeof need === 'string' ? { code: need } : need;
  if (code === undefined && (permissionId === undefined || action === undefined)) return false;
  if (code !== undefined && !hasElement(access, code)) return false;
  if (permissionId !== undefined || action !== undefined) {
    // An action without its permission (or the reverse) names nothing the user could hold.
    if (permissionId === undefined || action === undefined) return false;
    return can(access, permissionId, action);
  }
  return true;
}
