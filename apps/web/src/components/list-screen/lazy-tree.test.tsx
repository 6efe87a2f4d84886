import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildTree, type LazyTree, PlacedRows, useExpansion } from './lazy-tree';

type Node = { key: string; kids: number; parentKey?: string | null };

const tree: Pick<LazyTree<Node>, 'hasChildren' | 'place'> = {
  hasChildren: (node) => node.kids > 0,
  place: (node, parent) => ({ ...node, parentKey: parent === null ? null : parent?.key }),
};
const keyOf = (node: Node) => node.key;
const ROOT: Node = { key: 'root', kids: 1 };
const LEAF: Node = { key: 'leaf', kids: 0 };
const CHILD: Node = { key: 'child', kids: 2 };

describe('buildTree', () => {
  it('gives an expander (an empty list) only to rows with children, until they load', () => {
    const rows = buildTree([ROOT, LEAF], { tree, keyOf, loaded: new Map(), nested: true });
    expect(rows[0]?.children).toEqual([]);
    expect(rows[1]?.children).toBeUndefined();
  });

  it('nests what has loaded, and tells each row its parent: null at the root', () => {
    const loaded = new Map([['root', [CHILD]]]);
    const [root] = buildTree([ROOT], { tree, keyOf, loaded, nested: true });
    expect(root).toMatchObject({ key: 'root', parentKey: null });
    expect(root?.children).toEqual([{ key: 'child', kids: 2, parentKey: 'root', children: [] }]);
  });

  it('lists a search flat: no expanders, and no parent it could know', () => {
    const loaded = new Map([['root', [CHILD]]]);
    const rows = buildTree([ROOT, CHILD], { tree, keyOf, loaded, nested: false });
    expect(rows.map((r) => r.children)).toEqual([undefined, undefined]);
    expect(rows.map((r) => r.parentKey)).toEqual([undefined, undefined]);
  });

  it('gives back the rows that did not change, and new ones on the way to what did', () => {
    const GRANDCHILD: Node = { key: 'grandchild', kids: 0 };
    const placed = new PlacedRows<Node>();
    const build = (loaded: Map<string, Node[]>) =>
      buildTree([ROOT, LEAF], { tree, keyOf, loaded, nested: true, placed });
    const first = build(new Map([['root', [CHILD]]]));
    const again = build(new Map([['root', [CHILD]]]));
    expect(again[0]).toBe(first[0]);
    expect(again[1]).toBe(first[1]);

    const opened = build(
      new Map([
        ['root', [CHILD]],
        ['child', [GRANDCHILD]],
      ]),
    );
    expect(opened[1]).toBe(first[1]);
    expect(opened[0]).not.toBe(first[0]);
    expect(opened[0]?.children?.[0]).toEqual({
      ...CHILD,
      parentKey: 'root',
      children: [{ ...GRANDCHILD, parentKey: 'child' }],
    });
  });
});

describe('useExpansion', () => {
  it('opens and closes rows, and opening an open row keeps it once', () => {
    const { result } = renderHook(() => useExpansion('page 1'));
    act(() => result.current.toggle('a', true));
    act(() => result.current.open('b'));
    act(() => result.current.open('b'));
    expect(result.current.keys).toEqual(['a', 'b']);
    act(() => result.current.toggle('a', false));
    expect(result.current.keys).toEqual(['b']);
  });

  it('starts collapsed on another view (page, size, search or scope) and stays so on the way back', () => {
    const { result, rerender } = renderHook(({ view }) => useExpansion(view), {
      initialProps: { view: 'page 1' },
    });
    act(() => result.current.toggle('a', true));
    rerender({ view: 'page 2' });
    expect(result.current.keys).toEqual([]);
    act(() => result.current.open('c'));
    expect(result.current.keys).toEqual(['c']);
    rerender({ view: 'page 1' });
    expect(result.current.keys).toEqual([]);
  });
});
