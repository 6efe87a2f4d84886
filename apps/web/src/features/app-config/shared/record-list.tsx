import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Empty, Flex, Input, type TableColumnsType, type TableColumnType } from 'antd';
import { useMemo, useState } from 'react';
import { PagedTable } from '@/components/paged-table';
import { RowActions } from '@/components/row-actions';
import { SearchBar, type SearchField } from '@/components/search-bar';
import type { ListState } from '@/components/use-list-state';
import type { AppRecord } from './app-record';
import { filterRows } from './filter-rows';

export type RecordActionsColumnOptions<Row> = {
  onOpen: (mode: 'DETAIL' | 'EDIT', record: Row) => void;
  canUpdate: boolean;
  noPermission: string;
};

/** The row Action menu: Detail, and Edit, which shows disabled with `noPermission` without `canUpdate`. */
export function recordActionsColumn<Row>({
  onOpen,
  canUpdate,
  noPermission,
}: RecordActionsColumnOptions<Row>): TableColumnType<Row> {
  return {
    title: 'Action',
    key: 'action',
    width: 120,
    render: (_, record) => (
      <RowActions
        items={[
          { key: 'detail', label: 'Detail', onClick: () => onOpen('DETAIL', record) },
          {
            key: 'edit',
            label: 'Edit',
            onClick: () => onOpen('EDIT', record),
            disabled: !canUpdate,
            title: canUpdate ? undefined : noPermission,
          },
        ]}
      />
    ),
  };
}

export type RecordListProps<Row extends AppRecord> = {
  fields: SearchField[];
  list: ListState;
  /** The server's page of records, as the list api file adapts it. */
  rows: UseQueryResult<{ items: Row[]; total: number }>;
  /** What the local "Type to search" filter matches. */
  filteredFields: readonly (keyof Row)[];
  columns: TableColumnsType<Row>;
  /** Accessible name of the table, e.g. "Permissions". */
  label: string;
  /** The empty table's text when the page failed to load, when the search matches nothing, and when there are none. */
  emptyTexts: { loadFailed: string; noMatch: string; none: string };
};

/** An application's records (spec §2): search, the local filter of the page's rows, table and pager. */
export function RecordList<Row extends AppRecord>({
  fields,
  list,
  rows,
  filteredFields,
  columns,
  label,
  emptyTexts,
}: RecordListProps<Row>) {
  const [filter, setFilter] = useState('');
  const shown = useMemo(
    () => filterRows(rows.data?.items ?? [], filter, filteredFields),
    [rows.data, filter, filteredFields],
  );

  const searching = Object.keys(list.search).length > 0;
  const emptyText = rows.isError ? (
    <Empty description={emptyTexts.loadFailed}>
      <Button onClick={() => rows.refetch()}>Retry</Button>
    </Empty>
  ) : (
    <Empty
      description={
        filter.trim() && (rows.data?.items.length ?? 0) > 0
          ? 'No row on this page matches the filter.'
          : searching
            ? emptyTexts.noMatch
            : emptyTexts.none
      }
    />
  );

  return (
    <>
      <SearchBar fields={fields} value={list.search} onSearch={list.setSearch} onReset={list.reset} />
      <Flex justify="flex-end" style={{ margin: '16px 0 8px' }}>
        <Input.Search
          aria-label="Filter this page"
          placeholder="Type to search"
          allowClear
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          style={{ width: 240 }}
        />
      </Flex>
      <PagedTable<Row>
        label={label}
        rowKey="resourceId"
        columns={columns}
        data={shown}
        total={rows.data?.total ?? 0}
        page={list.page}
        size={list.size}
        loading={rows.isFetching}
        onChange={list.setPage}
        emptyText={emptyText}
      />
    </>
  );
}
