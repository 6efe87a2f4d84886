import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Input, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGES, type Permission } from '@gatehouse/contract';
import { PagedTable } from '../../../components/paged-table';
import { RowActions } from '../../../components/row-actions';
import { SearchBar, type SearchField } from '../../../components/search-bar';
import { useListState } from '../../../components/use-list-state';
import { useToast } from '../../../components/use-toast';
import { AccessDisable, useAccess } from '../../../lib/access';
import { AppContextBar } from '../shared/app-context-bar';
import { filterRows } from '../shared/filter-rows';
import { useCurrentApplication } from '../shared/use-current-application';
import { useCreatePermission } from './api/create-permission';
import { usePermissions } from './api/list-permissions';
import { useUpdatePermission } from './api/update-permission';
import {
  PERMISSION_TYPE_OPTIONS,
  PermissionForm,
  type PermissionFormMode,
  type PermissionFormValues,
} from './components/permission-form';

export const CREATE_CODE = 'permission:create';
export const UPDATE_CODE = 'permission:update';

export const PERMISSION_SEARCH_FIELDS: SearchField[] = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'id', label: 'ID', type: 'text' },
  { name: 'resourceType', label: 'Type', type: 'multi-select', options: PERMISSION_TYPE_OPTIONS },
  { name: 'created', label: 'Created date', type: 'date' },
];

/** What the local "Type to search" filter matches. */
export const FILTERED_FIELDS = ['name', 'id', 'resourceType'] as const;

type Dialog = { open: boolean; mode: PermissionFormMode; record?: Permission };

type ColumnOptions = {
  onOpen: (mode: 'DETAIL' | 'EDIT', record: Permission) => void;
  canUpdate: boolean;
  noPermission: string;
};

/** Spec §2: Name, ID, Type and the row Action menu; empty cells show `--` (PagedTable). */
export function permissionColumns({
  onOpen,
  canUpdate,
  noPermission,
}: ColumnOptions): TableColumnsType<Permission> {
  return [
    { title: 'Name', dataIndex: 'name', ellipsis: true },
    { title: 'ID', dataIndex: 'id', ellipsis: true },
    { title: 'Type', dataIndex: 'resourceType', width: 120 },
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

/** The application's permissions: search, local filter, table and pager. */
function PermissionList({ appId, onOpen }: { appId: string; onOpen: ColumnOptions['onOpen'] }) {
  const { t } = useTranslation();
  const canUpdate = useAccess(UPDATE_CODE);
  const list = useListState({ fields: PERMISSION_SEARCH_FIELDS });
  const rows = usePermissions({ appId, page: list.page, size: list.size, search: list.search });
  const [filter, setFilter] = useState('');
  const shown = useMemo(
    () => filterRows(rows.data?.items ?? [], filter, FILTERED_FIELDS),
    [rows.data, filter],
  );

  const searching = Object.keys(list.search).length > 0;
  const emptyText = rows.isError ? (
    <Empty description="The permissions could not be loaded.">
      <Button onClick={() => rows.refetch()}>Retry</Button>
    </Empty>
  ) : (
    <Empty
      description={
        filter.trim() && (rows.data?.items.length ?? 0) > 0
          ? 'No row on this page matches the filter.'
          : searching
            ? 'No permission matches the search.'
            : 'No permissions yet.'
      }
    />
  );

  return (
    <>
      <SearchBar
        fields={PERMISSION_SEARCH_FIELDS}
        value={list.search}
        onSearch={list.setSearch}
        onReset={list.reset}
      />
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
      <PagedTable<Permission>
        label="Permissions"
        rowKey="resourceId"
        columns={permissionColumns({ onOpen, canUpdate, noPermission: t('noPermission') })}
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

/** App Permission (spec §2): the permissions of the application named by `appId`. */
export function PermissionPage() {
  const current = useCurrentApplication();
  const toast = useToast();
  const appId = current.appId;
  const create = useCreatePermission();
  const update = useUpdatePermission();
  // The mode and record stay while the dialog closes, so its content does not change mid-animation.
  const [dialog, setDialog] = useState<Dialog>({ open: false, mode: 'CREATE' });

  const submit = async (values: PermissionFormValues) => {
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
      title="App Permission"
      extra={
        <AccessDisable code={CREATE_CODE}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ open: true, mode: 'CREATE' })}
          >
            New permission
          </Button>
        </AccessDisable>
      }
    >
      <AppContextBar />
      {current.status === 'ready' && (
        <PermissionList
          key={current.appId}
          appId={current.appId}
          onOpen={(mode, record) => setDialog({ open: true, mode, record })}
        />
      )}
      <PermissionForm
        open={dialog.open}
        mode={dialog.mode}
        record={dialog.record}
        onSubmit={submit}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
    </Card>
  );
}
