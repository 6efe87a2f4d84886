import { type Action, CRUD_ACTIONS } from './auth.ts';
import { PLATFORM_APP_ID } from './product.ts';

/**
 * The console's own navigation. It is the seed of the built-in `platform` application's
 * resource tree (category > menu > element), and the server builds the authorization
 * menus from that tree. The web route table takes titles and access codes from here too.
 */
export type NavMenu = {
  /** Absolute console path. */
  path: string;
  title: string;
  icon?: string;
  /** A hidden menu is routable but not shown in the navigation (detail screens). */
  hidden?: boolean;
  /** Keep the screen's state when the user switches tabs. */
  keepAlive?: boolean;
  /**
   * The screen whose permission and buttons this one shares: the -V2 routes repeat their
   * sibling, and Edit Organization is part of Manage Organization.
   */
  sameScreenAs?: string;
  /** Button-level codes (spec §6): an element resource under the menu. */
  elements?: readonly string[];
  /** The actions its permission offers, when not the four of spec §6 (`CRUD_ACTIONS`). */
  actions?: readonly Action[];
  children?: readonly NavMenu[];
};
type NavCategory = { key: string; title: string; icon: string; menus: readonly NavMenu[] };

const crud = <Area extends string>(area: Area) =>
  [`${area}:create`, `${area}:update`, `${area}:status`] as const;
/** The identity screens also delete. */
const crudDelete = <Area extends string>(area: Area) => [...crud(area), `${area}:delete`] as const;

/**
 * Written `as const`, so that the web's routes are typed against these paths and element
 * codes (`NavPath`, `elementCodes`): a path or code that is not here does not compile.
 */
