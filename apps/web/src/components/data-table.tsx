import type { ListSort } from '@gatehouse/contract';
import {
  type ColumnDef,
  type ColumnSizingState,
  getCoreRowModel,
  getExpandedRowModel,
  type RowSelectionState,
  type Row as TableRow,
  type Updater,
  useReactTable,
} from '@tanstack/react-table';
import {
  type Key,
  type KeyboardEvent,
  memo,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useKitT } from './messages';
import { Busy, Spinner } from './placeholders';
import {
  ariaSort,
  clampWidth,
  nextSort,
  rowSelectionOf,
  type Selection,
  selectionFrom,
  sortingOf,
} from './table-state';
import './data-table.css';

/**
 * A column of the kit's table: the part of antd's table column that the console's tables use,
 * so a column written for one fits the other.
 */
export type Column<Row> = {
  key?: Key;
  title?: ReactNode;
  /** The row's field that the cell shows, and that `render` is given. */
  dataIndex?: string;
  width?: number | string;
  /** One line, cut with an ellipsis; a text cell carries its whole text as its title. */
  ellipsis?: boolean;
  hidden?: boolean;
  /** The list's `sort` field this column sorts by, where it is not `dataIndex`. */
  sortField?: string;
  /** The column cannot be hidden from the columns menu (the Action column). */
  alwaysShown?: boolean;
  // A method, so that a column may take the field's own type (`(status: string) => …`).
  render?(value: unknown, row: Row, index: number): ReactNode;
};

/** A tree table's rows: a row with a `children` list has an expander, loaded or not. */
export type TableTree<Row> = {
  /** The keys of the open rows. */
  open: readonly string[];
  /** The rows whose children are loading for the first time: a spinner instead of the expander. */
  loading: ReadonlySet<string>;
  /** The column that holds the expander and the indent, by its `dataIndex`. */
  expandIn: string;
  toggle: (row: Row, open: boolean) => void;
  /** The row's name in the expander's label: "Expand Settings". */
  nameOf: (row: Row) => string;
};

/** Sorting by the column headers, which the server does: the URL keeps `sort`. */
export type TableSorting = {
  /** The `sort` fields of the list (the contract's LIST_SORTS and the common ones). */
  fields: readonly string[];
  value: ListSort | undefined;
  /** Undefined goes back to the list's default order. */
  onChange: (next: ListSort | undefined) => void;
};

/** Checkboxes that select rows of the page (and, outside the table, all matching rows). */
export type TableSelection<Row> = {
  value: Selection;
  onChange: (next: Selection) => void;
  /** The row's name in its checkbox's label: "Select alice". */
  nameOf: (row: Row) => string;
};

/** The user's arrangement of the columns: those hidden and the widths dragged. */
export type TableLayout = {
  hidden: readonly string[];
  widths: Readonly<Record<string, number>>;
  /** A column's new width, once the drag (or the arrow keys) ends. */
  onResize?: (columnId: string, width: number) => void;
};

export type DataTableProps<Row> = {
  /** The table's accessible name, e.g. "Clients". */
  label?: string;
  columns: Column<Row>[];
  /** The rows; with `tree`, a row's `children` are drawn under it when it is open. */
  rows: Row[];
  rowKey: (keyof Row & string) | ((row: Row) => Key);
  /** The rows shown are not the answer yet: a spinner over them. */
  loading?: boolean;
  /** Shown in place of the rows when there are none; "No data" by default. */
  empty?: ReactNode;
  /** The body's height before it scrolls under its header. */
  maxHeight?: number;
  /** Closer rows, for a table inside a dialog or a card. */
  size?: 'small';
  tree?: TableTree<Row>;
  sorting?: TableSorting;
  selection?: TableSelection<Row>;
  layout?: TableLayout;
};

/** A column's id: its own key, its field, or failing both its place. */
export const columnId = <Row,>(column: Column<Row>, i: number): string =>
  String(column.key ?? column.dataIndex ?? i);

