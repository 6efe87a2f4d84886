import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { menuHasElement, useMenus } from '@/lib/access';

/**
 * `useAccess` for codes known only at render time, such as those of a screen's row actions:
 * whether the menu of the current path grants each element code (spec §6).
 */
export function useAllows(): (code: string) => boolean {
  const menus = useMenus();
  const { pathname } = useLocation();
  return useCallback((code: string) => menuHasElement(menus, pathname, code), [menus, pathname]);
}