export const CONSOLE_NAVIGATION = [
  {
    key: 'home',
    title: 'Home',
    icon: 'HomeOutlined',
    menus: [{ path: '/dashboard', title: 'Home', icon: 'DashboardOutlined', keepAlive: true }],
  },
  {
    key: 'applications',
    title: 'Applications',
    icon: 'AppstoreOutlined',
    menus: [
      {
        path: '/admin-setting/product',
        title: 'Product',
        icon: 'ShoppingOutlined',
        keepAlive: true,
        elements: crud('product'),
      },
      {
        path: '/admin-setting/detail',
        title: 'Product Detail',
        hidden: true,
        // Reached from a product's row: whoever may see products may see one in detail.
        sameScreenAs: '/admin-setting/product',
      },
      {
        path: '/admin-setting/application',
        title: 'Application',
        icon: 'AppstoreAddOutlined',
        keepAlive: true,
        elements: crud('application'),
      },
      {
        path: '/admin-setting/application-detail',
        title: 'Application Detail',
        hidden: true,
        sameScreenAs: '/admin-setting/application',
      },
    ],
  },
  {
    key: 'app-config',
    title: 'App Configuration',
    icon: 'SettingOutlined',
    menus: [
      {
        path: '/app-config/data-access',
        title: 'App Data Accesss',
        icon: 'DatabaseOutlined',
        keepAlive: true,
        elements: crud('data-access'),
      },
      {
        path: '/app-config/permission',
        title: 'App Permission',
        icon: 'SafetyOutlined',
        keepAlive: true,
        elements: crud('permission'),
      },
      {
        path: '/app-config/client',
        title: 'App Client',
        icon: 'ApiOutlined',
        keepAlive: true,
        elements: crud('client'),
      },
      {
        path: '/app-config/resource',
        title: 'App Resource',
        icon: 'PartitionOutlined',
        keepAlive: true,
        elements: crud('resource'),
      },
    ],
  },
  {
    key: 'identity',
    title: 'Identity',
    icon: 'TeamOutlined',
    menus: [
      {
        path: '/admin-setting/manage-user',
        title: 'Manage User',
        icon: 'UserOutlined',
        keepAlive: true,
        elements: crudDelete('user'),
      },
      {
        // Spec §2 routes the -V2 and -v2 paths to the same screens; the navigation lists each
        // screen once, so these are hidden: routable, but not a second entry in the menu.
        path: '/admin-setting/manage-user-V2',
        sameScreenAs: '/admin-setting/manage-user',
        title: 'Manage User V2',
        icon: 'UserOutlined',
        hidden: true,
        keepAlive: true,
      },
      {
        path: '/admin-setting/manage-group',
        elements: crudDelete('group'),
        title: 'Manage Group',
        icon: 'UsergroupAddOutlined',
        keepAlive: true,
      },
      {
        path: '/admin-setting/manage-group-v2',
        sameScreenAs: '/admin-setting/manage-group',
        title: 'Manage Group V2',
        icon: 'UsergroupAddOutlined',
        hidden: true,
        keepAlive: true,
      },
      {
        path: '/admin-setting/manage-role',
        title: 'Manage Role',
        icon: 'IdcardOutlined',
        keepAlive: true,
        elements: crudDelete('role'),
      },
      {
        path: '/admin-setting/manage-organization',
        elements: crudDelete('organization'),
        title: 'Manage Organization',
        icon: 'ClusterOutlined',
        keepAlive: true,
      },
      {
        path: '/admin-setting/edit-organization',
        title: 'Edit Organization',
        hidden: true,
        sameScreenAs: '/admin-setting/manage-organization',
      },
      {
        path: '/admin-setting/manage-policy',
        title: 'Manage Policy',
        icon: 'AuditOutlined',
        keepAlive: true,
      },
      {
        path: '/admin-setting/policy-mapping',
        title: 'Policy Mapping',
        icon: 'NodeIndexOutlined',
        keepAlive: true,
      },
    ],
  },
  {
    key: 'workflow',
    title: 'Workflow',
    icon: 'BranchesOutlined',
    menus: [
      { path: '/admin-setting/workflow', title: 'Workflow', icon: 'BranchesOutlined', keepAlive: true },
      { path: '/admin-setting/workflow-detail/:mode/:name', title: 'Workflow Detail', hidden: true },
      { path: '/admin-setting/workflow-dvf', title: 'Workflow DVF', icon: 'FormOutlined', keepAlive: true },
      { path: '/admin-setting/workflow-dvf-detail/:id/:mode', title: 'Workflow DVF Detail', hidden: true },
      {
        path: '/admin-setting/templateService',
        title: 'Template Service',
        icon: 'FileTextOutlined',
        keepAlive: true,
      },
      { path: '/admin-setting/templateService-detail', title: 'Template Service Detail', hidden: true },
    ],
  },
  {
    key: 'system',
    title: 'System',
    icon: 'ToolOutlined',
    menus: [
      {
        path: '/admin-setting/data-dict',
        title: 'Data Dictionary',
        icon: 'BookOutlined',
        keepAlive: true,
        elements: crudDelete('dictionary'),
      },
      {
        path: '/admin-setting/audit-log',
        title: 'Audit Log',
        icon: 'FileSearchOutlined',
        keepAlive: true,
        // Reading the trail and taking it away are granted apart (issue 28).
        actions: ['retrieve', 'export'],
      },
      {
        path: '/admin-setting/webhook',
        title: 'Webhooks',
        icon: 'ApiOutlined',
        keepAlive: true,
        elements: crudDelete('webhook'),
      },
      {
        path: '/admin-setting/console-settings',
        title: 'Console Settings',
        icon: 'SettingOutlined',
        keepAlive: true,
      },
      { path: '/admin-setting/am-bucket', title: 'Bucket', icon: 'InboxOutlined', keepAlive: true },
      { path: '/admin-setting/am-space', title: 'Space', icon: 'CloudOutlined', keepAlive: true },
      {
        path: '/admin-setting/provider',
        title: 'Provider',
        icon: 'CloudServerOutlined',
        keepAlive: true,
        elements: crudDelete('provider'),
      },
    ],
  },
  {
    key: 'notification',
    title: 'Notification',
    icon: 'BellOutlined',
    menus: [{ path: '/notification/message', title: 'Message', icon: 'MessageOutlined', keepAlive: true }],
  },
] as const satisfies readonly NavCategory[];

