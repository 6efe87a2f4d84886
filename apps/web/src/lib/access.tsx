import {
  type Action,
  permissionIdForPath,
  type RolePermission,
  type ServerMenuItem,
  screenPathOf,
} from '@gatehouse/contract';
import {
  cloneElement,
  createContext,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
} from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router';

type AccessState = { menus: ServerMenuItem[]; permissions: RolePermission[] };

const AccessContext = createContext<AccessState>({ menus: [], permissions: [] });

/** The screen whose menu and permission the controls below check, when not the current route's. */
const AccessPathContext = createContext<string | undefined>(undefined);

/**
 * The controls below check the screen at `path` rather than the current route: its menu's
 * element codes and its permission (spec §6). For a screen's list shown inside another screen,
 * such as an application's webhooks on Application Detail, which need the Webhooks screen's
 * codes and permission, not Application Detail's.
 */
export function AccessAs({ path, children }: { path: string; children: ReactNode }) {
  return <AccessPathContext.Provider value={path}>{children}</AccessPathContext.Provider>;
}

/** The path whose menu and permission access checks read: the current route's, unless `AccessAs` names another. */
export function useAccessPath(): string {
  const own = useContext(AccessPathContext);
  const { pathname } = useLocation();
  return own ?? pathname;
}

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

/**
 * The menu whose element codes the screen at `pathname` uses (spec §6). A screen that shares
 * another's buttons (`sameScreenAs`: the -V2 routes, Edit Organization) reads that screen's
 * menu, since an element id is unique within the application.
 */
export function elementMenuOf(menus: ServerMenuItem[], pathname: string): ServerMenuItem | undefined {
  const own = findMenuByPath(menus, pathname);
  const shared = screenPathOf(own?.menuPath ?? pathname);
  return own && shared === own.menuPath ? own : findMenuByPath(menus, shared);
}

/** Spec §6: allowed when the menu of `pathname` carries an element with `code`. */
export function menuHasElement(menus: ServerMenuItem[], pathname: string, code: string): boolean {
  return elementMenuOf(menus, pathname)?.elements.some((e) => e.code === code) ?? false;
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
  const pathname = useAccessPath();
  return menuHasElement(menus, pathname, code);
}

/**
 * The dotted permission id of `pathname`: its menu's path (a pattern such as
 * `/admin-setting/workflow-detail/:mode/:name` for a detail screen), else the path itself.
 */
export function permissionIdOf(menus: ServerMenuItem[], pathname: string): string {
  return permissionIdForPath(findMenuByPath(menus, pathname)?.menuPath ?? pathname);
}

/** `(action, permissionId?)`; the permission id defaults to the current path's (or `AccessAs`'s). */
export function useHasAction(): (action: Action, permissionId?: string) => boolean {
  const { menus, permissions } = useContext(AccessContext);
  const pathname = useAccessPath();
  // Matched once per path: a table asks for every row, and matching walks every menu.
  const own = useMemo(() => permissionIdOf(menus, pathname), [menus, pathname]);
  return useCallback(
    (action, permissionId) => hasAction(permissions, permissionId ?? own, action),
    [permissions, own],
  );
}

/**
 * What a control needs: the §6 element code of the current menu, an action of the per-route
 * check (on the current path's permission unless `permissionId` names another), or both.
 */
export type AccessNeed =
  | { code: string; action?: Action; permissionId?: string }
  | { code?: undefined; action: Action; permissionId?: string };

/** True when the user holds everything `need` names. */
export function useAllowed({ code, action, permissionId }: AccessNeed): boolean {
  const { menus } = useContext(AccessContext);
  const pathname = useAccessPath();
  const can = useHasAction();
  return (
    (code === undefined || menuHasElement(menus, pathname, code)) &&
    (action === undefined || can(action, permissionId))
  );
}

type DisableableProps = { disabled?: boolean; title?: string };

/**
 * Shows its child disabled, titled "No permission" (暂无权限 in Chinese), when the user lacks
 * what `need` names: the control stays where the user expects it, and says why it is off.
 */
export function AccessDisable({
  children,
  ...need
}: AccessNeed & {
  children: ReactElement<DisableableProps>;
}) {
  const allowed = useAllowed(need);
  const { t } = useTranslation();
  if (allowed || !isValidElement(children)) return children;
  return <NoPermission title={t('noPermission')}>{children}</NoPermission>;
}

/**
 * What `AccessDisable` shows to a user without the permission: its child disabled and titled
 * with `title`. For a table's rows, which check the permission once rather than per row.
 */
export function NoPermission({
  title,
  children,
}: {
  title: string;
  children: ReactElement<DisableableProps>;
}) {
  // A disabled control receives no pointer events, so the tooltip sits on a wrapper.
  return (
    <span title={title} style={{ display: 'inline-block', cursor: 'not-allowed' }}>
      {cloneElement(children, { disabled: true, title })}
    </span>
  );
}
