/** Browser storage keys of spec §3. The storage module prefixes and upper-cases them. */
export const STORAGE_PREFIX = 'gatehouse';
export const STORAGE_KEYS = {
  accessToken: 'Access-Token',
  currentUser: 'Current-User',
  isLockscreen: 'Is-Lockscreen',
  tabsRoutes: 'Tabs-Routes',
} as const;