/** Pages every signed-in user has, outside the permission-driven navigation. */
export const ACCOUNT_ROUTES = [
  { path: '/account-setting', title: 'Account Setting' },
  { path: '/account-setting/security', title: 'Account Security Setting' },
  { path: '/profile-page', title: 'Profile' },
] as const;

/**
 * The id of a console path's resource in the `platform` tree: `/app-config/client` becomes
 * `app-config.client`. Every navigation path has its own.
 */
export function resourceIdForPath(path: string): string {
  return path
    .split('/')
    .filter((part) => part !== '' && !part.startsWith(':'))
    .join('.');
}

/**
 * The permission id of a console path, as the per-route check of spec §6 reads it:
 * `/app-config/client` becomes `app-config.client`. A path that repeats another screen (the
 * -V2 routes) checks that screen's permission, so one grant covers both.
 */
export function permissionIdForPath(path: string): string {
  return resourceIdForPath(screenPathOf(path));
}

/** The path of the screen whose permission and buttons `path` shares: itself, or its `sameScreenAs`. */
export function screenPathOf(path: string): string {
  return sameScreens().get(path) ?? path;
}

let sameScreenMap: Map<string, string> | undefined;
function sameScreens(): Map<string, string> {
  sameScreenMap ??= new Map(
    allNavMenus().flatMap((m) => (m.sameScreenAs ? [[m.path, m.sameScreenAs] as const] : [])),
  );
  return sameScreenMap;
}

/**
 * The actions a grant may give on `permissionId` of `applicationId`: for a console area the
 * ones its menu names, else the four of spec §6. Another application's permissions offer
 * those four.
 */
export function actionsOf(
  applicationId: string | undefined,
  permissionId: string | undefined,
): readonly Action[] {
  if (applicationId !== PLATFORM_APP_ID || permissionId === undefined) return CRUD_ACTIONS;
  consoleActions ??= new Map(
    allNavMenus().flatMap((m) => (m.actions ? [[permissionIdForPath(m.path), m.actions] as const] : [])),
  );
  return consoleActions.get(permissionId) ?? CRUD_ACTIONS;
}
let consoleActions: Map<string, readonly Action[]> | undefined;

export function allNavMenus(): NavMenu[] {
  const out: NavMenu[] = [];
  const walk = (menus: readonly NavMenu[]) => {
    for (const m of menus) {
      out.push(m);
      if (m.children) walk(m.children);
    }
  };
  for (const c of CONSOLE_NAVIGATION) walk(c.menus);
  return out;
}

/** Every menu of the navigation, nested ones included, with its literal type. */
type MenuIn<M> = M | (M extends { readonly children: readonly (infer C)[] } ? MenuIn<C> : never);
type ConsoleMenu = MenuIn<(typeof CONSOLE_NAVIGATION)[number]['menus'][number]>;
type ElementsOf<M> = M extends { readonly elements: readonly (infer E extends string)[] } ? E : never;

/** A path of the console's navigation: what a web route of the console is declared with. */
export type NavPath = ConsoleMenu['path'];
type MenuAt<P extends NavPath> = Extract<ConsoleMenu, { readonly path: P }>;
type ScreenAt<P extends NavPath> =
  MenuAt<P> extends { readonly sameScreenAs: infer S extends NavPath } ? S : P;

/** The element codes of a screen by what they allow: `{ create: 'client:create', … }`. */
export type ElementCodes<P extends NavPath> = {
  readonly [C in ElementsOf<MenuAt<ScreenAt<P>>> as C extends `${string}:${infer Change}`
    ? Change
    : never]: C;
};

/**
 * The element codes of the screen at `path` (its `sameScreenAs` screen's, for a path that
 * repeats another), keyed by what each allows: `elementCodes('/app-config/client').create`
 * is `client:create`. A screen reads its codes here rather than spelling them out.
 */
export function elementCodes<P extends NavPath>(path: P): ElementCodes<P> {
  const screen = screenPathOf(path);
  const menu = allNavMenus().find((m) => m.path === screen);
  const codes: Record<string, string> = {};
  for (const code of menu?.elements ?? []) codes[code.slice(code.lastIndexOf(':') + 1)] = code;
  return codes as ElementCodes<P>;
}
