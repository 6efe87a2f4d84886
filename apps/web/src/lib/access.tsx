import {
  type ReactElement,
  type ReactNode,
  cloneElement,
  createContext,
  isValidElement,
  useCallback,
  useContext,
  useMemo,
} from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router';
import {
  type Action,
  type RolePermission,
  type ServerMenuItem,
  permissionIdForPath,
} from '@gatehouse/contract';

type AccessState = { menus: ServerMenuItem[]; permissions: RolePermission[] };

const AccessContext = createContext<AccessState>({ menus: [], permissions: [] });

/** The signed-in shell provides the server's menus and the user's role permissions. */
export function AccessProvider({ menus, permissions, children }: AccessState & { children: ReactNode }) {
  const value = useMemo(() => ({ menus, permissions }), [menus, permissions]);
  return <AccessContext.Provider value={value}>{children}</AccessContext.Provider>;
}

/** The menu whose path matches `pathname`; detail paths such as `/x/:id` match by pattern. */
export function findMenuByPath(menus: ServerMenuItem[], pathname: string): ServerMenuItem | undefined {
  for (const menu of menus) {
    if (menu.menuPath && matchPath({ path: menu.menuPath, end: true }, pathname)) return menu;
    const inChild = findMenuByPath(menu.children, pathname);
    if (inChild) return inChild;
  }
  return undefined;
}

/** Spec §6: allowed when the menu of `pathname` carries an element with `code`. */
export function menuHasElement(menus: ServerMenuItem[], pathname: string, code: string): boolean {
  return findMenuByPath(menus, pathname)?.elements.some((e) => e.code === code) ?? false;
}

/** Spec §6, the per-route check: the role grants `action` on the dotted `permissionId`. */
export function hasAction(permissions: RolePermission[], permissionId: string, action: Action): boolean {
  return permissions.some((p) => p.permissionId === permissionId && p.actionEntitySet.includes(action));
}

export function useMenus(): ServerMenuItem[] {
  return useContext(AccessContext).menus;
}

export function useAccess(code: string): boolean {
  const { menus } = useContext(AccessContext);
  const { pathname } = useLocation();
  return menuHasElement(menus, pathname, code);
}

/** `(action, permissionId?)`; the permission id defaults to the current path's. */
export function useHasAction(): (action: Action, permissionId?: string) => boolean {
  const { permissions } = useContext(AccessContext);
  const { pathname } = useLocation();
  return useCallback(
    (action, permissionId) => hasAction(permissions, permissionId ?? permissionIdForPath(pathname), action),
    [permissions, pathname],
  );
}

/** Renders its children only when the user holds `code`. */
export function Access({
  code,
  children,
  fallback = null,
}: {
  code: string;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useAccess(code) ? children : fallback;
}

type DisableableProps = { disabled?: boolean; title?: string };

/** Shows its child disabled, titled "No permission", when the user lacks `code`. */
export function AccessDisable({
  code,
  children,
}: {
  code: string;
  children: ReactElement<DisableableProps>;
}) {
  const allowed = useAccess(code);
  const { t } = useTranslation();
  if (allowed || !isValidElement(children)) return children;
  const title = t('noPermission');
  // A disabled control receives no pointer events, so the tooltip sits on a wrapper.
  return (
    <span title={title} style={{ display: 'inline-block', cursor: 'not-allowed' }}>
      {cloneElement(children, { disabled: true, title })}
    </span>
  );
}
