import { describe, expect, it } from 'vitest';
import { closeTabs, nextAfterClose, openTab, restoreTabs, type Tab } from './tabs-model';

const tab = (path: string, query = ''): Tab => ({ path, url: `${path}${query}`, title: path.slice(1) });
const paths = (tabs: Tab[]) => tabs.map((t) => t.path);
const abcd = [tab('/a'), tab('/b'), tab('/c'), tab('/d')];

describe('tabs model', () => {
  it('opens a tab once per path, keeping its place and taking the newest address', () => {
    let tabs = openTab([], tab('/a'));
    tabs = openTab(tabs, tab('/b'));
    tabs = openTab(tabs, tab('/a', '?page=2'));
    expect(paths(tabs)).toEqual(['/a', '/b']);
    expect(tabs[0]?.url).toBe('/a?page=2');
    expect(openTab(tabs, tabs[1] as Tab)).toBe(tabs);
  });

  it('closes one, the others, those to the right, or all', () => {
    expect(paths(closeTabs(abcd, '/b', 'close'))).toEqual(['/a', '/c', '/d']);
    expect(paths(closeTabs(abcd, '/b', 'others'))).toEqual(['/b']);
    expect(paths(closeTabs(abcd, '/b', 'right'))).toEqual(['/a', '/b']);
    expect(closeTabs(abcd, '/b', 'all')).toEqual([]);
  });

  it('moves to the right neighbour when the open tab closes, else the left one', () => {
    expect(nextAfterClose(abcd, closeTabs(abcd, '/b', 'close'), '/b')?.path).toBe('/c');
    expect(nextAfterClose(abcd, closeTabs(abcd, '/d', 'close'), '/d')?.path).toBe('/c');
    expect(nextAfterClose(abcd, closeTabs(abcd, '/b', 'right'), '/d')?.path).toBe('/b');
    expect(nextAfterClose(abcd, closeTabs(abcd, '/a', 'close'), '/b')).toBeUndefined();
    expect(nextAfterClose(abcd, [], '/b')).toBeUndefined();
  });

  it('restores only well-formed tabs the user may still open', () => {
    const stored = [
      tab('/a', '?x=1'),
      tab('/secret'),
      tab('/a'),
      { path: '//evil.example', url: '//evil.example', title: 'x' },
      { path: '/b', url: 'https://evil.example/b', title: 'x' },
      'junk',
      tab('/c'),
    ];
    const restored = restoreTabs(stored, (path) => path !== '/secret');
    expect(restored).toEqual([tab('/a', '?x=1'), tab('/c')]);
    expect(restoreTabs({ not: 'a list' }, () => true)).toEqual([]);
  });
});
