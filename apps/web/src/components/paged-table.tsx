import { PAGE_SIZES } from '@gatehouse/contract';
import { Select } from 'antd';
import { type Key, memo, type ReactNode, useMemo } from 'react';
import { i18n } from '@/lib/i18n';
import {
  type Column,
  DataTable,
  type TableLayout,
  type TableSelection,
  type TableSorting,
  type TableTree,
} from './data-table';
import { emptyCell } from './empty-cell';
import { useKitT } from './messages';
import { PageJumper, PageList } from './pager';

export type PagedTableProps<T> = {
  /** Columns without a `render` show `--` for empty values; give a column its own render to differ. */
  columns: Column<T>[];
  data: T[];
  total: number;
  /** 1-based. */
  page: number;
  size: number;
  loading?: boolean;
  /** Called with the new page and size; changing the size goes back to page 1. */
  onChange: (page: number, size: number) => void;
  rowKey: (keyof T & string) | ((record: T) => Key);
  /** Max body height before the body scrolls, e.g. CLIENT_TABLE_MAX_HEIGHT. */
  scrollY?: number;
  /** The rows as a tree whose nodes open (lazy-tree.tsx). */
  tree?: TableTree<T>;
  emptyText?: ReactNode;
  /** Accessible name of the table, e.g. "Clients". */
  label?: string;
  sorting?: TableSorting;
  selection?: TableSelection<T>;
  layout?: TableLayout;
};

function withEmptyCells<T>(columns: Column<T>[]): Column<T>[] {
  return columns.map((column) =>
    column.render ? column : { ...column, render: (value: unknown) => emptyCell(value as ReactNode) },
  );
}

/**
 * The kit's table (data-table.tsx) with the console's pager, driven by outside state (normally `useListState`).
 * Spec §9 wants the pager's parts in the order total, sizes, prev, pages, next, jumper, which
 * is also the order Tab walks through them; the kit's page list (pager.tsx) and antd's Select
 * are laid out here in that order.
 */
export function PagedTable<T extends object>({
  columns,
  data,
  total,
  page,
  size,
  loading,
  onChange,
  rowKey,
  scrollY,
  tree,
  emptyText,
  label,
  sorting,
  selection,
  layout,
}: PagedTableProps<T>) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is a dependency though unread, since the copy reads the titles, which follow it
  const shownColumns = useMemo(() => withEmptyCells(columns), [columns, i18n.language]);
  return (
    <>
      <DataTable<T>
        label={label}
        columns={shownColumns}
        rows={data}
        rowKey={rowKey}
        loading={loading}
        tree={tree}
        maxHeight={scrollY}
        empty={emptyText}
        sorting={sorting}
        selection={selection}
        layout={layout}
      />
      <Pager label={label} total={total} page={page} size={size} onChange={onChange} />
    </>
  );
}

type PagerProps = Pick<PagedTableProps<object>, 'label' | 'total' | 'page' | 'size' | 'onChange'>;

/**
 * The pager under the table, drawn again only when what it shows changes: not when a tree's
 * row opens or the rows load.
 */
const Pager = memo(function Pager({ label, total, page, size, onChange }: PagerProps) {
  const t = useKitT();
  const sizeOptions = PAGE_SIZES.map((n) => ({ label: t('perPage', { size: n }), value: n }));
  const pages = Math.max(1, Math.ceil(total / size));
  const toPage = (nextPage: number) => onChange(nextPage, size);
  return (
    <nav className="gh-pager" aria-label={label ? t('tablePages', { label }) : t('pages')}>
      <span className="gh-pager-total">{t('total', { total })}</span>
      <Select
        aria-label={t('pageSize')}
        value={size}
        options={sizeOptions}
        // A different page size reshuffles every page, so staying on page N would show
        // rows next to ones the user never saw.
        onChange={(nextSize: number) => onChange(1, nextSize)}
        popupMatchSelectWidth={false}
      />
      <PageList current={page} pages={pages} onChange={toPage} />
      <PageJumper pages={pages} onJump={(target) => target !== page && toPage(target)} />
    </nav>
  );
});
