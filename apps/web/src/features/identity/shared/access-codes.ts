import { elementCodes } from '@gatehouse/contract';
import type { AccessNeed } from '@/lib/access';
import { IDENTITY_PATHS } from '../paths';

/** The screen of each identity area, whose menu holds the area's element codes. */
const AREA_SCREENS = {
  user: IDENTITY_PATHS.user,
  group: IDENTITY_PATHS.group,
  role: IDENTITY_PATHS.role,
  organization: IDENTITY_PATHS.organization,
} as const;

/** The areas of the identity screens, as their element codes name them. */
export type IdentityArea = keyof typeof AREA_SCREENS;

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
 * The element codes of an area's screen (the contract's navigation): `user:create`,
 * `user:update`, `user:status` and `user:delete`. Changes that are part of editing a record (a
 * user's roles, a role's grants, an organization's members or place) need `:update`.
 */
export function areaCodes(area: IdentityArea, permissionId?: string): AreaCodes {
  return { ...elementCodes(AREA_SCREENS[area]), ...(permissionId ? { permissionId } : {}) };
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