const SELECT_COLUMN = '__select';

/**
 * What a table of fixed widths sets aside for each column without a width: the columns
 * without one share what the others leave, so the table keeps this much for each of them
 * before it scrolls sideways instead of squeezing them further.
 */
const FLEXIBLE_MIN_PX = 120;
/** The selection column's width. */
const SELECT_PX = 48;

/**
 * The narrowest a table of fixed widths may be drawn: its columns' widths, and
 * `FLEXIBLE_MIN_PX` for each column without one; undefined when a width is not in pixels.
 */
function tableMinWidth(widths: (number | string | undefined)[]): number | undefined {
  let sum = 0;
  for (const w of widths) {
    if (typeof w === 'string') return undefined;
    sum += w ?? FLEXIBLE_MIN_PX;
  }
  return sum;
}

/** How far each level of a tree steps in, as antd's tables do. */
const INDENT_PX = 15;

type RowProps<Row> = {
  row: Row;
  rowKey: string;
  index: number;
  columns: Column<Row>[];
  level: number;
  /** Undefined for a row without children; otherwise whether it is open. */
  open: boolean | undefined;
  busy: boolean;
  treeColumn: number;
  toggle: (row: Row, open: boolean) => void;
  nameOf: ((row: Row) => string) | undefined;
  /** Whether the row's checkbox is ticked; undefined without selection. */
  selected: boolean | undefined;
  onSelect: (key: string, selected: boolean) => void;
  selectLabel: string | undefined;
};

function Expander<Row>({
  row,
  open,
  busy,
  toggle,
  nameOf,
}: Pick<RowProps<Row>, 'row' | 'busy' | 'toggle' | 'nameOf'> & { open: boolean | undefined }) {
  const t = useKitT();
  if (busy) return <Spinner label={t('loadingChildren')} />;
  if (open === undefined) return <span className="gh-table-expander gh-table-expander-spaced" />;
  return (
    <button
      type="button"
      className={`gh-table-expander ${open ? 'gh-table-expander-open' : ''}`}
      aria-label={t(open ? 'collapse' : 'expand', { name: nameOf?.(row) ?? '' })}
      aria-expanded={open}
      onClick={() => toggle(row, !open)}
    />
  );
}

/**
 * One row. It is drawn again only when its own props change: opening a node draws that row and
 * its new children, not the hundred others (`buildTree` keeps the objects of unchanged rows).
 */
const DataRow = memo(function DataRow<Row>(props: RowProps<Row>) {
  const { row, rowKey, index, columns, level, treeColumn, selected, onSelect, selectLabel } = props;
  return (
    <tr
      className={selected ? 'gh-table-row gh-table-row-selected' : 'gh-table-row'}
      data-row-key={rowKey}
      aria-selected={selected}
    >
      {selected !== undefined && (
        <td className="gh-table-select">
          <input
            type="checkbox"
            className="gh-table-checkbox"
            checked={selected}
            aria-label={selectLabel}
            onChange={(e) => onSelect(rowKey, e.target.checked)}
          />
        </td>
      )}
      {columns.map((column, i) => {
        const value =
          column.dataIndex === undefined ? undefined : (row as Record<string, unknown>)[column.dataIndex];
        const content = column.render ? column.render(value, row, index) : (value as ReactNode);
        const title =
          column.ellipsis && (typeof content === 'string' || typeof content === 'number')
            ? String(content)
            : undefined;
        return (
          <td
            key={columnId(column, i)}
            className={column.ellipsis ? 'gh-table-cell-ellipsis' : undefined}
            title={title}
          >
            {i === treeColumn && (
              <>
                {level > 0 && <span className="gh-table-indent" style={{ width: level * INDENT_PX }} />}
                <Expander {...props} />
              </>
            )}
            {content}
          </td>
        );
      })}
    </tr>
  );
}) as <Row>(props: RowProps<Row>) => ReactNode;

