/** The areas of the identity screens, as their element codes name them. */
export type IdentityArea = 'user' | 'group' | 'role' | 'organization';

import type { AccessNeed } from '@/lib/access';

/** What a user may do on an area's screen: the button elements of its menu (spec §6). */
export type AreaCodes = {
  create: string;
  update: string;
  status: string;
  delete: string;
  /**
   * The dotted permission the server checks, when the screen's own path names another one
   * (Edit Organization is checked as Manage Organization).
   */
  permissionId?: string;
};

/**
 * The element codes of an area, in the pattern of the console's other screens
 * (`client:create`, `client:update`, `client:status`) plus `:delete`. Changes that are part
 * of editing a record (a user's roles, a role's grants, an organization's members or place)
 * need `:update`.
 */
export function areaCodes(area: IdentityArea, permissionId?: string): AreaCodes {
  return {
    create: `${area}:create`,
    update: `${area}:update`,
    status: `${area}:status`,
    delete: `${area}:delete`,
    ...(permissionId ? { permissionId } : {}),
  };
}

/** The role's action each change needs besides its element code: a status change is an update. */
const ACTION_OF = { create: 'create', update: 'update', status: 'update', delete: 'delete' } as const;

/**
 * Both checks of spec §6 for one change of an area, as `AccessDisable` and `useAllowed` take
 * them: the menu's element code and the role's action on the area's permission.
 */
export function need(codes: AreaCodes, change: keyof typeof ACTION_OF): AccessNeed {
  return { code: codes[change], action: ACTION_OF[change], permissionId: codes.permissionId };
}
