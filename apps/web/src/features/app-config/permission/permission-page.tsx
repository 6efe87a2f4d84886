import { Card, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Permission } from '@gatehouse/contract';
import type { SearchField } from '@/components/search-bar';
import { useListState } from '@/components/use-list-state';
import { useAccess } from '@/lib/access';
import { AppContextBar } from '../shared/app-context-bar';
import { NewRecordButton } from '../shared/new-record-button';
import { RecordList, type RecordActionsColumnOptions, recordActionsColumn } from '../shared/record-list';
import { useCurrentApplication } from '../shared/use-current-application';
import { useRecordDialog } from '../shared/use-record-dialog';
import { useCreatePermission } from './api/create-permission';
import { usePermissions } from './api/list-permissions';
import { useUpdatePermission } from './api/update-permission';
import {
  PERMISSION_TYPE_OPTIONS,
  PermissionForm,
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

/** Spec §2: Name, ID, Type and the row Action menu; empty cells show `--` (PagedTable). */
export function permissionColumns(
  options: RecordActionsColumnOptions<Permission>,
): TableColumnsType<Permission> {
  return [
    { title: 'Name', dataIndex: 'name', ellipsis: true },
    { title: 'ID', dataIndex: 'id', ellipsis: true },
    { title: 'Type', dataIndex: 'resourceType', width: 120 },
    recordActionsColumn(options),
  ];
}

/** The application's permissions: search, local filter, table and pager. */
function PermissionList({
  appId,
  onOpen,
}: {
  appId: string;
  onOpen: RecordActionsColumnOptions<Permission>['onOpen'];
}) {
  const { t } = useTranslation();
  const canUpdate = useAccess(UPDATE_CODE);
  const list = useListState({ fields: PERMISSION_SEARCH_FIELDS });
  const rows = usePermissions({ appId, page: list.page, size: list.size, search: list.search });
  return (
    <RecordList<Permission>
      fields={PERMISSION_SEARCH_FIELDS}
      list={list}
      rows={rows}
      filteredFields={FILTERED_FIELDS}
      columns={permissionColumns({ onOpen, canUpdate, noPermission: t('noPermission') })}
      label="Permissions"
      emptyTexts={{
        loadFailed: 'The permissions could not be loaded.',
        noMatch: 'No permission matches the search.',
        none: 'No permissions yet.',
      }}
    />
  );
}

/** App Permission (spec §2): the permissions of the application named by `appId`. */
export function PermissionPage() {
  const current = useCurrentApplication();
  const create = useCreatePermission();
  const update = useUpdatePermission();
  const dialog = useRecordDialog<Permission, PermissionFormValues>({
    appId: current.appId,
    create: create.mutateAsync,
    update: update.mutateAsync,
  });

  return (
    <Card
      title="App Permission"
      extra={
        <NewRecordButton code={CREATE_CODE} onClick={dialog.openCreate}>
          New permission
        </NewRecordButton>
      }
    >
      <AppContextBar />
      {current.status === 'ready' && (
        <PermissionList key={current.appId} appId={current.appId} onOpen={dialog.openRecord} />
      )}
      <PermissionForm
        open={dialog.open}
        mode={dialog.mode}
        record={dialog.record}
        onSubmit={dialog.submit}
        onClose={dialog.close}
      />
    </Card>
  );
}
