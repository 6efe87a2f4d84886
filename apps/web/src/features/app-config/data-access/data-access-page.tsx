import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Input, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataAccess, MESSAGES } from '@gatehouse/contract';
import { PagedTable } from '../../../components/paged-table';
import { RowActions } from '../../../components/row-actions';
import { SearchBar, type SearchField } from '../../../components/search-bar';
import { useListState } from '../../../components/use-list-state';
import { useToast } from '../../../components/use-toast';
import { AccessDisable, useAccess } from '../../../lib/access';
import { AppContextBar } from '../shared/app-context-bar';
import { filterRows } from '../shared/filter-rows';
import { useCurrentApplication } from '../shared/use-current-application';
import { useCreateDataAccess } from './api/create-data-access';
import { useDataAccessCategories } from './api/list-data-access-categories';
import { useDataAccesses } from './api/list-data-accesses';
import { useUpdateDataAccess } from './api/update-data-access';
import {
  DataAccessForm,
  type DataAccessFormMode,
  type DataAccessFormValues,
} from './components/data-access-form';

export const CREATE_CODE = 'data-access:create';
export const UPDATE_CODE = 'data-access:update';

export function dataAccessSearchFields(categories: string[]): SearchField[] {
  return [
    { name: 'name', label: 'Name', type: 'text' },
    { name: 'id', label: 'ID', type: 'text' },
    {
      name: 'category',
      label: 'Category',
      type: 'multi-select',
      options: categories.map((c) => ({ label: c, value: c })),
    },
    { name: 'created', label: 'Created date', type: 'date' },
  ];
}

/** What the local "Type to search" filter matches. */
export const FILTERED_FIELDS = ['name', 'id', 'category'] as const;

type Dialog = { open: boolean; mode: DataAccessFormMode; record?: DataAccess };

type ColumnOptions = {
  onOpen: (mode: 'DETAIL' | 'EDIT', record: DataAccess) => void;
  canUpdate: boolean;
  noPermission: string;
};

/** Spec §2: Name, ID, Category and the row Action menu; empty cells show `--` (PagedTable). */
export function dataAccessColumns({
  onOpen,
  canUpdate,
  noPermission,
}: ColumnOptions): TableColumnsType<DataAccess> {
  return [
    { title: 'Name', dataIndex: 'name', ellipsis: true },
    { title: 'ID', dataIndex: 'id', ellipsis: true },
    { title: 'Category', dataIndex: 'category', ellipsis: true },
    {
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
    },
  ];
}

/** The application's data accesses: search, local filter, table and pager. */
function DataAccessList({ appId, onOpen }: { appId: string; onOpen: ColumnOptions['onOpen'] }) {
  const { t } = useTranslation();
  const canUpdate = useAccess(UPDATE_CODE);
  const categories = useDataAccessCategories(appId);
  const fields = useMemo(() => dataAccessSearchFields(categories.data ?? []), [categories.data]);
  const list = useListState({ fields });
  const rows = useDataAccesses({ appId, page: list.page, size: list.size, search: list.search });
  const [filter, setFilter] = useState('');
  const shown = useMemo(
    () => filterRows(rows.data?.items ?? [], filter, FILTERED_FIELDS),
    [rows.data, filter],
  );

  const searching = Object.keys(list.search).length > 0;
  const emptyText = rows.isError ? (
    <Empty description="The data accesses could not be loaded.">
      <Button onClick={() => rows.refetch()}>Retry</Button>
    </Empty>
  ) : (
    <Empty
      description={
        filter.trim() && (rows.data?.items.length ?? 0) > 0
          ? 'No row on this page matches the filter.'
          : searching
            ? 'No data access matches the search.'
            : 'No data accesses yet.'
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
      <PagedTable<DataAccess>
        label="Data accesses"
        rowKey="resourceId"
        columns={dataAccessColumns({ onOpen, canUpdate, noPermission: t('noPermission') })}
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

/** App Data Accesss (spec §2): the data accesses of the application named by `appId`. */
export function DataAccessPage() {
  const current = useCurrentApplication();
  const toast = useToast();
  const appId = current.appId;
  const categories = useDataAccessCategories(current.status === 'ready' ? appId : undefined);
  const create = useCreateDataAccess();
  const update = useUpdateDataAccess();
  // The mode and record stay while the dialog closes, so its content does not change mid-animation.
  const [dialog, setDialog] = useState<Dialog>({ open: false, mode: 'CREATE' });

  const submit = async (values: DataAccessFormValues) => {
    if (dialog.mode === 'EDIT' && dialog.record) {
      const { resourceId, applicationId } = dialog.record;
      await update.mutateAsync({ ...values, resourceId, applicationId });
      toast.success(MESSAGES.savedSuccessfully);
      return;
    }
    // Spec §5: without an application the create is skipped silently.
    if (!appId) return;
    await create.mutateAsync({ ...values, applicationId: appId });
    toast.success(MESSAGES.createdSuccessfully);
  };

  return (
    <Card
      title="App Data Accesss"
      extra={
        <AccessDisable code={CREATE_CODE}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ open: true, mode: 'CREATE' })}
          >
            New data access
          </Button>
        </AccessDisable>
      }
    >
      <AppContextBar />
      {current.status === 'ready' && (
        <DataAccessList
          key={current.appId}
          appId={current.appId}
          onOpen={(mode, record) => setDialog({ open: true, mode, record })}
        />
      )}
      <DataAccessForm
        open={dialog.open}
        mode={dialog.mode}
        record={dialog.record}
        categories={categories.data}
        onSubmit={submit}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
    </Card>
  );
}
