import { CONSOLE_NAVIGATION, type NavMenu, type ServerMenuItem } from '@gatehouse/contract';

/** A server menu item with nothing but what the test names. */
export function serverMenu(
  menuPath: string,
  menuName: string,
  extra: Partial<ServerMenuItem> = {},
): ServerMenuItem {
  return { menuPath, menuName, icon: null, hidden: false, elements: [], children: [], ...extra };
}

function toServerMenu(menu: NavMenu, keep: (path: string) => boolean): ServerMenuItem[] {
  if (!keep(menu.path)) return [];
  return [
    serverMenu(menu.path, menu.title, {
      icon: menu.icon ?? null,
      hidden: menu.hidden ?? false,
      elements: (menu.elements ?? []).map((code) => ({ code })),
      children: (menu.children ?? []).flatMap((child) => toServerMenu(child, keep)),
    }),
  ];
}

/**
 * The authorization menus as the server builds them from the platform tree: categories at the
 * top (their path is `/` + their key), then the menus with their element codes. Everything by
 * default, as the built-in administrator has it; `keep` narrows it to some paths.
 */
export function consoleMenus(keep: (path: string) => boolean = () => true): ServerMenuItem[] {
  return CONSOLE_NAVIGATION.map((category) =>
    serverMenu(`/${category.key}`, category.title, {
      icon: category.icon,
      children: category.menus.flatMap((menu) => toServerMenu(menu, keep)),
    }),
  ).filter((category) => category.children.length > 0);
}
