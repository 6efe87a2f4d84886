import { isMenuUrl, type LegacyMenuItem, PLATFORM_APP_ID, type ServerMenuItem } from '@gatehouse/contract';
import type { Database } from '../../db/client.ts';
import type { AuthState } from '../../lib/auth-state.ts';
import { findGrantedResources, type MenuResource } from '../access/in-application.ts';

type ResourceRow = MenuResource;

/** Display order among siblings: `order`, then `id` (by code unit, the same on every database). */
function byDisplayOrder(a: ResourceRow, b: ResourceRow): number {
  return a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The granted resources that form a connected tree: a resource shows only when its whole
 * parent chain is enabled and granted too, so disabling a category hides everything in it.
 * Roots and each node's children come in display order.
 */
function reachable(rows: ResourceRow[]): { roots: ResourceRow[]; childrenOf: Map<string, ResourceRow[]> } {
  const present = new Set(rows.map((r) => r.resourceId));
  const childrenOf = new Map<string, ResourceRow[]>();
  const roots: ResourceRow[] = [];
  for (const row of rows) {
    if (row.parentId === null) roots.push(row);
    else if (present.has(row.parentId)) {
      const siblings = childrenOf.get(row.parentId);
      if (siblings) siblings.push(row);
      else childrenOf.set(row.parentId, [row]);
    }
  }
  roots.sort(byDisplayOrder);
  for (const siblings of childrenOf.values()) siblings.sort(byDisplayOrder);
  return { roots, childrenOf };
}

/**
 * The URL a menu may hand out: one the contract's rule accepts. A URL stored before the
 * rule (`javascript:…`, control characters) is treated as none, since the applications
 * that read these menus render them as links.
 */
function safeUrlOf(row: ResourceRow): string | null {
  return row.url !== null && isMenuUrl(row.url) ? row.url : null;
}

/**
 * A category has no page of its own, so its menuPath is `/` + its id (`/app-config`):
 * unique, stable, and for `/app-config` the path the console redirects to its first screen.
 */
function menuPathOf(row: ResourceRow): string {
  return safeUrlOf(row) ?? `/${row.id}`;
}

function toServerMenu(row: ResourceRow, childrenOf: Map<string, ResourceRow[]>): ServerMenuItem {
  const children = childrenOf.get(row.resourceId) ?? [];
  return {
    menuPath: menuPathOf(row),
    menuName: row.name,
    icon: row.icon,
    hidden: row.hidden,
    elements:
      row.type === 'MENU' ? children.filter((c) => c.type === 'ELEMENT').map((c) => ({ code: c.id })) : [],
    children: children.filter((c) => c.type === 'MENU').map((c) => toServerMenu(c, childrenOf)),
  };
}

/** The caller's enabled roles, or every resource for the Administrator. */
function grantedTo(auth: AuthState): string[] | 'all' {
  return auth.isAdministrator ? 'all' : auth.roleIds;
}

export class MenuService {
  constructor(private readonly db: Database) {}

  private async tree(auth: AuthState, applicationId: string) {
    return reachable(await findGrantedResources(this.db, applicationId, grantedTo(auth)));
  }

  /** Spec §3 server menu items: categories at the top, menus nested, a menu's elements as codes. */
  async serverMenus(auth: AuthState, applicationId = PLATFORM_APP_ID): Promise<ServerMenuItem[]> {
    const { roots, childrenOf } = await this.tree(auth, applicationId);
    return roots.filter((r) => r.type !== 'ELEMENT').map((r) => toServerMenu(r, childrenOf));
  }

  /** Spec §3 legacy menu items: the same tree, flat, parents before children. */
  async legacyMenus(auth: AuthState, applicationId = PLATFORM_APP_ID): Promise<LegacyMenuItem[]> {
    const { roots, childrenOf } = await this.tree(auth, applicationId);
    const out: LegacyMenuItem[] = [];
    const walk = (row: ResourceRow) => {
      out.push({
        id: row.resourceId,
        name: row.name,
        parentId: row.parentId,
        sort: row.order,
        keepAlive: row.keepAlive,
        url: safeUrlOf(row),
        icon: row.icon,
        meta: { title: row.name, type: row.type },
      });
      for (const child of childrenOf.get(row.resourceId) ?? []) walk(child);
    };
    for (const root of roots) walk(root);
    return out;
  }
}
