/**
 * The root query key of each entity whose queries several features share. A screen's own
 * queries sit under its entity's root, so a change invalidates one key and every list, choice
 * and record of that entity asks again.
 */

/** Applications: the Application screen, the application pickers, the app-config screens' application. */
export const applicationsKey = ['applications'] as const;

/**
 * Every identity query starts with this key. A change to one record often shows on another
 * screen (a user's groups are a group's members and its member count), so the changes that
 * cross screens refresh everything under it.
 */
export const identityKey = ['identity'] as const;

/** The app-config screens' records, each under its screen's key. */
export const clientsKey = ['app-config', 'clients'] as const;
export const permissionsKey = ['app-config', 'permissions'] as const;
export const resourcesKey = ['app-config', 'resources'] as const;

/** An application's data objects and their sets (Application Detail, a data access's scope). */
export const objectsKey = ['objects'] as const;
export const setsKey = ['sets'] as const;

/** How many matches a picker offers; typing narrows them on the server. */
export const CHOICES_SIZE = 20;

/** The first page of matches for a picker: `keyword` when something was typed. */
export function choiceParams(keyword: string, extra: Record<string, unknown> = {}) {
  return { page: 0, size: CHOICES_SIZE, ...extra, ...(keyword ? { keyword } : {}) };
}
