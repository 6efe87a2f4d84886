import { type ServerMenuItem, screenPathOf } from '@gatehouse/contract';

/**
 * Which menus of the authorization menus the navigation lists: not hidden, and each screen
 * once. Spec §2 routes the -V2 and -v2 paths to the screens of their siblings; the platform's
 * tree has them hidden, but an installation seeded before they were still shows them, and the
 * seed never changes a node it finds. So a menu that repeats a screen (`sameScreenAs`) is left
 * out wherever that screen's own menu is listed; its path stays routable.
 */
export function listedInNavigation(menus: readonly ServerMenuItem[]): (item: ServerMenuItem) => boolean {
  const listed = new Set<string>();
  const walk = (items: readonly ServerMenuItem[]) => {
    for (const item of items) {
      if (item.hidden) continue;
      if (item.menuPath) listed.add(item.menuPath);
      walk(item.children);
    }
  };
  walk(menus);
  return (item) => {
    if (item.hidden) return false;
    const screen = item.menuPath ? screenPathOf(item.menuPath) : item.menuPath;
    return screen === item.menuPath || !listed.has(screen);
  };
}