/** Resolves TanStack's updater against the state it updates. */
const applied = <T,>(updater: Updater<T>, current: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;

/** Pixels an arrow key moves a column's edge. */
const KEY_STEP_PX = 16;

/**
 * The edge of a header cell that drags its column wider or narrower, or with the arrow keys
 * when focused: a vertical separator whose value is the width. The width shows while it
 * moves, and is handed on (`onResize`) once it stops.
 */
function ResizeHandle({
  label,
  width,
  onMove,
  onDone,
}: {
  label: string;
  /** The width the column keeps, if any; else it is measured from its header cell. */
  width: () => number | undefined;
  onMove: (width: number) => void;
  /** The width it stopped at. */
  onDone: (width: number) => void;
}) {
  const start = useRef<{ x: number; width: number } | null>(null);
  // The width this handle last asked for, at once: the next arrow key steps on from it, and
  // the end hands it on, without waiting for the table to draw the one before.
  const latest = useRef<number | undefined>(undefined);
  const [measured, setMeasured] = useState<number | undefined>(undefined);
  const current = (handle: Element) =>
    latest.current ?? width() ?? (handle.parentElement?.getBoundingClientRect().width || FLEXIBLE_MIN_PX);
  const move = (next: number) => {
    latest.current = next;
    onMove(next);
  };
  const done = () => {
    if (latest.current !== undefined) onDone(latest.current);
  };
  const now = width() ?? measured ?? FLEXIBLE_MIN_PX;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable separator is how ARIA names a splitter; <hr> cannot take focus or keys
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={Math.round(now)}
      aria-valuemin={60}
      aria-valuemax={1200}
      tabIndex={0}
      className="gh-table-resizer"
      onClick={(e) => e.stopPropagation()}
      onFocus={(e) => setMeasured(current(e.currentTarget))}
      onBlur={() => {
        latest.current = undefined;
      }}
      onPointerDown={(e: PointerEvent<HTMLDivElement>) => {
        e.preventDefault();
        e.stopPropagation();
        e.currentTarget.setPointerCapture(e.pointerId);
        latest.current = undefined;
        start.current = { x: e.clientX, width: current(e.currentTarget) };
      }}
      onPointerMove={(e) => {
        if (start.current) move(clampWidth(start.current.width + e.clientX - start.current.x));
      }}
      onPointerUp={(e) => {
        if (!start.current) return;
        e.currentTarget.releasePointerCapture(e.pointerId);
        start.current = null;
        done();
        latest.current = undefined;
      }}
      onKeyDown={(e: KeyboardEvent) => {
        const step = e.key === 'ArrowRight' ? KEY_STEP_PX : e.key === 'ArrowLeft' ? -KEY_STEP_PX : 0;
        if (step === 0) return;
        e.preventDefault();
        move(clampWidth(current(e.currentTarget) + step));
      }}
      onKeyUp={(e) => {
        if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') done();
      }}
    />
  );
}

/**
 * The kit's table, on TanStack Table (headless): the columns' model (visibility and widths),
 * the sort of the headers and the row selection are TanStack's, drawn as a plain `<table>` in
 * the look of antd's, a row as one `<tr>`. Its colours are antd's theme variables, so it
 * follows the light and dark themes. The server sorts: a sortable header asks for
 * `sorting.onChange`, which the URL keeps.
 */
