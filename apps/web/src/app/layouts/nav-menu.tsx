import type { ServerMenuItem } from '@gatehouse/contract';
import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { navIcon } from '@/components/nav-icons';
import { listedInNavigation } from '@/lib/menus';
import { menuTarget } from '../route-set';
import { navTitle } from '../route-titles';

type MenuItem = NonNullable<MenuProps['items']>[number];

/** A link out of the console that gives the page it opens no hold on this window. */
function externalLink(url: string, text: string) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
}

/**
 * Categories become submenus keyed by their name; menus are keyed by their console path. A
 * menu an administrator pointed at an http(s) address opens it in a new tab, without giving
 * it this window; one whose address is neither (`javascript:` above all) is left out.
 */
export function toMenuItems(
  items: ServerMenuItem[],
  depth = 0,
  title: (name: string, path?: string | null) => string = (name) => name,
  listed: (item: ServerMenuItem) => boolean = listedInNavigation(items),
): MenuItem[] {
  return items
    .filter(listed)
    .flatMap((item): MenuItem[] => {
      const children = toMenuItems(item.children, depth + 1, title, listed);
      if (depth === 0 || !item.menuPath) {
        const key = `category:${item.menuName}`;
        return [{ key, icon: navIcon(item.icon), label: title(item.menuName), children }];
      }
      const label = title(item.menuName, item.menuPath);
      const target = menuTarget(item.menuPath);
      const icon = navIcon(item.icon);
      if (target.kind === 'none') {
        console.warn('A menu with an address the console cannot open is left out', item.menuPath);
        return [];
      }
      if (target.kind === 'external') {
        return [{ key: target.url, icon, label: externalLink(target.url, label) }];
      }
      if (children.length > 0) return [{ key: target.path, icon, label, children }];
      return [{ key: target.path, icon, label }];
    })
    .filter((item) => {
      // A category the user can see nothing in is noise.
      const key = String(item?.key ?? '');
      return !key.startsWith('category:') || (item && 'children' in item && item.children?.length);
    });
}

/** The navigation key to highlight: the menu whose path matches, hidden detail screens included. */
function selectedMenuPath(items: ServerMenuItem[], pathname: string): string | undefined {
  for (const item of items) {
    if (item.menuPath && matchPath({ path: item.menuPath, end: true }, pathname)) return item.menuPath;
    const inChild = selectedMenuPath(item.children, pathname);
    if (inChild) return inChild;
  }
  return undefined;
}

export function NavMenu({ menus, collapsed }: { menus: ServerMenuItem[]; collapsed: boolean }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const language = i18n.language;
  const items = useMemo(
    () => toMenuItems(menus, 0, (name, path) => navTitle(language, name, path)),
    [menus, language],
  );
  // Every category starts open: the console has few, and hidden entries are hard to find.
  const [openKeys, setOpenKeys] = useState<string[]>(() => items.map((item) => String(item?.key)));
  const selected = selectedMenuPath(menus, pathname);

  return (
    <Menu
      mode="inline"
      // Collapsed, the menu shows its icons only and opens a category in a popup.
      inlineCollapsed={collapsed}
      items={items}
      selectedKeys={selected ? [selected] : []}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => {
        if (key.startsWith('/')) navigate(key);
      }}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
