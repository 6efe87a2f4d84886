import { MoreOutlined } from '@ant-design/icons';
import { STORAGE_KEYS } from '@gatehouse/contract';
import { Button, ConfigProvider, type MenuProps, Tabs } from 'antd';
import { type ReactNode, useCallback, useContext, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_LocationContext as LocationContext,
  matchPath,
  useLocation,
  useNavigate,
  useOutlet,
} from 'react-router';
import { Dropdown } from '@/components/antd-parts';
import { defineMessages } from '@/lib/i18n';
import { useNavTitle } from '@/lib/nav-titles';
import { PATHS } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { useRouteMeta } from '../route-meta';
import { findExtraMenu, type RouteSet } from '../route-set';
import { ALWAYS_ALLOWED } from '../routes';
import { type CloseAction, closeTabs, nextAfterClose, openTab, restoreTabs, type Tab } from './tabs-model';

const useT = defineMessages(
  'tabs',
  {
    openScreens: 'Open screens',
    actions: 'Tab actions',
    close: 'Close',
    others: 'Close others',
    right: 'Close to the right',
    all: 'Close all',
  },
  {
    openScreens: '已打开的页面',
    actions: '标签页操作',
    close: '关闭',
    others: '关闭其他',
    right: '关闭右侧',
    all: '全部关闭',
  },
);

/** Whether the user may open `pathname` under `set`: a page everyone has, a granted route, or an added menu. */
export function mayOpen(set: RouteSet, pathname: string): boolean {
  if (ALWAYS_ALLOWED.has(pathname)) return true;
  for (const route of set.granted) {
    if (matchPath({ path: route, end: true }, pathname)) return true;
  }
  return findExtraMenu(set, pathname) !== undefined;
}

export type ConsoleTabs = {
  tabs: Tab[];
  activePath: string;
  /** Bumped each time a path's tab closes: its kept screen starts afresh. */
  epochs: ReadonlyMap<string, number>;
  close: (path: string, action: CloseAction) => void;
};

/**
 * The open tabs: restored from `Tabs-Routes` after a reload (without those the route set no
 * longer grants), one added for each screen visited, and written back on every change.
 */
export function useConsoleTabs(set: RouteSet | null): ConsoleTabs {
  const location = useLocation();
  const navigate = useNavigate();
  const meta = useRouteMeta();
  const [stored, setTabs] = useState<Tab[]>(() =>
    restoreTabs(storage.get<unknown>(STORAGE_KEYS.tabsRoutes), () => true),
  );
  const [epochs, setEpochs] = useState<ReadonlyMap<string, number>>(() => new Map());
  const activePath = location.pathname;
  const url = `${location.pathname}${location.search}`;
  const title = meta?.title;

  useLayoutEffect(() => {
    if (title) setTabs((tabs) => openTab(tabs, { path: activePath, url, title }));
  }, [activePath, url, title]);

  // Until the menus are known only the pages everyone has are shown; then whatever they grant.
  const tabs = useMemo(
    () =>
      restoreTabs(
        stored,
        (path) => path === activePath || (set ? mayOpen(set, path) : ALWAYS_ALLOWED.has(path)),
      ),
    [stored, set, activePath],
  );

  // Written in the commit that shows the change, so a page load that follows at once still
  // finds it. Until the menus are known the stored list is kept whole: its granted tabs are
  // only hidden, not dropped.
  useLayoutEffect(() => {
    storage.set(STORAGE_KEYS.tabsRoutes, set ? tabs : stored);
  }, [set, tabs, stored]);

  const close = useCallback(
    (path: string, action: CloseAction) => {
      const after = closeTabs(tabs, path, action);
      const closed = tabs.filter((t) => !after.some((a) => a.path === t.path));
      setEpochs((old) => {
        const next = new Map(old);
        for (const tab of closed) next.set(tab.path, (old.get(tab.path) ?? 0) + 1);
        return next;
      });
      if (after.some((t) => t.path === activePath)) {
        setTabs(after);
        return;
      }
      const next = nextAfterClose(tabs, after, activePath)?.url ?? PATHS.dashboard;
      // Home closed when it was the last tab: it stays, afresh.
      if (next === url || (next === PATHS.dashboard && activePath === PATHS.dashboard)) {
        setTabs(title ? [{ path: activePath, url, title }] : after);
        return;
      }
      setTabs(after);
      navigate(next);
    },
    [tabs, activePath, url, title, navigate],
  );

  return { tabs, activePath, epochs, close };
}

