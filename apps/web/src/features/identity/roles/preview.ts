import type { Resource, ServerMenuItem } from '@gatehouse/contract';

/** What the preview reads of a resource. */
export type PreviewResource = Pick<
  Resource,
  'resourceId' | 'parentId' | 'id' | 'name' | 'type' | 'url' | 'order' | 'status'
>;

/** By order, then id: the order the server lists a level in. */
const byOrder = (a: PreviewResource, b: PreviewResource) =>
  a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A category has no page, so its path is `/` + its id, as the server makes it. */
const menuPathOf = (row: PreviewResource) => row.url ?? `/${row.id}`;

/**
 * The navigation a role would see, computed as the server computes the authorization menus
 * (modules/menus): of the platform application's resources, those that are enabled and
 * granted form a tree, and a resource shows only when its whole parent chain does. The
 * categories are at the top, menus nest, and each menu carries its granted elements' codes.
 * The built-in Administrator is granted everything (`'all'`).
 */
export function previewMenus(
  resources: readonly PreviewResource[],
  granted: ReadonlySet<string> | 'all',
): ServerMenuItem[] {
  const present = resources.filter(
    (r) => r.status === 'ENABLED' && (granted === 'all' || granted.has(r.resourceId)),
  );
  const ids = new Set(present.map((r) => r.resourceId));
  const childrenOf = new Map<string, PreviewResource[]>();
  const roots: PreviewResource[] = [];
  for (const row of [...present].sort(byOrder)) {
    if (row.parentId === null) roots.push(row);
    else if (ids.has(row.parentId))
      childrenOf.set(row.parentId, [...(childrenOf.get(row.parentId) ?? []), row]);
  }
  const toMenu = (row: PreviewResource): ServerMenuItem => {
    const children = childrenOf.get(row.resourceId) ?? [];
    return {
      menuPath: menuPathOf(row),
      menuName: row.name,
      icon: null,
      hidden: false,
      elements:
        row.type === 'MENU' ? children.filter((c) => c.type === 'ELEMENT').map((c) => ({ code: c.id })) : [],
      children: children.filter((c) => c.type === 'MENU').map(toMenu),
    };
  };
  return roots.filter((r) => r.type !== 'ELEMENT').map(toMenu);
}

/** How many menus (screens) and buttons the preview shows, for its summary. */
export function countPreview(menus: readonly ServerMenuItem[]): { menus: number; elements: number } {
  let count = { menus: 0, elements: 0 };
  const walk = (items: readonly ServerMenuItem[], depth: number) => {
    for (const item of items) {
      // The top level is the categories, which are not screens.
      if (depth > 0) count = { menus: count.menus + 1, elements: count.elements + item.elements.length };
      walk(item.children, depth + 1);
    }
  };
  walk(menus, 0);
  return count;
}
