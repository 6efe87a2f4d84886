import { DEFAULT_LIST_SORT, type ListSort, type TablePreference } from '@gatehouse/contract';
import type { SortingState, VisibilityState } from '@tanstack/react-table';

/**
 * The kit table's state as the URL, the server and the user's preferences keep it, turned into
 * TanStack Table's and back: the sort, the selection and the columns' visibility and widths.
 */

/** TanStack's sorting of a list sort; the default order shows as no column sorted. */
export function sortingOf(sort: ListSort | undefined): SortingState {
  if (!sort || (sort.field === DEFAULT_LIST_SORT.field && sort.direction === DEFAULT_LIST_SORT.direction))
    return [];
  return [{ id: sort.field, desc: sort.direction === 'desc' }];
}

/**
 * The list sort a header click asks for, from TanStack's next sorting: a column sorted
 * ascending, then descending, then the list's default order again (undefined).
 */
export function sortFromSorting(sorting: SortingState): ListSort | undefined {
  const [first] = sorting;
  return first ? { field: first.id, direction: first.desc ? 'desc' : 'asc' } : undefined;
}

/** The next sort when a column's header is clicked: ascending, descending, then none. */
export function nextSort(current: ListSort | undefined, field: string): ListSort | undefined {
  if (current?.field !== field) return { field, direction: 'asc' };
  return current.direction === 'asc' ? { field, direction: 'desc' } : undefined;
}

/** `aria-sort` of a column header. */
export function ariaSort(sort: ListSort | undefined, field: string): 'ascending' | 'descending' | 'none' {
  if (sort?.field !== field) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

/**
 * What is selected: some rows of the page by key, or every row matching the search (on every
 * page), which only a server request can act on.
 */
export type Selection = { keys: ReadonlySet<string>; allMatching: boolean };

export const NO_SELECTION: Selection = { keys: new Set(), allMatching: false };

/** TanStack's row selection of the selected keys. */
export function rowSelectionOf(keys: ReadonlySet<string>): Record<string, boolean> {
  return Object.fromEntries([...keys].map((k) => [k, true]));
}

/** The keys TanStack's next row selection holds; any change of rows ends "all matching". */
export function selectionFrom(rowSelection: Record<string, boolean>): Selection {
  return { keys: new Set(Object.keys(rowSelection).filter((k) => rowSelection[k])), allMatching: false };
}

/** How many rows an action on the selection reaches. */
export function selectedCount(selection: Selection, total: number): number {
  return selection.allMatching ? total : selection.keys.size;
}

/**
 * Whether to offer "select all N matching": every selectable row of the page is selected and
 * more rows match than the page shows.
 */
export function offersAllMatching(selection: Selection, pageKeys: readonly string[], total: number): boolean {
  return (
    !selection.allMatching &&
    pageKeys.length > 0 &&
    total > pageKeys.length &&
    pageKeys.every((k) => selection.keys.has(k))
  );
}

export const EMPTY_PREFERENCE: TablePreference = { hidden: [], widths: {} };

/** TanStack's column visibility of the hidden columns. */
export function visibilityOf(preference: TablePreference): VisibilityState {
  return Object.fromEntries(preference.hidden.map((id) => [id, false]));
}

/** The preference with the column shown or hidden; the last shown column stays. */
export function withVisibility(
  preference: TablePreference,
  id: string,
  visible: boolean,
  hideable: readonly string[],
): TablePreference {
  const hidden = new Set(preference.hidden);
  if (visible) hidden.delete(id);
  else if (hideable.filter((c) => !hidden.has(c)).length > 1) hidden.add(id);
  return { ...preference, hidden: [...hidden] };
}

/** The narrowest and widest a column is dragged to. */
export const MIN_COLUMN_WIDTH = 60;
export const MAX_COLUMN_WIDTH = 1200;

export const clampWidth = (width: number) =>
  Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));

/** The preference with the column at `width`. */
export function withWidth(preference: TablePreference, id: string, width: number): TablePreference {
  return { ...preference, widths: { ...preference.widths, [id]: clampWidth(width) } };
}