function closeMenu(t: ReturnType<typeof useT>, tabs: Tab[], path: string): MenuProps['items'] {
  const at = tabs.findIndex((tab) => tab.path === path);
  return [
    { key: 'close', label: t('close') },
    { key: 'others', label: t('others'), disabled: tabs.length <= 1 },
    { key: 'right', label: t('right'), disabled: at === -1 || at === tabs.length - 1 },
    { key: 'all', label: t('all') },
  ];
}

/**
 * The tab bar of the header. Arrow keys move between tabs (antd's tab list), and the actions
 * button beside it closes this tab, the others, those to the right or all; right-clicking a
 * tab offers the same for that tab.
 */
export function TabBar({ tabs: state }: { tabs: ConsoleTabs }) {
  const t = useT();
  const navTitle = useNavTitle();
  const navigate = useNavigate();
  const { tabs, activePath, close } = state;
  const menuFor = (path: string): MenuProps => ({
    items: closeMenu(t, tabs, path),
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      close(path, key as CloseAction);
    },
  });
  return (
    <nav aria-label={t('openScreens')} className="gh-tab-bar">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activePath}
        onChange={(key) => {
          const tab = tabs.find((x) => x.path === key);
          if (tab) navigate(tab.url);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key, 'close');
        }}
        items={tabs.map((tab) => ({
          key: tab.path,
          closable: true,
          label: (
            <Dropdown trigger={['contextMenu']} menu={menuFor(tab.path)}>
              <span className="gh-tab-title">{navTitle(tab.title, tab.path)}</span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={
          <Dropdown trigger={['click']} menu={menuFor(activePath)}>
            <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('actions')} />
          </Dropdown>
        }
        tabBarStyle={{ marginBottom: 0 }}
      />
    </nav>
  );
}

type LocationValue = React.ContextType<typeof LocationContext>;
type RouterStateValue = React.ContextType<typeof DataRouterStateContext>;
type Kept = {
  epoch: number;
  element: ReactNode;
  location: LocationValue;
  routerState: RouterStateValue;
  scrollY: number;
};

/**
 * One kept screen. Its dialogs, menus and popovers open inside its own box rather than at the
 * end of the page, so hiding the box hides them too and they come back with their screen.
 */
function KeptScreen({ hidden, children }: { hidden: boolean; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const popupContainer = useCallback(() => box.current ?? document.body, []);
  return (
    <div ref={box} hidden={hidden}>
      <ConfigProvider getPopupContainer={popupContainer}>{children}</ConfigProvider>
    </div>
  );
}

/**
 * The screen area. A keepAlive screen stays mounted, hidden, while its tab is open: its
 * search, page, expanded rows, open dialog with its input, and scroll are there when the user
 * comes back. A hidden screen sees the location and route data it last had, so it neither
 * reacts to another screen's address nor loses its own loader data. React 19.3's <Activity>
 * would hide it too, but it disconnects effects, and antd's dialogs fail to refocus after
 * that; a hidden box keeps them running. Other screens mount afresh.
 */
export function KeepAliveOutlet({ tabs, keepAlive }: { tabs: ConsoleTabs; keepAlive: boolean }) {
  const outlet = useOutlet();
  const location = useContext(LocationContext);
  const routerState = useContext(DataRouterStateContext);
  const kept = useRef(new Map<string, Kept>()).current;
  const activePath = location.location.pathname;
  const epoch = tabs.epochs.get(activePath) ?? 0;
  const open = new Set(tabs.tabs.map((t) => t.path));

  for (const [path, entry] of kept) {
    const closed = path !== activePath && !open.has(path);
    if (closed || (tabs.epochs.get(path) ?? 0) !== entry.epoch) kept.delete(path);
  }
  if (keepAlive && outlet) {
    const entry = kept.get(activePath);
    kept.set(activePath, { epoch, element: outlet, location, routerState, scrollY: entry?.scrollY ?? 0 });
  }

  // The window scrolls, not the screen: each kept screen gets its own position back.
  useLayoutEffect(() => {
    window.scrollTo(0, kept.get(activePath)?.scrollY ?? 0);
    const onScroll = () => {
      const entry = kept.get(activePath);
      if (entry) entry.scrollY = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [activePath, kept]);

  return (
    <>
      {[...kept].map(([path, entry]) => (
        <KeptScreen key={`${path}#${entry.epoch}`} hidden={path !== activePath}>
          <LocationContext.Provider value={entry.location}>
            <DataRouterStateContext.Provider value={entry.routerState}>
              {entry.element}
            </DataRouterStateContext.Provider>
          </LocationContext.Provider>
        </KeptScreen>
      ))}
      {!(keepAlive && outlet) && <div key={`${activePath}#${epoch}`}>{outlet}</div>}
    </>
  );
}