export function DataTable<Row extends object>({
  label,
  columns,
  rows,
  rowKey,
  loading = false,
  empty,
  maxHeight,
  size,
  tree,
  sorting,
  selection,
  layout,
}: DataTableProps<Row>) {
  const t = useKitT();
  const keyOf = useCallback(
    (row: Row) => String(typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as unknown as Key)),
    [rowKey],
  );
  // The rows keep one toggle and one selector for the table's life, so a new `tree` or
  // `selection` object does not draw them all again.
  const treeRef = useRef(tree);
  treeRef.current = tree;
  const toggle = useCallback((row: Row, open: boolean) => treeRef.current?.toggle(row, open), []);

  // Widths while a column is being dragged, before the layout keeps them.
  const [dragged, setDragged] = useState<ColumnSizingState>({});
  const draggedRef = useRef(dragged);
  draggedRef.current = dragged;

  const defs = useMemo<ColumnDef<Row>[]>(
    () =>
      columns
        .filter((c) => !c.hidden)
        .map((c, i) => ({
          id: columnId(c, i),
          accessorFn: (row: Row) =>
            c.dataIndex === undefined ? undefined : (row as Record<string, unknown>)[c.dataIndex],
          enableSorting: sorting?.fields.includes(c.sortField ?? c.dataIndex ?? '') ?? false,
          enableHiding: !c.alwaysShown,
          ...(typeof c.width === 'number' ? { size: c.width } : {}),
          meta: c,
        })),
    [columns, sorting?.fields],
  );
  const rowSelection = useMemo(
    () => rowSelectionOf(selection?.value.keys ?? new Set()),
    [selection?.value.keys],
  );
  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  const columnSizing = useMemo(() => ({ ...layout?.widths, ...dragged }), [layout?.widths, dragged]);
  const hidden = layout?.hidden;
  const columnVisibility = useMemo(
    () => Object.fromEntries((hidden ?? []).map((id) => [id, false])),
    [hidden],
  );
  const expanded = useMemo(
    () => Object.fromEntries((tree?.open ?? []).map((k) => [k, true])) as Record<string, boolean>,
    [tree?.open],
  );
  const table = useReactTable<Row>({
    data: rows,
    columns: defs,
    getRowId: keyOf,
    getCoreRowModel: getCoreRowModel(),
    ...(tree
      ? {
          getSubRows: (row: Row) => (row as { children?: Row[] }).children,
          getExpandedRowModel: getExpandedRowModel(),
        }
      : {}),
    state: {
      sorting: sortingOf(sorting?.value),
      rowSelection,
      columnVisibility,
      columnSizing,
      expanded,
    },
    manualSorting: true,
    manualExpanding: false,
    enableRowSelection: selection !== undefined,
    enableSubRowSelection: false,
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      const current = selectionRef.current;
      if (current) current.onChange(selectionFrom(applied(updater, rowSelectionOf(current.value.keys))));
    },
    onColumnSizingChange: (updater: Updater<ColumnSizingState>) =>
      setDragged((d) => applied(updater, { ...layout?.widths, ...d })),
  });

  const onSelect = useCallback((key: string, selected: boolean) => {
    const current = selectionRef.current;
    if (!current) return;
    const keys = new Set(current.value.keys);
    if (selected) keys.add(key);
    else keys.delete(key);
    current.onChange({ keys, allMatching: false });
  }, []);

  const visible = table.getVisibleLeafColumns();
  const shown = visible.map((c) => c.columnDef.meta as Column<Row>);
  const widthOf = (id: string, column: Column<Row>) =>
    columnSizing[id] ?? (typeof column.width === 'number' ? column.width : column.width);
  const treeColumn = tree ? shown.findIndex((c) => c.dataIndex === tree.expandIn) : -1;

  const body = table.getRowModel().rows.map((tableRow: TableRow<Row>) => {
    const row = tableRow.original;
    const key = tableRow.id;
    const children = tree ? (row as { children?: Row[] }).children : undefined;
    const open = children === undefined ? undefined : tree!.open.includes(key);
    return (
      <DataRow<Row>
        key={key}
        row={row}
        rowKey={key}
        index={tableRow.index}
        columns={shown}
        level={tableRow.depth}
        open={open}
        busy={tree?.loading.has(key) ?? false}
        treeColumn={treeColumn}
        toggle={toggle}
        nameOf={tree?.nameOf}
        selected={selection ? tableRow.getIsSelected() : undefined}
        onSelect={onSelect}
        selectLabel={selection ? t('selectRow', { name: selection.nameOf(row) }) : undefined}
      />
    );
  });

  const widths = shown.map((c, i) => widthOf(visible[i]!.id, c));
  const classes = ['gh-table'];
  const fixed = shown.some((c) => c.ellipsis) || Object.keys(columnSizing).length > 0;
  if (fixed) classes.push('gh-table-fixed');
  if (maxHeight !== undefined) classes.push('gh-table-sticky');
  if (size === 'small') classes.push('gh-table-small');
  const minWidth = fixed ? tableMinWidth(selection ? [SELECT_PX, ...widths] : widths) : undefined;
  const allSelected = table.getIsAllPageRowsSelected();
  return (
    <Busy busy={loading} label={t('loading')} className={classes.join(' ')}>
      <div className="gh-table-scroll" style={maxHeight === undefined ? undefined : { maxHeight }}>
        {/* Fixed widths that the space cannot hold scroll sideways rather than squeeze the rest. */}
        <table aria-label={label} style={minWidth === undefined ? undefined : { minWidth }}>
          <colgroup>
            {selection && <col key={SELECT_COLUMN} style={{ width: SELECT_PX }} />}
            {visible.map((column, i) => (
              <col key={column.id} style={widths[i] === undefined ? undefined : { width: widths[i] }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {selection && (
                <th scope="col" className="gh-table-select">
                  <input
                    type="checkbox"
                    className="gh-table-checkbox"
                    aria-label={t('selectPage')}
                    checked={allSelected}
                    ref={(input) => {
                      if (input) input.indeterminate = !allSelected && table.getIsSomePageRowsSelected();
                    }}
                    disabled={rows.length === 0}
                    onChange={(e) => table.toggleAllPageRowsSelected(e.target.checked)}
                  />
                </th>
              )}
              {visible.map((tableColumn, i) => {
                const c = shown[i]!;
                const id = tableColumn.id;
                const field = c.sortField ?? c.dataIndex ?? '';
                const sortable = tableColumn.getCanSort();
                const title =
                  sortable && sorting ? (
                    <button
                      type="button"
                      className="gh-table-sorter"
                      onClick={() => sorting.onChange(nextSort(sorting.value, field))}
                    >
                      <span>{c.title}</span>
                      <span
                        className={`gh-table-sort-icon gh-table-sort-${ariaSort(sorting.value, field)}`}
                        aria-hidden
                      />
                    </button>
                  ) : (
                    c.title
                  );
                return (
                  <th
                    key={id}
                    scope="col"
                    // The column's title names it, without the label of the resize handle inside.
                    aria-label={layout?.onResize && typeof c.title === 'string' ? c.title : undefined}
                    aria-sort={sortable && sorting ? ariaSort(sorting.value, field) : undefined}
                    // As antd's: a column cut to one line is cut in its header too, not wrapped
                    // a letter a line when the others leave it little room.
                    className={c.ellipsis ? 'gh-table-cell-ellipsis' : undefined}
                    title={c.ellipsis && typeof c.title === 'string' ? c.title : undefined}
                  >
                    {title}
                    {layout?.onResize && i < visible.length - 1 && (
                      <ResizeHandle
                        label={t('resizeColumn', { name: typeof c.title === 'string' ? c.title : id })}
                        width={() =>
                          draggedRef.current[id] ??
                          layout.widths[id] ??
                          (typeof c.width === 'number' ? c.width : undefined)
                        }
                        onMove={(width) => table.setColumnSizing((s) => ({ ...s, [id]: width }))}
                        onDone={(width) => {
                          layout.onResize?.(id, width);
                          // The layout keeps it from now on.
                          setDragged(({ [id]: _done, ...rest }) => rest);
                        }}
                      />
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {body.length > 0 ? (
              body
            ) : (
              <tr className="gh-table-placeholder">
                <td colSpan={shown.length + (selection ? 1 : 0)}>
                  {loading ? null : (empty ?? t('noData'))}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </Busy>
  );
}
