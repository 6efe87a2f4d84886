import { useQueries } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { TableTree } from '../data-table';
import type { QueryOptionsOf } from './list-query';

/**
 * A tree table whose rows load their children when they are expanded (spec §2, the resource
 * tree). The list's rows are the roots; a search answers with rows at any depth, so while
 * searching the rows show as a flat list.
 */
export type LazyTree<Row> = {
  /** Whether the row has children to load: only such a row gets an expander. */
  hasChildren: (row: Row) => boolean;
  /** The children of the row with this key: the api file's queryOptions. */
  children: (key: string) => QueryOptionsOf<Row[]>;
  /** The column that carries the expander, by its dataIndex. */
  expandIn: string;
  /** The row's name in the expander's label: "Expand Settings". */
  nameOf: (row: Row) => string;
  /**
   * What a row should know about where it sits. Its parent is null at the root, and undefined
   * in a flat list, where it is not known.
   */
  place?: (row: Row, parent: Row | null | undefined) => Row;
};

/** A row with the children loaded so far; an empty list until they load, none on a leaf. */
export type TreeRow<Row> = Row & { children?: TreeRow<Row>[] };

export type BuildTreeOptions<Row extends object> = {
  tree: Pick<LazyTree<Row>, 'hasChildren' | 'place'>;
  keyOf: (row: Row) => string;
  /** The children loaded so far, by the key of their parent. */
  loaded: ReadonlyMap<string, Row[]>;
  /** False for a flat list (a search). */
  nested: boolean;
  /** The rows an earlier call made, to give back those that did not change. */
  placed?: PlacedRows<Row>;
};

/**
 * The rows `buildTree` made, by the node they came from. A row whose node, parent and
 * children are the same is given back as the same object, which the table does not draw again.
 */
export class PlacedRows<Row extends object> {
  readonly made = new WeakMap<Row, { parent: Row | null | undefined; row: Row; tree: TreeRow<Row> }>();
}

const sameRows = <Row,>(a: Row[] | undefined, b: Row[] | undefined) =>
  a === b ||
  (a !== undefined && b !== undefined && a.length === b.length && a.every((row, i) => row === b[i]));

/**
 * The roots with their loaded children nested under them. A row with children that have not
 * loaded yet gets an empty list, which is what makes the table draw its expander.
 */
export function buildTree<Row extends object>(
  roots: Row[],
  { tree, keyOf, loaded, nested, placed = new PlacedRows<Row>() }: BuildTreeOptions<Row>,
) {
  const level = (nodes: Row[], parent: Row | null | undefined): TreeRow<Row>[] =>
    nodes.map((node) => {
      const before = placed.made.get(node);
      const same = before !== undefined && before.parent === parent;
      const row = same ? before.row : tree.place ? tree.place(node, parent) : node;
      const children =
        nested && tree.hasChildren(node) ? level(loaded.get(keyOf(node)) ?? [], row) : undefined;
      if (same && sameRows(before.tree.children, children)) return before.tree;
      const made: TreeRow<Row> = { ...row, children };
      placed.made.set(node, { parent, row, tree: made });
      return made;
    });
  return level(roots, nested ? null : undefined);
}

export type Expansion = {
  keys: string[];
  toggle: (key: string, open: boolean) => void;
  /** Opens the row, e.g. to show a child just made under it. */
  open: (key: string) => void;
};

/**
 * Which rows are open. Expansions belong to the rows on screen, so another `view` (another
 * page, size, search or application) starts collapsed.
 */
export function useExpansion(view: string): Expansion {
  const [state, setState] = useState<{ view: string; keys: string[] }>({ view, keys: [] });
  const keys = state.view === view ? state.keys : [];
  const change = (update: (keys: string[]) => string[]) =>
    setState((s) => ({ view, keys: update(s.view === view ? s.keys : []) }));
  return {
    keys,
    toggle: (key, open) => change((k) => (open ? [...k, key] : k.filter((x) => x !== key))),
    open: (key) => change((k) => (k.includes(key) ? k : [...k, key])),
  };
}

/** The children of each open row, by its key, and which are still loading for the first time. */
export function useTreeChildren<Row>(tree: Pick<LazyTree<Row>, 'children'> | undefined, keys: string[]) {
  // A stable combine keeps its answer while the queries do, so the rows are not built again.
  const combine = useCallback(
    (results: { data?: Row[]; isFetching: boolean }[]) => {
      const loaded = new Map<string, Row[]>();
      const loading = new Set<string>();
      results.forEach((result, i) => {
        const key = keys[i]!;
        if (result.data) loaded.set(key, result.data);
        if (result.isFetching && !result.data) loading.add(key);
      });
      return { loaded, loading };
    },
    [keys],
  );
  return useQueries({ queries: tree ? keys.map(tree.children) : [], combine });
}

export type TreeTableOptions<Row> = {
  tree: LazyTree<Row>;
  keyOf: (row: Row) => string;
  expansion: Expansion;
  loading: ReadonlySet<string>;
};

/** The table's tree: which rows are open, which are loading, and how a row opens. */
export function treeTable<Row>({ tree, keyOf, expansion, loading }: TreeTableOptions<Row>): TableTree<Row> {
  return {
    open: expansion.keys,
    loading,
    expandIn: tree.expandIn,
    toggle: (row, open) => expansion.toggle(keyOf(row), open),
    nameOf: tree.nameOf,
  };
}
