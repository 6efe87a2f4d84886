/** The areas of the identity screens, as their element codes name them. */
export type IdentityArea = 'user' | 'group' | 'role' | 'organization';

/** What a user may do on an area's screen: the button elements of its menu (spec §6). */
export type AreaCodes = { create: string; update: string; status: string; delete: string };

/**
 * The element codes of an area, in the pattern of the console's other screens
 * (`client:create`, `client:update`, `client:status`) plus `:delete`. Changes that are part
 * of editing a record (a user's roles, a role's grants, an organization's members or place)
 * need `:update`.
 */
export function areaCodes(area: IdentityArea): AreaCodes {
  return {
    create: `${area}:create`,
    update: `${area}:update`,
    status: `${area}:status`,
    delete: `${area}:delete`,
  };
}
