/**
 * The open tabs of the console header (spec §2, §3 `Tabs-Routes`): one per screen, keyed by
 * its path, remembering the full address (query included) so a tab reopens its list as it
 * was left. Pure functions; the tab bar and the kept screens share them.
 */
export type Tab = {
  /** The pathname: a screen has one tab whatever its query. */
  path: string;
  /** Pathname plus query, where the tab leads back to. */
  url: string;
  title: string;
};

/** Opens or refreshes the tab of `tab.path`; a new one goes at the end. */
export function openTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const at = tabs.findIndex((t) => t.path === tab.path);
  if (at === -1) return [...tabs, tab];
  const old = tabs[at];
  if (old && old.url === tab.url && old.title === tab.title) return tabs as Tab[];
  return tabs.map((t, i) => (i === at ? tab : t));
}

export type CloseAction = 'close' | 'others' | 'right' | 'all';

/** The tabs left after `action` on the tab of `path`. */
export function closeTabs(tabs: readonly Tab[], path: string, action: CloseAction): Tab[] {
  const at = tabs.findIndex((t) => t.path === path);
  switch (action) {
    case 'close':
      return tabs.filter((t) => t.path !== path);
    case 'others':
      return tabs.filter((t) => t.path === path);
    case 'right':
      return at === -1 ? [...tabs] : tabs.slice(0, at + 1);
    case 'all':
      return [];
  }
}

/**
 * Where the user goes when the open tab is closed: the tab that took its place on the right,
 * else the one on its left, else nowhere (the caller opens the home screen).
 */
export function nextAfterClose(
  before: readonly Tab[],
  after: readonly Tab[],
  activePath: string,
): Tab | undefined {
  if (after.some((t) => t.path === activePath)) return undefined;
  const at = before.findIndex((t) => t.path === activePath);
  const remaining = new Set(after.map((t) => t.path));
  for (let i = at + 1; i < before.length; i++) {
    const tab = before[i];
    if (tab && remaining.has(tab.path)) return tab;
  }
  for (let i = at - 1; i >= 0; i--) {
    const tab = before[i];
    if (tab && remaining.has(tab.path)) return tab;
  }
  return undefined;
}

function isTab(value: unknown): value is Tab {
  if (typeof value !== 'object' || value === null) return false;
  const { path, url, title } = value as Record<string, unknown>;
  return (
    typeof path === 'string' &&
    typeof url === 'string' &&
    typeof title === 'string' &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    url.startsWith(path)
  );
}

/**
 * The stored list as it may be used after a reload: well-formed entries only, one per path,
 * and none the user may no longer open (a role taken away since).
 */
export function restoreTabs(stored: unknown, mayOpen: (path: string) => boolean): Tab[] {
  if (!Array.isArray(stored)) return [];
  const seen = new Set<string>();
  const out: Tab[] = [];
  for (const entry of stored) {
    if (!isTab(entry) || seen.has(entry.path) || !mayOpen(entry.path)) continue;
    seen.add(entry.path);
    out.push({ path: entry.path, url: entry.url, title: entry.title });
  }
  return out;
}
