import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { menuHasElement, useMenus } from '@/lib/access';

/**
 * `useAccess` for codes known only at render time, such as those of a screen's row actions:
 * whether the menu of the current path grants each element code (spec §6).
 */
export function useAllows(): (code: string) => boolean {
  const menus = useMenus();
  const { pathname } = useLocation();
  // Each code is looked up once per path: a table asks for every row, and the lookup walks
  // every menu.
  return useMemo(() => {
    const known = new Map<string, boolean>();
    return (code: string) => {
      let allowed = known.get(code);
      if (allowed === undefined) {
        allowed = menuHasElement(menus, pathname, code);
        known.set(code, allowed);
      }
      return allowed;
    };
  }, [menus, pathname]);
}
