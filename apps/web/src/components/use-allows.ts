import { useMemo } from 'react';
import { elementMenuOf, useAccessPath, useMenus } from '@/lib/access';

/**
 * `useAccess` for codes known only at render time, such as those of a screen's row actions:
 * whether the menu of the current path (or `AccessAs`'s) grants each element code (spec §6).
 */
export function useAllows(): (code: string) => boolean {
  const menus = useMenus();
  const pathname = useAccessPath();
  // The screen's menu is found once per path, not once per row and action of a table.
  return useMemo(() => {
    const codes = new Set(elementMenuOf(menus, pathname)?.elements.map((e) => e.code));
    return (code: string) => codes.has(code);
  }, [menus, pathname]);
}
