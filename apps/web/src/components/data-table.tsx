import { type Key, memo, type ReactNode, useCallback, useMemo, useRef } from 'react';
import { useKitT } from './messages';
import { Busy, Spinner } from './placeholders';
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
};

/** A column's React key: its own, its field, or failing both its place. */
const columnKey = <Row,>(column: Column<Row>, i: number): Key => column.key ?? column.dataIndex ?? i;

/**
 * What a table of fixed widths sets aside for each column without a width: the columns
 * without one share what the others leave, so the table keeps this much for each of them
 * before it scrolls sideways instead of squeezing them further.
 */
const FLEXIBLE_MIN_PX = 120;

/**
 * The narrowest a table of fixed widths may be drawn: its columns' widths, and
 * `FLEXIBLE_MIN_PX` for each column without one; undefined when a width is not in pixels.
 */
function tableMinWidth<Row>(columns: Column<Row>[]): number | undefined {
  let sum = 0;
  for (const c of columns) {
    if (typeof c.width === 'string') return undefined;
    sum += c.width ?? FLEXIBLE_MIN_PX;
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
  const { row, rowKey, index, columns, level, treeColumn } = props;
  return (
    <tr className="gh-table-row" data-row-key={rowKey}>
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
            key={columnKey(column, i)}
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

/**
 * The kit's table: a plain `<table>` in the look of antd's, drawn by the list screens. antd's
 * Table brings its filter menus, sorters, selection, virtual scrolling and their components
 * (Tree, Checkbox, Radio, Dropdown), some 48 KiB gzipped that no list uses, and draws each
 * row through several layers; this draws a row as one `<tr>`. Its colours are antd's theme
 * variables, so it follows the light and dark themes.
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
}: DataTableProps<Row>) {
  const t = useKitT();
  const shown = useMemo(() => columns.filter((c) => !c.hidden), [columns]);
  const keyOf = (row: Row) =>
    String(typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as unknown as Key));
  // The rows keep one toggle for the table's life, so a new `tree` object does not draw them all again.
  const treeRef = useRef(tree);
  treeRef.current = tree;
  const toggle = useCallback((row: Row, open: boolean) => treeRef.current?.toggle(row, open), []);

  const treeColumn = tree ? shown.findIndex((c) => c.dataIndex === tree.expandIn) : -1;
  const body: ReactNode[] = [];
  const add = (list: Row[], level: number) => {
    list.forEach((row, index) => {
      const key = keyOf(row);
      const children = tree ? (row as { children?: Row[] }).children : undefined;
      const open = children === undefined ? undefined : tree!.open.includes(key);
      body.push(
        <DataRow<Row>
          key={key}
          row={row}
          rowKey={key}
          index={index}
          columns={shown}
          level={level}
          open={open}
          busy={tree?.loading.has(key) ?? false}
          treeColumn={treeColumn}
          toggle={toggle}
          nameOf={tree?.nameOf}
        />,
      );
      if (open && children) add(children, level + 1);
    });
  };
  add(rows, 0);

  const classes = ['gh-table'];
  const fixed = shown.some((c) => c.ellipsis);
  if (fixed) classes.push('gh-table-fixed');
  if (maxHeight !== undefined) classes.push('gh-table-sticky');
  if (size === 'small') classes.push('gh-table-small');
  return (
    <Busy busy={loading} label={t('loading')} className={classes.join(' ')}>
      <div className="gh-table-scroll" style={maxHeight === undefined ? undefined : { maxHeight }}>
        {/* Fixed widths that the space cannot hold scroll sideways rather than squeeze the rest. */}
        <table aria-label={label} style={fixed ? { minWidth: tableMinWidth(shown) } : undefined}>
          <colgroup>
            {shown.map((c, i) => (
              <col key={columnKey(c, i)} style={c.width === undefined ? undefined : { width: c.width }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {shown.map((c, i) => (
                <th
                  key={columnKey(c, i)}
                  scope="col"
                  // As antd's: a column cut to one line is cut in its header too, not wrapped
                  // a letter a line when the others leave it little room.
                  className={c.ellipsis ? 'gh-table-cell-ellipsis' : undefined}
                  title={c.ellipsis && typeof c.title === 'string' ? c.title : undefined}
                >
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {body.length > 0 ? (
              body
            ) : (
              <tr className="gh-table-placeholder">
                <td colSpan={shown.length}>{loading ? null : (empty ?? t('noData'))}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </Busy>
  );
}
